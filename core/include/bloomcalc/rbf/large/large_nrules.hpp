// The N-bounded rules of the recommender (000 eqs 1–3) at any M: the largest N for each rule from the sums
// Σ_{i≤N} E[F_i] and Σ_{i≤N} E[F_i]/(1 − E[F_i]) by Euler–Maclaurin (docs/rbf.md#large-m), O(log M) per k
// instead of the O(M) scan.
#pragma once

#include <cstdint>

#include "bloomcalc/rbf/params.hpp"
#include "bloomcalc/rbf/recommend.hpp"

namespace bloomcalc {

// Fills row.worst_case, row.oracle and row.lower_bound as the exact scan does (f_w by eq 1 solved for N and
// checked by eq 1 itself; f_o and f_a by bisection on their sums); returns a bound on the relative error of the
// sums behind f_o and f_a.
double large_n_rules(std::uint64_t M, unsigned k, Hashing h, double target, RecommendRow& row);

}  // namespace bloomcalc
