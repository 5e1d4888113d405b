// The layouts as real bit arrays (docs/layouts.md, "Simulation").
#include "bloomcalc/layouts/layout_sim.hpp"

#include <algorithm>
#include <cmath>

#include "bloomcalc/error.hpp"
#include "bloomcalc/layouts/layout_fpr.hpp"
#include "bloomcalc/narrow.hpp"
#include "bloomcalc/sim/hashing.hpp"
#include "bloomcalc/sim/prefetch.hpp"

namespace bloomcalc {

namespace {

constexpr const char* kLayoutHashingNames[] = {"ideal", "parquet", "rocksdb", "boost", "guava", "redisbloom", "orc"};

}  // namespace

LayoutHashing parse_layout_hashing(const std::string& text) {
    for (std::size_t i = 0; i < std::size(kLayoutHashingNames); ++i)
        if (text == kLayoutHashingNames[i]) return static_cast<LayoutHashing>(i);
    throw RangeError("hashScheme",
                     "\"ideal\", \"parquet\", \"rocksdb\", \"boost\", \"guava\", \"redisbloom\" or \"orc\"",
                     quoted(text));
}

const char* to_string(LayoutHashing h) { return kLayoutHashingNames[static_cast<std::size_t>(h)]; }

LayoutSimConfig validate(const LayoutSimConfig& config) {
    LayoutSimConfig c = config;
    validate(c.filter);
    const auto& f = c.filter;
    if (f.m > kLayoutSimMaxBits) throw InfeasibleError("m", "at most 2^31 bits for a simulation", std::to_string(f.m));
    checked_integer(static_cast<double>(c.epochs), "epochs", 2, std::uint64_t{1} << 20);
    if (!(c.confidence > 0.0 && c.confidence < 1.0))
        throw RangeError("confidence", "a probability in (0, 1)", show_number(c.confidence));
    if (c.hashing == LayoutHashing::parquet && (f.layout != Layout::split_block || f.block_bits != 256 || f.k != 8))
        throw RangeError("hashScheme", "\"ideal\" unless the layout is split-block with B = 256 and k = 8 (Parquet)",
                         "\"parquet\"");
    if (c.hashing == LayoutHashing::rocksdb &&
        (f.layout != Layout::blocked || f.block_bits != 512 || f.hashing != Hashing::colliding))
        throw RangeError("hashScheme", "\"rocksdb\" only for a blocked layout with B = 512 and colliding probes",
                         "\"rocksdb\"");
    if (c.hashing == LayoutHashing::boost &&
        !((f.layout == Layout::blocked && f.block_bits == 64 && f.hashing == Hashing::colliding) ||
          (f.layout == Layout::split_block && f.block_bits == 64 * std::uint64_t{f.k})))
        throw RangeError("hashScheme", "\"boost\" only for blocked B = 64 (colliding) or split block B = 64k",
                         "\"boost\"");
    if ((c.hashing == LayoutHashing::guava || c.hashing == LayoutHashing::redisbloom ||
         c.hashing == LayoutHashing::orc) &&
        (f.layout != Layout::standard || f.hashing != Hashing::colliding))
        throw RangeError(
            "hashScheme",
            std::string("\"") + to_string(c.hashing) + "\" only for a standard filter with colliding probes",
            std::string("\"") + to_string(c.hashing) + "\"");
    if (c.queries == 0) c.queries = std::max<std::uint64_t>(4096, f.n);
    checked_integer(static_cast<double>(c.queries), "queries", 1, std::uint64_t{1} << 40);
    const double probes =
        static_cast<double>(c.epochs) * (static_cast<double>(f.n) + static_cast<double>(c.queries)) * f.k;
    const double budget = std::min(c.max_probes, kLayoutSimMaxProbes);
    if (probes > budget)
        throw InfeasibleError("epochs",
                              "a run of at most " + format_limit(static_cast<std::uint64_t>(budget)) +
                                  " bit probes (epochs·(n + queries)·k)" +
                                  (budget < kLayoutSimMaxProbes ? "; about 1 s" : ""),
                              show_number(probes));
    const double work = layout_sim_work(c);
    if (c.max_probes <= kLayoutSimSyncMaxProbes && work > kLayoutSimSyncMaxWork)
        throw InfeasibleError("epochs",
                              "a synchronous run of at most 2^26 work units, epochs·(n + queries)·(k + 3 + 24 per "
                              "cache line an item touches when m > 2^24 bits); about 1 s",
                              show_number(work));
    return c;
}

double layout_sim_work(const LayoutSimConfig& c) {
    const auto& f = c.filter;
    const double k = f.k;
    double lines = 0.0;  // cache lines (512 bits) an item touches, counted when the array leaves the caches
    if (f.m > (std::uint64_t{1} << 24))
        lines = f.layout == Layout::standard || f.layout == Layout::partitioned
                    ? k
                    : std::min(k, std::ceil(static_cast<double>(f.block_bits) / 512.0));
    const double queries = c.queries ? static_cast<double>(c.queries) : std::max(4096.0, static_cast<double>(f.n));
    return static_cast<double>(c.epochs) * (static_cast<double>(f.n) + queries) * (k + 3.0 + 24.0 * lines);
}

namespace {

// The high 64 bits of x·y (Boost's umul128 without a 128-bit type, for wasm as for native).
std::uint64_t mul_hi64(std::uint64_t x, std::uint64_t y) {
    const std::uint64_t x1 = static_cast<std::uint32_t>(x), x2 = x >> 32, y1 = static_cast<std::uint32_t>(y),
                        y2 = y >> 32;
    const std::uint64_t r1 = x1 * y1, r2a = x1 * y2, r2b = x2 * y1;
    const std::uint64_t r2 = (r1 >> 32) + static_cast<std::uint32_t>(r2a) + static_cast<std::uint32_t>(r2b);
    return x2 * y2 + (r2a >> 32) + (r2b >> 32) + (r2 >> 32);
}

constexpr std::uint32_t kSalt[8] = {0x47b6137bU, 0x44974d91U, 0x8824ad5bU, 0xa2b7289dU,
                                    0x705495c7U, 0x2df1424bU, 0x9efc4947U, 0x5c6bfb31U};

}  // namespace

LayoutProbes::LayoutProbes(const LayoutFilter& f, LayoutHashing hashing, std::uint64_t seed)
    : f_(f),
      hashing_(hashing),
      blocks_(static_cast<std::uint32_t>(block_count(f))),
      B_(static_cast<std::uint32_t>(f.block_bits)),
      salt_(mix64(seed ^ 0x3c6ef372fe94f82bULL)) {}

void LayoutProbes::operator()(std::uint64_t id, std::uint64_t* out) const {
    const std::uint64_t h = mix64(id * kGolden + salt_);  // the item's 64-bit hash
    const unsigned k = f_.k;
    switch (hashing_) {
    case LayoutHashing::parquet: {
        const std::uint64_t block = ((h >> 32) * blocks_) >> 32;
        const std::uint32_t key = static_cast<std::uint32_t>(h);
        for (unsigned i = 0; i < 8; ++i) out[i] = block * 256 + i * 32 + ((key * kSalt[i]) >> 27);
        return;
    }
    case LayoutHashing::rocksdb: {
        const std::uint64_t line = (std::uint64_t{static_cast<std::uint32_t>(h)} * blocks_) >> 32;  // FastRange32
        std::uint32_t x = static_cast<std::uint32_t>(h >> 32);
        for (unsigned i = 0; i < k; ++i, x *= 0x9e3779b9U) out[i] = line * 512 + (x >> 23);
        return;
    }
    case LayoutHashing::boost: {
        std::uint64_t g = h | 1;
        const std::uint64_t block = mul_hi64(g, blocks_);
        g *= 0xf1357aea2e62a9c5ULL;
        const bool multiblock = f_.layout == Layout::split_block;
        for (unsigned i = 0; i < k;) {  // block_base::loop, rehash_k = (64 − 6)/6 = 9
            std::uint64_t x = g;
            for (unsigned j = 0; j < 9 && i < k; ++j, ++i) {
                x >>= 6;
                out[i] = block * B_ + (multiblock ? 64 * std::uint64_t{i} : 0) + (x & 63);
            }
            g = mul_hi64(g, 0x9E3779B97F4A7C15ULL) ^ (g * 0x9E3779B97F4A7C15ULL);  // mulx64
        }
        return;
    }
    case LayoutHashing::guava: {
        const std::uint64_t h2 = mix64(h ^ 0x6a09e667f3bcc909ULL);
        std::uint64_t combined = h;
        for (unsigned i = 0; i < k; ++i, combined += h2) out[i] = (combined & 0x7fffffffffffffffULL) % f_.m;
        return;
    }
    case LayoutHashing::redisbloom: {
        const std::uint64_t b = mix64(h ^ 0x9747b28cULL);
        for (unsigned i = 0; i < k; ++i) out[i] = (h + i * b) % f_.m;
        return;
    }
    case LayoutHashing::orc: {
        const std::uint32_t h1 = static_cast<std::uint32_t>(h), h2 = static_cast<std::uint32_t>(h >> 32);
        for (unsigned i = 1; i <= k; ++i) {
            std::uint32_t c = h1 + i * h2;  // Java int arithmetic, two's complement
            if (c & 0x80000000U) c = ~c;    // combinedHash < 0 → ~combinedHash
            out[i - 1] = c % f_.m;
        }
        return;
    }
    case LayoutHashing::ideal: break;
    }
    const std::uint64_t base = static_cast<std::uint64_t>(uniform_below(h, blocks_)) * B_;
    const std::uint64_t g = mix64(h ^ 0x6a09e667f3bcc909ULL);
    if (f_.layout == Layout::split_block || f_.layout == Layout::partitioned) {
        const std::uint32_t w = B_ / k;
        for (unsigned i = 0; i < k; ++i)
            out[i] = base + std::uint64_t{i} * w + uniform_below(mix64(g + (i + 1) * kGolden), w);
    } else if (f_.hashing == Hashing::colliding) {
        for (unsigned i = 0; i < k; ++i) out[i] = base + uniform_below(mix64(g + (i + 1) * kGolden), B_);
    } else {
        std::uint64_t ctr = g;
        for (unsigned i = 0; i < k; ++i) {
            std::uint64_t p;
            bool repeat;
            do {  // rejection of repeats = k distinct bits
                ctr += kGolden;
                p = base + uniform_below(mix64(ctr), B_);
                repeat = false;
                for (unsigned j = 0; j < i; ++j) repeat |= out[j] == p;
            } while (repeat);
            out[i] = p;
        }
    }
}

LayoutBits::LayoutBits(const LayoutFilter& f, LayoutHashing hashing, std::uint64_t seed)
    : k_(f.k),
      probes_(f, hashing, seed),
      words_(static_cast<std::size_t>((f.m + 63) / 64), 0),
      batch_(std::size_t{kProbeBatch} * f.k),
      far_(words_.size() * sizeof(std::uint64_t) > kCachedBytes) {}

void LayoutBits::clear() { std::fill(words_.begin(), words_.end(), 0); }

// Bit positions p < m ≤ 2^31 (validate): word p/64 as_size.
std::size_t LayoutBits::word(std::uint64_t p) { return as_size<kLayoutSimMaxBits / 64>(p >> 6); }

// The positions of up to kProbeBatch items from `first` into batch_, their lines requested when the array leaves the
// caches; returns the number of items.
unsigned LayoutBits::batch(std::uint64_t first, std::uint64_t left) {
    const unsigned size = static_cast<unsigned>(std::min<std::uint64_t>(kProbeBatch, left));
    for (unsigned j = 0; j < size; ++j) probes_(first + j, batch_.data() + j * k_);
    if (far_) {
        keep(touch_lines(size * k_, [&](unsigned i) { return &words_[word(batch_[i])]; }));
    }
    return size;
}

// A batch at a time (docs/simulation.md, "Batched probes"): the batch's positions computed, their lines requested
// (sim/prefetch.hpp), then set or tested. Setting bits commutes and lookups follow all insertions, so the counts are
// those of one item at a time.
void LayoutBits::insert(std::uint64_t first, std::uint64_t count) {
    for (std::uint64_t done = 0; done < count;) {
        const unsigned size = batch(first + done, count - done);
        for (unsigned i = 0; i < size * k_; ++i) words_[word(batch_[i])] |= std::uint64_t{1} << (batch_[i] & 63);
        done += size;
    }
}

std::uint64_t LayoutBits::positives(std::uint64_t first, std::uint64_t count) {
    std::uint64_t found = 0;
    for (std::uint64_t done = 0; done < count;) {
        const unsigned size = batch(first + done, count - done);
        for (unsigned j = 0; j < size; ++j) {
            std::uint64_t all = 1;  // all k bits read: no branch on random data
            for (unsigned i = j * k_; i < (j + 1) * k_; ++i) all &= words_[word(batch_[i])] >> (batch_[i] & 63);
            found += all & 1;
        }
        done += size;
    }
    return found;
}

void layout_sim_positions(const LayoutSimConfig& c, std::uint64_t id, std::uint64_t* out) {
    LayoutProbes(c.filter, c.hashing, c.seed)(id, out);
}

LayoutSimResult simulate_layout(const LayoutSimConfig& config) {
    LayoutSimResult r;
    r.config = validate(config);
    const auto& c = r.config;
    LayoutBits bits(c.filter, c.hashing, c.seed);
    std::uint64_t next_id = 0;
    std::vector<double> rates;
    for (std::uint64_t e = 0; e < c.epochs; ++e) {
        bits.clear();
        bits.insert(next_id, c.filter.n);
        next_id += c.filter.n;
        const std::uint64_t fp = bits.positives(next_id, c.queries);
        next_id += c.queries;
        r.false_positives.push_back(fp);
        r.total_false_positives += fp;
        r.lookups += c.queries;
        rates.push_back(static_cast<double>(fp) / static_cast<double>(c.queries));
    }
    r.rate = static_cast<double>(r.total_false_positives) / static_cast<double>(r.lookups);
    r.batch = batch_means(rates, c.confidence);
    r.batch.interval = clipped_to_rates(r.batch.interval);  // rates: never below 0 or above 1
    r.exact = layout_exact_fpr(c.filter);
    r.inside = r.exact >= r.batch.interval.low && r.exact <= r.batch.interval.high;
    return r;
}

}  // namespace bloomcalc
