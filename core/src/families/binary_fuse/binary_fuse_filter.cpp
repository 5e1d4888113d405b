// The real binary fuse filter and its simulation. docs/families.md, "Binary fuse".
#include "bloomcalc/families/binary_fuse/binary_fuse_filter.hpp"

#include <algorithm>
#include <cstddef>

#include "bloomcalc/families/xor/peeling.hpp"
#include "bloomcalc/families/xor/xor_filter.hpp"
#include "bloomcalc/narrow.hpp"
#include "bloomcalc/params.hpp"
#include "bloomcalc/sim/hashing.hpp"

namespace bloomcalc::families {

std::uint64_t mulhi64(std::uint64_t a, std::uint64_t b) {
    const std::uint64_t a0 = a & 0xffffffffULL, a1 = a >> 32, b0 = b & 0xffffffffULL, b1 = b >> 32;
    const std::uint64_t p00 = a0 * b0, p01 = a0 * b1, p10 = a1 * b0, p11 = a1 * b1;
    const std::uint64_t middle = p10 + (p00 >> 32) + (p01 & 0xffffffffULL);
    return p11 + (middle >> 32) + (p01 >> 32);
}

namespace {

void fuse_slots(const BinaryFuseModel& m, std::uint64_t hash, std::uint32_t* out) {
    const std::uint64_t L = m.segment_length, mask = L - 1;
    const std::uint64_t h0 = mulhi64(hash, m.segment_count * L);
    if (m.arity == 3) {
        out[0] = static_cast<std::uint32_t>(h0);
        out[1] = static_cast<std::uint32_t>((h0 + L) ^ ((hash >> 18) & mask));
        out[2] = static_cast<std::uint32_t>((h0 + 2 * L) ^ (hash & mask));
    } else {
        out[0] = static_cast<std::uint32_t>(h0);
        for (unsigned i = 1; i < 4; ++i)
            out[i] = static_cast<std::uint32_t>((h0 + i * L) ^ ((hash >> ((i - 1) * 16)) & mask));
    }
}

}  // namespace

BinaryFuseFilter::BinaryFuseFilter(std::uint64_t n, unsigned arity, unsigned fingerprint_bits)
    : model_(binary_fuse_allocation(
          static_cast<double>(checked_integer(static_cast<double>(n), "n", 1, kFuseMaxBuiltKeys)), arity,
          fingerprint_bits)),
      values_(as_size<kFuseMaxBuiltKeys * 2>(model_.array_length), 0) {}

void BinaryFuseFilter::slots_of(std::uint64_t hash, std::uint32_t* out) const { fuse_slots(model_, hash, out); }

std::uint32_t BinaryFuseFilter::fingerprint(std::uint64_t hash) const {
    const std::uint64_t f = hash ^ (hash >> 32);
    return static_cast<std::uint32_t>(model_.fingerprint_bits == 32 ? f : f & ((1ULL << model_.fingerprint_bits) - 1));
}

bool BinaryFuseFilter::build(const std::vector<std::uint64_t>& keys, unsigned max_attempts) {
    const std::size_t n = keys.size();
    const unsigned a = model_.arity;
    std::vector<std::uint32_t> positions(a * n), fingerprints(n);
    std::vector<PeelStep> order;
    std::uint64_t counter = 0x726b2b9d438b9d4dULL;  // binary_fuse8_populate's rng_counter
    attempts_ = 0;
    while (attempts_ < max_attempts) {
        ++attempts_;
        seed_ = splitmix64(counter);
        for (std::size_t i = 0; i < n; ++i) {
            const std::uint64_t h = murmur64(keys[i] + seed_);  // binary_fuse_mix_split
            slots_of(h, &positions[a * i]);
            fingerprints[i] = fingerprint(h);
        }
        if (peel(positions, a, static_cast<std::uint32_t>(values_.size()), order)) {
            std::fill(values_.begin(), values_.end(), 0);
            assign(positions, a, order, fingerprints, values_);
            return true;
        }
    }
    return false;
}

bool BinaryFuseFilter::contains(std::uint64_t key) const {
    const std::uint64_t h = murmur64(key + seed_);
    std::uint32_t s[4];
    slots_of(h, s);
    std::uint32_t v = fingerprint(h);
    for (unsigned i = 0; i < model_.arity; ++i) v ^= values_[s[i]];
    return v == 0;
}

std::uint64_t fuse_failed_seeds(const BinaryFuseModel& model, std::uint64_t seeds, std::uint64_t seed) {
    const std::size_t n = as_size<kFuseSimulatedKeys * 32>(model.n);
    const unsigned a = model.arity;
    std::vector<std::uint32_t> positions(a * n);
    std::vector<PeelStep> order;
    Rng rng(seed);
    std::uint64_t failed = 0;
    for (std::uint64_t s = 0; s < seeds; ++s) {
        const std::uint64_t salt = rng.next();
        for (std::size_t i = 0; i < n; ++i) fuse_slots(model, murmur64(mix64(salt + i)), &positions[a * i]);
        failed += !peel(positions, a, static_cast<std::uint32_t>(model.array_length), order);
    }
    return failed;
}

StaticSimResult simulate_binary_fuse(double n, double arity, double fingerprint_bits, double trials, double lookups,
                                     std::uint64_t seed) {
    const std::uint64_t keys = checked_integer(n, "n", 1, std::uint64_t{1} << 22);
    const std::uint64_t t = checked_integer(trials, "trials", 1, 100000);
    const std::uint64_t q = checked_integer(lookups, "lookups", 0, 100000000);
    const BinaryFuseModel shape = binary_fuse_allocation(n, arity, fingerprint_bits);
    BinaryFuseFilter filter(keys, shape.arity, shape.fingerprint_bits);
    StaticSimResult r;
    r.bytes = shape.bytes;
    run_static_trials(
        filter, as_size<(1u << 22)>(keys), t, q, seed,
        [&](const std::vector<std::uint64_t>& set) { return filter.build(set); }, r);
    finish(r);
    return r;
}

}  // namespace bloomcalc::families
