// The real binary fuse filter as the libraries build it: a key's hash h = murmur64(key + seed) picks segment
// s = mulhi(h, SegmentCount·L) (its first slot) and one slot in each of the next arity − 1 segments:
//   3-wise (binaryfusefilter.h binary_fuse8_hash_batch): h0 = mulhi; h1 = (h0 + L) ^ ((h >> 18) & (L − 1));
//           h2 = (h0 + 2L) ^ (h & (L − 1))
//   4-wise (4wise_xor_binary_fuse_filter_lowmem.h getHashFromHash): h_i = (mulhi + i·L) ^ ((h >> 16(i − 1)) & (L − 1))
// The fingerprint is the low f bits of h ^ (h >> 32) (binary_fuse8_fingerprint); construction peels
// (xor/peeling.hpp) with seeds from SplitMix64 on a counter starting at 0x726b2b9d438b9d4d, at most 100 seeds
// (binary_fuse8_populate). docs/families.md, "Binary fuse".
#pragma once

#include <cstdint>
#include <vector>

#include "bloomcalc/families/binary_fuse/binary_fuse_model.hpp"
#include "bloomcalc/families/static_sim.hpp"

namespace bloomcalc::families {

constexpr std::uint64_t kFuseMaxBuiltKeys = std::uint64_t{1} << 26;  // a real filter held in memory

// The high 64 bits of a·b (binary_fuse_mulhi), in 32-bit pieces (the same natively and in wasm).
std::uint64_t mulhi64(std::uint64_t a, std::uint64_t b);

class BinaryFuseFilter {
public:
    BinaryFuseFilter(std::uint64_t n, unsigned arity, unsigned fingerprint_bits);  // n ≤ kFuseMaxBuiltKeys
    bool build(const std::vector<std::uint64_t>& keys, unsigned max_attempts = kFuseMaxAttempts);
    bool contains(std::uint64_t key) const;
    unsigned attempts() const { return attempts_; }
    const BinaryFuseModel& model() const { return model_; }
    void slots_of(std::uint64_t hash, std::uint32_t* out) const;

private:
    std::uint32_t fingerprint(std::uint64_t hash) const;

    BinaryFuseModel model_;
    std::uint64_t seed_ = 0;
    unsigned attempts_ = 0;
    std::vector<std::uint32_t> values_;
};

// Seeds (of `seeds`, each on fresh random keys) whose peeling fails: the model's measured construction failure.
std::uint64_t fuse_failed_seeds(const BinaryFuseModel& model, std::uint64_t seeds, std::uint64_t seed);

// As simulate_xor: n ≤ 2^22, trials ≤ 10^5, lookups ≤ 10^8.
StaticSimResult simulate_binary_fuse(double n, double arity, double fingerprint_bits, double trials, double lookups,
                                     std::uint64_t seed);

}  // namespace bloomcalc::families
