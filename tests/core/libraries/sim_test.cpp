// Each library's filter, as it sizes it, built as a bit array with its own probe arithmetic (RocksDB's
// multiply sequence, Parquet's salts, Boost's mulx64 shifts, Guava's and RedisBloom's 64-bit double hashing,
// ORC's 32-bit int double hashing): the exact FPR, which assumes independent uniform probes, must lie in the
// simulation's interval. docs/libraries.md, "Verification".
#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdint>
#include <vector>

#include "bloomcalc/error.hpp"
#include "bloomcalc/layouts/layout_fpr.hpp"
#include "bloomcalc/layouts/layout_sim.hpp"
#include "bloomcalc/libraries/library_sizing.hpp"

using namespace bloomcalc;

TEST_CASE("Every library's real probe arithmetic has the exact FPR of its filter", "[libraries][sim]") {
    // Every library at 1 %; at 0.1 % the block layouts, whose in-block probe arithmetic departs most from
    // independent probes (Arrow's filter is Parquet's here: the same power of two).
    struct Case {
        const char* library;
        double p;
    };
    std::vector<Case> cases;
    for (const auto& lib : libraries()) cases.push_back({lib.name.c_str(), 0.01});
    for (const char* lib : {"parquet", "rocksdb", "boost-block", "boost-multiblock"}) cases.push_back({lib, 0.001});
    for (const auto& k : cases) {
        LibrarySizingInput in;
        in.library = k.library, in.n = 20000, in.p = k.p;
        const auto sized = size_for_library(in);
        LayoutSimConfig c;
        c.filter = sized.filter;
        c.hashing = parse_layout_hashing(find_library(k.library).scheme);
        c.epochs = 48;
        // about 100 false positives per epoch expected (at most 2^18 lookups): the 99 % interval is then
        // within ±10 % of the rate
        c.queries = static_cast<std::uint64_t>(std::min(262144.0, std::max(4096.0, 100.0 / sized.exact)));
        c.seed = 2107;
        c.confidence = 0.99;
        const auto r = simulate_layout(c);
        INFO(k.library << " p = " << k.p << ": exact " << r.exact << ", simulated " << r.batch.mean << " ["
                       << r.batch.interval.low << ", " << r.batch.interval.high << "]");
        CHECK(r.inside);
        CHECK(r.exact == sized.exact);
        CHECK(r.batch.half_width < 0.1 * r.exact);
    }
}

TEST_CASE("Library schemes: each refuses a shape it does not build", "[libraries][sim]") {
    LayoutSimConfig c;
    c.filter.layout = Layout::standard, c.filter.m = 4096, c.filter.n = 100, c.filter.k = 4, c.filter.block_bits = 4096;
    for (const char* scheme : {"rocksdb", "boost", "parquet"}) {
        c.hashing = parse_layout_hashing(scheme);
        CHECK_THROWS_AS(simulate_layout(c), RangeError);
    }
    c.filter.layout = Layout::blocked, c.filter.block_bits = 512;
    for (const char* scheme : {"guava", "redisbloom", "orc", "boost"}) {
        c.hashing = parse_layout_hashing(scheme);
        CHECK_THROWS_AS(simulate_layout(c), RangeError);
    }
    CHECK_THROWS_AS(parse_layout_hashing("xxhash"), RangeError);
}
