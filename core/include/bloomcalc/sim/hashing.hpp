// Bit positions of a message for the simulator: the papers' ideal hashing (independent uniform
// positions, with or without replacement) and what real libraries do (double hashing and enhanced
// double hashing on one 64-bit hash of the message id). Integer arithmetic only, so the same seed
// gives the same positions natively and in wasm. docs/simulation.md, "Hashing schemes".
#pragma once

#include <cstdint>
#include <string>

namespace bloomcalc {

// ideal_colliding: k independent uniform positions (with replacement; 001, 002 eq 1).
// ideal_distinct:  k different uniform positions (without replacement; 000 §II-B1 "non-colliding").
// double_hashing:  g_i = (h1 + i·h2) mod m, i = 0..k−1, h1/h2 the halves of a 64-bit hash
//                  (Kirsch–Mitzenmacher 2006; Guava's BloomFilter does this).
// enhanced_double: x = h1 mod m, y = h2 mod m; g_0 = x; g_i: x = (x + y) mod m, y = (y + i) mod m
//                  (Dillinger–Manolios 2004, "enhanced double hashing").
enum class HashScheme { ideal_colliding, ideal_distinct, double_hashing, enhanced_double };

HashScheme parse_hash_scheme(const std::string& text);  // "colliding" | "distinct" | "double" | "enhanced-double"
const char* to_string(HashScheme h);

// SplitMix64's finaliser (Steele, Lea, Flood 2014): a bijective 64-bit mixer.
inline std::uint64_t mix64(std::uint64_t z) {
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

constexpr std::uint64_t kGolden = 0x9e3779b97f4a7c15ULL;

// floor(x·m / 2^64) for m < 2^32 with two 64-bit multiplications (no 128-bit type, fast in wasm):
// a uniform x gives a position in [0, m) with bias below m/2^64 (Lemire's multiply-shift).
inline std::uint32_t uniform_below(std::uint64_t x, std::uint32_t m) {
    const std::uint64_t lo = (x & 0xffffffffULL) * m;
    const std::uint64_t hi = (x >> 32) * m;
    return static_cast<std::uint32_t>((hi + (lo >> 32)) >> 32);
}

// The k positions of message `id` under a scheme; a function of (seed, id) only, so a repeated
// message probes the same bits. m < 2^32, 1 ≤ k ≤ 64 (and k ≤ m for ideal_distinct).
class Hasher {
public:
    Hasher(HashScheme scheme, std::uint32_t m, unsigned k, std::uint64_t seed)
        : scheme_(scheme), m_(m), k_(k), salt_(mix64(seed ^ 0x5bf03635f0b1a6c3ULL)) {}

    HashScheme scheme() const { return scheme_; }
    unsigned k() const { return k_; }

    void positions(std::uint64_t id, std::uint32_t* out) const {
        const std::uint64_t h = mix64(id * kGolden + salt_);  // the message's 64-bit hash / stream key
        switch (scheme_) {
        case HashScheme::ideal_colliding:
            for (unsigned i = 0; i < k_; ++i) out[i] = uniform_below(mix64(h + (i + 1) * kGolden), m_);
            break;
        case HashScheme::ideal_distinct: {
            // Draw d is uniform_below(mix64(h + d·kGolden)); a repeat of an earlier position is drawn again
            // (rejection = sampling without replacement). Most messages draw no repeat: their first k draws are
            // made at once, independent of each other (as ideal_colliding's), and checked together; the rest are
            // drawn again one by one, from the first draw, which gives the same positions.
            for (unsigned i = 0; i < k_; ++i) out[i] = uniform_below(mix64(h + (i + 1) * kGolden), m_);
            bool repeat = false;
            for (unsigned i = 1; i < k_; ++i)
                for (unsigned j = 0; j < i; ++j) repeat |= out[j] == out[i];
            if (repeat) distinct_by_rejection(h, out);
            break;
        }
        case HashScheme::double_hashing: {
            const std::uint64_t h1 = h & 0xffffffffULL, h2 = h >> 32;
            for (unsigned i = 0; i < k_; ++i) out[i] = static_cast<std::uint32_t>((h1 + i * h2) % m_);
            break;
        }
        case HashScheme::enhanced_double: {
            std::uint64_t x = (h & 0xffffffffULL) % m_, y = (h >> 32) % m_;
            out[0] = static_cast<std::uint32_t>(x);
            for (unsigned i = 1; i < k_; ++i) {
                x = (x + y) % m_;
                y = (y + i) % m_;
                out[i] = static_cast<std::uint32_t>(x);
            }
            break;
        }
        }
    }

private:
    void distinct_by_rejection(std::uint64_t h, std::uint32_t* out) const {
        std::uint64_t ctr = h;
        for (unsigned i = 0; i < k_; ++i) {
            std::uint32_t p;
            bool repeat;
            do {
                ctr += kGolden;
                p = uniform_below(mix64(ctr), m_);
                repeat = false;
                for (unsigned j = 0; j < i; ++j) repeat |= out[j] == p;
            } while (repeat);
            out[i] = p;
        }
    }

    HashScheme scheme_;
    std::uint32_t m_;
    unsigned k_;
    std::uint64_t salt_;
};

// xoshiro256** (Blackman, Vigna 2018), seeded through SplitMix64: the stream generator.
class Rng {
public:
    explicit Rng(std::uint64_t seed) {
        std::uint64_t s = seed;
        for (auto& w : s_) w = mix64(s += kGolden);
    }
    std::uint64_t next() {
        const std::uint64_t result = rotl(s_[1] * 5, 7) * 9;
        const std::uint64_t t = s_[1] << 17;
        s_[2] ^= s_[0], s_[3] ^= s_[1], s_[1] ^= s_[2], s_[0] ^= s_[3];
        s_[2] ^= t;
        s_[3] = rotl(s_[3], 45);
        return result;
    }

private:
    static std::uint64_t rotl(std::uint64_t x, int r) { return (x << r) | (x >> (64 - r)); }
    std::uint64_t s_[4];
};

}  // namespace bloomcalc
