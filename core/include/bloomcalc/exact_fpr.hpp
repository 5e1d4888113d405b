// Exact mean false-positive rate of a Bloom filter (Christensen, Roginsky, Jimeno; 001 eqs 8, 17, 18).
// Fast path for real filter sizes: see docs/exact-fpr.md for the derivation.
#pragma once

#include "bloomcalc/params.hpp"

namespace bloomcalc {

// Exact mean FPR, E[(X/m)^k] for colliding hashes (001 eq 17) and E[C(X,k)/C(m,k)] for distinct
// hashes (000 eq 17), X the number of set bits after n insertions. Conditions on the distinct bits
// the test item probes; every term is non-negative. O(k^3 + k^2·R) with R ≈ k(ln k + 42) ≤ 3000.
double exact_fpr(const Filter& f);

}  // namespace bloomcalc
