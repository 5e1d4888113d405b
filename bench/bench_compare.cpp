// Benchmark of "Which filter?" (families/compare.hpp): the time to compare every family at n = 10^9 (model only),
// and each family's share of it, at p = 1 %, 0.1 %, 0.01 %; the closing figures at n = 10^7 with the same p.
// Medians of runs. The last line is JSON for scripts/bench.mjs, which runs this natively and compiled to wasm.
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

#include "bloomcalc/families/compare.hpp"

#include "json.hpp"

using namespace bloomcalc;
using bench::num;
using bench::str;
using namespace bloomcalc::families;

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

}  // namespace

int main() {
    std::string json = "{\"timing\":[";
    bool first = true;
    for (const double p : {0.01, 0.001, 0.0001}) {
        CompareInput in;
        in.n = 1e9;
        in.p = p;
        const double all = median_ms(5, [&] { compare(in); });
        std::printf("n = 10^9, p = %g: every family %.2f ms\n", p, all);
        std::string families;
        for (const auto& family : compare_families()) {
            CompareInput one = in;
            one.family = family;
            const double ms = median_ms(5, [&] { compare(one); });
            std::printf("  %-18s %.3f ms\n", family.c_str(), ms);
            families +=
                std::string(families.empty() ? "" : ",") + "{\"family\":" + str(family) + ",\"ms\":" + num(ms) + "}";
        }
        json += std::string(first ? "" : ",") + "{\"p\":" + num(p) + ",\"ms\":" + num(all) + ",\"families\":[" +
                families + "]}";
        first = false;
    }
    json += "],\"figures\":[";
    first = true;
    for (const double p : {0.01, 0.001, 0.0001}) {
        CompareInput in;
        in.n = 1e7;
        in.p = p;
        in.static_set = true;
        const CompareResult r = compare(in);
        for (const auto& row : r.rows) {
            json += std::string(first ? "" : ",") + "{\"p\":" + num(p) + ",\"family\":" + str(row.family) +
                    ",\"variant\":" + str(row.variant) + ",\"bytes\":" + num(static_cast<double>(row.bytes)) +
                    ",\"bitsPerKey\":" + num(row.bits_per_key) + ",\"fpr\":" + num(row.fpr) +
                    ",\"meets\":" + (row.meets ? "true" : "false") + "}";
            first = false;
        }
    }
    json += "]}";
    std::printf("JSON %s\n", json.c_str());
}
