// Benchmark: the fast exact FPR against 001's table method (Fig. 1), side by side at growing m,
// 10 bits per element and k = 7; then the fast method alone at real filter sizes. Times are medians.
// The last line is JSON for scripts/bench.mjs, which runs this natively and compiled to wasm.
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

#include "bloomcalc/fpr/exact_fpr.hpp"
#include "bloomcalc/fpr/exact_fpr_table.hpp"

using namespace bloomcalc;

namespace {

// Median wall time in ms of `reps` runs of f (the result is kept so the work is not optimised away).
template <class F>
double median_ms(int reps, F&& f, double& result) {
    std::vector<double> times;
    for (int i = 0; i < reps; ++i) {
        const auto t0 = std::chrono::steady_clock::now();
        result = f();
        times.push_back(std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count());
    }
    std::sort(times.begin(), times.end());
    return times[times.size() / 2];
}

}  // namespace

int main() {
    std::string json = "{\"sideBySide\":[";
    std::printf(
        "exact mean FPR, colliding, n = m/10, k = 7: fast method vs table method (001 Fig. 1); the table\n"
        "method (the reference) refuses more than 2^27 table cells (kn·min(kn, m)): above that, the fast one alone\n");
    std::printf("%10s %8s %14s %14s %10s %12s\n", "m", "n", "fast ms", "table ms", "ratio", "rel. diff");
    bool first = true;
    for (std::uint64_t m : {256u, 1024u, 4096u, 16384u, 32768u}) {
        const Filter f{m, m / 10, 7, Hashing::colliding};
        double fast = 0, table = 0;
        const double t_fast = median_ms(
            21, [&] { return exact_fpr(f); }, fast);
        const double kn = static_cast<double>(f.k * f.n), cells = kn * std::min(kn, static_cast<double>(m));
        char row[200];
        if (cells > static_cast<double>(kMaxTableWork)) {  // refused by the reference: the fast method alone
            std::printf("%10llu %8llu %14.4f %14s %10s %12s  (table: %.3g cells, refused)\n",
                        static_cast<unsigned long long>(m), static_cast<unsigned long long>(f.n), t_fast, "-", "-", "-",
                        cells);
            std::snprintf(row, sizeof row, "%s{\"m\":%llu,\"fastMs\":%.6g,\"tableMs\":null,\"relDiff\":null}",
                          first ? "" : ",", static_cast<unsigned long long>(m), t_fast);
        } else {
            const double t_table = median_ms(
                m <= 4096 ? 5 : 1, [&] { return exact_fpr_table(f); }, table);
            const double rel = std::fabs(fast - table) / table;
            std::printf("%10llu %8llu %14.4f %14.4f %9.1fx %12.2e\n", static_cast<unsigned long long>(m),
                        static_cast<unsigned long long>(f.n), t_fast, t_table, t_table / t_fast, rel);
            std::snprintf(row, sizeof row, "%s{\"m\":%llu,\"fastMs\":%.6g,\"tableMs\":%.6g,\"relDiff\":%.3g}",
                          first ? "" : ",", static_cast<unsigned long long>(m), t_fast, t_table, rel);
        }
        json += row;
        first = false;
    }
    json += "],\"fastOnly\":[";
    std::printf("\nfast method alone at real sizes (the table method would need ~0.5·m² cells)\n");
    std::printf("%16s %16s %4s %10s %14s %22s\n", "m", "n", "k", "hashing", "fast ms", "exact FPR");
    first = true;
    struct Case {
        std::uint64_t m, n;
        unsigned k;
        Hashing h;
    };
    const std::uint64_t G = std::uint64_t{1} << 30, T = std::uint64_t{1} << 40;
    for (const Case c : {Case{G, G / 10, 7, Hashing::colliding}, Case{G, G / 10, 7, Hashing::distinct},
                         Case{T, T / 20, 14, Hashing::colliding}, Case{T, T / 64, 44, Hashing::colliding},
                         Case{T, T, 64, Hashing::colliding}, Case{T, T / 64, 44, Hashing::distinct}}) {
        const Filter f{c.m, c.n, c.k, c.h};
        double value = 0;
        const double t = median_ms(
            11, [&] { return exact_fpr(f); }, value);
        std::printf("%16llu %16llu %4u %10s %14.4f %22.15e\n", static_cast<unsigned long long>(c.m),
                    static_cast<unsigned long long>(c.n), c.k, to_string(c.h), t, value);
        char row[200];
        std::snprintf(row, sizeof row, "%s{\"m\":%llu,\"n\":%llu,\"k\":%u,\"hashing\":\"%s\",\"fastMs\":%.6g}",
                      first ? "" : ",", static_cast<unsigned long long>(c.m), static_cast<unsigned long long>(c.n), c.k,
                      to_string(c.h), t);
        json += row;
        first = false;
    }
    json += "]}";
    std::printf("JSON %s\n", json.c_str());
    return 0;
}
