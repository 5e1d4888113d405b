// The real xor filter (Graf & Lemire, JEA 2020) as FastFilter/xor_singleheader include/xorfilter.h builds it:
// three blocks of blockLength fingerprints; a key's hash h = murmur64(key + seed) picks one slot per block,
// h_i = reduce(rotl64(h, 21·i) mod 2^32, blockLength) + i·blockLength (xor8_get_h0_h1_h2), its fingerprint is
// the low f bits of h XOR h >> 32 (xor_fingerprint); a lookup XORs the three slots (xor8_contain). Construction
// peels (xor/peeling.hpp) with seeds from SplitMix64 on a counter starting at 1, at most XOR_MAX_ITERATIONS = 100
// seeds (xor8_populate). Sizes from xor_model (xor/xor_model.hpp). docs/families.md, "Xor".
#pragma once

#include <cstdint>
#include <vector>

#include "bloomcalc/families/static_sim.hpp"
#include "bloomcalc/families/xor/xor_model.hpp"

namespace bloomcalc::families {

// xor_singleheader's murmur64 finaliser (xor_murmur64) and SplitMix64 step (xor_rng_splitmix64).
std::uint64_t murmur64(std::uint64_t h);
std::uint64_t splitmix64(std::uint64_t& state);
// ((uint64)hash · n) >> 32: Lemire's fast range (xor_reduce).
inline std::uint32_t fast_reduce(std::uint32_t hash, std::uint32_t n) {
    return static_cast<std::uint32_t>((static_cast<std::uint64_t>(hash) * n) >> 32);
}

constexpr std::uint64_t kXorMaxBuiltKeys = std::uint64_t{1} << 26;  // a real filter held in memory

class XorFilter {
public:
    // Allocates as xor_allocation(n, fingerprint_bits) does; n ≤ kXorMaxBuiltKeys (RangeError "n").
    XorFilter(std::uint64_t n, unsigned fingerprint_bits);

    // Builds from distinct keys (keys.size() must be the n given), seeds as xor8_populate; returns whether a
    // seed succeeded within max_attempts. attempts() is the number of seeds tried.
    bool build(const std::vector<std::uint64_t>& keys, unsigned max_attempts = kXorMaxAttempts);
    bool contains(std::uint64_t key) const;

    unsigned attempts() const { return attempts_; }
    std::uint64_t bytes() const { return model_.bytes; }
    const XorModel& model() const { return model_; }

private:
    void slots_of(std::uint64_t hash, std::uint32_t* out) const;
    std::uint32_t fingerprint(std::uint64_t hash) const;

    XorModel model_;
    std::uint32_t block_ = 0;
    std::uint64_t seed_ = 0;
    unsigned attempts_ = 0;
    std::vector<std::uint32_t> values_;  // each holds f bits
};

// Of `seeds` construction attempts on fresh random keys (one seed each, keys from `seed`), how many fail to peel:
// the model's measured construction failure (fingerprints play no part). n = model.n ≤ kXorSimulatedKeys·32.
std::uint64_t xor_failed_seeds(const XorModel& model, std::uint64_t seeds, std::uint64_t seed);

// `trials` filters of n keys (fresh random keys per trial, from `seed`), each looked up with `lookups` keys never
// inserted. n ≤ 2^22, trials ≤ 10^5, lookups ≤ 10^8 (RangeError naming it).
StaticSimResult simulate_xor(double n, double fingerprint_bits, double trials, double lookups, std::uint64_t seed);

}  // namespace bloomcalc::families
