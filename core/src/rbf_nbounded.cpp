// Real user: after i − 1 counted (bit-setting) messages the filter has B_{i−1} bits; the new messages that
// set no bits before the i-th counted one are R_i ~ Geometric with P(no new bit) = ρ(B_{i−1}), so
// E[R_i] = E[ρ/(1 − ρ)], and by renewal–reward the average FPR is Σ E[R_i] / Σ (1 + E[R_i]) (000 §III).
// B moves by one message step conditioned on setting at least one bit: τ_k(b, b+x)/(1 − τ_k(b, b)).
#include "bloomcalc/rbf_nbounded.hpp"

#include <algorithm>
#include <cmath>

#include "bloomcalc/error.hpp"
#include "bloomcalc/fpr_formulas.hpp"
#include "bloomcalc/rbf_chain.hpp"

namespace bloomcalc {

namespace {

constexpr std::uint64_t kMaxN = std::uint64_t{1} << 22;
constexpr double kTail = 1e-30;

// A distribution over bit counts kept on the window [lo, lo + p.size()).
struct Window {
    std::uint64_t lo = 0;
    std::vector<double> p{1.0};
};

// One message step of every state; `conditioned` keeps only messages that set bits, renormalised.
Window advance(const Window& w, std::uint64_t M, unsigned k, Hashing h, bool conditioned) {
    Window out;
    out.lo = w.lo;
    out.p.assign(w.p.size() + k, 0.0);
    for (std::size_t i = 0; i < w.p.size(); ++i) {
        if (w.p[i] == 0.0) continue;
        const std::uint64_t b = w.lo + i;
        const auto step = message_step(b, M, k, h);
        const double scale = conditioned ? 1.0 / rbf_one_minus_rho(b, M, k, h) : 1.0;
        for (unsigned x = conditioned ? 1 : 0; x <= k && b + x <= M; ++x) out.p[i + x] += w.p[i] * step[x] * scale;
    }
    // Trim the tails below kTail of the largest mass.
    const double top = *std::max_element(out.p.begin(), out.p.end());
    std::size_t a = 0, z = out.p.size();
    while (a < z && out.p[a] < kTail * top) ++a;
    while (z > a && out.p[z - 1] < kTail * top) --z;
    out.lo += a;
    out.p = std::vector<double>(out.p.begin() + static_cast<std::ptrdiff_t>(a), out.p.begin() + static_cast<std::ptrdiff_t>(z));
    return out;
}

}  // namespace

WorstCase::WorstCase(std::uint64_t M, unsigned k, Hashing h)
    : k_(k), log_clear_(h == Hashing::colliding ? k * std::log1p(-1.0 / static_cast<double>(M))
                                                : std::log1p(-static_cast<double>(k) / static_cast<double>(M))) {}

// eq 1: (1 − (1 − 1/M)^{k(i−1)})^k, or (1 − (1 − k/M)^{i−1})^k for distinct hashes.
double WorstCase::at(std::uint64_t i) const noexcept {
    if (i <= 1) return 0.0;  // an empty filter answers every message as new
    return std::pow(-std::expm1(static_cast<double>(i - 1) * log_clear_), k_);
}

NBoundedResult n_bounded(std::uint64_t M, unsigned k, Hashing h, std::uint64_t N) {
    validate_rbf(M, k);
    // Each counted message sets at least one bit, so a real user can count at most M of them.
    checked_integer(static_cast<double>(N), "N", 1, std::min<std::uint64_t>(kMaxN, M));
    NBoundedResult r;
    r.M = M, r.N = N, r.k = k, r.hashing = h;

    double sum_f = 0, sum_r = 0, sum_arrivals = 0;
    const WorstCase eq1(M, k, h);
    for (std::uint64_t i = 1; i <= N; ++i) {
        const double fi = eq1.at(i);
        sum_f += fi;
        const double ri = fi / (1.0 - fi);  // E[R_i] with p_i = f_i, eq 3
        sum_r += ri;
        sum_arrivals += 1.0 + ri;
    }
    r.worst_case = eq1.at(N);
    r.oracle = sum_f / static_cast<double>(N);  // eq 2
    r.lower_bound = sum_r / sum_arrivals;       // eq 3

    Window real, oracle;  // both start empty: B_0 = 0
    double exact_r = 0, oracle_f = 0;
    for (std::uint64_t i = 1; i <= N; ++i) {
        double er = 0, ef = 0;
        for (std::size_t j = 0; j < real.p.size(); ++j) {
            const std::uint64_t b = real.lo + j;
            // A full filter (b = M) never sets a bit again: the cycle never ends, every arrival is a false positive.
            er += b >= M ? HUGE_VAL : real.p[j] * rbf_rho(b, M, k, h) / rbf_one_minus_rho(b, M, k, h);
        }
        for (std::size_t j = 0; j < oracle.p.size(); ++j) ef += oracle.p[j] * rbf_rho(oracle.lo + j, M, k, h);
        exact_r += er;
        oracle_f += ef;
        if (i < N) {
            real = advance(real, M, k, h, true);
            oracle = advance(oracle, M, k, h, false);
        }
    }
    r.exact = std::isinf(exact_r) ? 1.0 : exact_r / (static_cast<double>(N) + exact_r);
    r.exact_oracle = oracle_f / static_cast<double>(N);
    r.expected_arrivals = static_cast<double>(N) + exact_r;
    return r;
}

}  // namespace bloomcalc
