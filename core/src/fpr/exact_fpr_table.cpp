// The reference path, written as 001 presents it: eq 8 unrolled into two tables (Fig. 1), then eq 17.
#include "bloomcalc/fpr/exact_fpr_table.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>

#include "bloomcalc/error.hpp"

namespace bloomcalc {

namespace {
void check_length(std::uint64_t length, const char* parameter) {
    if (length >= kMaxTableLength)
        throw InfeasibleError(parameter, "kn and m below " + format_limit(kMaxTableLength) + " for the table method",
                              "the table method's tables would not fit in memory; use the fast exact method");
}
}  // namespace

std::vector<double> occupancy_distribution_table(std::uint64_t balls, std::uint64_t bins) {
    check_length(balls, "n");
    check_length(bins, "m");
    const std::size_t N = static_cast<std::size_t>(balls), M = static_cast<std::size_t>(bins), K = std::min(N, M);
    const double Md = static_cast<double>(M);
    std::vector<double> result(M + 1, 0.0);  // result[K] = P(N, M, K)
    if (N == 0) {
        result[0] = 1.0;
        return result;
    }
    // table1[j] = P(j, M, i) for the current i; table2 holds row i − 1. Index 0 unused.
    std::vector<double> table1(N + 1, 0.0), table2(N + 1, 0.0);
    table1[1] = 1.0;  // P(1, M, 1) = 1
    for (std::size_t i = 1; i <= K; ++i) {
        const double id = static_cast<double>(i);
        for (std::size_t j = i; j <= N; ++j)
            if (j > 1) table1[j] = table1[j - 1] * (id / Md) + table2[j - 1] * ((Md - id + 1) / Md);  // eq 8
        result[i] = table1[N];
        table2.swap(table1);
        std::fill(table1.begin(), table1.end(), 0.0);
    }
    return result;
}

namespace {

void check_work(double cells, const char* formula) {
    if (cells > static_cast<double>(kMaxTableWork)) {
        char count[32];
        std::snprintf(count, sizeof count, "%.3g", cells);
        throw InfeasibleError(
            "m", std::string(formula) + " ≤ " + format_limit(kMaxTableWork) + " table cells",
            std::string("the table method would need ") + count + " table cells; use the fast exact method");
    }
}

// Colliding: eq 17 of 001, p = Σ_i P(kn, m, i)·(i/m)^k.
double table_colliding(const Filter& f) {
    const std::uint64_t N = f.k * f.n;
    check_work(static_cast<double>(N) * static_cast<double>(std::min<std::uint64_t>(N, f.m)), "kn·min(kn, m)");
    const auto P = occupancy_distribution_table(N, f.m);
    const double m = static_cast<double>(f.m);
    double p = 0.0;
    for (std::size_t i = 1; i < P.size(); ++i) p += P[i] * std::pow(static_cast<double>(i) / m, f.k);
    return p;
}

// Distinct: the chain of set bits over the n·k probes; probe t of an item picks one of the m − t bits it has
// not probed yet, all of which include every clear bit. Then p = Σ_s P(s)·C(s,k)/C(m,k).
double table_distinct(const Filter& f) {
    check_work(static_cast<double>(f.n) * f.k * static_cast<double>(f.m), "n·k·m");
    check_length(f.m, "m");
    const auto m = static_cast<std::size_t>(f.m);  // ≤ 2^31 / (n·k) by the work limit
    const double md = static_cast<double>(m);
    std::vector<double> dist(m + 1, 0.0), next(m + 1);
    dist[0] = 1.0;
    for (std::uint64_t item = 0; item < f.n; ++item) {
        for (unsigned t = 0; t < f.k; ++t) {
            const double fresh = md - t;  // bits this item has not probed yet
            std::fill(next.begin(), next.end(), 0.0);
            for (std::size_t s = 0; s <= m; ++s) {
                if (dist[s] == 0.0) continue;
                const double clear = static_cast<double>(m - s);
                next[s] += dist[s] * ((fresh - clear) / fresh);
                if (s < m) next[s + 1] += dist[s] * (clear / fresh);
            }
            dist.swap(next);
        }
    }
    double p = 0.0;
    for (std::size_t s = f.k; s <= m; ++s) {
        double ratio = 1.0;  // C(s,k)/C(m,k) = Π_i (s − i)/(m − i)
        for (unsigned i = 0; i < f.k; ++i) ratio *= static_cast<double>(s - i) / static_cast<double>(m - i);
        p += dist[s] * ratio;
    }
    return p;
}

}  // namespace

double exact_fpr_table(const Filter& f) {
    validate(f);
    // A sum of probabilities can round an ulp above 1 on a saturated filter.
    return std::min(1.0, f.hashing == Hashing::colliding ? table_colliding(f) : table_distinct(f));
}

}  // namespace bloomcalc
