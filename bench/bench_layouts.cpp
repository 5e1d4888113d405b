// Benchmark of the block layouts: per layout at typical settings (10 bits/key, n = 10^6, and 1 % sizing),
// the exact FPR by the touching-item method and by the load mixture (time and agreement), each anchor's
// approximation with its relative error, sizing time, and simulation throughput. Medians of runs.
// The last line is JSON for scripts/bench.mjs, which runs this natively and compiled to wasm.
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

#include "bloomcalc/error.hpp"
#include "bloomcalc/layouts/approximations.hpp"
#include "bloomcalc/layouts/layout_fpr.hpp"
#include "bloomcalc/layouts/layout_sim.hpp"
#include "bloomcalc/layouts/layout_sizing.hpp"
#include "bloomcalc/layouts/presets.hpp"

#include "json.hpp"

using namespace bloomcalc;
using bench::num;

namespace {

template <class F>
double median_ms(int reps, F&& f) {
    std::vector<double> times;
    for (int i = 0; i < reps; ++i) {
        const auto t0 = std::chrono::steady_clock::now();
        f();
        times.push_back(std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count());
    }
    std::sort(times.begin(), times.end());
    return times[times.size() / 2];
}

struct Row {
    const char* label;
    LayoutFilter filter;
};

}  // namespace

int main() {
    const std::uint64_t n = 1000000;
    const std::uint64_t m = 10 * n;  // 10 bits/key; a multiple of 512 and of k below
    auto filter = [&](Layout layout, std::uint64_t mm, unsigned k, std::uint64_t B) {
        return make_layout_filter(layout, static_cast<double>(mm), static_cast<double>(n), k, static_cast<double>(B),
                                  Hashing::colliding);
    };
    const std::vector<Row> rows = {
        {"standard k=7", filter(Layout::standard, m, 7, 0)},
        {"rocksdb B=512 k=6", preset_filter(find_preset("rocksdb"), 512 * 19532, n, 0)},
        {"blocked B=512 k=7", filter(Layout::blocked, 512 * 19532, 7, 512)},
        {"boost-block B=64 k=5", filter(Layout::blocked, 64 * 156250, 5, 64)},
        {"parquet B=256 k=8", filter(Layout::split_block, 256 * 39063, 8, 256)},
        {"boost-multiblock 64x7", filter(Layout::split_block, 448 * 22322, 7, 448)},
        {"partitioned k=7", filter(Layout::partitioned, 7 * 1428572, 7, 0)},
        {"rocksdb at 2^40 bits",
         preset_filter(find_preset("rocksdb"), std::uint64_t{1} << 40, std::uint64_t{1} << 37, 0)},
        {"parquet at 2^40 bits",
         make_layout_filter(Layout::split_block, 1099511627776.0, 68719476736.0, 8, 256, Hashing::colliding)},
    };
    std::string json = "{\"fpr\":[";
    std::printf(
        "Exact FPR per layout, n = 10^6 at 10 bits/key (last two rows: m = 2^40, 8 and 16 bits/key): touching-item "
        "method vs load mixture\n");
    std::printf("%-24s %14s %10s %12s %8s %11s\n", "layout", "exact", "exact ms", "mixture ms", "loads", "rel. diff");
    bool first = true;
    for (const auto& row : rows) {
        double exact = 0;
        LoadMixture mix;
        const double exact_ms = median_ms(7, [&] { exact = layout_exact_fpr(row.filter); });
        const double mix_ms = median_ms(3, [&] { mix = layout_mixture_fpr(row.filter); });
        const double diff = std::fabs(mix.fpr - exact) / exact;
        std::printf("%-24s %14.6e %10.3f %12.3f %8llu %11.1e\n", row.label, exact, exact_ms, mix_ms,
                    static_cast<unsigned long long>(mix.terms), diff);
        json += std::string(first ? "" : ",") + "{\"label\":\"" + row.label + "\",\"exact\":" + num(exact) +
                ",\"exactMs\":" + num(exact_ms) + ",\"mixtureMs\":" + num(mix_ms) + ",\"relDiff\":" + num(diff) +
                ",\"approximations\":[";
        bool first_a = true;
        for (const auto& a : layout_approximations(row.filter, exact)) {
            std::printf("    %-46s %14.6e  rel. error %+9.2e\n", a.label.c_str(), a.value, a.relative_error);
            json += std::string(first_a ? "" : ",") + "{\"name\":\"" + a.name +
                    "\",\"relativeError\":" + num(a.relative_error) + "}";
            first_a = false;
        }
        json += "]}";
        first = false;
    }

    json += "],\"sizing\":[";
    std::printf("\nSizing for n = 10^6, p = 1 %% (exact FPR ≤ p), memory beside the standard filter\n");
    std::printf("%-22s %12s %4s %10s %12s %10s %10s\n", "layout", "m", "k", "bits/key", "exact FPR", "overhead", "ms");
    struct SizeCase {
        const char* label;
        LayoutSizingInput in;
    };
    std::vector<SizeCase> cases(6);
    for (auto& c : cases) c.in.n = 1e6, c.in.p = 0.01;
    cases[0].label = "standard", cases[0].in.layout = Layout::standard;
    cases[1].label = "rocksdb", cases[1].in.preset = "rocksdb";
    cases[2].label = "parquet", cases[2].in.preset = "parquet";
    cases[3].label = "blocked B=512", cases[3].in.layout = Layout::blocked, cases[3].in.block_bits = 512;
    cases[4].label = "split-block B=256", cases[4].in.layout = Layout::split_block, cases[4].in.block_bits = 256;
    cases[5].label = "partitioned", cases[5].in.layout = Layout::partitioned;
    first = true;
    for (const auto& c : cases) {
        LayoutSizing s;
        const double ms = median_ms(3, [&] { s = size_layout(c.in); });
        std::printf("%-22s %12llu %4u %10.3f %12.6e %9.1f%% %10.2f\n", c.label,
                    static_cast<unsigned long long>(s.filter.m), s.filter.k, s.bits_per_key, s.fpr, 100 * s.overhead,
                    ms);
        for (const auto& a : s.approximations)
            std::printf("    %-46s %14.6e  rel. error %+9.2e\n", a.label.c_str(), a.value, a.relative_error);
        if (s.parquet)
            std::printf("    Parquet writer for (ndv, fpp): %llu bytes, exact FPR %.6e (%s the target)\n",
                        static_cast<unsigned long long>(s.parquet->bytes), s.parquet->fpr,
                        s.parquet->meets_target ? "meets" : "misses");
        json += std::string(first ? "" : ",") + "{\"label\":\"" + c.label +
                "\",\"m\":" + num(static_cast<double>(s.filter.m)) + ",\"ms\":" + num(ms) + "}";
        first = false;
    }

    // The slowest sizings of the audit (docs/decisions.md, Limits), fast search vs the reference search
    // it replaced (SizingSearch::reference: a fresh exact FPR per size, classic starts, no bound), side
    // by side; both must return the same filter.
    json += "],\"sizingWorst\":[";
    std::printf("\nSizing worst cases: fast search vs reference search (same answer required)\n");
    std::printf("%-34s %14s %4s %10s %12s %8s\n", "case", "m", "k", "fast ms", "reference ms", "ratio");
    struct WorstCase {
        const char* label;
        LayoutSizingInput in;
    };
    auto worst_case = [](const char* label, Layout layout, double nn, double p, double B, Hashing h,
                         const char* preset) {
        WorstCase c;
        c.label = label;
        c.in.layout = layout, c.in.n = nn, c.in.p = p, c.in.hashing = h, c.in.preset = preset;
        if (B > 0) c.in.block_bits = B;
        return c;
    };
    const std::vector<WorstCase> worst = {
        worst_case("blocked B=512 n=1e4 p=1e-27", Layout::blocked, 1e4, 1e-27, 512, Hashing::colliding, ""),
        worst_case("blocked B=512 n=8.4e7 p=5.9e-21", Layout::blocked, 83568684, 5.94e-21, 512, Hashing::colliding, ""),
        worst_case("blocked B=4096 n=1229 p=9.3e-64", Layout::blocked, 1229, 9.28e-64, 4096, Hashing::colliding, ""),
        worst_case("blocked B=64 n=1 p=1e-27 (none)", Layout::blocked, 1, 1e-27, 64, Hashing::colliding, ""),
        worst_case("standard distinct n=208 p=1e-19", Layout::standard, 208, 1.17e-19, 0, Hashing::distinct, ""),
        worst_case("standard n=1e12 p=1e-300 (none)", Layout::standard, 1e12, 1e-300, 0, Hashing::distinct, ""),
    };
    first = true;
    for (const auto& c : worst) {
        auto run = [&](SizingSearch search) {
            try {
                const auto s = size_layout(c.in, search);
                return std::to_string(s.filter.m) + " " + std::to_string(s.filter.k) + " " + num(s.fpr);
            } catch (const Error& e) {
                return std::string("none: ") + e.parameter();
            }
        };
        std::string fast, reference;
        const double fast_ms = median_ms(3, [&] { fast = run(SizingSearch::fast); });
        const double ref_ms = median_ms(1, [&] { reference = run(SizingSearch::reference); });
        const auto space = fast.find(' ');
        std::printf(
            "%-34s %14s %4s %10.2f %12.1f %7.0fx%s\n", c.label, fast.substr(0, space).c_str(),
            space == std::string::npos ? "" : fast.substr(space + 1, fast.find(' ', space + 1) - space - 1).c_str(),
            fast_ms, ref_ms, ref_ms / fast_ms, fast == reference ? "" : "  DIFFERENT ANSWERS");
        json += std::string(first ? "" : ",") + "{\"label\":\"" + c.label + "\",\"fastMs\":" + num(fast_ms) +
                ",\"referenceMs\":" + num(ref_ms) + ",\"same\":" + (fast == reference ? "true" : "false") + "}";
        first = false;
    }

    json += "],\"simulation\":[";
    std::printf("\nSimulation throughput (bit probes per second), m = 2^24, 10 bits/key, 8 epochs\n");
    first = true;
    std::uint64_t checksum = 0;
    const std::uint64_t sm = std::uint64_t{1} << 24, sn = sm / 10;
    struct SimCase {
        const char* label;
        LayoutFilter f;
        LayoutHashing h;
    };
    const std::vector<SimCase> sims = {
        {"blocked B=512 k=6",
         make_layout_filter(Layout::blocked, static_cast<double>(sm), static_cast<double>(sn), 6, 512,
                            Hashing::colliding),
         LayoutHashing::ideal},
        {"split-block ideal",
         make_layout_filter(Layout::split_block, static_cast<double>(sm), static_cast<double>(sn), 8, 256,
                            Hashing::colliding),
         LayoutHashing::ideal},
        {"split-block parquet",
         make_layout_filter(Layout::split_block, static_cast<double>(sm), static_cast<double>(sn), 8, 256,
                            Hashing::colliding),
         LayoutHashing::parquet},
        {"partitioned k=8",
         make_layout_filter(Layout::partitioned, static_cast<double>(sm), static_cast<double>(sn), 8, 0,
                            Hashing::colliding),
         LayoutHashing::ideal},
    };
    for (const auto& s : sims) {
        LayoutSimConfig c;
        c.filter = s.f, c.hashing = s.h, c.epochs = 8, c.queries = sn, c.seed = 3;
        LayoutSimResult r;
        const double ms = median_ms(1, [&] { r = simulate_layout(c); });
        const double probes = static_cast<double>(c.epochs) * static_cast<double>(sn + c.queries) * s.f.k;
        const double rate = probes / (ms / 1000.0);
        checksum = checksum * 1000003 + r.total_false_positives;
        std::printf("%-22s %8.0f M probes/s  rate %.6e  exact %.6e  %s\n", s.label, rate / 1e6, r.rate, r.exact,
                    r.inside ? "inside 99 %" : "OUTSIDE 99 %");
        json += std::string(first ? "" : ",") + "{\"label\":\"" + s.label + "\",\"probesPerSecond\":" + num(rate) + "}";
        first = false;
    }
    json += "],\"checksum\":" + std::to_string(checksum) + "}";
    std::printf("JSON %s\n", json.c_str());
    return 0;
}
