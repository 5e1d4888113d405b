// Names of the recycle boundaries.
#include "bloomcalc/sim/recycling_filter.hpp"

#include "bloomcalc/error.hpp"

namespace bloomcalc {

Boundary parse_boundary(const std::string& text) {
    if (text == "exceeds") return Boundary::exceeds;
    if (text == "reaches") return Boundary::reaches;
    throw RangeError("boundary", "\"exceeds\" (recycle when b > σ) or \"reaches\" (b ≥ σ)", quoted(text));
}

const char* to_string(Boundary b) { return b == Boundary::exceeds ? "exceeds" : "reaches"; }

}  // namespace bloomcalc
