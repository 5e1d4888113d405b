// The row's lookup and the checks shared by every family's sizing (row.hpp).
#include "bloomcalc/families/row.hpp"

#include "bloomcalc/error.hpp"
#include "bloomcalc/params.hpp"

namespace bloomcalc {

double param(const FamilyRow& row, const std::string& name) {
    std::string names;
    for (const auto& p : row.params) {
        if (p.name == name) return p.value;
        names += (names.empty() ? "" : ", ") + p.name;
    }
    throw RangeError(name, "a parameter of the " + row.family + " row (" + names + ")", "no such parameter");
}

std::uint64_t checked_family_n(double n) { return checked_integer(n, "n", 1, kFamilyMaxKeys); }

double checked_family_p(double p) { return checked_probability(p, "p"); }

std::uint64_t checked_family_max_bytes(double max_bytes) {
    return checked_integer(max_bytes, "maxBytes", 1, kFamilyMaxBytes);
}

}  // namespace bloomcalc
