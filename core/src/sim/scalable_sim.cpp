// A real scalable filter, built and queried (core/include/bloomcalc/sim/scalable_sim.hpp).
#include "bloomcalc/sim/scalable_sim.hpp"

#include <algorithm>

#include "bloomcalc/error.hpp"
#include "bloomcalc/narrow.hpp"
#include "bloomcalc/params.hpp"
#include "bloomcalc/sim/hashing.hpp"

namespace bloomcalc {

namespace {

constexpr std::uint64_t kMaxChainBits = std::uint64_t{1} << 31;

struct Link {
    std::uint64_t m = 0, capacity = 0, size = 0;
    unsigned k = 0;
    std::vector<std::uint64_t> words;

    bool check(std::uint64_t a, std::uint64_t b) const {
        for (unsigned i = 0; i < k; ++i) {
            const std::uint64_t x = (a + i * b) % m;
            if (!((words[as_size<kMaxChainBits / 64>(x >> 6)] >> (x & 63)) & 1)) return false;
        }
        return true;
    }
    void add(std::uint64_t a, std::uint64_t b) {
        for (unsigned i = 0; i < k; ++i) {
            const std::uint64_t x = (a + i * b) % m;
            words[as_size<kMaxChainBits / 64>(x >> 6)] |= std::uint64_t{1} << (x & 63);
        }
        ++size;
    }
};

}  // namespace

ScalableSimResult simulate_scalable(const ScalableSimConfig& config) {
    ScalableSimResult r;
    ScalableInput chain_input = config.chain;
    chain_input.optimise = false;
    r.model = scalable_filter(chain_input);
    checked_integer(static_cast<double>(config.epochs), "epochs", 2, std::uint64_t{1} << 16);
    if (!(config.confidence > 0.0 && config.confidence < 1.0))
        throw RangeError("confidence", "a probability in (0, 1)", show_number(config.confidence));
    std::uint64_t total_bits = 0;
    double probes_per_item = 0;
    for (const auto& l : r.model.links) {
        if (l.filter.layout != Layout::standard || l.filter.hashing != Hashing::colliding)
            throw RangeError("library", "a library whose links are standard filters with colliding probes (guava, redisbloom, hive, clickhouse, hurst)",
                             quoted(chain_input.library));
        total_bits += l.filter.m;
        probes_per_item += l.filter.k;
    }
    if (total_bits > kMaxChainBits) throw RangeError("n", "a chain of at most 2^31 bits to simulate", show_number(static_cast<double>(total_bits)));
    const std::uint64_t n = r.model.links.empty() ? 0 : static_cast<std::uint64_t>(chain_input.n);
    const std::uint64_t queries = config.queries ? config.queries : std::max<std::uint64_t>(4096, n);
    const double work = static_cast<double>(config.epochs) * static_cast<double>(n + queries) * probes_per_item;
    if (work > 4294967296.0) throw InfeasibleError("epochs", "at most 2^32 bit probes in all", show_number(work));

    const std::uint64_t salt = mix64(config.seed ^ 0x13198a2e03707344ULL);
    std::uint64_t next_id = 0;
    auto hashes = [&](std::uint64_t id, std::uint64_t& a, std::uint64_t& b) {
        a = mix64(id * kGolden + salt);
        b = mix64(a ^ 0x9747b28cULL);  // RedisBloom seeds the second hash with the first
    };
    for (std::uint64_t e = 0; e < config.epochs; ++e) {
        std::vector<Link> links;
        for (const auto& l : r.model.links) {
            Link link;
            link.m = l.filter.m, link.k = l.filter.k, link.capacity = l.capacity;
            link.words.assign(as_size<kMaxChainBits / 64>((link.m + 63) / 64), 0);
            links.push_back(std::move(link));
        }
        std::size_t current = 0;
        std::uint64_t size = 0;
        while (size < n) {
            std::uint64_t a, b;
            hashes(next_id++, a, b);
            bool exists = false;
            for (std::size_t i = 0; i <= current && !exists; ++i) exists = links[i].check(a, b);
            if (exists) {
                ++r.rejected;
                continue;
            }
            if (links[current].size >= links[current].capacity) ++current;  // SBChain_Add: the next link
            links[current].add(a, b);
            ++size;
        }
        std::uint64_t fp = 0;
        for (std::uint64_t q = 0; q < queries; ++q) {
            std::uint64_t a, b;
            hashes(next_id++, a, b);
            for (const auto& link : links)
                if (link.check(a, b)) {
                    ++fp;
                    break;
                }
        }
        r.rates.push_back(static_cast<double>(fp) / static_cast<double>(queries));
    }
    r.batch = batch_means(r.rates, config.confidence);
    r.batch.interval = clipped_to_rates(r.batch.interval);
    r.inside = r.model.fpr >= r.batch.interval.low && r.model.fpr <= r.batch.interval.high;
    return r;
}

}  // namespace bloomcalc
