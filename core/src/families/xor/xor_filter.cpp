// The real xor filter and its simulation. docs/families.md, "Xor".
#include "bloomcalc/families/xor/xor_filter.hpp"

#include <algorithm>
#include <cstddef>

#include "bloomcalc/families/xor/peeling.hpp"
#include "bloomcalc/narrow.hpp"
#include "bloomcalc/params.hpp"
#include "bloomcalc/sim/hashing.hpp"

namespace bloomcalc::families {

std::uint64_t murmur64(std::uint64_t h) {
    h ^= h >> 33;
    h *= 0xff51afd7ed558ccdULL;
    h ^= h >> 33;
    h *= 0xc4ceb9fe1a85ec53ULL;
    h ^= h >> 33;
    return h;
}

std::uint64_t splitmix64(std::uint64_t& state) {
    std::uint64_t z = (state += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

namespace {
std::uint64_t rotl64(std::uint64_t x, unsigned c) { return c == 0 ? x : (x << c) | (x >> (64 - c)); }
}  // namespace

XorFilter::XorFilter(std::uint64_t n, unsigned fingerprint_bits)
    : model_(xor_allocation(static_cast<double>(checked_integer(static_cast<double>(n), "n", 1, kXorMaxBuiltKeys)),
                            fingerprint_bits)),
      block_(static_cast<std::uint32_t>(model_.block_length)),
      values_(as_size<kXorMaxBuiltKeys * 2>(model_.capacity), 0) {}

void XorFilter::slots_of(std::uint64_t hash, std::uint32_t* out) const {
    for (unsigned i = 0; i < 3; ++i)
        out[i] = fast_reduce(static_cast<std::uint32_t>(rotl64(hash, 21 * i)), block_) + i * block_;
}

std::uint32_t XorFilter::fingerprint(std::uint64_t hash) const {
    const std::uint64_t f = hash ^ (hash >> 32);
    return static_cast<std::uint32_t>(model_.fingerprint_bits == 32 ? f : f & ((1ULL << model_.fingerprint_bits) - 1));
}

bool XorFilter::build(const std::vector<std::uint64_t>& keys, unsigned max_attempts) {
    const std::size_t n = keys.size();
    std::vector<std::uint32_t> positions(3 * n), fingerprints(n);
    std::vector<PeelStep> order;
    std::uint64_t counter = 1;  // uint64_t rng_counter = 1;
    attempts_ = 0;
    while (attempts_ < max_attempts) {
        ++attempts_;
        seed_ = splitmix64(counter);
        for (std::size_t i = 0; i < n; ++i) {
            const std::uint64_t h = murmur64(keys[i] + seed_);  // xor_mix_split
            slots_of(h, &positions[3 * i]);
            fingerprints[i] = fingerprint(h);
        }
        if (peel(positions, 3, static_cast<std::uint32_t>(values_.size()), order)) {
            std::fill(values_.begin(), values_.end(), 0);
            assign(positions, 3, order, fingerprints, values_);
            return true;
        }
    }
    return false;
}

bool XorFilter::contains(std::uint64_t key) const {
    const std::uint64_t h = murmur64(key + seed_);
    std::uint32_t s[3];
    slots_of(h, s);
    return fingerprint(h) == (values_[s[0]] ^ values_[s[1]] ^ values_[s[2]]);
}

std::uint64_t xor_failed_seeds(const XorModel& model, std::uint64_t seeds, std::uint64_t seed) {
    const std::size_t n = as_size<kXorSimulatedKeys * 32>(model.n);
    const std::uint32_t block = static_cast<std::uint32_t>(model.block_length);
    std::vector<std::uint32_t> positions(3 * n);
    std::vector<PeelStep> order;
    Rng rng(seed);
    std::uint64_t failed = 0;
    for (std::uint64_t s = 0; s < seeds; ++s) {
        const std::uint64_t salt = rng.next();
        for (std::size_t i = 0; i < n; ++i) {
            const std::uint64_t h = murmur64(mix64(salt + i));
            for (unsigned j = 0; j < 3; ++j)
                positions[3 * i + j] = fast_reduce(static_cast<std::uint32_t>(rotl64(h, 21 * j)), block) + j * block;
        }
        failed += !peel(positions, 3, static_cast<std::uint32_t>(model.capacity), order);
    }
    return failed;
}

StaticSimResult simulate_xor(double n, double fingerprint_bits, double trials, double lookups, std::uint64_t seed) {
    const std::uint64_t keys = checked_integer(n, "n", 1, std::uint64_t{1} << 22);
    const std::uint64_t t = checked_integer(trials, "trials", 1, 100000);
    const std::uint64_t q = checked_integer(lookups, "lookups", 0, 100000000);
    XorFilter filter(keys, xor_allocation(n, fingerprint_bits).fingerprint_bits);
    StaticSimResult r;
    r.bytes = filter.bytes();
    run_static_trials(
        filter, as_size<(1u << 22)>(keys), t, q, seed,
        [&](const std::vector<std::uint64_t>& set) { return filter.build(set); }, r);
    finish(r);
    return r;
}

}  // namespace bloomcalc::families
