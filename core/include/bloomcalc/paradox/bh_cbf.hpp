// The Bloom paradox in the B_h-CBF (004 §VI, the variable-increment CBF of [5]): Theorem 5's
// membership probability from the k pairs (c_j, a_j) of fixed- and variable-increment counters.
#pragma once

#include <optional>
#include <vector>

namespace bloomcalc {

struct BhCbfInput {
    std::vector<double> counters;    // c_j, fixed-increment counters (elements hashed to entry j)
    std::vector<double> sums;        // a_j, variable-increment counters (sums of increments from D)
    std::vector<double> increments;  // v_{g_j(x)}: x's own increment in entry j, an element of D
    std::vector<double> sequence;    // D = {v_1, …, v_ℓ}, a B_h sequence of distinct positive integers
    double h = 2;                    // sums of up to h elements of D are distinct
    double m = 0, n = 0, k = 0;      // entries, elements inserted, hash functions
    double prior = 0, alpha = 1;
};

struct BhCbfResult {
    std::vector<std::optional<double>> multiplicities;  // y_j when c_j ≤ h (I(j) = 1), else none
    double delta = 0;                                   // δ = ∏_{I(j)=0} c_j · ∏_{I(j)=1} ℓ·y_j   (Theorem 5)
    double posterior = 0;                               // Pr(x ∈ S | B_h-CBF)
    double posterior_threshold = 0;                     // 1/(1 + α)
    bool positive = false;                              // Theorem 4's rule applied to Theorem 5's probability
};

BhCbfResult bh_cbf_paradox(const BhCbfInput& in);

// Whether D is a B_h sequence: for every h' ≤ h, all multisets of h' elements have distinct sums.
bool is_bh_sequence(const std::vector<double>& D, unsigned h);
// The multiplicity of v in the unique multiset of `count` elements of D summing to `sum`; none when
// no such multiset exists (inconsistent counters).
std::optional<unsigned> bh_multiplicity(const std::vector<double>& D, unsigned count, double sum, double v);

}  // namespace bloomcalc
