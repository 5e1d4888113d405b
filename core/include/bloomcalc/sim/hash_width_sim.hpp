// Simulation of the hash-width floor (docs/hash-width.md): a standard filter whose k probes all come from
// one real 32-bit hash of the item (MurmurHash3_x86_32) or from a 64-bit hash, filled with n items and
// asked `queries` fresh ones; the false-positive rate's exact binomial interval must hold the model
// f ⊕ c (libraries/hash_width.hpp, eqs H1, H2). Integer arithmetic only: the same counts natively and in wasm.
#pragma once

#include <cstddef>
#include <cstdint>

#include "bloomcalc/sim/statistics.hpp"

namespace bloomcalc {

// MurmurHash3_x86_32 (Austin Appleby, SMHasher src/MurmurHash3.cpp, public domain): blocks of 4 bytes
// little-endian, c1 = 0xcc9e2d51, c2 = 0x1b873593, tail, length, fmix32.
std::uint32_t murmur3_x86_32(const void* key, std::size_t len, std::uint32_t seed);

struct HashWidthSimConfig {
    std::uint64_t m = 0;        // bits, ≤ 2^31
    std::uint64_t n = 0;        // items inserted, ≤ 2^26
    unsigned k = 0;             // probes, 1..64
    unsigned hash_bits = 32;    // 32: MurmurHash3_x86_32 of the item's 8 bytes; 64: a 64-bit hash
    std::uint64_t queries = 0;  // fresh lookups, ≤ 2^26
    std::uint64_t seed = 1;
    double confidence = 0.999;
};

struct HashWidthSimResult {
    HashWidthSimConfig config;
    std::uint64_t false_positives = 0;
    double rate = 0;
    Interval interval;    // Clopper–Pearson at the confidence
    double ideal = 0;     // exact FPR under ideal hashing (exact_fpr)
    double floor = 0;     // eq H1
    double model = 0;     // eq H2
    bool inside = false;  // model within the interval
};

// Probes: (h1 + i·h2) mod m, i = 0..k−1, with (h1, h2) the halves of SplitMix64's finaliser applied to the
// item's hash — a function of the h-bit hash alone, as in any scheme that derives its probes from it.
// RangeError naming the parameter outside the limits above.
HashWidthSimResult simulate_hash_width(const HashWidthSimConfig& config);

}  // namespace bloomcalc
