// Benchmark of the recycling-filter models: f¹_σ for every σ by one σ-independent fill against re-solving
// the chain for each σ as 000 describes (τ rows by eqs 4–8, π by eq 15), side by side; then a full
// recommendation (k = 1..32). Medians of wall times; the last line is JSON for scripts/bench.mjs.
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

#include "bloomcalc/rbf_chain.hpp"
#include "bloomcalc/rbf_one_phase.hpp"
#include "bloomcalc/rbf_recommend.hpp"

using namespace bloomcalc;
using Clock = std::chrono::steady_clock;

namespace {

double ms_since(Clock::time_point t0) { return std::chrono::duration<double, std::milli>(Clock::now() - t0).count(); }

// The paper's method for one σ (colliding, non-retaining): rows τ_k(i, ·) by eq 4, π by eq 15 from π_0 = 1,
// normalised, then eq 18.
double paper_f1(std::uint64_t M, unsigned k, std::uint64_t sigma) {
    std::vector<std::vector<double>> tau(sigma + 1);
    for (std::uint64_t i = 0; i <= sigma; ++i) tau[i] = message_step(i, M, k, Hashing::colliding);
    std::vector<double> g(sigma + 1, 0.0);
    g[0] = 1.0;
    double total = 1.0, fp = 0.0;
    for (std::uint64_t i = 1; i <= sigma; ++i) {
        double in = 0.0;
        for (std::uint64_t j = i > k ? i - k : 0; j < i; ++j) in += g[j] * tau[j][i - j];
        g[i] = in / (1.0 - tau[i][0]);
        total += g[i];
    }
    for (std::uint64_t i = 0; i <= sigma; ++i) fp += g[i] * rbf_rho(i, M, k, Hashing::colliding);
    return fp / total;
}

}  // namespace

int main() {
    std::string json = "{\"allSigma\":[";
    std::printf("f1 for every sigma, colliding, non-retaining, k = 6: one fill vs re-solving per sigma (000 eqs 4-18)\n");
    std::printf("%8s %14s %16s %10s %12s\n", "M", "fill ms", "per-sigma ms", "ratio", "max rel diff");
    bool first = true;
    for (std::uint64_t M : {250u, 1000u, 4000u}) {
        const unsigned k = 6;
        std::vector<double> fast(M), times;
        for (int rep = 0; rep < 7; ++rep) {  // median of 7: the first runs include warm-up
            const auto t0 = Clock::now();
            const OnePhaseModel model(M, k, RbfVariant{});
            for (std::uint64_t s = 0; s < M; ++s) fast[s] = model.at(s).average_fpr;
            times.push_back(ms_since(t0));
        }
        std::sort(times.begin(), times.end());
        const double t_fill = times[times.size() / 2];
        const auto t0 = Clock::now();
        double worst = 0;
        for (std::uint64_t s = 0; s < M; ++s) {
            const double slow = paper_f1(M, k, s);
            if (slow > 0) worst = std::max(worst, std::fabs(slow - fast[s]) / slow);
        }
        const double t_paper = ms_since(t0);
        std::printf("%8llu %14.3f %16.1f %9.0fx %12.2e\n", static_cast<unsigned long long>(M), t_fill, t_paper, t_paper / t_fill, worst);
        char row[160];
        std::snprintf(row, sizeof row, "%s{\"M\":%llu,\"fillMs\":%.6g,\"perSigmaMs\":%.6g,\"relDiff\":%.3g}", first ? "" : ",",
                      static_cast<unsigned long long>(M), t_fill, t_paper, worst);
        json += row;
        first = false;
    }
    json += "],\"recommend\":[";
    std::printf("\nfull recommendation, f* = 1%%, k = 1..32 (one phase, two phases, three N rules per k), median of 3\n");
    std::printf("%10s %12s %10s %12s\n", "M", "ms", "best k", "capacity");
    first = true;
    for (std::uint64_t M : {std::uint64_t{1} << 12, std::uint64_t{1} << 16, std::uint64_t{1} << 20}) {
        RecommendInput in;
        in.M = M;
        in.target = 0.01;
        in.k_max = 32;
        Recommendation rec;
        std::vector<double> times;
        for (int rep = 0; rep < 3; ++rep) {  // median of 3
            const auto t0 = Clock::now();
            rec = recommend(in);
            times.push_back(ms_since(t0));
        }
        std::sort(times.begin(), times.end());
        const double t = times[1];
        std::printf("%10llu %12.1f %10u %12.1f\n", static_cast<unsigned long long>(M), t, rec.one_phase.k, rec.one_phase.choice.capacity);
        char row[160];
        std::snprintf(row, sizeof row, "%s{\"M\":%llu,\"ms\":%.6g}", first ? "" : ",", static_cast<unsigned long long>(M), t);
        json += row;
        first = false;
    }
    json += "]}";
    std::printf("JSON %s\n", json.c_str());
    return 0;
}
