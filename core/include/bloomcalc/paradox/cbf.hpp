// The Bloom paradox in a counting Bloom filter (004 §V): the membership probability from the k
// counters of an element (Theorem 2), its dependence on their product only (Corollary 3), the optimal
// decision as a minimal counter product (Theorem 4) and the expected cost as a function of k with the
// k that minimises it (§V-C). Model of 004 §III: k hash functions, each over its own m/k counters
// (partitioned), so a counter is hit by each of the other elements with probability k/m.
#pragma once

#include <cmath>
#include <cstdint>
#include <optional>
#include <vector>

namespace bloomcalc {

struct CbfInput {
    std::vector<double> counters;  // c_1..c_k, non-negative integers ≤ n
    double m = 0;                  // counters in the CBF, integer ≥ k
    double n = 0;                  // elements inserted, integer ≥ 1
    double k = 0;                  // hash functions, integer in [1, 64]
    double prior = 0;              // Pr(x ∈ S)
    double alpha = 1;              // W_FN / W_FP
};

struct CbfResult {
    std::vector<double> counters;
    std::uint64_t m = 0, n = 0;
    unsigned k = 0;
    double prior = 0, alpha = 1;
    double product = 0;               // ∏ c_j (may be +∞ in double; log_product keeps it)
    double log_product = 0;           // Σ ln c_j (−∞ if a counter is 0)
    double log_likelihood_ratio = 0;  // ln(m^k ∏c_j / (nk)^k)
    double posterior = 0;             // Pr(x ∈ S | CBF), Theorem 2
    double posterior_complement = 0;
    double posterior_threshold = 0;     // 1/(1 + α), Theorem 4
    std::optional<double> min_product;  // Π(x, k) of §V-C: smallest product answered positive; none if P = 0
    bool positive = false;              // Theorem 4's decision
    double cost_positive = 0;           // E₁ = (1 − Pr(x ∈ S | CBF))·W_FP
    double cost_negative = 0;           // E₀ = Pr(x ∈ S | CBF)·α·W_FP
};

CbfResult cbf_paradox(const CbfInput& in);

// Theorem 2 as log-odds: logit(P) + k·ln(m/(nk)) + ln π  (−∞ when π = 0).
double cbf_log_odds(double log_product, double m, double n, unsigned k, double prior);

// Π(x, k) of §V-C: min{π ∈ ℕ : P(x, k, π) ≥ 1/(1 + α)} (Theorem 4); none when no product suffices (P = 0).
std::optional<double> cbf_min_product(double m, double n, unsigned k, double prior, double alpha);

struct CbfCostByK {
    unsigned k = 0;
    std::optional<double> min_product;  // Π(x, k)
    double fpr = 0;                     // Pr(answer positive | x ∉ S) = Pr(∏c ≥ Π | X = 0)
    double fnr = 0;                     // Pr(answer negative | x ∈ S) = Pr(∏c < Π | X = 1)
    double cost = 0;                    // E(x, k) = (1 − P)·fpr + α·P·fnr (in units of W_FP), §V-C
};

// §V-C: the expected cost of the optimal decision for each k in [1, k_max] (k ≤ m) and its minimiser.
struct CbfOptimalK {
    std::vector<CbfCostByK> by_k;
    unsigned best_k = 0;
};
CbfCostByK cbf_cost_for_k(double m, double n, unsigned k, double prior, double alpha);
// Refuses (naming kmax, or n) before tabulating any k when some k ≤ k_max cannot be tabulated; k_max an
// integer in [1, 64] (RangeError naming kmax).
CbfOptimalK cbf_optimal_k(double m, double n, double prior, double alpha, double k_max);
// The same as the surfaces give it (cbfOptimalK): kmax 16 unless given.
struct CbfOptimalKInput {
    double m = NAN, n = NAN, prior = NAN, alpha = NAN, kmax = 16;
};
inline CbfOptimalK cbf_optimal_k(const CbfOptimalKInput& in) {
    return cbf_optimal_k(in.m, in.n, in.prior, in.alpha, in.kmax);
}
// Counter pmfs tabulated so far by this thread (a work counter: a refusal tabulates none).
std::uint64_t cbf_pmf_tabulations();

// Pr(∏_{j=1}^{k} C_j ≥ threshold) for k independent counters with pmf `pmf` (pmf[c] = Pr(C = c),
// tail beyond pmf.size() − 1 given as `beyond`). Exact dynamic programme over the products below the
// threshold; InfeasibleError (naming `parameter`) beyond 2^22 states.
double product_tail(const std::vector<double>& pmf, double beyond, unsigned k, double threshold,
                    const char* parameter = "prior");

}  // namespace bloomcalc
