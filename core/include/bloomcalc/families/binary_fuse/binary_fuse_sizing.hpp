// The binary fuse filter's rows of the compare table (families/row.hpp): one per arity and fingerprint width.
// docs/families.md, "Binary fuse".
#pragma once

#include <vector>

#include "bloomcalc/families/row.hpp"

namespace bloomcalc::families {

struct BinaryFuseOptions {
    double arity = 0;             // 3 or 4; 0: both
    double fingerprint_bits = 0;  // 8, 16 or 32; 0: every width
};

// Rows for n keys against p (NaN: none), arity 3 then 4, widths 8, 16, 32. RangeError naming "n", "p", "arity",
// "fingerprintBits".
std::vector<FamilyRow> size_binary_fuse(double n, double p, const BinaryFuseOptions& options = {});
// The lowest FPR (then the fewest bytes) a binary fuse filter of n keys reaches in max_bytes;
// InfeasibleError("maxBytes") when none fits.
FamilyRow best_binary_fuse_in(double max_bytes, double n);

}  // namespace bloomcalc::families
