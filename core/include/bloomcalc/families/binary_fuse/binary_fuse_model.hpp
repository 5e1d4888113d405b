// What a binary fuse filter allocates and delivers (Graf & Lemire, "Binary Fuse Filters: Fast and Smaller Than
// Xor Filters", JEA 27, 2022): 3-wise by FastFilter/xor_singleheader include/binaryfusefilter.h, 4-wise by
// FastFilter/fastfilter_cpp src/xorfilter/4wise_xor_binary_fuse_filter_lowmem.h (xor_binary_fuse_filter.h's
// calculateSegmentLength / calculateSizeFactor). docs/families.md, "Binary fuse".
#pragma once

#include <cstdint>

#include "bloomcalc/sim/statistics.hpp"

namespace bloomcalc::families {

constexpr unsigned kFuseMaxAttempts = 100;                 // XOR_MAX_ITERATIONS
constexpr std::uint64_t kFuseMaxKeys = 0xffffffffULL;      // binary_fuse8_allocate(uint32_t size, …)
constexpr std::uint64_t kFuseMaxSegmentLength = 262144;    // "if (filter->SegmentLength > 262144)"
constexpr std::uint64_t kFuseSimulatedKeys = 1u << 15;     // construction failure simulated up to here
constexpr std::uint64_t kFuseSimulationBudget = 1u << 20;  // keys placed in all: seeds = min(4096, 2^20 / n)

struct BinaryFuseModel {
    std::uint64_t n = 0;
    unsigned arity = 3;             // slots per key: 3 or 4
    unsigned fingerprint_bits = 8;  // f
    std::uint64_t segment_length =
        0;  // L = 2^⌊ln n / ln 3.33 + 2.25⌋ (3-wise), 2^⌊ln n / ln 2.91 − 0.5⌋ (4-wise), ≤ 2^18
    double size_factor = 0;  // max(1.125, 0.875 + 0.25·ln 10^6 / ln n) | max(1.075, 0.77 + 0.305·ln 600000 / ln n)
    std::uint64_t capacity = 0;       // round(n·size_factor) (3-wise), (size_t)(n·size_factor) (4-wise)
    std::uint64_t segment_count = 0;  // ⌈capacity / L⌉ − (arity − 1), at least 1
    std::uint64_t array_length = 0;   // (segment_count + arity − 1)·L slots
    std::uint64_t bytes = 0;          // array_length · f / 8 (the fingerprint array; the struct adds 40 bytes)
    double bits_per_key = 0;
    double fpr = 0;  // 2^−f
    // Per seed, the probability that peeling fails. No closed form: for n ≤ kFuseSimulatedKeys measured on the
    // real construction (construction_trials seeds, its 99 % interval); above, 0 (no failure in our simulations at
    // 10^5-10^6 keys; docs/families.md), construction_trials = 0.
    double construction_failure = 0;
    std::uint64_t construction_trials = 0;
    Interval construction_failure_interval;
    double expected_attempts = 1;
    double failure_after_retries = 0;     // construction_failure^100: binary_fuse8_populate returns false
    unsigned cache_lines_per_lookup = 3;  // arity: the slots lie in arity consecutive segments
};

// n in [1, 2^32 − 1], arity 3 or 4, fingerprint_bits 8, 16 or 32 (RangeError "n", "arity", "fingerprintBits").
BinaryFuseModel binary_fuse_model(double n, double arity, double fingerprint_bits);
// The same without the construction failure: what the real filter allocates.
BinaryFuseModel binary_fuse_allocation(double n, double arity, double fingerprint_bits);

}  // namespace bloomcalc::families
