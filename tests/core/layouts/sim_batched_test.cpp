// The layouts' simulation sets and tests a batch of items at a time (docs/simulation.md, "Batched probes"): its
// false positives, every epoch, equal a one-at-a-time loop's (each item hashed, its bits set, each lookup stopping
// at its first clear bit), for every layout and library hashing, with arrays in the caches and beyond them.
#include <catch2/catch.hpp>

#include <vector>

#include "bloomcalc/layouts/layout_sim.hpp"
#include "layouts/support.hpp"

using namespace bloomcalc;

namespace {

std::vector<std::uint64_t> reference(const LayoutSimConfig& config) {
    const LayoutSimConfig c = validate(config);
    std::vector<std::uint64_t> words((c.filter.m + 63) / 64), fps;
    std::vector<std::uint64_t> pos(c.filter.k);
    std::uint64_t id = 0;
    for (std::uint64_t e = 0; e < c.epochs; ++e) {
        std::fill(words.begin(), words.end(), 0);
        for (std::uint64_t i = 0; i < c.filter.n; ++i) {
            layout_sim_positions(c, id++, pos.data());
            for (const std::uint64_t p : pos) words[p >> 6] |= std::uint64_t{1} << (p & 63);
        }
        std::uint64_t fp = 0;
        for (std::uint64_t q = 0; q < c.queries; ++q) {
            layout_sim_positions(c, id++, pos.data());
            bool all = true;
            for (std::size_t i = 0; i < pos.size() && all; ++i) all = (words[pos[i] >> 6] >> (pos[i] & 63)) & 1;
            fp += all;
        }
        fps.push_back(fp);
    }
    return fps;
}

}  // namespace

TEST_CASE("layout simulation, batched: every epoch's false positives equal the one-at-a-time loop",
          "[layouts][sim][batched]") {
    struct Case {
        LayoutCase filter;
        LayoutHashing hashing;
    };
    const std::uint64_t far = std::uint64_t{1} << 25;  // 4 MiB: beyond the caches, lines requested ahead
    const Case cases[] = {
        {{Layout::standard, 20000, 2003, 5, 0}, LayoutHashing::ideal},
        {{Layout::standard, 20000, 2003, 5, 0, Hashing::distinct}, LayoutHashing::ideal},
        {{Layout::blocked, 16384, 1501, 6, 512}, LayoutHashing::ideal},
        {{Layout::blocked, 16384, 1501, 6, 512, Hashing::distinct}, LayoutHashing::ideal},
        {{Layout::split_block, 16384, 1201, 8, 256}, LayoutHashing::ideal},
        {{Layout::partitioned, 15000, 1501, 6, 0}, LayoutHashing::ideal},
        {{Layout::split_block, 16384, 1201, 8, 256}, LayoutHashing::parquet},
        {{Layout::blocked, 16384, 1501, 6, 512}, LayoutHashing::rocksdb},
        {{Layout::blocked, 16384, 1201, 5, 64}, LayoutHashing::boost},
        {{Layout::split_block, 16384, 1201, 4, 256}, LayoutHashing::boost},
        {{Layout::standard, 20000, 2003, 5, 0}, LayoutHashing::guava},
        {{Layout::standard, 20000, 2003, 5, 0}, LayoutHashing::redisbloom},
        {{Layout::standard, 20000, 2003, 5, 0}, LayoutHashing::orc},
        {{Layout::standard, far, 300001, 7, 0}, LayoutHashing::ideal},
        {{Layout::blocked, far, 300001, 7, 512}, LayoutHashing::rocksdb},
        {{Layout::split_block, far, 300001, 8, 256}, LayoutHashing::parquet},
    };
    for (const Case& t : cases) {
        LayoutSimConfig c;
        c.filter = filter_of(t.filter);
        c.hashing = t.hashing;
        c.epochs = 3;
        c.queries = t.filter.m < far ? 3001 : 20003;
        c.seed = 77;
        const LayoutSimResult r = simulate_layout(c);
        const std::vector<std::uint64_t> ref = reference(c);
        INFO(to_string(c.filter.layout) << " B = " << c.filter.block_bits << ", m = " << c.filter.m << ", hashing "
                                        << to_string(t.hashing));
        CHECK(r.false_positives == ref);
        std::uint64_t all = 0;
        for (const std::uint64_t fp : ref) all += fp;
        if (t.filter.m < far) CHECK(all > 0);  // the comparison saw positives (the far filters are sparse)
    }
}
