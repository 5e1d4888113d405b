// A real scalable filter, built and queried (core/include/bloomcalc/sim/scalable_sim.hpp).
#include "bloomcalc/sim/scalable_sim.hpp"

#include <algorithm>

#include "bloomcalc/error.hpp"
#include "bloomcalc/narrow.hpp"
#include "bloomcalc/params.hpp"
#include "bloomcalc/sim/hashing.hpp"
#include "bloomcalc/sim/prefetch.hpp"

namespace bloomcalc {

namespace {

constexpr std::uint64_t kMaxChainBits = std::uint64_t{1} << 31;

struct Link {
    std::uint64_t m = 0, capacity = 0, size = 0;
    unsigned k = 0;
    std::vector<std::uint64_t> words;

    std::uint64_t& word(std::uint64_t x) { return words[as_size<kMaxChainBits / 64>(x >> 6)]; }
    // RedisBloom's positions (a + i·b) mod m_i of one item in this link.
    void positions(std::uint64_t a, std::uint64_t b, std::uint64_t* out) const {
        for (unsigned i = 0; i < k; ++i) out[i] = (a + i * b) % m;
    }
    // All k bits read (no early exit: a branch on random data serialises the loads).
    bool check(const std::uint64_t* x) const {
        std::uint64_t all = 1;
        for (unsigned i = 0; i < k; ++i) all &= words[as_size<kMaxChainBits / 64>(x[i] >> 6)] >> (x[i] & 63);
        return all & 1;
    }
    void add(const std::uint64_t* x) {
        for (unsigned i = 0; i < k; ++i) word(x[i]) |= std::uint64_t{1} << (x[i] & 63);
        ++size;
    }
};

// Batched probes (docs/simulation.md, "Batched probes"): the positions of up to kProbeBatch upcoming items in
// links 0 … `last`, computed ahead, their lines requested when the chain leaves the caches. An item's
// positions depend on its id only, so the items are then processed one at a time exactly as without the batch.
class ChainBatch {
public:
    ChainBatch(const std::vector<Link>& links, std::uint64_t bits)
        : offset_(links.size() + 1), far_(bits / 8 > kCachedBytes) {
        for (std::size_t i = 0; i < links.size(); ++i) offset_[i + 1] = offset_[i] + links[i].k;
        pos_.resize(kProbeBatch * offset_.back());
    }
    // Items first … first + size − 1 (size ≤ kProbeBatch), links 0 … last.
    template <class Hashes>
    void fill(std::vector<Link>& links, std::size_t last, std::uint64_t first, unsigned size, const Hashes& hashes) {
        std::uint64_t sink = 0;
        for (unsigned j = 0; j < size; ++j) {
            std::uint64_t a, b;
            hashes(first + j, a, b);
            for (std::size_t l = 0; l <= last; ++l) {
                std::uint64_t* x = at(j, l);
                links[l].positions(a, b, x);
                if (far_) sink |= touch_lines(links[l].k, [&](unsigned i) { return &links[l].word(x[i]); });
            }
        }
        keep(sink);
        last_ = last, size_ = size;
    }
    std::uint64_t* at(unsigned j, std::size_t link) { return pos_.data() + j * offset_.back() + offset_[link]; }
    std::size_t last() const { return last_; }
    unsigned size() const { return size_; }

private:
    std::vector<std::size_t> offset_;
    std::vector<std::uint64_t> pos_;
    bool far_;
    std::size_t last_ = 0;
    unsigned size_ = 0;
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
            throw RangeError("library",
                             "a library whose links are standard filters with colliding probes (guava, redisbloom, "
                             "hive, clickhouse, hurst)",
                             quoted(chain_input.library));
        total_bits += l.filter.m;
        probes_per_item += l.filter.k;
    }
    if (total_bits > kMaxChainBits)
        throw RangeError("n", "a chain of at most 2^31 bits to simulate", show_number(static_cast<double>(total_bits)));
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
        ChainBatch batch(links, total_bits);
        std::size_t current = 0;
        std::uint64_t size = 0;
        unsigned j = 0;  // the next item's place in the batch
        while (size < n) {
            // The batch's links: 0 … current + 1 (a full link starts the next within the batch).
            if (j == batch.size() || batch.last() < std::min(current + 1, links.size() - 1)) {
                batch.fill(links, std::min(current + 1, links.size() - 1), next_id, kProbeBatch, hashes);
                j = 0;
            }
            ++next_id;
            bool exists = false;
            for (std::size_t i = 0; i <= current; ++i) exists |= links[i].check(batch.at(j, i));
            if (exists) {
                ++r.rejected, ++j;
                continue;
            }
            if (links[current].size >= links[current].capacity) ++current;  // SBChain_Add: the next link
            links[current].add(batch.at(j++, current));
            ++size;
        }
        std::uint64_t fp = 0;
        for (std::uint64_t q = 0; q < queries && !links.empty(); q += kProbeBatch) {
            const unsigned count = static_cast<unsigned>(std::min<std::uint64_t>(kProbeBatch, queries - q));
            batch.fill(links, links.size() - 1, next_id, count, hashes);
            next_id += count;
            for (unsigned i = 0; i < count; ++i) {
                bool positive = false;  // in any link
                for (std::size_t l = 0; l < links.size(); ++l) positive |= links[l].check(batch.at(i, l));
                fp += positive;
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
