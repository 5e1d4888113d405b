// The xor filter's rows of the compare table (families/row.hpp): one per fingerprint width. docs/families.md, "Xor".
#pragma once

#include <vector>

#include "bloomcalc/families/row.hpp"

namespace bloomcalc::families {

struct XorOptions {
    double fingerprint_bits = 0;  // 8, 16 or 32; 0: every width
};

// Rows for n keys against the target p (NaN: none, every row meets), in the order 8, 16, 32 bits.
// RangeError naming "n", "p" or "fingerprintBits".
std::vector<FamilyRow> size_xor(double n, double p, const XorOptions& options = {});
// The lowest FPR a xor filter of n keys reaches in max_bytes (the widest fingerprint that fits);
// InfeasibleError("maxBytes") when not even 8 bits fit.
FamilyRow best_xor_in(double max_bytes, double n);

}  // namespace bloomcalc::families
