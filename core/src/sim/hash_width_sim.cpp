// The hash-width floor's simulation (core/include/bloomcalc/sim/hash_width_sim.hpp).
#include "bloomcalc/sim/hash_width_sim.hpp"

#include <algorithm>
#include <cstring>
#include <vector>

#include "bloomcalc/error.hpp"
#include "bloomcalc/fpr/exact_fpr.hpp"
#include "bloomcalc/layouts/layout.hpp"
#include "bloomcalc/libraries/hash_width.hpp"
#include "bloomcalc/narrow.hpp"
#include "bloomcalc/params.hpp"
#include "bloomcalc/sim/hashing.hpp"
#include "bloomcalc/sim/prefetch.hpp"

namespace bloomcalc {

namespace {

std::uint32_t rotl32(std::uint32_t x, int r) { return (x << r) | (x >> (32 - r)); }

constexpr std::uint64_t kMaxSimBits = std::uint64_t{1} << 31;
constexpr std::uint64_t kMaxSimItems = std::uint64_t{1} << 26;

}  // namespace

std::uint32_t murmur3_x86_32(const void* key, std::size_t len, std::uint32_t seed) {
    const auto* data = static_cast<const unsigned char*>(key);
    const std::size_t blocks = len / 4;
    constexpr std::uint32_t c1 = 0xcc9e2d51U, c2 = 0x1b873593U;
    std::uint32_t h1 = seed;
    for (std::size_t i = 0; i < blocks; ++i) {
        const unsigned char* b = data + 4 * i;
        std::uint32_t k1 =
            std::uint32_t{b[0]} | std::uint32_t{b[1]} << 8 | std::uint32_t{b[2]} << 16 | std::uint32_t{b[3]} << 24;
        k1 *= c1;
        k1 = rotl32(k1, 15);
        k1 *= c2;
        h1 ^= k1;
        h1 = rotl32(h1, 13);
        h1 = h1 * 5 + 0xe6546b64U;
    }
    const unsigned char* tail = data + 4 * blocks;
    std::uint32_t k1 = 0;
    switch (len & 3) {
    case 3: k1 ^= std::uint32_t{tail[2]} << 16; [[fallthrough]];
    case 2: k1 ^= std::uint32_t{tail[1]} << 8; [[fallthrough]];
    case 1:
        k1 ^= tail[0];
        k1 *= c1;
        k1 = rotl32(k1, 15);
        k1 *= c2;
        h1 ^= k1;
    }
    h1 ^= static_cast<std::uint32_t>(len);
    h1 ^= h1 >> 16;
    h1 *= 0x85ebca6bU;
    h1 ^= h1 >> 13;
    h1 *= 0xc2b2ae35U;
    h1 ^= h1 >> 16;
    return h1;
}

HashWidthSimResult simulate_hash_width(const HashWidthSimConfig& config) {
    HashWidthSimResult r;
    r.config = config;
    const auto& c = config;
    checked_integer(static_cast<double>(c.m), "m", 1, kMaxSimBits);
    checked_integer(static_cast<double>(c.n), "n", 1, kMaxSimItems);
    checked_integer(static_cast<double>(c.k), "k", 1, kMaxHashes);
    checked_integer(static_cast<double>(c.queries), "queries", 1, kMaxSimItems);
    checked_hash_bits(c.hash_bits);
    if (!(c.confidence > 0.0 && c.confidence < 1.0))
        throw RangeError("confidence", "a probability in (0, 1)", show_number(c.confidence));

    std::vector<std::uint64_t> words(as_size<kMaxSimBits / 64>((c.m + 63) / 64), 0);
    const std::uint32_t seed32 = static_cast<std::uint32_t>(mix64(c.seed));
    const std::uint64_t salt = mix64(c.seed ^ 0x243f6a8885a308d3ULL);
    // Batched probes (docs/simulation.md): a batch of items' positions, their lines requested, then set or tested.
    std::vector<std::uint64_t> pos(std::size_t{kProbeBatch} * c.k);
    const bool far = words.size() * sizeof(std::uint64_t) > kCachedBytes;
    auto positions = [&](std::uint64_t id, std::uint64_t* out) {
        std::uint64_t h;
        if (c.hash_bits == 32) {
            // The item: 8 bytes spread over all 64 bits (murmur3 of a key that differs in one 32-bit word
            // only is a bijection of that word: no collisions to see).
            const std::uint64_t key = mix64(id + salt);
            unsigned char bytes[8];
            for (int i = 0; i < 8; ++i) bytes[i] = static_cast<unsigned char>(key >> (8 * i));
            h = murmur3_x86_32(bytes, 8, seed32);
        } else {
            h = mix64(id * kGolden + salt);
        }
        const std::uint64_t x = mix64(h);
        const std::uint64_t h1 = x & 0xffffffffULL, h2 = x >> 32;
        for (unsigned i = 0; i < c.k; ++i) out[i] = (h1 + i * h2) % c.m;
    };
    auto word = [&](std::uint64_t p) -> std::uint64_t& { return words[as_size<kMaxSimBits / 64>(p >> 6)]; };
    // Items first … first + count − 1 (setting bits commutes; lookups follow every insertion).
    auto batches = [&](std::uint64_t first, std::uint64_t count, auto&& each) {
        for (std::uint64_t done = 0; done < count;) {
            const unsigned size = static_cast<unsigned>(std::min<std::uint64_t>(kProbeBatch, count - done));
            for (unsigned j = 0; j < size; ++j) positions(first + done + j, pos.data() + j * c.k);
            if (far) {
                keep(touch_lines(size * c.k, [&](unsigned i) { return &word(pos[i]); }));
            }
            for (unsigned j = 0; j < size; ++j) each(pos.data() + j * c.k);
            done += size;
        }
    };
    batches(0, c.n, [&](const std::uint64_t* p) {
        for (unsigned i = 0; i < c.k; ++i) word(p[i]) |= std::uint64_t{1} << (p[i] & 63);
    });
    batches(c.n, c.queries, [&](const std::uint64_t* p) {
        std::uint64_t all = 1;
        for (unsigned i = 0; i < c.k; ++i) all &= word(p[i]) >> (p[i] & 63);
        r.false_positives += all & 1;
    });
    r.rate = static_cast<double>(r.false_positives) / static_cast<double>(c.queries);
    r.interval = clopper_pearson_interval(r.false_positives, c.queries, c.confidence);
    r.ideal = exact_fpr(Filter{c.m, c.n, c.k, Hashing::colliding});
    LayoutFilter f;
    f.layout = Layout::standard, f.m = c.m, f.n = c.n, f.k = c.k, f.block_bits = c.m;
    const HashFloor hf = hash_floor(f, r.ideal, c.hash_bits);
    r.floor = hf.floor;
    r.model = hf.fpr;
    r.inside = r.model >= r.interval.low && r.model <= r.interval.high;
    return r;
}

}  // namespace bloomcalc
