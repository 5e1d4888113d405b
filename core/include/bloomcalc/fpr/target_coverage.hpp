// Probability that j given bits are all set after a stream of independent insertions: the building
// block of the fast exact FPR (docs/exact-fpr.md).
#pragma once

#include <cstddef>
#include <vector>

namespace bloomcalc {

struct CoverageInput {
    double trials = 0;     // independent trials (balls for colliding hashing, items for distinct)
    double hit = 0;        // π: probability that one trial touches the target set
    double miss = 1;       // 1 − π, passed separately to keep its precision
    unsigned targets = 0;  // j ≥ 1 target bits
    // hit_size[h] = P(a touching trial covers h targets | it touches), h = 1..j (index 0 unused);
    // the h targets are a uniformly random h-subset of the j.
    std::vector<double> hit_size;
};

// P(all j targets set) = Σ_r Binomial(trials, π)(r) · q(r), with q(r) the probability that r touching
// trials cover all j targets (a chain on the number covered). Every term is non-negative; when the
// result exceeds 1/2 it is computed as 1 − Σ_r b(r)·(1 − q(r)) instead, also without cancellation.
double all_targets_set(const CoverageInput& in);

// The chain on the number of covered targets: q(r) = P(r touching trials cover all j), extended only as
// far as a sum asks for it. It depends on j, hit_size and the trials, not on π: a caller evaluating
// many π for the same targets (layout sizing, where π follows m) keeps one chain and passes it to
// all_targets_set(in, chain); the results are the same numbers as with a fresh chain.
class CoverageChain {
public:
    CoverageChain(unsigned j, const std::vector<double>& hit_size, double trials);
    // Last r computed; beyond it q = 1 once 1 − q < 1e-18 (or r exceeds the trials).
    double horizon() const { return static_cast<double>(q_.size() - 1); }
    double covered(double r) { return ++reads_, extend(r) ? q_[static_cast<std::size_t>(r)] : 1.0; }
    double uncovered(double r) { return ++reads_, extend(r) ? u_[static_cast<std::size_t>(r)] : 0.0; }
    // How many q(r) or 1 − q(r) the sums have read: one per term r (a caller's measure of work done).
    unsigned long long reads() const { return reads_; }

private:
    bool extend(double r);
    void advance();

    unsigned j_;
    double trials_;
    bool single_;
    std::vector<std::vector<double>> step_;
    std::vector<double> dist_, next_;
    std::vector<double> q_{0.0}, u_{1.0};
    unsigned long long reads_ = 0;
};

// The same as all_targets_set(in) with a kept chain, built from in.targets, in.hit_size, in.trials.
double all_targets_set(const CoverageInput& in, CoverageChain& chain);

}  // namespace bloomcalc
