// The FPR floor of an h-bit hash (docs/hash-width.md). A filter computes all k probes of an item from one
// h-bit hash (double hashing (h1 + i·h2) mod m on its halves, or a block and an in-block pattern), so an item
// whose hash — or whose probe set — equals an inserted item's is a false positive whatever m and k are.
// With S the number of probe sets the scheme can produce and uniform hashes, a fresh item shares its set
// with one of n inserted items with probability
//     c = 1 − (1 − 1/S)^n  (≈ n/S),   S = min(2^h, sets of the layout)                          (eq H1)
// (RocksDB util/bloom_impl.h BloomMath::FingerprintFpRate(keys, fingerprint_bits); libfilter's 32-bit
// collision term; guava#1119). Sets of the layout: standard m² pairs (h1 mod m, h2 mod m); blocked b·B^k;
// split block b·(B/k)^k; partitioned (m/k)^k — an upper bound on the distinct sets, so c stays a lower
// bound on the collision probability. FPR ≥ c; with the rest independent the FPR is
//     f ⊕ c = f + c − f·c                                                                      (eq H2)
// (RocksDB BloomMath::IndependentProbabilitySum), f the exact FPR under ideal hashing.
#pragma once

#include <cmath>
#include <cstdint>
#include <optional>

#include "bloomcalc/layouts/layout.hpp"

namespace bloomcalc {

struct HashFloor {
    unsigned hash_bits = 64;
    double log2_probe_sets = 0;       // log2 S
    double floor = 0;                 // c, eq H1
    double fpr = 0;                   // f ⊕ c, eq H2
    bool matters = false;             // c ≥ 1 % of f (or of the target): the floor changes the FPR shown
    bool target_below_floor = false;  // a target p < c cannot be met by any m or k with this hash
};

// hash_bits: 32 or 64 (RangeError "hashBits" otherwise); f = the exact FPR of `filter` under ideal hashing;
// target: NaN when none.
HashFloor hash_floor(const LayoutFilter& filter, double f, unsigned hash_bits, double target = NAN);
unsigned checked_hash_bits(double value);  // 32 or 64, RangeError("hashBits")

// As the surfaces ask it (hashFloor): a layout filter (make_layout_filter), the hash width, the filter's FPR under
// ideal hashing in [0, 1] (absent: its exact FPR, layout_exact_fpr; 1 for a saturated filter) and a target p in
// (0, 1) (absent: none). A value given out of range (NaN too) is a RangeError naming it.
struct HashFloorInput {
    Layout layout = Layout::standard;
    double m = NAN, n = NAN, k = NAN, block_bits = NAN, hash_bits = NAN;
    Hashing hashing = Hashing::colliding;
    std::optional<double> ideal, p;
};
HashFloor hash_floor(const HashFloorInput& in);

}  // namespace bloomcalc
