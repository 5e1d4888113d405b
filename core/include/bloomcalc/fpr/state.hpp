// A filter in use: what its count of set bits X says (guava#2755, RedisBloom BF.CARD). With m bits and k hashes,
//   the FPR now is ρ(X) = (X/m)^k (colliding) or C(X, k)/C(m, k) (distinct; 000 eq 17, rbf_rho);
//   the items it holds are estimated from the occupancy law P(X | n) (001 eq 8 for colliding hashes: the bins
//   kn balls occupy; distinct: each item sets k distinct bits, 000 eq 11): the maximum-likelihood n and the exact
//   interval {n : P(X' ≥ X | n) > α/2 and P(X' ≤ X | n) > α/2} widened to hold the estimate (that set can be empty),
//   beside Swamidass & Baldi's (2007)
//   n̂ = −(m/k)·ln(1 − X/m);
//   the items left before a target p: the most further items i with E[ρ(X_{n+i}) | X now] ≤ p.
// Two filters A, B with the same m, k and hashes: their bitwise OR is the filter of A ∪ B, so X_{A∪B} estimates
// |A ∪ B|, and |A ∩ B| = |A| + |B| − |A ∪ B|. docs/state.md.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "bloomcalc/params.hpp"

namespace bloomcalc {

struct ItemEstimate {
    double estimate = 0, low = 0, high = 0;
};

struct StateInput {
    double m = 0, k = 0, bits_set = 0;
    Hashing hashing = Hashing::colliding;
    double confidence = 0.95;      // of the intervals, in (0, 1)
    std::optional<double> target;  // p: the items left before the FPR reaches it
    // Union: the second filter's set bits and those of the two filters' OR (both given or neither).
    std::optional<double> bits_set_b, bits_set_union;
};

struct StateResult {
    std::uint64_t m = 0, bits_set = 0;
    unsigned k = 0;
    Hashing hashing = Hashing::colliding;
    double confidence = 0.95;
    double fill = 0;             // X/m
    double fpr = 0;              // ρ(X): the FPR of a new item now (exact)
    ItemEstimate n;              // items inserted; low ≤ estimate ≤ high
    double swamidass_baldi = 0;  // −(m/k)·ln(1 − X/m) (colliding; distinct: ln(1 − X/m)/ln(1 − k/m))
    std::string method;          // "exact" (the occupancy chain) or "normal" (its exact mean and variance)
    std::optional<double> target;
    double items_left = 0;  // with a target: further items before E[FPR] exceeds it
    // With the union: |B|, |A ∪ B| and |A ∩ B|; the intersection's interval from the three at 1 − α/3 each.
    std::optional<ItemEstimate> n_b, n_union, n_intersection;
};

// m ≤ 2^40, 1 ≤ k ≤ 64 (k ≤ m distinct), 0 ≤ X < m (a full filter says nothing about n) and reachable (distinct
// hashing: X = 0 or X ≥ k), max(X_A, X_B) ≤ X_AB ≤ X_A + X_B: RangeError naming m, k, bitsSet, bitsSetB, union,
// confidence or p (the target).
StateResult filter_state(const StateInput& in);

// The occupancy law's items estimate for X of m bits (the building block of filter_state): the exact chain when
// its work is ≤ 2^24 steps, else the normal law with the exact mean and variance. `method` gets which.
ItemEstimate estimate_items(std::uint64_t m, unsigned k, Hashing h, std::uint64_t X, double confidence,
                            std::string* method = nullptr, bool force_normal = false);

// Mean and variance of the set bits after n items (exact: the occupancy's first two factorial moments).
void occupancy_moments(std::uint64_t m, unsigned k, Hashing h, double n, double& mean, double& variance);

}  // namespace bloomcalc
