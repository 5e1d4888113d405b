// The fast layout sizing search (kept chains, the lower bound L6, the estimated start) against the
// reference search it replaced, and its worst cases checked against the definition of the answer with
// fresh exact FPRs. Timings are in bench/bench_layouts.cpp, not here.
#include <catch2/catch.hpp>

#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <random>
#include <string>

#include "bloomcalc/error.hpp"
#include "bloomcalc/layouts/layout_fpr.hpp"
#include "bloomcalc/layouts/layout_sizing.hpp"
#include "bloomcalc/layouts/presets.hpp"

using namespace bloomcalc;

namespace {

// "m k fpr standard-m standard-k" or "error <parameter>": what a caller sees of a sizing.
std::string outcome(const LayoutSizingInput& in, SizingSearch search) {
    try {
        const auto s = size_layout(in, search);
        char buf[160];
        std::snprintf(buf, sizeof buf, "m=%llu k=%u fpr=%.17g standard m=%llu k=%u",
                      static_cast<unsigned long long>(s.filter.m), s.filter.k, s.fpr,
                      static_cast<unsigned long long>(s.standard.m), s.standard.k);
        return buf;
    } catch (const Error& e) {
        return "error " + e.parameter();
    }
}

LayoutFilter with_bits(LayoutFilter f, std::uint64_t m) {
    f.m = m;
    if (f.layout == Layout::standard || f.layout == Layout::partitioned) f.block_bits = m;
    return f;
}

LayoutFilter with_k(LayoutFilter f, unsigned k) {
    f.k = k;
    return f;
}

}  // namespace

TEST_CASE("Fast and reference sizing searches give the same filter on a seeded sweep", "[layouts][sizing][search]") {
    // Inputs where the reference search is affordable (p ≥ 1e-9): every layout and preset, n over twelve
    // decades, k free or given, both hashings. LAYOUT_SEARCH_FULL=1 widens p to 1e-30 (minutes).
    const bool full = std::getenv("LAYOUT_SEARCH_FULL") != nullptr;
    const int count = full ? 400 : 48;
    std::mt19937_64 rng(20261123);
    auto uniform = [&](double a, double b) { return std::uniform_real_distribution<double>(a, b)(rng); };
    const char* kinds[] = {"standard", "blocked", "split-block", "partitioned",
                           "parquet",  "rocksdb", "boost-block", "boost-multiblock"};
    const double blocks[] = {64, 128, 256, 512, 1024, 4096};
    int errors = 0;
    for (int i = 0; i < count; ++i) {
        const int kind = static_cast<int>(rng() % 8);
        LayoutSizingInput in;
        in.n = std::round(std::pow(10.0, uniform(0, 12)));
        in.p = std::pow(10.0, -uniform(0.3, full ? 30 : 9));
        if (kind >= 4)
            in.preset = kinds[kind];
        else
            in.layout = parse_layout(kinds[kind]);
        if (kind == 1 || kind == 2) in.block_bits = blocks[rng() % 6];
        if (kind <= 1) in.hashing = rng() % 2 ? Hashing::distinct : Hashing::colliding;
        if (kind >= 6 || rng() % 3 == 0)
            in.k = kind == 2 ? double(1u << (rng() % 7)) : double(1 + rng() % (kind == 7 ? 16 : 64));
        const std::string fast = outcome(in, SizingSearch::fast);
        INFO(kinds[kind] << " n = " << in.n << ", p = " << in.p << ", B = " << in.block_bits.value_or(0)
                         << ", k = " << in.k.value_or(0));
        CHECK(fast == outcome(in, SizingSearch::reference));
        errors += fast.rfind("error", 0) == 0;
    }
    CHECK(errors < count / 2);  // the sweep mostly sizes filters
}

TEST_CASE("Sizing's worst cases: the answer meets p, one unit less does not, and k ± 1 need no fewer bits",
          "[layouts][sizing][search]") {
    struct Case {
        Layout layout;
        double n, p, B;
        const char* preset;
    };
    // The slowest inputs of the audit (docs/decisions.md, Limits): sparse blocked filters at tiny p with
    // k near 64, the standard filter with distinct probes, and a preset with its own rounding.
    const Case cases[] = {
        {Layout::blocked, 1e4, 1e-27, 512, ""},          {Layout::blocked, 1229, 9.28e-64, 4096, ""},
        {Layout::blocked, 83568684, 5.94e-21, 512, ""},  {Layout::standard, 208, 1.17e-19, 0, ""},
        {Layout::standard, 25, 3.36e-20, 0, ""},         {Layout::split_block, 1e6, 1e-30, 512, ""},
        {Layout::partitioned, 3321594, 1.67e-37, 0, ""}, {Layout::standard, 81, 1.18e-17, 0, "rocksdb"},
    };
    for (const auto& c : cases) {
        LayoutSizingInput in;
        in.layout = c.layout, in.n = c.n, in.p = c.p, in.preset = c.preset;
        if (c.B > 0) in.block_bits = c.B;
        if (c.layout == Layout::standard && c.n == 208) in.hashing = Hashing::distinct;
        INFO(to_string(c.layout) << " " << c.preset << " n = " << c.n << ", p = " << c.p << ", B = " << c.B);
        const auto s = size_layout(in);
        const LayoutFilter f = s.filter;
        const std::uint64_t unit = f.layout == Layout::partitioned ? f.k
                                   : f.layout == Layout::standard  ? 1
                                                                   : f.block_bits;
        CHECK(s.fpr == layout_exact_fpr(f));
        CHECK(s.fpr <= c.p);
        if (!s.rocksdb_bits_per_key) {
            CHECK(layout_exact_fpr(with_bits(f, f.m - unit)) > c.p);
            // The k walk stops where k + 1 needs at least as many bits and k − 1 more (fresh exact FPRs).
            auto valid = [&](unsigned k) {
                return k >= 1 && k <= 64 && (f.layout != Layout::split_block || f.block_bits % k == 0);
            };
            unsigned up = f.k + 1, down = f.k - 1;
            while (up <= 64 && !valid(up)) ++up;
            while (down >= 1 && !valid(down)) --down;
            if (f.layout == Layout::partitioned) {
                // the size is a multiple of k: compare at the largest multiple of k ± 1 below m and at m
                if (up <= 64) CHECK(layout_exact_fpr(with_bits(with_k(f, up), (f.m - 1) / up * up)) > c.p);
                if (down >= 1) CHECK(layout_exact_fpr(with_bits(with_k(f, down), f.m / down * down)) > c.p);
            } else {
                if (up <= 64) CHECK(layout_exact_fpr(with_k(with_bits(f, f.m - unit), up)) > c.p);
                if (down >= 1) CHECK(layout_exact_fpr(with_k(f, down)) > c.p);
            }
        } else {
            CHECK(f.k == rocksdb_probes_for(f.m, f.n));
        }
    }
}

TEST_CASE("Sizing's worst infeasible cases name p, settled by the lower bound L6", "[layouts][sizing][search]") {
    struct Case {
        Layout layout;
        double n, p, B;
        Hashing hashing;
    };
    const Case cases[] = {
        {Layout::blocked, 1, 1e-27, 64, Hashing::colliding},     // 9.5 s before (all 64 k searched to 2^40 bits)
        {Layout::blocked, 100, 1e-60, 512, Hashing::colliding},  // 9.8 s before
        {Layout::standard, 1e12, 1e-300, 0, Hashing::distinct},  // 2.2 s before
        {Layout::blocked, 1e12, 0.1, 512, Hashing::distinct},
        {Layout::standard, 5759297937, 1.66e-35, 0,
         Hashing::colliding},  // with k = 18 (below): used to read an empty result
    };
    for (const auto& c : cases) {
        LayoutSizingInput in;
        in.layout = c.layout, in.n = c.n, in.p = c.p, in.hashing = c.hashing;
        if (c.B > 0) in.block_bits = c.B;
        if (c.n == 5759297937) in.k = 18;
        INFO(to_string(c.layout) << " n = " << c.n << ", p = " << c.p);
        CHECK_THROWS_AS(size_layout(in), InfeasibleError);
        try {
            size_layout(in);
        } catch (const Error& e) {
            CHECK(e.parameter() == "p");
        }
        // The bound L6 is below the exact FPR at the largest size.
        for (unsigned k : {1u, 8u, 32u, 64u}) {
            if (c.hashing == Hashing::distinct && c.B > 0 && k > c.B) continue;
            const double B = c.B > 0 ? c.B : 1099511627776.0;
            const auto f = make_layout_filter(c.layout, 1099511627776.0, c.n, k, B, c.hashing);
            const double bound = layout_fpr_lower_bound(f);
            CHECK(bound <= layout_exact_fpr(f) * (1 + 1e-12));
        }
    }
}

TEST_CASE("The lower bound L6 is below the exact FPR on random shapes", "[layouts][sizing][search]") {
    std::mt19937_64 rng(6);
    auto uniform = [&](double a, double b) { return std::uniform_real_distribution<double>(a, b)(rng); };
    const Layout layouts[] = {Layout::standard, Layout::blocked, Layout::partitioned};
    int tight = 0;
    for (int i = 0; i < 120; ++i) {
        const Layout layout = layouts[rng() % 3];
        const unsigned k = 1 + static_cast<unsigned>(rng() % 64);
        const std::uint64_t B = layout == Layout::blocked ? std::uint64_t{64} << (rng() % 7) : 0;
        const std::uint64_t units =
            static_cast<std::uint64_t>(std::pow(2.0, uniform(0, layout == Layout::blocked ? 24 : 30)));
        const std::uint64_t m = layout == Layout::blocked       ? units * B
                                : layout == Layout::partitioned ? std::max<std::uint64_t>(1, units / k) * k
                                                                : std::max<std::uint64_t>(units, k);
        const double n = std::max(1.0, std::round(static_cast<double>(m) / uniform(0.5, 60)));
        const Hashing hashing = layout != Layout::partitioned && rng() % 2 ? Hashing::distinct : Hashing::colliding;
        if (hashing == Hashing::distinct && k > (B ? B : m)) continue;
        const auto f =
            make_layout_filter(layout, static_cast<double>(m), n, k, static_cast<double>(B ? B : m), hashing);
        const double exact = layout_exact_fpr(f), bound = layout_fpr_lower_bound(f);
        INFO(to_string(layout) << " m = " << m << ", n = " << n << ", k = " << k << ", B = " << B
                               << (hashing == Hashing::distinct ? " distinct" : ""));
        CHECK(bound <= exact * (1 + 1e-12));
        tight += bound >= 0.1 * exact;
    }
    CHECK(tight > 20);  // and it is not vacuous: often within a factor 10
}
