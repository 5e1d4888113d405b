// Shared pieces of the Bloom-paradox models (paper 004, Rottenstreich & Keslassy, "The Bloom
// paradox"): validation of a prior and of the cost ratio α, and log-odds arithmetic that stays
// finite for priors such as 1e-300 or 1 − 1e-16.
#pragma once

#include <string>
#include <vector>

namespace bloomcalc {

// A priori membership probability Pr(x ∈ S) (004 §III): finite, in [0, 1]. RangeError naming `name`.
double checked_prior(double value, const std::string& name = "prior");
// α = W_FN / W_FP (004 Table I): finite and > 0. RangeError naming `name`.
double checked_alpha(double value, const std::string& name = "alpha");

// log(p / (1 − p)) with log1p for the complement: −∞ at p = 0, +∞ at p = 1.
double logit(double p);
// 1 / (1 + e^{−x}) without overflow; exact 0 and 1 at ∓∞.
double logistic(double x);

// A list of non-negative integer counters (CBF counters): each finite, integral, in [0, max]; the
// list has `expected` entries. RangeError naming `name`.
std::vector<double> checked_counters(const std::vector<double>& values, std::size_t expected, double max,
                                     const std::string& name = "counters");

}  // namespace bloomcalc
