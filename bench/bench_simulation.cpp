// Benchmark: simulation throughput in bit probes per second, for the Bloom filter experiment and the
// σ-bounded recycling filter, at M = 2^16 bits (8 KiB: in L1/L2 cache) and M = 2^30 bits (128 MiB: every
// probe a cache miss), each hashing scheme at M = 2^16. Medians of 5 runs. The last line is JSON for
// scripts/bench.mjs, which runs this natively and compiled to wasm and prints the ratio.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <string>
#include <vector>

#include "bloomcalc/sim/runner.hpp"

using namespace bloomcalc;

namespace {

struct Case {
    const char* label;
    Structure structure;
    std::uint64_t m;
    HashScheme hashing;
    double probes;  // work per run
};

double probes_per_second(const Case& c, std::uint64_t& checksum) {
    SimConfig s;
    s.structure = c.structure;
    s.m = c.m;
    s.k = 7;
    s.hashing = c.hashing;
    s.seed = 1;
    s.epochs = 2;
    if (c.structure == Structure::bloom) {
        // 10 bits per element, but at most a quarter of the run's probes in insertions (large m)
        s.n = std::min<std::uint64_t>(c.m / 10, static_cast<std::uint64_t>(c.probes / 7 / 4));
        s.queries = s.n;
        s.arrivals = static_cast<std::uint64_t>(c.probes / 7 / 2 / 2);  // half the probes insert, half look up
    } else {
        s.sigma = c.m / 2;
        s.arrivals = static_cast<std::uint64_t>(c.probes / 7 / 3);
        s.warmup = s.arrivals;
    }
    std::vector<double> rates;
    for (int rep = 0; rep < 5; ++rep) {
        const auto t0 = std::chrono::steady_clock::now();
        SimRunner runner(s);
        while (!runner.run(1e7).done) {
        }
        const double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
        const SimResult r = runner.result();
        checksum += r.count_instance.numerator;
        rates.push_back(r.progress.probes / secs);
    }
    std::sort(rates.begin(), rates.end());
    return rates[rates.size() / 2];
}

}  // namespace

int main() {
    const std::uint64_t small = std::uint64_t{1} << 16, large = std::uint64_t{1} << 30;
    const Case cases[] = {
        {"bloom, ideal colliding", Structure::bloom, small, HashScheme::ideal_colliding, 4e7},
        {"bloom, ideal distinct", Structure::bloom, small, HashScheme::ideal_distinct, 4e7},
        {"bloom, double hashing", Structure::bloom, small, HashScheme::double_hashing, 4e7},
        {"bloom, enhanced double", Structure::bloom, small, HashScheme::enhanced_double, 4e7},
        {"sigma, ideal colliding", Structure::sigma, small, HashScheme::ideal_colliding, 4e7},
        {"bloom, ideal colliding", Structure::bloom, large, HashScheme::ideal_colliding, 4e7},
        {"sigma, ideal colliding", Structure::sigma, large, HashScheme::ideal_colliding, 4e7},
    };
    std::printf("simulation throughput, k = 7 (bloom: n = min(m/10, probes/28), lookups = n per filter; sigma: σ = m/2, fresh stream)\n");
    std::printf("%-26s %12s %16s\n", "case", "m", "bit probes/s");
    std::string json = "{\"simulation\":[";
    std::uint64_t checksum = 0;
    bool first = true;
    for (const Case& c : cases) {
        const double rate = probes_per_second(c, checksum);
        std::printf("%-26s %12llu %16.3e\n", c.label, static_cast<unsigned long long>(c.m), rate);
        char row[200];
        std::snprintf(row, sizeof row, "%s{\"label\":\"%s\",\"m\":%llu,\"probesPerSecond\":%.6g}", first ? "" : ",", c.label,
                      static_cast<unsigned long long>(c.m), rate);
        json += row;
        first = false;
    }
    json += "],\"checksum\":" + std::to_string(checksum) + "}";
    std::printf("JSON %s\n", json.c_str());
    return 0;
}
