// The ribbon filter's row of the compare table (families/row.hpp): RocksDB's Standard128Ribbon
// (NewRibbonFilterPolicy). docs/families.md, "Ribbon filter".
#pragma once

#include <vector>

#include "bloomcalc/families/row.hpp"

namespace bloomcalc::families {

struct RibbonOptions {
    // RocksDB's option, in [1, 100]; 0: the smallest setting (in its millibit steps) whose Bloom FP rate is ≤ p
    // (with no p, 10).
    double bloom_equivalent_bits_per_key = 0;
};

// One row for n keys against the target p (NaN: none, the row meets). RangeError naming "n", "p" or
// "bloomEquivalentBitsPerKey". Above 950 000 000 keys, or below 1024 slots when smaller, the row is RocksDB's Bloom
// fallback (variant and params say so).
std::vector<FamilyRow> size_ribbon(double n, double p, const RibbonOptions& options = {});
// The lowest FPR a ribbon filter of n keys reaches in max_bytes (the largest setting that fits);
// InfeasibleError("maxBytes") when not even the 1-bit setting fits.
FamilyRow best_ribbon_in(double max_bytes, double n);

}  // namespace bloomcalc::families
