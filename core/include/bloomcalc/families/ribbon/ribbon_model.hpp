// What RocksDB's Standard128Ribbon filter allocates and delivers (Dillinger & Walzer, "Ribbon filter: practically
// smaller than Bloom and Xor", 2021), by the rules of facebook/rocksdb: util/ribbon_config.cc (BandingConfigHelper:
// slots for n keys at a 1-in-20 construction failure per seed), util/ribbon_impl.h
// (SerializableInterleavedSolution: slots rounded to 128-coefficient blocks, the columns split between
// ⌊log2(1/ε)⌋ and one more, ExpectedFpRate), table/block_based/filter_policy.cc (Standard128RibbonBitsBuilder:
// the 5-byte metadata trailer, 256 seeds, the Bloom fallback; BloomLikeFilterPolicy: the Bloom-equivalent
// bits_per_key → FP rate). docs/families.md, "Ribbon filter".
#pragma once

#include <cstdint>
#include <string>

namespace bloomcalc::families {

constexpr std::uint64_t kRibbonCoeffBits = 128;         // CoeffRow = Unsigned128
constexpr std::uint64_t kRibbonMaxEntries = 950000000;  // kMaxRibbonEntries: above, Bloom
constexpr unsigned kRibbonSeeds = 256;                  // ResetAndFindSeedToSolve(…, seed mask 255)
constexpr std::uint64_t kRibbonMetadataBytes = 5;       // kMetadataLen: marker −2, seed, 24-bit block count
constexpr std::uint64_t kRibbonBloomCheckSlots = 1024;  // below, Bloom when it is smaller
constexpr std::uint64_t kRibbonMaxResultBits = 32;      // ResultRow = uint32_t

// BandingConfigHelper's three data sets (ConstructionFailureChance): failure per seed 1/2, 1/20, 1/1000.
enum class RibbonFailureChance { one_in_2, one_in_20, one_in_1000 };

// GetNumToAdd(num_slots) for 128-bit coefficients, no smash, not homogeneous: the keys num_slots hold at the
// given failure chance (interpolated between powers of two up to 2^17, a formula above). num_slots ≥ 256.
std::uint64_t ribbon_num_to_add(std::uint64_t num_slots, RibbonFailureChance chance);
// GetNumSlots(n) at 1 in 20 (Standard128RibbonBitsBuilder's ConfigHelper), then RoundUpNumSlots: a multiple of
// 128, at least 256. n in [1, kRibbonMaxEntries].
std::uint64_t ribbon_num_slots(std::uint64_t n);

// RocksDB's "Bloom-equivalent bits_per_key" (NewRibbonFilterPolicy): the FP rate its FastLocalBloom filter would
// have, which the ribbon filter then targets. bits_per_key in [1, 100] (RangeError "bloomEquivalentBitsPerKey").
struct BloomEquivalent {
    double bits_per_key = 0;
    std::uint64_t millibits_per_key = 0;  // (int)(bits_per_key·1000 + 0.500001)
    unsigned probes = 0;                  // FastLocalBloomImpl::ChooseNumProbes(millibits)
    double fpr = 0;                       // BloomMath::CacheLocalFpRate(bits_per_key, probes, 512)
};
BloomEquivalent bloom_equivalent(double bits_per_key);
// The smallest setting (in RocksDB's millibit steps) whose FP rate is ≤ p; the 100-bit setting when none is.
BloomEquivalent bloom_equivalent_for(double p);

// The interleaved solution's shape for num_slots and a target 1/ε (InternalGetBytesForFpRate, InternalConfigure,
// ExpectedFpRate). rounding_bias32 as RocksDB's: 0 rounds toward the lower FP rate (RocksDB passes the upper half
// of the first key's hash; any other value saves at most one 16-byte segment).
struct RibbonShape {
    std::uint64_t slots = 0, blocks = 0, starts = 0;  // starts = slots − 127
    unsigned lower_columns = 0, upper_columns = 0;    // r and r + 1 result bits per slot
    std::uint64_t upper_start_block = 0;              // blocks below hold r columns, the rest r + 1
    double lower_fraction = 0;                        // share of starts (keys) in the r-column blocks
    std::uint64_t segments = 0;                       // 128-bit words of the solution
    std::uint64_t solution_bytes = 0;                 // 16·segments
    double fpr = 0;                                   // ExpectedFpRate
};
RibbonShape ribbon_shape(std::uint64_t num_slots, double one_in_fp_rate, std::uint32_t rounding_bias32 = 0);

struct RibbonModel {
    std::uint64_t n = 0;
    BloomEquivalent setting;      // the Bloom-equivalent bits_per_key and the FP rate it targets
    double one_in_fp_rate = 0;    // desired_one_in_fp_rate_ = 1 / setting.fpr
    bool bloom_fallback = false;  // RocksDB builds its FastLocalBloom filter instead
    std::string fallback_reason;  // why ("n > kMaxRibbonEntries", "Bloom is smaller below 1024 slots")
    RibbonShape shape;            // the ribbon filter's (also computed when the fallback is taken)
    std::uint64_t bytes = 0;      // as allocated, with the 5-byte trailer (the Bloom filter's when it falls back)
    double bits_per_key = 0;      // 8·bytes / n
    double fpr = 0;               // ExpectedFpRate, or FastLocalBloomImpl::EstimatedFpRate for the fallback
    double overhead = 0;          // slots / n: the banding's space over one slot per key
    // Per seed, the probability that banding n keys into the slots fails: the log-odds interpolated in n between
    // BandingConfigHelper's data at these slots (1/1000, 1/20, 1/2), extrapolated beyond them. The simulation of
    // the real filter checks it (docs/families.md).
    double construction_failure = 0;
    double failure_after_retries = 0;  // construction_failure^256: all seeds fail, RocksDB builds Bloom
    double cache_lines_per_lookup = 0;
    std::uint64_t bloom_bytes = 0;  // the fallback's CalculateSpace: ⌈n·millibits/8000⌉ up to 64 B, + 5
    unsigned bloom_probes = 0;
};

// n in [1, 2^40] (RangeError "n"); bits_per_key as bloom_equivalent. optimize_filters_for_memory off (its
// malloc_usable_size rounding is not modelled).
RibbonModel ribbon_model(double n, double bloom_equivalent_bits_per_key);
// Log-odds interpolation of the failure per seed of n keys in num_slots slots (RibbonModel::construction_failure).
double ribbon_construction_failure(std::uint64_t n, std::uint64_t num_slots);

}  // namespace bloomcalc::families
