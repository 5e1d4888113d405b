// Simulation of the real layout structures: fill a fresh filter with n new items, look up `queries`
// new items (every positive is a false positive), repeat for `epochs`; the per-epoch rates give a
// Student-t interval (batch means) that the exact model must fall in. Integer hashing only, so the same
// seed gives the same counts natively and in wasm. docs/layouts.md, "Simulation".
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "bloomcalc/layouts/layout.hpp"
#include "bloomcalc/layouts/presets.hpp"
#include "bloomcalc/sim/statistics.hpp"

namespace bloomcalc {

// ideal:   independent uniform choices (block, then probes / one bit per word / one bit per slice);
// parquet: the Parquet spec's split-block hashing on a 64-bit hash h: block = ((h >> 32)·b) >> 32,
//          bit i of word i = (uint32(h)·SALT[i]) >> 27 (B = 256, k = 8 only).
// The libraries' own probe arithmetic on the item's 64-bit hash h (docs/libraries.md):
// rocksdb:    FastLocalBloomImpl::AddHash (util/bloom_impl.h): line = FastRange32(lower 32 bits, lines),
//             x = upper 32 bits, bit x >> 23, x *= 0x9e3779b9 per probe (blocked, B = 512);
// boost:      filter_core::insert (include/boost/bloom/detail/core.hpp): h |= 1, block = hi(h·blocks),
//             h *= 0xf1357aea2e62a9c5, then block_base::loop: bits (h >> 6j) & 63, h = mulx64(h) every 9
//             (blocked B = 64: block<uint64_t, K>; split block B = 64K: multiblock<uint64_t, K>, bit j in word j);
// guava:      BloomFilterStrategies.MURMUR128_MITZ_64: c = h1; (c & Long.MAX_VALUE) mod m; c += h2 (standard);
// redisbloom: bloom.c CHECK_ADD_FUNC: (a + i·b) mod m in 64 bits, i = 0..k−1 (standard);
// orc:        org.apache.orc.util.BloomFilter.addHash: c = int32(h1 + i·h2), i = 1..k, ~c if negative,
//             c mod m, h1 and h2 the 32-bit halves of h (standard).
enum class LayoutHashing { ideal, parquet, rocksdb, boost, guava, redisbloom, orc };
// "ideal" | "parquet" | "rocksdb" | "boost" | "guava" | "redisbloom" | "orc"
LayoutHashing parse_layout_hashing(const std::string& text);
const char* to_string(LayoutHashing h);

constexpr std::uint64_t kLayoutSimMaxBits = std::uint64_t{1} << 31;  // 256 MiB of bits
constexpr double kLayoutSimMaxProbes = 68719476736.0;                // 2^36 bit probes in all
// The JS API's simulateLayout is one synchronous call (no chunks, no cancel): ~0.4 s per 2^26 probes in
// wasm, so it allows 2^27 (about 1 s; 2^36 would take ~7 minutes). Native callers keep 2^36.
constexpr double kLayoutSimSyncMaxProbes = 134217728.0;
// A probe's cost depends on k and on the array's size, so a synchronous run (max_probes ≤ the sync
// budget) is also held to an estimate of its time: epochs·(n + queries)·(k + 3 + 24·lines), in units of one
// bit probe within the caches (~6–8 ns in wasm): 3 for each item's hashing, and when m > 2^24 bits (2 MiB,
// beyond the caches) 24 for each cache line an item touches (a miss with its TLB walk, ~100–200 ns in wasm; lines = k for the
// standard and partitioned layouts, the block's lines up to k for the block layouts). 2^27 probes took 5.1 s
// (blocked, B = 512, k = 8, m = 2^31) and 2^26 took 7.1 s (standard, k = 1, m = 2^31) in wasm.
constexpr double kLayoutSimSyncMaxWork = 67108864.0;  // 2^26 units: ≲ 0.8 s in wasm

struct LayoutSimConfig {
    LayoutFilter filter;
    LayoutHashing hashing = LayoutHashing::ideal;
    std::uint64_t epochs = 32;
    std::uint64_t queries = 0;  // per epoch; 0: max(4096, n)
    std::uint64_t seed = 1;
    double confidence = 0.99;
    double max_probes = kLayoutSimMaxProbes;  // the probe budget (≤ 2^36)
};

// Checks the filter, m ≤ 2^31, epochs in [2, 2^20], the probe budget, and each scheme's shape (parquet:
// split-block, B = 256, k = 8; rocksdb: blocked, B = 512; boost: blocked B = 64 or split block B = 64k;
// guava, redisbloom, orc: standard, colliding); RangeError / InfeasibleError naming the parameter. Fills queries.
LayoutSimConfig validate(const LayoutSimConfig& c);
double layout_sim_work(const LayoutSimConfig& c);  // the estimate above (kLayoutSimSyncMaxWork)

// A simulation as the surfaces give it (simulateLayout): the filter (resolve_layout_filter), its hash scheme and
// the run's numbers as read; layout_sim_config checks epochs (2..2^20), queries (0..2^40; absent or 0:
// max(4096, n)) and seed (0..2^53 − 1), naming each.
struct LayoutSimInput : LayoutInput {
    LayoutHashing hash_scheme = LayoutHashing::ideal;
    double epochs = 32, seed = 1, confidence = 0.99;
    std::optional<double> queries;
};
LayoutSimConfig layout_sim_config(const LayoutSimInput& in);

struct LayoutSimResult {
    LayoutSimConfig config;
    std::vector<std::uint64_t> false_positives;  // per epoch
    std::uint64_t lookups = 0;                   // in all
    std::uint64_t total_false_positives = 0;
    double rate = 0;      // pooled
    BatchMeans batch;     // per-epoch rates, Student-t interval
    double exact = 0;     // layout_exact_fpr
    bool inside = false;  // exact within the batch interval
};

LayoutSimResult simulate_layout(const LayoutSimConfig& config);

// The simulation's structure, for its users beside simulate_layout (bench/bench_families.cpp times it): the k
// positions of an item id under a scheme, and the bit array filled and queried with them a batch at a time. The
// filter and scheme as validate(LayoutSimConfig) accepts them (m ≤ 2^31); not checked here.
class LayoutProbes {
public:
    LayoutProbes(const LayoutFilter& f, LayoutHashing hashing, std::uint64_t seed);
    void operator()(std::uint64_t id, std::uint64_t* out) const;  // the k positions of item `id`

private:
    LayoutFilter f_;
    LayoutHashing hashing_;
    std::uint32_t blocks_, B_;
    std::uint64_t salt_;
};

class LayoutBits {
public:
    LayoutBits(const LayoutFilter& f, LayoutHashing hashing, std::uint64_t seed);
    void clear();
    void insert(std::uint64_t first, std::uint64_t count);              // items first, …, first + count − 1
    std::uint64_t positives(std::uint64_t first, std::uint64_t count);  // of those items, how many test positive

private:
    static std::size_t word(std::uint64_t p);
    unsigned batch(std::uint64_t first, std::uint64_t left);

    unsigned k_;
    LayoutProbes probes_;
    std::vector<std::uint64_t> words_, batch_;
    bool far_;
};

// The k bit positions of item `id` in the simulation of `c` (its items are ids 0, 1, …: each epoch n insertions,
// then the queries): for the tests' one-at-a-time reference loop (docs/simulation.md, "Batched probes").
void layout_sim_positions(const LayoutSimConfig& c, std::uint64_t id, std::uint64_t* out);

}  // namespace bloomcalc
