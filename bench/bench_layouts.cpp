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

#include "bloomcalc/layouts/approximations.hpp"
#include "bloomcalc/layouts/layout_fpr.hpp"
#include "bloomcalc/layouts/layout_sim.hpp"
#include "bloomcalc/layouts/layout_sizing.hpp"
#include "bloomcalc/layouts/presets.hpp"

using namespace bloomcalc;

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

std::string num(double v) {
    char buf[40];
    std::snprintf(buf, sizeof buf, "%.17g", v);
    return buf;
}

}  // namespace

int main() {
    const std::uint64_t n = 1000000;
    const std::uint64_t m = 10 * n;  // 10 bits/key; a multiple of 512 and of k below
    auto filter = [&](Layout layout, std::uint64_t mm, unsigned k, std::uint64_t B) {
        return make_layout_filter(layout, static_cast<double>(mm), static_cast<double>(n), k, static_cast<double>(B), Hashing::colliding);
    };
    const std::vector<Row> rows = {
        {"standard k=7", filter(Layout::standard, m, 7, 0)},
        {"rocksdb B=512 k=6", preset_filter(find_preset("rocksdb"), 512 * 19532, n, 0)},
        {"blocked B=512 k=7", filter(Layout::blocked, 512 * 19532, 7, 512)},
        {"boost-block B=64 k=5", filter(Layout::blocked, 64 * 156250, 5, 64)},
        {"parquet B=256 k=8", filter(Layout::split_block, 256 * 39063, 8, 256)},
        {"boost-multiblock 64x7", filter(Layout::split_block, 448 * 22322, 7, 448)},
        {"partitioned k=7", filter(Layout::partitioned, 7 * 1428572, 7, 0)},
        {"rocksdb at 2^40 bits", preset_filter(find_preset("rocksdb"), std::uint64_t{1} << 40, std::uint64_t{1} << 37, 0)},
        {"parquet at 2^40 bits", make_layout_filter(Layout::split_block, 1099511627776.0, 68719476736.0, 8, 256, Hashing::colliding)},
    };
    std::string json = "{\"fpr\":[";
    std::printf("Exact FPR per layout, n = 10^6 at 10 bits/key (last two rows: m = 2^40, 8 and 16 bits/key): touching-item method vs load mixture\n");
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
                ",\"exactMs\":" + num(exact_ms) + ",\"mixtureMs\":" + num(mix_ms) + ",\"relDiff\":" + num(diff) + ",\"approximations\":[";
        bool first_a = true;
        for (const auto& a : layout_approximations(row.filter, exact)) {
            std::printf("    %-46s %14.6e  rel. error %+9.2e\n", a.label.c_str(), a.value, a.relative_error);
            json += std::string(first_a ? "" : ",") + "{\"name\":\"" + a.name + "\",\"relativeError\":" + num(a.relative_error) + "}";
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
        std::printf("%-22s %12llu %4u %10.3f %12.6e %9.1f%% %10.2f\n", c.label, static_cast<unsigned long long>(s.filter.m), s.filter.k,
                    s.bits_per_key, s.fpr, 100 * s.overhead, ms);
        for (const auto& a : s.approximations)
            std::printf("    %-46s %14.6e  rel. error %+9.2e\n", a.label.c_str(), a.value, a.relative_error);
        if (s.parquet)
            std::printf("    Parquet writer for (ndv, fpp): %llu bytes, exact FPR %.6e (%s the target)\n",
                        static_cast<unsigned long long>(s.parquet->bytes), s.parquet->fpr, s.parquet->meets_target ? "meets" : "misses");
        json += std::string(first ? "" : ",") + "{\"label\":\"" + c.label + "\",\"m\":" + num(static_cast<double>(s.filter.m)) +
                ",\"ms\":" + num(ms) + "}";
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
        {"blocked B=512 k=6", make_layout_filter(Layout::blocked, static_cast<double>(sm), static_cast<double>(sn), 6, 512, Hashing::colliding), LayoutHashing::ideal},
        {"split-block ideal", make_layout_filter(Layout::split_block, static_cast<double>(sm), static_cast<double>(sn), 8, 256, Hashing::colliding), LayoutHashing::ideal},
        {"split-block parquet", make_layout_filter(Layout::split_block, static_cast<double>(sm), static_cast<double>(sn), 8, 256, Hashing::colliding), LayoutHashing::parquet},
        {"partitioned k=8", make_layout_filter(Layout::partitioned, static_cast<double>(sm), static_cast<double>(sn), 8, 0, Hashing::colliding), LayoutHashing::ideal},
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
