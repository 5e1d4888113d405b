// Counter overflow: P(max_i L_i ≥ a), a = 2^b, for the multinomial loads of T = kn balls in m bins.
//
// exact (small filters): the loads in order, L₁ ~ Bin(T, 1/m), L₂ | L₁ ~ Bin(T − L₁, 1/(m − 1)), …; with
// g_i(r) = P(the first i loads are all < a and r balls remain), P(overflow) = Σ_i Σ_r g_i(r)·P(Bin(r, 1/(m − i)) ≥ a)
// (the first counter that overflows is the (i + 1)-th): non-negative terms only, no 1 − P(no overflow).
//
// poisson (any size): W = #{i : L_i ≥ a} has E[W] = μ = m·p₁. The indicators are increasing functions of
// negatively associated loads (Joag-Dev & Proschan 1983; Dubhashi & Ranjan 1998), so they are negatively related
// and Barbour, Holst & Janson (Poisson Approximation, 1992, Cor. 2.C.2) give
//   d_TV(W, Po(μ)) ≤ (1 − e^{−μ})·(1 − Var W/μ) = (1 − e^{−μ})·(p₁ + (m − 1)·(p₁² − p₂)/p₁)
// with p₂ = P(L₁ ≥ a, L₂ ≥ a) = Σ_{i≥a} P(L₁ = i)·P(Bin(T − i, 1/(m − 1)) ≥ a) (summed exactly), so
// P(W ≥ 1) = 1 − e^{−μ} within that; negative association gives P(no overflow) ≤ (1 − p₁)^m, and P ≤ μ: the
// result is clamped into all three. For μ ≥ 40 the second alone pins P to 1 − e^{−40} or more. The value reported
// inside that bracket is 1 − exp(−μ − (μ² − m(m − 1)·p₂)/2): the first two cumulants of log P(W = 0) (the pairs'
// negative correlation makes P(W = 0) smaller than e^{−μ}).
#include "bloomcalc/counting/overflow.hpp"

#include <algorithm>
#include <cmath>
#include <vector>

#include "bloomcalc/binomial.hpp"
#include "bloomcalc/compensated_sum.hpp"
#include "bloomcalc/error.hpp"
#include "bloomcalc/params.hpp"

namespace bloomcalc {

namespace {

constexpr double kMaxLoad = 4194304.0;  // 2^22: expected load kn/m (the tail sums are O(√load) terms)
constexpr double kMaxExactWork =
    4194304.0;  // 2^22 steps of the exact sum (~20 ms natively): a search for b runs it per b

// Steps of the exact sum: counters × the remaining-ball states each can have × (a + 1) loads.
double exact_work(double m, double T, double a) {
    double work = 0;
    for (double i = 0; i < m && work <= kMaxExactWork; ++i) work += std::min(i * (a - 1) + 1, T + 1) * (a + 1);
    return work;
}

// The load of the next counter, Bin(r, q): pmf[j] for j = 0..c and the tail P(≥ c + 1), from one Loader term at
// min(mode, c) and the ratio pmf(j + 1)/pmf(j) = (r − j)/(j + 1)·q/(1 − q) either way (no exp/log per term).
double next_load(double r, double q, std::size_t c, std::vector<double>& pmf) {
    const double odds = q / (1.0 - q);
    const std::size_t top = std::min(c, static_cast<std::size_t>(r));
    const std::size_t j0 = std::min(top, static_cast<std::size_t>(std::floor((r + 1) * q)));
    pmf.assign(c + 1, 0.0);
    pmf[j0] = binomial_pmf(static_cast<double>(j0), r, q, 1.0 - q);
    for (std::size_t j = j0; j > 0; --j)
        pmf[j - 1] = pmf[j] * static_cast<double>(j) / ((r - static_cast<double>(j) + 1) * odds);
    for (std::size_t j = j0; j < top; ++j)
        pmf[j + 1] = pmf[j] * (r - static_cast<double>(j)) / static_cast<double>(j + 1) * odds;
    if (r <= static_cast<double>(c)) return 0.0;
    CompensatedSum tail;
    double t = pmf[c];
    for (double j = static_cast<double>(c); j < r; ++j) {
        t *= (r - j) / (j + 1) * odds;  // pmf(j + 1)
        tail.add(t);
        if (t <= 1e-17 * tail.value() && j + 1 > r * q) break;
    }
    return tail.value();
}

double exact_overflow(std::uint64_t m, double T, double a) {
    const std::size_t top = static_cast<std::size_t>(T);
    std::vector<double> g(top + 1, 0.0), next(top + 1, 0.0), pmf;
    g[top] = 1.0;
    std::size_t lo = top;  // g is zero below lo
    CompensatedSum overflow;
    const std::size_t c = static_cast<std::size_t>(a) - 1;
    for (std::uint64_t i = 0; i + 1 < m; ++i) {
        const double q = 1.0 / static_cast<double>(m - i);
        std::fill(next.begin() + static_cast<std::ptrdiff_t>(lo >= c ? lo - c : 0), next.end(), 0.0);
        for (std::size_t r = lo; r <= top; ++r) {
            if (g[r] == 0.0) continue;
            const double tail = next_load(static_cast<double>(r), q, c, pmf);
            if (tail > 0) overflow.add(g[r] * tail);
            for (std::size_t j = 0; j <= std::min(c, r); ++j) next[r - j] += g[r] * pmf[j];
        }
        lo = lo >= c ? lo - c : 0;
        std::swap(g, next);
    }
    for (std::size_t r = std::max(lo, c + 1); r <= top; ++r) overflow.add(g[r]);  // the last counter takes the rest
    return std::min(1.0, overflow.value());
}

// p₂ = P(L₁ ≥ a, L₂ ≥ a): the inner tails by P(Bin(n − 1, q) ≥ a) = P(Bin(n, q) ≥ a) − q·P(Bin(n − 1, q) = a − 1).
double pair_tail(double m, double T, double a) {
    const double q1 = 1.0 / m, q2 = 1.0 / (m - 1.0);
    CompensatedSum s;
    double inner = binomial_upper_tail(a, T - a, q2);
    for (double i = a; i <= T; ++i) {
        const double outer = binomial_pmf(i, T, q1, 1.0 - q1);
        s.add(outer * inner);
        if (outer * inner <= 1e-17 * s.value() && i > T * q1) break;
        inner = std::max(0.0, inner - q2 * binomial_pmf(a - 1, T - i - 1, q2, 1.0 - q2));
    }
    return s.value();
}

}  // namespace

double binomial_upper_tail(double a, double trials, double q) {
    if (a <= 0) return 1.0;
    if (a > trials || q <= 0) return 0.0;
    const double p = 1.0 - q;
    CompensatedSum s;
    if (a > trials * q) {  // above the mean: terms fall from the first
        for (double x = a; x <= trials; ++x) {
            const double t = binomial_pmf(x, trials, q, p);
            s.add(t);
            if (t <= 1e-17 * s.value()) break;
        }
        return std::min(1.0, s.value());
    }
    for (double x = a - 1; x >= 0; --x) {  // at or below the mean: 1 − P(L < a), the result is ≥ ~1/2
        const double t = binomial_pmf(x, trials, q, p);
        s.add(t);
        if (t <= 1e-17 * s.value() && x < trials * q - 1) break;
    }
    return std::max(0.0, 1.0 - s.value());
}

OverflowResult counter_overflow(double m_in, double n_in, double k_in, double bits_in, const std::string& method) {
    if (method != "auto" && method != "exact" && method != "poisson")
        throw RangeError("method", "\"auto\", \"exact\" or \"poisson\"", quoted(method));
    OverflowResult r;
    r.m = checked_integer(m_in, "m", 1, kMaxBits);
    r.n = checked_integer(n_in, "n", 1, kMaxItems);
    r.k = static_cast<unsigned>(checked_integer(k_in, "k", 1, kMaxHashes));
    r.bits = static_cast<unsigned>(checked_integer(bits_in, "bits", 1, 64));
    const double m = static_cast<double>(r.m), T = static_cast<double>(r.n) * r.k;
    if (T / m > kMaxLoad)
        throw RangeError(
            "n", "at most " + show_number(std::floor(kMaxLoad * m / r.k)) + " (expected counter load kn/m ≤ 2^22)",
            show_number(n_in));
    const double a = std::ldexp(1.0, static_cast<int>(r.bits));  // the load that overflows a b-bit counter
    if (a > T) {                                                 // no counter can reach 2^b
        r.method = "exact";
        return r;
    }
    r.counter_tail = binomial_upper_tail(a, T, 1.0 / m);
    const double mu = m * r.counter_tail;
    r.union_bound = std::min(1.0, mu);
    const bool exact_fits = exact_work(m, T, a) <= kMaxExactWork;
    if (method == "exact" && !exact_fits)
        throw InfeasibleError("m", "(m, n, k, bits) whose exact sum takes ≤ 2^22 steps (m²·2^{2b}/2 roughly)",
                              "too large for the exact sum; use method \"poisson\"");
    if (method == "exact" || (method == "auto" && exact_fits)) {
        r.method = "exact";
        r.probability = r.low = r.high = exact_overflow(r.m, T, a);
        return r;
    }
    r.method = "poisson";
    const double poisson = -std::expm1(-mu);
    const double na_low = -std::expm1(m * std::log1p(-r.counter_tail));  // 1 − (1 − p₁)^m
    double chen_stein = 1.0, estimate = poisson;
    if (mu < 40 && r.m >= 2) {
        const double p1 = r.counter_tail, p2 = pair_tail(m, T, a);
        // (p₁² − p₂)/p₁ to 1e-9 of p₁ more than its rounding could take away: the bound stays a bound
        chen_stein = poisson * (p1 + (m - 1) * (std::max(0.0, p1 * p1 - p2) / p1 + 1e-9 * p1));
        // the estimate with the pairs' second factorial moment: log P(W = 0) ≈ −μ − (μ² − E[W(W − 1)])/2
        estimate = -std::expm1(-mu - 0.5 * (mu * mu - m * (m - 1) * p2));
    }
    r.low = std::max(na_low, poisson - chen_stein);
    r.high = std::min(r.union_bound, poisson + chen_stein);
    r.probability = std::clamp(estimate, r.low, r.high);
    return r;
}

OverflowResult overflow_bits_for(double m, double n, double k, double target) {
    checked_probability(target, "target");
    for (unsigned b = 1;; ++b) {
        OverflowResult r = counter_overflow(m, n, k, b);
        r.target = target;
        if (r.high <= target || b == 64) return r;
    }
}

OverflowResult counter_overflow(const OverflowInput& in) {
    if (!in.target) return counter_overflow(in.m, in.n, in.k, in.bits, in.method);
    if (!std::isnan(in.bits))
        throw RangeError("target",
                         "absent when bits is given (bits: the probability at b bits; target: the smallest b)", "both");
    return overflow_bits_for(in.m, in.n, in.k, *in.target);
}

}  // namespace bloomcalc
