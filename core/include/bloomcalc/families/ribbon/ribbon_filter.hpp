// The real Standard128Ribbon filter, as RocksDB builds it (util/ribbon_alg.h, util/ribbon_impl.h): each key is an
// equation over the slots — a start s uniform in [0, slots − 127), a 128-bit coefficient row whose first bit is 1
// (kFirstCoeffAlwaysOne) on slots s … s + 127, and 32 result bits — banded by Gaussian elimination on the fly
// (BandingAdd: XOR with the row pivoted at the first non-zero coefficient until a free slot takes it; a zero row
// with zero result is a redundancy, a non-zero result a failure), seeds tried round robin from a first seed mod 256
// (ResetAndFindSeedToSolve), then back substituted block by block into the interleaved solution (InterleavedBackSubst:
// r columns in the blocks below upper_start_block, r + 1 above, each block's columns as consecutive 128-bit segments).
// A query XORs the coefficient row, shifted to its start, against its block's segments and the next block's
// (InterleavedFilterQuery) and compares the result bits of its block's column count.
// The hashing is RocksDB's (StandardHasher over StandardRehasherAdapter: the ordinal seed's raw seed, the rehash,
// FastRange64 for the start, the 64-bit product expanded to 128 coefficient bits, the byte-swapped result bits) from a
// key's 64-bit hash; the one simplification (docs/decisions.md, 2026-12-05): a key here is its 64-bit hash (RocksDB
// takes XXH3 of the key bytes first), so keys are drawn as uniform 64-bit values. Sizes from
// ribbon_model (ribbon/ribbon_model.hpp). docs/families.md, "Ribbon filter".
#pragma once

#include <cstdint>
#include <vector>

#include "bloomcalc/families/ribbon/ribbon_model.hpp"
#include "bloomcalc/families/static_sim.hpp"

namespace bloomcalc::families {

// A 128-bit coefficient row (RocksDB's Unsigned128), bit 0 the lowest slot.
struct Coeff128 {
    std::uint64_t lo = 0, hi = 0;
};

constexpr std::uint64_t kRibbonMaxBuiltKeys = std::uint64_t{1} << 22;  // a real filter held in memory

class RibbonFilter {
public:
    // Shaped as ribbon_model(n, bits) shapes the ribbon (also where RocksDB would take its Bloom fallback, which is
    // not built); n ≤ kRibbonMaxBuiltKeys (RangeError "n").
    RibbonFilter(std::uint64_t n, double bloom_equivalent_bits_per_key);
    // Builds from distinct keys: bands with ordinal seeds first_seed, first_seed + 1, … mod 256, at most max_seeds;
    // returns whether one succeeded (then back substitutes). attempts() is the number of seeds tried.
    bool build(const std::vector<std::uint64_t>& keys, unsigned first_seed = 0, unsigned max_seeds = kRibbonSeeds);
    bool contains(std::uint64_t key) const;
    // Bands the keys with one seed (no solution): whether the system is solvable.
    bool band(const std::vector<std::uint64_t>& keys, std::uint32_t seed);

    unsigned attempts() const { return attempts_; }
    std::uint64_t bytes() const { return shape_.solution_bytes + kRibbonMetadataBytes; }
    const RibbonShape& shape() const { return shape_; }

private:
    struct Equation {
        std::uint64_t start = 0;
        Coeff128 coeff;
        std::uint32_t result = 0;
    };
    Equation equation(std::uint64_t key, std::uint32_t seed) const;
    void back_substitute();

    RibbonShape shape_;
    std::vector<Coeff128> coeff_rows_;  // banding: the row pivoted at each slot (zero: free)
    std::vector<std::uint32_t> result_rows_;
    std::vector<Coeff128> segments_;  // the interleaved solution
    std::uint32_t seed_ = 0;
    unsigned attempts_ = 0;
};

// Of `seeds` banding attempts of n fresh random keys in the slots ribbon_num_slots(n) (one seed each, keys from
// `seed`), how many fail: the construction failure per seed (fingerprint widths play no part). n ≤ 2^16.
std::uint64_t ribbon_failed_seeds(std::uint64_t n, std::uint64_t seeds, std::uint64_t seed);

// `trials` filters of n keys at the setting (fresh random keys per trial, from `seed`), each looked up with
// `lookups` keys never inserted. n ≤ 2^22, trials ≤ 10^5, lookups ≤ 10^8 (RangeError naming it).
StaticSimResult simulate_ribbon(double n, double bloom_equivalent_bits_per_key, double trials, double lookups,
                                std::uint64_t seed);

}  // namespace bloomcalc::families
