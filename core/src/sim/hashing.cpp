// Names of the hashing schemes of the simulator.
#include "bloomcalc/sim/hashing.hpp"

#include "bloomcalc/error.hpp"

namespace bloomcalc {

HashScheme parse_hash_scheme(const std::string& text) {
    if (text == "colliding") return HashScheme::ideal_colliding;
    if (text == "distinct") return HashScheme::ideal_distinct;
    if (text == "double") return HashScheme::double_hashing;
    if (text == "enhanced-double") return HashScheme::enhanced_double;
    throw RangeError("hashing", "\"colliding\", \"distinct\", \"double\" or \"enhanced-double\"", quoted(text));
}

const char* to_string(HashScheme h) {
    switch (h) {
    case HashScheme::ideal_colliding: return "colliding";
    case HashScheme::ideal_distinct: return "distinct";
    case HashScheme::double_hashing: return "double";
    case HashScheme::enhanced_double: return "enhanced-double";
    }
    return "?";
}

}  // namespace bloomcalc
