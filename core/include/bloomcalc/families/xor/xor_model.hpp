// What a xor filter allocates and delivers (Graf & Lemire, "Xor Filters: Faster and Smaller Than Bloom and
// Cuckoo Filters", JEA 2020), by the rules of FastFilter/xor_singleheader include/xorfilter.h (8 and 16 bits) and
// FastFilter/fastfilter_cpp src/xorfilter/xorfilter.h (XorFilter<uint64_t, uint32_t> for 32 bits).
// docs/families.md, "Xor".
#pragma once

#include <cstdint>

#include "bloomcalc/sim/statistics.hpp"

namespace bloomcalc::families {

constexpr unsigned kXorMaxAttempts = 100;                 // XOR_MAX_ITERATIONS
constexpr std::uint64_t kXorMaxKeys = 0xffffffffULL;      // xor8_allocate(uint32_t size, …)
constexpr std::uint64_t kXorSimulatedKeys = 1u << 15;     // construction failure simulated up to here
constexpr std::uint64_t kXorSimulationBudget = 1u << 20;  // keys placed in all: seeds = min(4096, 2^20 / n)

struct XorModel {
    std::uint64_t n = 0;
    unsigned fingerprint_bits = 8;   // f
    std::uint64_t capacity = 0;      // slots allocated: (size_t)(32 + 1.23·n), rounded down to 3 blocks for 8/16 bits
    std::uint64_t block_length = 0;  // capacity / 3: one slot per block per key
    std::uint64_t bytes = 0;         // capacity · f / 8: the fingerprint array (the struct adds 24 bytes in memory)
    double bits_per_key = 0;         // 8·bytes / n
    double fpr = 0;                  // 2^−f: a non-member's fingerprint against the XOR of its three slots
    // Per seed, the probability that peeling leaves a non-empty 2-core. No closed form holds at every n: 1.23 is
    // just above the peeling threshold c₃ ≈ 1.222 (Graf & Lemire §3), and up to ~10^4 keys about 5-15 % of seeds
    // fail (docs/families.md). For n ≤ kXorSimulatedKeys it is measured on the real construction (seeded,
    // construction_trials seeds, its 99 % Clopper–Pearson interval); above, the smallest 2-core's term, two keys
    // on the same three slots, C(n, 2)/blockLength³ pairs expected (Poisson): 1 − exp(−n(n−1)/(2·blockLength³)),
    // a lower bound that simulations at 10^5 keys do not contradict (construction_trials = 0).
    double construction_failure = 0;
    std::uint64_t construction_trials = 0;
    Interval construction_failure_interval;
    double expected_attempts = 1;         // 1 / (1 − construction_failure): seeds tried on average
    double failure_after_retries = 0;     // construction_failure^100: xor8_populate returns false
    unsigned cache_lines_per_lookup = 3;  // three slots in three blocks
};

// n in [1, 2^32 − 1], fingerprint_bits in {8, 16, 32} (RangeError naming "n" or "fingerprintBits").
XorModel xor_model(double n, double fingerprint_bits);
// The same without the construction failure (its fields left 0): what the real filter allocates.
XorModel xor_allocation(double n, double fingerprint_bits);

}  // namespace bloomcalc::families
