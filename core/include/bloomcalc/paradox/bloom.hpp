// The Bloom paradox in a Bloom filter (004 §IV): the posterior Pr(x ∈ S | BF = 1), the condition of
// Theorem 1 and its threshold P₀, the expected costs of trusting or ignoring a positive answer, and the
// smallest bits-per-element at which the paradox disappears (004 Fig. 2(b)).
// Costs are in units of W_FP (W_P = W_N = 0, W_FN = α·W_FP, 004 Table I).
#pragma once

#include <cmath>
#include <optional>
#include <vector>

namespace bloomcalc {

struct BloomParadoxInput {
    double prior = 0;                        // Pr(x ∈ S), in [0, 1]
    double alpha = 1;                        // W_FN / W_FP, > 0
    std::optional<double> fpr;               // false-positive rate of the filter, in (0, 1]; or
    std::optional<double> bits_per_element;  // m/n ≥ 0, FPR = (1/2)^{ln2·m/n} (004 §III, optimal k)
};

struct BloomParadoxResult {
    double prior = 0, alpha = 1;
    double fpr = 0;                              // FPR used (given, or (1/2)^{ln2·b})
    double bits_per_element = 0;                 // given, or the b whose model FPR is `fpr`: −ln F / ln²2
    double posterior = 0;                        // Pr(x ∈ S | BF = 1)          (proof of Theorem 1)
    double posterior_complement = 0;             // Pr(x ∉ S | BF = 1), kept separately for precision
    double threshold = 0;                        // P₀ = F/(F + α) = 1/(1 + α·2^{ln2·m/n})  (Theorem 1)
    double posterior_threshold = 0;              // 1/(1 + α): trust a positive iff posterior ≥ this
    bool paradox = false;                        // Pr(x ∈ S) < P₀: a positive answer should be ignored
    double cost_trust_given_positive = 0;        // E₁ = Pr(x ∉ S | BF = 1)·W_FP
    double cost_ignore_given_positive = 0;       // E₀ = Pr(x ∈ S | BF = 1)·α·W_FP
    double positive_probability = 0;             // Pr(BF = 1) = P + (1 − P)·F
    double cost_trust = 0;                       // per query, trusting the filter: (1 − P)·F
    double cost_ignore = 0;                      // per query, not querying (always negative): α·P
    double cost_optimal = 0;                     // the smaller of the two
    std::optional<double> min_bits_per_element;  // smallest m/n with no paradox (Fig. 2(b)); none for P = 0
};

BloomParadoxResult bloom_paradox(const BloomParadoxInput& in);

// Fig. 2(a): the posterior at each prior, one filter (every prior checked as bloom_paradox checks it).
struct BloomParadoxCurveInput {
    std::vector<double> priors;
    double alpha = NAN;
    std::optional<double> fpr, bits_per_element;
};
std::vector<double> bloom_paradox_curve(const BloomParadoxCurveInput& in);

// Model FPR of a filter with b bits per element and the optimal k: (1/2)^{ln2·b} (004 §III).
double model_fpr_from_bits_per_element(double b);
// Theorem 1's threshold P₀ = F/(F + α) for a filter of FPR F (= 1/(1 + α·2^{ln2·m/n}) in the model).
double paradox_threshold(double fpr, double alpha);
// Theorem 1's threshold for b bits per element: 1/(1 + α·2^{ln2·b}).
double paradox_threshold_bpe(double bits_per_element, double alpha);
// Fig. 2(b): the smallest m/n ≥ 0 for which Pr(x ∈ S) ≥ P₀, i.e. ln((1 − P)/(αP)) / ln²2; none for P = 0.
std::optional<double> min_bits_per_element(double prior, double alpha);

}  // namespace bloomcalc
