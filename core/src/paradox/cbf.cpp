// Theorems 2 and 4 and §V-C of 004 for counting Bloom filters.
#include "bloomcalc/paradox/cbf.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>

#include "bloomcalc/binomial.hpp"
#include "bloomcalc/error.hpp"
#include "bloomcalc/params.hpp"
#include "bloomcalc/paradox/common.hpp"

namespace bloomcalc {

namespace {
constexpr double kMaxDpStates = 4194304.0;             // 2^22 products below the threshold
constexpr double kMaxDpSteps = 1073741824.0;           // 2^30 product_tail steps for all k together
constexpr double kExactIntegers = 9007199254740992.0;  // 2^53

struct Shape {
    std::uint64_t m, n;
    unsigned k;
};

Shape checked_shape(double m, double n, double k) {
    Shape s;
    s.k = static_cast<unsigned>(checked_integer(k, "k", 1, kMaxHashes));
    s.m = checked_integer(m, "m", 1, kMaxBits);
    s.n = checked_integer(n, "n", 1, kMaxItems);
    if (s.k > s.m)
        throw RangeError("k", "at most m = " + std::to_string(s.m) + " (each hash function owns m/k counters)",
                         std::to_string(s.k));
    return s;
}

// Decision of Theorem 4 on log-odds: positive iff Pr(x ∈ S | CBF) ≥ 1/(1 + α) iff odds ≥ 1/α.
bool positive_decision(double log_odds, double alpha) { return log_odds >= -std::log(alpha); }

thread_local std::uint64_t pmf_tabulations = 0;

// Upper end of the tabulated counter pmf: enough values that the neglected tail is < 1e-18
// (mean + 12 sd + 30), capped at n; `shift` = 1 for X = 1 (the element's own increment).
double pmf_cmax(double n, double q, int shift) {
    const double mean = (n - shift) * q;
    return std::min(n, std::ceil(mean + 12.0 * std::sqrt(mean + 1.0) + 30.0 + shift));
}

// Binomial(n, q) pmf for c = 0..cmax with the upper tail beyond cmax; `shift` = 1 for X = 1 (the
// element's own increment: C − 1 ~ Binomial(n − 1, q), proof of Theorem 2).
void counter_pmf(double n, double q, int shift, std::vector<double>& pmf, double& beyond) {
    const double trials = n - shift;
    const double cmax = pmf_cmax(n, q, shift);
    // Refused before any allocation: a table this long (n·k/m ≳ 2^22) would take seconds and gigabytes.
    if (cmax > kMaxDpStates)
        throw InfeasibleError("n", "an expected counter value n·k/m below about 2^22",
                              "the counter distribution is too wide to tabulate");
    ++pmf_tabulations;
    pmf.assign(static_cast<std::size_t>(cmax) + 1, 0.0);
    const auto value = [&](std::size_t c) { return binomial_pmf(static_cast<double>(c) - shift, trials, q, 1.0 - q); };
    // The pmf rises up to its mode: below the first value that underflows to 0 every value does, so the
    // table is filled downwards from the mode and stops there (at n·k/m = 2^20 that skips ~95% of it).
    const std::size_t mode = std::min(pmf.size() - 1, static_cast<std::size_t>(std::floor((trials + 1) * q)) + shift);
    for (std::size_t c = mode + 1; c-- > static_cast<std::size_t>(shift);)
        if ((pmf[c] = value(c)) == 0) break;
    for (std::size_t c = mode + 1; c < pmf.size(); ++c) pmf[c] = value(c);
    double total = 0;  // summed upwards as before: the skipped zeros add nothing
    for (std::size_t c = static_cast<std::size_t>(shift); c < pmf.size(); ++c) total += pmf[c];
    beyond = std::max(0.0, 1.0 - total);
}

// Throws what tabulating the cost of this k would throw (cbf_cost_for_k: the counter pmfs, then
// product_tail), computed from the sizes alone so that a refusal comes before any work.
// Returns a bound on the product_tail steps of this k: k rounds over Π states, each state v reading
// min(Π/v, cmax) counter values, Σ ≤ Π·(1 + ln min(Π, cmax)), for each of the two pmfs.
double check_tabulable(double m, double n, unsigned k, const std::optional<double>& pi) {
    if (!pi) return 0;  // never positive: nothing is tabulated
    const double q = static_cast<double>(k) / m;
    const double c0 = pmf_cmax(n, q, 0), c1 = pmf_cmax(n, q, 1);
    if (c0 > kMaxDpStates || c1 > kMaxDpStates)
        throw InfeasibleError("n", "an expected counter value n·k/m below about 2^22",
                              "the counter distribution is too wide to tabulate");
    // product_tail: beyond 2^22 states only when no tabulated product reaches Π (the tail alone counts)
    if (*pi > kMaxDpStates &&
        (std::pow(c0, static_cast<double>(k)) >= *pi || std::pow(c1, static_cast<double>(k)) >= *pi))
        throw InfeasibleError("prior", "a minimal counter product Π ≤ 2^22 for the cost computation",
                              "the minimal counter product is too large to tabulate");
    if (*pi > kMaxDpStates || *pi <= 1) return 0;  // read off the tail alone
    return 2.0 * k * *pi * (1.0 + std::log(std::min(*pi, std::max(c0, c1))));
}
}  // namespace

double cbf_log_odds(double log_product, double m, double n, unsigned k, double prior) {
    if (log_product == -INFINITY) return -INFINITY;  // a zero counter: x ∉ S (proof of Theorem 2)
    const double kd = k;
    return logit(prior) + kd * (std::log(m) - std::log(n * kd)) + log_product;
}

std::optional<double> cbf_min_product(double m, double n, unsigned k, double prior, double alpha) {
    // ln π ≥ −ln α − logit(P) − k·ln(m/(nk))  (Theorem 2 + Theorem 4)
    const double base = cbf_log_odds(0.0, m, n, k, prior);
    const double t = -std::log(alpha) - base;
    if (std::isnan(t) || t == INFINITY) return std::nullopt;
    if (t <= 0) return 1.0;
    if (t > std::log(kExactIntegers)) return std::ceil(std::exp(t));  // beyond exact integers: approximate
    double pi = std::max(1.0, std::ceil(std::exp(t)));
    // Make Π agree exactly with the decision rule evaluated in floating point.
    while (pi > 1 && positive_decision(base + std::log(pi - 1), alpha)) pi -= 1;
    while (!positive_decision(base + std::log(pi), alpha)) pi += 1;
    return pi;
}

CbfResult cbf_paradox(const CbfInput& in) {
    const Shape s = checked_shape(in.m, in.n, in.k);
    CbfResult r;
    r.m = s.m, r.n = s.n, r.k = s.k;
    r.prior = checked_prior(in.prior);
    r.alpha = checked_alpha(in.alpha);
    r.counters = checked_counters(in.counters, s.k, static_cast<double>(s.n));
    double log_product = 0, product = 1;
    for (double c : r.counters) log_product += std::log(c), product *= c;
    r.product = product;
    r.log_product = log_product;
    const double md = static_cast<double>(s.m), nd = static_cast<double>(s.n);
    r.log_likelihood_ratio =
        log_product == -INFINITY ? -INFINITY : s.k * (std::log(md) - std::log(nd * s.k)) + log_product;
    // Theorem 2: Pr(x ∈ S | CBF) = m^k·π·P / (m^k·π·P + (nk)^k·(1 − P)), as log-odds.
    const double L = cbf_log_odds(log_product, md, nd, s.k, r.prior);
    r.posterior = std::isnan(L) ? 0.0 : logistic(L);
    r.posterior_complement = std::isnan(L) ? 1.0 : logistic(-L);
    r.posterior_threshold = 1.0 / (1.0 + r.alpha);
    r.min_product = cbf_min_product(md, nd, s.k, r.prior, r.alpha);
    r.positive = !std::isnan(L) && positive_decision(L, r.alpha);  // Theorem 4
    r.cost_positive = r.posterior_complement;
    r.cost_negative = r.alpha * r.posterior;
    return r;
}

double product_tail(const std::vector<double>& pmf, double beyond, unsigned k, double threshold,
                    const char* parameter) {
    if (threshold <= 0) return 1.0;
    const double cmax = static_cast<double>(pmf.size()) - 1;
    // Largest product reachable with the tabulated values; if below the threshold only the tail counts.
    if (threshold > kMaxDpStates) {
        if (std::pow(cmax, static_cast<double>(k)) < threshold) {
            // every product ≥ threshold needs some counter beyond cmax: at most k·beyond
            return std::min(1.0, k * beyond);
        }
        throw InfeasibleError(parameter, "a minimal counter product Π ≤ 2^22 for the cost computation",
                              "the minimal counter product is too large to tabulate");
    }
    const std::size_t T = static_cast<std::size_t>(threshold);  // states: products 1..T−1
    std::vector<double> cur(T, 0.0), next(T, 0.0);
    // upper tails of the pmf: tail[c] = Pr(C ≥ c)
    std::vector<double> tail(pmf.size() + 1, beyond);
    for (std::size_t c = pmf.size(); c-- > 0;) tail[c] = tail[c + 1] + pmf[c];
    double big = 0;  // mass of products already ≥ threshold
    if (T > 1)
        cur[1] = 1.0;
    else
        big = 1.0;
    const double nonzero = tail[1];
    for (unsigned step = 0; step < k; ++step) {
        std::fill(next.begin(), next.end(), 0.0);
        double nbig = big * nonzero;  // a zero counter makes the product 0
        for (std::size_t v = 1; v < T; ++v) {
            const double w = cur[v];
            if (w == 0) continue;
            const std::size_t cstop = (T + v - 1) / v;  // smallest c with v·c ≥ T
            for (std::size_t c = 1; c < cstop && c < pmf.size(); ++c) next[v * c] += w * pmf[c];
            nbig += w * (cstop < tail.size() ? tail[cstop] : beyond);
        }
        std::swap(cur, next);
        big = nbig;
    }
    return std::min(1.0, big);
}

CbfCostByK cbf_cost_for_k(double m, double n, unsigned k, double prior, double alpha) {
    const Shape s = checked_shape(m, n, k);
    checked_prior(prior);
    checked_alpha(alpha);
    CbfCostByK out;
    out.k = s.k;
    const double md = static_cast<double>(s.m), nd = static_cast<double>(s.n);
    out.min_product = cbf_min_product(md, nd, s.k, prior, alpha);
    const double q = static_cast<double>(s.k) / md;
    if (!out.min_product) {  // never positive
        out.fpr = 0, out.fnr = 1;
    } else {
        std::vector<double> pmf0, pmf1;
        double beyond0, beyond1;
        counter_pmf(nd, q, 0, pmf0, beyond0);
        counter_pmf(nd, q, 1, pmf1, beyond1);
        out.fpr = product_tail(pmf0, beyond0, s.k, *out.min_product);
        out.fnr = 1.0 - product_tail(pmf1, beyond1, s.k, *out.min_product);
        if (out.fnr < 0) out.fnr = 0;
    }
    // §V-C: E(x, k) = Σ_π P(k, π)·(E₀ or E₁) = (1 − P)·Pr(positive | x ∉ S) + α·P·Pr(negative | x ∈ S).
    out.cost = (1.0 - prior) * out.fpr + alpha * prior * out.fnr;
    return out;
}

std::uint64_t cbf_pmf_tabulations() { return pmf_tabulations; }

CbfOptimalK cbf_optimal_k(double m, double n, double prior, double alpha, double kmax) {
    const auto k_max = static_cast<unsigned>(checked_integer(kmax, "kmax", 1, kMaxHashes));
    const Shape s = checked_shape(m, n, 1);
    checked_prior(prior);
    checked_alpha(alpha);
    const unsigned top = static_cast<unsigned>(std::min<std::uint64_t>(k_max, s.m));
    const double md = static_cast<double>(s.m), nd = static_cast<double>(s.n);
    // Every k is checked before any is tabulated, so a refusal comes at once (Π for all k: 64 logs).
    double steps = 0;
    for (unsigned k = 1; k <= top; ++k) {
        const std::optional<double> pi = cbf_min_product(md, nd, k, prior, alpha);
        try {
            steps += check_tabulable(md, nd, k, pi);
        } catch (const InfeasibleError& e) {
            // Π grows like (nk/m)^k (Theorem 2): the k that first needs more than 2^22 product states is the
            // caller's kmax too large, not its prior (k = 1 never does: one counter is read off its tail).
            if (e.parameter() != "prior" || k == 1) throw;
            char at[96];
            std::snprintf(at, sizeof at, ": at k = %u the minimal counter product Π = %.3g exceeds 2^22 states", k,
                          pi.value_or(0));
            throw InfeasibleError("kmax", "at most " + std::to_string(k - 1) + " for this m, n, prior and alpha" + at,
                                  std::to_string(k_max) + " is too large to tabulate the cost");
        }
        // Held to about 1 s (0.7 ns a step in wasm); k = 1 is never refused: 2·2^22·(1 + ln 2^22) < 2^30.
        if (steps > kMaxDpSteps) {
            char at[120];
            std::snprintf(at, sizeof at, ": the product tables up to k = %u take %.3g steps, over 2^30", k, steps);
            throw InfeasibleError("kmax", "at most " + std::to_string(k - 1) + " for this m, n, prior and alpha" + at,
                                  std::to_string(k_max) + " would take seconds to tabulate the cost");
        }
    }
    CbfOptimalK out;
    double best = INFINITY;
    for (unsigned k = 1; k <= top; ++k) {
        out.by_k.push_back(cbf_cost_for_k(m, n, k, prior, alpha));
        if (out.by_k.back().cost < best) best = out.by_k.back().cost, out.best_k = k;
    }
    return out;
}

}  // namespace bloomcalc
