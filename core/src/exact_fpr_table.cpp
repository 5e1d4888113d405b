// The reference path, written as 001 presents it: eq 8 unrolled into two tables (Fig. 1), then eq 17.
#include "bloomcalc/exact_fpr_table.hpp"

#include <algorithm>
#include <cmath>

#include "bloomcalc/error.hpp"

namespace bloomcalc {

std::vector<double> occupancy_distribution_table(std::uint64_t balls, std::uint64_t bins) {
    const std::uint64_t N = balls, M = bins, K = std::min(balls, bins);
    const double Md = static_cast<double>(M);
    std::vector<double> result(M + 1, 0.0);  // result[K] = P(N, M, K)
    if (N == 0) {
        result[0] = 1.0;
        return result;
    }
    // table1[j] = P(j, M, i) for the current i; table2 holds row i − 1. Index 0 unused.
    std::vector<double> table1(N + 1, 0.0), table2(N + 1, 0.0);
    table1[1] = 1.0;  // P(1, M, 1) = 1
    for (std::uint64_t i = 1; i <= K; ++i) {
        const double id = static_cast<double>(i);
        for (std::uint64_t j = i; j <= N; ++j)
            if (j > 1) table1[j] = table1[j - 1] * (id / Md) + table2[j - 1] * ((Md - id + 1) / Md);  // eq 8
        result[i] = table1[N];
        table2.swap(table1);
        std::fill(table1.begin(), table1.end(), 0.0);
    }
    return result;
}

namespace {

void check_work(double cells) {
    if (cells > static_cast<double>(kMaxTableWork))
        throw InfeasibleError("m", "m·k·n ≤ " + format_limit(kMaxTableWork) + " table cells",
                              "the table method would need " + std::to_string(static_cast<long long>(cells)) +
                                  " table cells; use the fast exact method");
}

// Colliding: eq 17 of 001, p = Σ_i P(kn, m, i)·(i/m)^k.
double table_colliding(const Filter& f) {
    const std::uint64_t N = f.k * f.n;
    check_work(static_cast<double>(N) * static_cast<double>(std::min<std::uint64_t>(N, f.m)));
    const auto P = occupancy_distribution_table(N, f.m);
    const double m = static_cast<double>(f.m);
    double p = 0.0;
    for (std::uint64_t i = 1; i <= f.m; ++i) p += P[i] * std::pow(static_cast<double>(i) / m, f.k);
    return p;
}

// Distinct: the chain of set bits over the n·k probes; probe t of an item picks one of the m − t bits it has
// not probed yet, all of which include every clear bit. Then p = Σ_s P(s)·C(s,k)/C(m,k).
double table_distinct(const Filter& f) {
    check_work(static_cast<double>(f.n) * f.k * static_cast<double>(f.m));
    const std::uint64_t m = f.m;
    const double md = static_cast<double>(m);
    std::vector<double> dist(m + 1, 0.0), next(m + 1);
    dist[0] = 1.0;
    for (std::uint64_t item = 0; item < f.n; ++item) {
        for (unsigned t = 0; t < f.k; ++t) {
            const double fresh = md - t;  // bits this item has not probed yet
            std::fill(next.begin(), next.end(), 0.0);
            for (std::uint64_t s = 0; s <= m; ++s) {
                if (dist[s] == 0.0) continue;
                const double clear = static_cast<double>(m - s);
                next[s] += dist[s] * ((fresh - clear) / fresh);
                if (s < m) next[s + 1] += dist[s] * (clear / fresh);
            }
            dist.swap(next);
        }
    }
    double p = 0.0;
    for (std::uint64_t s = f.k; s <= m; ++s) {
        double ratio = 1.0;  // C(s,k)/C(m,k) = Π_i (s − i)/(m − i)
        for (unsigned i = 0; i < f.k; ++i) ratio *= static_cast<double>(s - i) / static_cast<double>(m - i);
        p += dist[s] * ratio;
    }
    return p;
}

}  // namespace

double exact_fpr_table(const Filter& f) {
    validate(f);
    return f.hashing == Hashing::colliding ? table_colliding(f) : table_distinct(f);
}

}  // namespace bloomcalc
