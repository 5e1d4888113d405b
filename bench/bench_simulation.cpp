// Benchmark: simulation throughput in bit probes per second, for the Bloom filter experiment and the
// σ-bounded recycling filter at M = 2^16 bits (8 KiB: in L1/L2 cache), 2^24 (2 MiB: the last-level cache) and
// 2^30 (128 MiB: every probe a cache miss), each hashing scheme at M = 2^16; beside each M, this machine's limit
// for the same probe pattern, measured in the same run: a plain loop setting k random bits per item, a batch of
// items' positions computed ahead and their lines requested as the simulator does (sim/prefetch.hpp), its runs
// taking turns with the simulation's. Medians of 5 runs. The last line is JSON for scripts/bench.mjs, which runs this natively and compiled to wasm
// and prints the ratios (docs/simulation.md, "Batched probes").
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <string>
#include <vector>

#include "bloomcalc/sim/hashing.hpp"
#include "bloomcalc/sim/prefetch.hpp"
#include "bloomcalc/sim/runner.hpp"

using namespace bloomcalc;

namespace {

constexpr unsigned kK = 7;
constexpr int kRuns = 5;

struct Case {
    const char* label;
    Structure structure;
    std::uint64_t m;
    HashScheme hashing;
    double probes;  // work per run
};

constexpr std::uint64_t kSmall = std::uint64_t{1} << 16, kMid = std::uint64_t{1} << 24, kLarge = std::uint64_t{1} << 30;
const Case kCases[] = {
    {"bloom, ideal colliding", Structure::bloom, kSmall, HashScheme::ideal_colliding, 4e7},
    {"bloom, ideal distinct", Structure::bloom, kSmall, HashScheme::ideal_distinct, 4e7},
    {"bloom, double hashing", Structure::bloom, kSmall, HashScheme::double_hashing, 4e7},
    {"bloom, enhanced double", Structure::bloom, kSmall, HashScheme::enhanced_double, 4e7},
    {"sigma, ideal colliding", Structure::sigma, kSmall, HashScheme::ideal_colliding, 4e7},
    {"bloom, ideal colliding", Structure::bloom, kMid, HashScheme::ideal_colliding, 4e7},
    {"sigma, ideal colliding", Structure::sigma, kMid, HashScheme::ideal_colliding, 4e7},
    {"bloom, ideal colliding", Structure::bloom, kLarge, HashScheme::ideal_colliding, 4e7},
    {"sigma, ideal colliding", Structure::sigma, kLarge, HashScheme::ideal_colliding, 4e7},
};

double median(std::vector<double> v) {
    std::sort(v.begin(), v.end());
    return v[v.size() / 2];
}

SimConfig config_of(const Case& c) {
    SimConfig s;
    s.structure = c.structure;
    s.m = c.m;
    s.k = kK;
    s.hashing = c.hashing;
    s.seed = 1;
    s.epochs = 2;
    if (c.structure == Structure::bloom) {
        // 10 bits per element, but at most a quarter of the run's probes in insertions (large m)
        s.n = std::min<std::uint64_t>(c.m / 10, static_cast<std::uint64_t>(c.probes / kK / 4));
        s.queries = s.n;
        s.arrivals = static_cast<std::uint64_t>(c.probes / kK / 2 / 2);  // half the probes insert, half look up
    } else {
        s.sigma = c.m / 2;
        s.arrivals = static_cast<std::uint64_t>(c.probes / kK / 3);
        s.warmup = s.arrivals;
    }
    return s;
}

// What a timed run did: its bit probes and its seconds.
struct Run {
    double probes, secs;
    double rate() const { return probes / secs; }
};

// One timed simulation.
Run simulation_run(const SimConfig& s, std::uint64_t& checksum) {
    const auto t0 = std::chrono::steady_clock::now();
    SimRunner runner(s);
    while (!runner.run(1e7).done) {
    }
    const double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    const SimResult r = runner.result();
    checksum += r.count_instance.numerator;
    return {r.progress.probes, secs};
}

// The limit: items of k uniform bit positions in m bits (one multiply-add generator and a multiply-shift per
// position: less work than any hashing scheme), kProbeBatch items' positions computed, their lines requested,
// then their bits set and the fresh ones counted, one item after another. A fresh array each run, as the simulator's.
// `hashed`: the positions the simulator's ideal hashing gives item ids 0, 1, … (sim/hashing.hpp: a SplitMix64
// round per position and one per item) instead, to show what that hashing costs at the limit.
Run limit_run(std::uint64_t m, double probes, std::uint64_t& checksum, bool hashed = false) {
    const std::uint64_t items = static_cast<std::uint64_t>(probes / kK);
    const Hasher hasher(HashScheme::ideal_colliding, static_cast<std::uint32_t>(m), kK, 1);
    const auto t0 = std::chrono::steady_clock::now();
    std::vector<std::uint64_t> words(static_cast<std::size_t>((m + 63) / 64), 0);
    const bool far = words.size() * sizeof(std::uint64_t) > kCachedBytes;
    std::uint32_t pos[kProbeBatch * kK];
    std::uint64_t x = 1, fresh = 0, sink = 0;
    for (std::uint64_t done = 0; done < items; done += kProbeBatch) {
        if (hashed)
            for (unsigned i = 0; i < kProbeBatch; ++i) hasher.positions(done + i, pos + i * kK);
        else
            for (unsigned i = 0; i < kProbeBatch * kK; ++i) {
                x = x * 6364136223846793005ULL + 1442695040888963407ULL;
                pos[i] = uniform_below(x, static_cast<std::uint32_t>(m));
            }
        if (far)
            for (unsigned i = 0; i < kProbeBatch * kK; ++i) sink |= touch_line(&words[pos[i] >> 6]);
        for (unsigned i = 0; i < kProbeBatch * kK; ++i) {
            std::uint64_t& w = words[pos[i] >> 6];
            const std::uint64_t bit = std::uint64_t{1} << (pos[i] & 63);
            fresh += (w & bit) == 0;
            w |= bit;
        }
    }
    const double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    checksum += fresh;
    keep(sink);
    return {static_cast<double>((items + kProbeBatch - 1) / kProbeBatch * kProbeBatch * kK), secs};
}

struct Rates {
    double simulation;
    double limit, hashed_limit;  // 0: not measured
};

// Medians of kRuns runs of the case and, with `limit`, of the limit loop at its m, plain and hashed, run by turns:
// a shared machine's speed drifts over seconds, and the ratios compare them under the same conditions.
Rates measure(const Case& c, bool limit, std::uint64_t& checksum, std::uint64_t& limit_checksum) {
    const SimConfig s = config_of(c);
    std::vector<double> simulation, limits, hashed;
    for (int rep = 0; rep < kRuns; ++rep) {
        simulation.push_back(simulation_run(s, checksum).rate());
        if (!limit) continue;
        limits.push_back(limit_run(c.m, c.probes, limit_checksum).rate());
        hashed.push_back(limit_run(c.m, c.probes, limit_checksum, true).rate());
    }
    if (!limit) return {median(simulation), 0, 0};
    return {median(simulation), median(limits), median(hashed)};
}

}  // namespace

int main(int argc, char** argv) {
    // `--limit M PROBES`: the limit loop alone at m = M, "LIMIT <probes/s>" (scripts/bench-sim-workers.mjs runs one
    // copy and two at once: what two cores' memory system gives the same probe pattern).
    if (argc == 4 && std::string(argv[1]) == "--limit") {
        std::uint64_t ignored = 0;
        std::vector<double> rates;
        for (int rep = 0; rep < kRuns; ++rep)
            rates.push_back(limit_run(std::stoull(argv[2]), std::stod(argv[3]), ignored).rate());
        std::printf("LIMIT %.6g\n", median(rates));
        return 0;
    }
    // `--count I PROBES`: case I of kCases (or `hashed-limit`, the hashed limit loop at m = 2^16) once, with PROBES
    // bit probes instead of its own, "COUNT <probes> <checksum> <label>": scripts/bench-instructions.mjs counts the
    // instructions it executes, natively and in wasm, for the same work.
    if (argc == 4 && std::string(argv[1]) == "--count") {
        const double probes = std::stod(argv[3]);
        std::uint64_t checksum = 0;
        std::string label = "hashed limit";
        Run run;
        if (std::string(argv[2]) == "hashed-limit") {
            run = limit_run(kSmall, probes, checksum, true);
        } else {
            Case c = kCases[std::stoul(argv[2])];
            c.probes = probes;
            label = c.label;
            run = simulation_run(config_of(c), checksum);
        }
        std::printf("COUNT %.17g %llu %s\n", run.probes, static_cast<unsigned long long>(checksum), label.c_str());
        return 0;
    }
    std::printf(
        "simulation throughput, k = 7 (bloom: n = min(m/10, probes/28), lookups = n per filter; sigma: σ = m/2, fresh "
        "stream);\n"
        "limit: k random bits set per item, %u items' lines requested ahead; hashed limit: the same with the "
        "simulator's ideal hashing\n",
        kProbeBatch);
    std::printf("%-26s %12s %16s %16s %7s %16s %7s\n", "case", "m", "bit probes/s", "limit probes/s", "ratio",
                "hashed limit", "ratio");
    std::string json = "{\"simulation\":[";
    std::uint64_t checksum = 0, limit_checksum = 0;
    bool first = true;
    for (const Case& c : kCases) {
        // the limit beside the ideal colliding rows
        const auto [rate, limit, hashed] =
            measure(c, c.hashing == HashScheme::ideal_colliding, checksum, limit_checksum);
        if (limit > 0)
            std::printf("%-26s %12llu %16.3e %16.3e %7.2f %16.3e %7.2f\n", c.label,
                        static_cast<unsigned long long>(c.m), rate, limit, rate / limit, hashed, rate / hashed);
        else
            std::printf("%-26s %12llu %16.3e\n", c.label, static_cast<unsigned long long>(c.m), rate);
        char row[300];
        std::snprintf(row, sizeof row,
                      "%s{\"label\":\"%s\",\"m\":%llu,\"probesPerSecond\":%.6g,\"limitProbesPerSecond\":%.6g,"
                      "\"hashedLimitProbesPerSecond\":%.6g}",
                      first ? "" : ",", c.label, static_cast<unsigned long long>(c.m), rate, limit, hashed);
        json += row;
        first = false;
    }
    json += "],\"checksum\":" + std::to_string(checksum) + ",\"limitChecksum\":" + std::to_string(limit_checksum) + "}";
    std::printf("JSON %s\n", json.c_str());
    return 0;
}
