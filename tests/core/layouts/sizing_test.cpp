// Layout sizing (minimal sizes under each layout's rounding, Parquet's and RocksDB's own arithmetic),
// the what-if readout, and the simulation of the real structures against the exact model.
#include <catch2/catch.hpp>

#include <cmath>
#include <cstdint>

#include "bloomcalc/error.hpp"
#include "bloomcalc/layouts/layout_fpr.hpp"
#include "bloomcalc/layouts/layout_sim.hpp"
#include "bloomcalc/layouts/layout_sizing.hpp"
#include "bloomcalc/layouts/presets.hpp"
#include "parameter.hpp"
#include "layouts/support.hpp"

using namespace bloomcalc;

namespace {

LayoutFilter shrink(LayoutFilter f, std::uint64_t unit) {
    f.m -= unit;
    if (f.layout == Layout::standard || f.layout == Layout::partitioned) f.block_bits = f.m;
    return f;
}

}  // namespace

TEST_CASE("Sized layouts meet p, and one unit less does not", "[layouts][sizing]") {
    for (double p : {0.01, 0.001}) {
        LayoutSizingInput in{100000, p, Layout::blocked};
        in.block_bits = 512;
        const auto blocked = size_layout(in);
        CHECK(blocked.meets_target);
        CHECK(blocked.filter.m % 512 == 0);
        CHECK(layout_exact_fpr(shrink(blocked.filter, 512)) > p);

        in.layout = Layout::split_block;
        in.block_bits = 256;
        const auto split = size_layout(in);
        CHECK(split.meets_target);
        CHECK(256 % split.filter.k == 0);
        CHECK(layout_exact_fpr(shrink(split.filter, 256)) > p);

        const auto part = size_layout(LayoutSizingInput{100000, p, Layout::partitioned});
        CHECK(part.meets_target);
        CHECK(part.filter.m % part.filter.k == 0);
        CHECK(layout_exact_fpr(shrink(part.filter, part.filter.k)) > p);

        const auto standard = size_layout(LayoutSizingInput{100000, p, Layout::standard});
        CHECK(standard.meets_target);
        CHECK(layout_exact_fpr(shrink(standard.filter, 1)) > p);
        CHECK(standard.overhead == 0.0);
        // Blocks cost memory: more bits than the standard filter for the same n and p.
        CHECK(blocked.overhead > 0.0);
        CHECK(split.overhead > 0.0);
        CHECK(blocked.standard.m == standard.filter.m);
    }
}

TEST_CASE("Parquet: the writer's allocation for (ndv, fpp) and the smallest power of two that meets p",
          "[layouts][sizing]") {
    // optimalNumOfBits(1e6, 0.01) = −8e6/ln(1 − 0.01^{1/8}) ≈ 9.68e6 bits: 1.21 MB → 2 MiB, capped at 1 MiB.
    CHECK(parquet_writer_bytes(1000000, 0.01) == (std::uint64_t{1} << 20));
    CHECK(parquet_writer_bytes(1000000, 0.01, std::uint64_t{128} << 20) == (std::uint64_t{1} << 21));
    CHECK(parquet_writer_bytes(1, 0.5) == 32);  // the 32-byte minimum
    LayoutSizingInput in{10000, 0.01, Layout::standard};
    in.preset = "parquet";
    const auto s = size_layout(in);
    REQUIRE(s.parquet);
    const std::uint64_t bytes = s.filter.m / 8;
    CHECK((bytes & (bytes - 1)) == 0);
    CHECK(s.meets_target);
    CHECK(s.filter.k == 8);
    CHECK(s.filter.block_bits == 256);
    // Half the size would miss p.
    CHECK(layout_exact_fpr(preset_filter(find_preset("parquet"), s.filter.m / 2, 10000, 0)) > 0.01);
    // The writer's own choice is a power of two in [32, 1 MiB] whose exact FPR is reported.
    CHECK(s.parquet->bytes >= 32);
    CHECK((s.parquet->bytes & (s.parquet->bytes - 1)) == 0);
    CHECK(s.parquet->meets_target == (s.parquet->fpr <= 0.01));
}

TEST_CASE("RocksDB: ChooseNumProbes, CalculateSpace and a preset sizing", "[layouts][sizing]") {
    CHECK(rocksdb_num_probes(10000) == 6);  // 10 bits/key
    CHECK(rocksdb_num_probes(2080) == 1);
    CHECK(rocksdb_num_probes(14001) == 8);
    CHECK(rocksdb_num_probes(28000) == 12);
    CHECK(rocksdb_num_probes(28001) == 13);
    CHECK(rocksdb_num_probes(50001) == 24);
    CHECK(rocksdb_filter_bytes(1000, 10000) == 1280 + 5);  // ⌈1000·10000/8000⌉ = 1250 → 1280
    LayoutSizingInput in{50000, 0.01, Layout::standard};
    in.preset = "rocksdb";
    const auto s = size_layout(in);
    CHECK(s.meets_target);
    CHECK(s.filter.block_bits == 512);
    CHECK(s.filter.m % 512 == 0);
    CHECK(s.filter.k == rocksdb_probes_for(s.filter.m, 50000));
    REQUIRE(s.rocksdb_bits_per_key);
    CHECK(rocksdb_filter_bytes(50000, static_cast<std::uint64_t>(std::llround(*s.rocksdb_bits_per_key * 1000))) ==
          s.filter.m / 8 + 5);
}

TEST_CASE("What if n is off: the FPR at 0.5×, 2×, 4× n rises with n", "[layouts][sizing]") {
    const auto f = make_layout_filter(Layout::split_block, 256.0 * 4000, 100000, 8, 256, Hashing::colliding);
    const auto w = what_if(f);
    REQUIRE(w.size() == 3);
    CHECK(w[0].n == 50000);
    CHECK(w[2].n == 400000);
    const double at_n = layout_exact_fpr(f);
    CHECK(w[0].fpr < at_n);
    CHECK(w[1].fpr > at_n);
    CHECK(w[2].fpr > w[1].fpr);
}

TEST_CASE("Layout sizing errors name the parameter", "[layouts][sizing][errors]") {
    auto parameter_of = [](const LayoutSizingInput& in) {
        try {
            size_layout(in);
        } catch (const Error& e) {
            return e.parameter();
        }
        return std::string("none");
    };
    CHECK(parameter_of(LayoutSizingInput{0, 0.01, Layout::standard}) == "n");
    CHECK(parameter_of(LayoutSizingInput{100, 1.5, Layout::standard}) == "p");
    CHECK(parameter_of(LayoutSizingInput{100, 0.01, Layout::blocked}) == "blockBits");
    LayoutSizingInput in{100, 0.01, Layout::standard};
    in.preset = "bigtable";
    CHECK(parameter_of(in) == "preset");
    in = LayoutSizingInput{1e9, 1e-12, Layout::standard};
    in.preset = "parquet";
    CHECK(parameter_of(in) == "p");  // beyond Parquet's 128 MiB upper bound
    // a k the preset sets itself: its own value or absent, as layoutFpr (it was silently replaced by 8)
    in = LayoutSizingInput{1e6, 0.01, Layout::standard};
    in.preset = "parquet";
    in.k = 5;
    CHECK(parameter_of(in) == "k");
    in.k = 8;
    CHECK(parameter_of(in) == "none");
    in.preset = "rocksdb";
    in.k = 20;
    CHECK(parameter_of(in) == "k");
    in.k = std::nullopt;
    in.k = size_layout(in).filter.k;
    CHECK(parameter_of(in) == "none");
}

TEST_CASE("Simulation: each layout's exact model lies in the 99 % interval", "[layouts][sim]") {
    struct Case {
        LayoutCase filter;
        LayoutHashing scheme;
    };
    const std::vector<Case> cases = {
        {{Layout::blocked, 1 << 16, 6554, 6, 512}, LayoutHashing::ideal},
        {{Layout::blocked, 1 << 16, 8000, 4, 64, Hashing::distinct}, LayoutHashing::ideal},
        {{Layout::split_block, 1 << 16, 6554, 8, 256}, LayoutHashing::ideal},
        {{Layout::split_block, 1 << 16, 6554, 8, 256}, LayoutHashing::parquet},
        {{Layout::partitioned, 60000, 6000, 6, 0}, LayoutHashing::ideal},
        {{Layout::standard, 1 << 16, 6554, 7, 0}, LayoutHashing::ideal},
    };
    for (const auto& c : cases) {
        LayoutSimConfig config;
        config.filter = filter_of(c.filter);
        config.hashing = c.scheme;
        config.epochs = 48;
        config.queries = 1 << 15;
        config.seed = 7;
        const auto r = simulate_layout(config);
        INFO(to_string(c.filter.layout) << " " << to_string(c.scheme) << " rate=" << r.rate << " exact=" << r.exact
                                        << " [" << r.batch.interval.low << ", " << r.batch.interval.high << "]");
        CHECK(r.inside);
        CHECK(r.lookups == 48u * (1u << 15));
    }
}

TEST_CASE("Simulation: same seed, same counts; bad configurations name the parameter", "[layouts][sim][errors]") {
    LayoutSimConfig config;
    config.filter = make_layout_filter(Layout::split_block, 4096, 400, 8, 256, Hashing::colliding);
    config.epochs = 3;
    config.queries = 1000;
    config.seed = 11;
    CHECK(simulate_layout(config).false_positives == simulate_layout(config).false_positives);
    config.hashing = LayoutHashing::parquet;
    config.filter = make_layout_filter(Layout::split_block, 4096, 400, 4, 256, Hashing::colliding);
    try {
        simulate_layout(config);
        FAIL("no error");
    } catch (const Error& e) {
        CHECK(e.parameter() == "hashScheme");
    }
}

TEST_CASE("Simulation: a synchronous run is held to its estimated time, probes weighted by k and cache misses",
          "[layouts][sim][errors]") {
    // 2^27 probes were accepted and took 5.1 s in wasm (blocked, m = 2^31): now refused before the array exists.
    LayoutSimConfig c;
    c.max_probes = kLayoutSimSyncMaxProbes;
    c.filter = make_layout_filter(Layout::blocked, 2147483648.0, 4194304, 8, 512, Hashing::colliding);
    c.epochs = 2;
    c.queries = 4194304;
    CHECK(layout_sim_work(c) == 2.0 * 8388608 * (8 + 3 + 24));  // one cache line per item
    CHECK_THROWS_AS(validate(c), InfeasibleError);
    c.max_probes = kLayoutSimMaxProbes;  // native callers: the 2^36-probe budget only
    CHECK_NOTHROW(validate(c));
    // In the caches (m ≤ 2^24) a probe is cheap: 2^27 probes of a split-block filter, B = 4096, stay accepted
    // only up to 2^26 units (k + 3 per item); the standard layout counts k lines per item once m > 2^24.
    c.max_probes = kLayoutSimSyncMaxProbes;
    c.filter = make_layout_filter(Layout::split_block, 16777216.0, 250000, 64, 4096, Hashing::colliding);
    c.queries = 250000;
    CHECK(layout_sim_work(c) == 1e6 * 67);
    CHECK_NOTHROW(validate(c));
    c.filter = make_layout_filter(Layout::standard, 2147483648.0, 1048000, 4, 0, Hashing::colliding);
    c.queries = 1048000;
    CHECK(layout_sim_work(c) == 2.0 * 2096000 * (4 + 3 + 24 * 4));
    try {
        validate(c);
        FAIL("accepted");
    } catch (const Error& e) {
        CHECK(e.parameter() == "epochs");
        CHECK(e.valid_range().find("cache line") != std::string::npos);
    }
}

TEST_CASE("Simulation: the surfaces' input, epochs, queries and seed checked by layout_sim_config",
          "[layouts][sim][errors]") {
    LayoutSimInput in;
    in.m = 4096, in.n = 400, in.k = 8, in.block_bits = 256, in.layout = "split-block";
    const auto c = layout_sim_config(in);
    CHECK(c.filter.layout == Layout::split_block);
    CHECK(c.filter.block_bits == 256);
    CHECK(c.epochs == 32);  // the defaults
    CHECK(c.queries == 0);  // max(4096, n), filled by validate
    CHECK(c.seed == 1);
    CHECK(c.confidence == 0.99);
    in.queries = 100, in.seed = 9, in.hash_scheme = LayoutHashing::parquet;
    CHECK(layout_sim_config(in).queries == 100);
    CHECK(layout_sim_config(in).seed == 9);
    CHECK(layout_sim_config(in).hashing == LayoutHashing::parquet);
    for (double epochs : {1.0, 2.5, 1048577.0, double(NAN)}) {
        in.epochs = epochs;
        CHECK(parameter_of([&] { layout_sim_config(in); }) == "epochs");
    }
    in.epochs = 2;
    for (double queries : {-1.0, 0.5, 1099511627777.0}) {
        in.queries = queries;
        CHECK(parameter_of([&] { layout_sim_config(in); }) == "queries");
    }
    in.queries.reset();
    for (double seed : {-1.0, 9007199254740992.0, 0.5}) {
        in.seed = seed;
        CHECK(parameter_of([&] { layout_sim_config(in); }) == "seed");
    }
    in.seed = 1, in.block_bits = 100;
    CHECK(parameter_of([&] { layout_sim_config(in); }) == "blockBits");
}
