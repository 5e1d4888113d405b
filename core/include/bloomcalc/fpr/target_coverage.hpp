// Probability that j given bits are all set after a stream of independent insertions: the building
// block of the fast exact FPR (docs/exact-fpr.md).
#pragma once

#include <vector>

namespace bloomcalc {

struct CoverageInput {
    double trials = 0;      // independent trials (balls for colliding hashing, items for distinct)
    double hit = 0;         // π: probability that one trial touches the target set
    double miss = 1;        // 1 − π, passed separately to keep its precision
    unsigned targets = 0;   // j ≥ 1 target bits
    // hit_size[h] = P(a touching trial covers h targets | it touches), h = 1..j (index 0 unused);
    // the h targets are a uniformly random h-subset of the j.
    std::vector<double> hit_size;
};

// P(all j targets set) = Σ_r Binomial(trials, π)(r) · q(r), with q(r) the probability that r touching
// trials cover all j targets (a chain on the number covered). Every term is non-negative; when the
// result exceeds 1/2 it is computed as 1 − Σ_r b(r)·(1 − q(r)) instead, also without cancellation.
double all_targets_set(const CoverageInput& in);

}  // namespace bloomcalc
