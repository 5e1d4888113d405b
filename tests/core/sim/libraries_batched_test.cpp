// The libraries' simulations (a scalable chain, the hash-width floor) probe a batch of items at a time
// (docs/simulation.md, "Batched probes"): their counts equal a one-at-a-time loop's, written here from their
// documented hashing (RedisBloom's (a + i·b) mod m_i per link; MurmurHash3 or a 64-bit hash, then double
// hashing), each lookup stopping at its first clear bit and, in a chain, at its first positive link.
#include <catch2/catch.hpp>

#include <vector>

#include "bloomcalc/params.hpp"
#include "bloomcalc/sim/hash_width_sim.hpp"
#include "bloomcalc/sim/hashing.hpp"
#include "bloomcalc/sim/scalable_sim.hpp"

using namespace bloomcalc;

namespace {

struct RefLink {
    std::uint64_t m, capacity, size = 0;
    unsigned k;
    std::vector<std::uint64_t> words;
    bool check(std::uint64_t a, std::uint64_t b) const {
        for (unsigned i = 0; i < k; ++i) {
            const std::uint64_t x = (a + i * b) % m;
            if (!((words[x >> 6] >> (x & 63)) & 1)) return false;
        }
        return true;
    }
};

// SBChain_Add, one item after another: per epoch a fresh chain, its rate; and the items rejected.
std::vector<double> scalable_reference(const ScalableSimConfig& c, const ScalableResult& model,
                                       std::uint64_t& rejected) {
    const std::uint64_t salt = mix64(c.seed ^ 0x13198a2e03707344ULL);
    const std::uint64_t n = static_cast<std::uint64_t>(c.chain.n), queries = c.queries;
    std::vector<double> rates;
    std::uint64_t id = 0;
    rejected = 0;
    auto hashes = [&](std::uint64_t& a, std::uint64_t& b) {
        a = mix64(id++ * kGolden + salt);
        b = mix64(a ^ 0x9747b28cULL);
    };
    for (std::uint64_t e = 0; e < c.epochs; ++e) {
        std::vector<RefLink> links;
        for (const auto& l : model.links)
            links.push_back(
                RefLink{l.filter.m, l.capacity, 0, l.filter.k, std::vector<std::uint64_t>((l.filter.m + 63) / 64)});
        std::size_t current = 0;
        for (std::uint64_t size = 0; size < n;) {
            std::uint64_t a, b;
            hashes(a, b);
            bool exists = false;
            for (std::size_t i = 0; i <= current && !exists; ++i) exists = links[i].check(a, b);
            if (exists) {
                ++rejected;
                continue;
            }
            if (links[current].size >= links[current].capacity) ++current;
            RefLink& l = links[current];
            for (unsigned i = 0; i < l.k; ++i)
                l.words[((a + i * b) % l.m) >> 6] |= std::uint64_t{1} << (((a + i * b) % l.m) & 63);
            ++l.size, ++size;
        }
        std::uint64_t fp = 0;
        for (std::uint64_t q = 0; q < queries; ++q) {
            std::uint64_t a, b;
            hashes(a, b);
            for (const RefLink& l : links)
                if (l.check(a, b)) {
                    ++fp;
                    break;
                }
        }
        rates.push_back(static_cast<double>(fp) / static_cast<double>(queries));
    }
    return rates;
}

std::uint64_t hash_width_reference(const HashWidthSimConfig& c) {
    std::vector<std::uint64_t> words((c.m + 63) / 64);
    const std::uint32_t seed32 = static_cast<std::uint32_t>(mix64(c.seed));
    const std::uint64_t salt = mix64(c.seed ^ 0x243f6a8885a308d3ULL);
    std::vector<std::uint64_t> pos(c.k);
    auto positions = [&](std::uint64_t id) {
        std::uint64_t h = mix64(id * kGolden + salt);
        if (c.hash_bits == 32) {
            const std::uint64_t key = mix64(id + salt);
            unsigned char bytes[8];
            for (int i = 0; i < 8; ++i) bytes[i] = static_cast<unsigned char>(key >> (8 * i));
            h = murmur3_x86_32(bytes, 8, seed32);
        }
        const std::uint64_t x = mix64(h);
        for (unsigned i = 0; i < c.k; ++i) pos[i] = ((x & 0xffffffffULL) + i * (x >> 32)) % c.m;
    };
    for (std::uint64_t id = 0; id < c.n; ++id) {
        positions(id);
        for (const std::uint64_t p : pos) words[p >> 6] |= std::uint64_t{1} << (p & 63);
    }
    std::uint64_t fp = 0;
    for (std::uint64_t q = 0; q < c.queries; ++q) {
        positions(c.n + q);
        bool all = true;
        for (unsigned i = 0; i < c.k && all; ++i) all = (words[pos[i] >> 6] >> (pos[i] & 63)) & 1;
        fp += all;
    }
    return fp;
}

}  // namespace

TEST_CASE("scalable simulation, batched: every epoch's rate and the rejections equal the one-at-a-time loop",
          "[scalable][sim][batched]") {
    struct Case {
        double p, capacity, n;
        const char* library;
        std::uint64_t queries;
    };
    // the last chain has 1.07·10^7 bits: beyond the caches, lines requested ahead
    for (const Case t : {Case{0.01, 1000, 10000, "redisbloom", 5003}, Case{0.2, 50, 3001, "redisbloom", 4099},
                         Case{0.05, 300, 2000, "guava", 3001}, Case{0.01, 50000, 600000, "redisbloom", 30011}}) {
        ScalableSimConfig c;
        c.chain.p = t.p, c.chain.capacity = t.capacity, c.chain.n = t.n, c.chain.library = t.library;
        c.epochs = t.n > 1e5 ? 2 : 5, c.queries = t.queries, c.seed = 31;
        const ScalableSimResult r = simulate_scalable(c);
        std::uint64_t rejected = 0;
        const std::vector<double> ref = scalable_reference(c, r.model, rejected);
        INFO(t.library << " p = " << t.p << ", C = " << t.capacity << ", n = " << t.n << ": " << r.model.links.size()
                       << " links, " << r.model.bits << " bits");
        CHECK(r.rates == ref);
        CHECK(r.rejected == rejected);
        CHECK(r.model.links.size() >= 2);
        double sum = 0;
        for (const double x : ref) sum += x;
        CHECK(sum > 0);
    }
}

TEST_CASE("hash-width simulation, batched: false positives equal the one-at-a-time loop", "[sim][batched]") {
    for (const unsigned bits : {32u, 64u})
        for (const std::uint64_t m : {std::uint64_t{30011}, std::uint64_t{1} << 25}) {
            HashWidthSimConfig c;
            c.m = m, c.n = m / 9, c.k = 6, c.hash_bits = bits, c.queries = 20011, c.seed = 5;
            const HashWidthSimResult r = simulate_hash_width(c);
            INFO(bits << "-bit hash, m = " << m);
            CHECK(r.false_positives == hash_width_reference(c));
            CHECK(r.false_positives > 0);
        }
}
