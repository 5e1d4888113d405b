// The σ-bounded models by the large-M method (docs/rbf.md#large-m): the same results as OnePhaseModel and
// TwoPhaseModel, from LargeFill's closed form and sums, at a cost that does not grow with M, each with a bound
// on its relative error. Colliding hashes (LargeFill; retaining filters with the eq 10 restart law) and distinct
// hashes (LargeFillDistinct, large_models_distinct.cpp; every variant).
#pragma once

#include <cstdint>
#include <memory>
#include <vector>

#include "bloomcalc/rbf_large/large_fill.hpp"
#include "bloomcalc/rbf_large/large_fill_distinct.hpp"
#include "bloomcalc/rbf_one_phase.hpp"
#include "bloomcalc/rbf_two_phase.hpp"

namespace bloomcalc {

// Throws a RangeError/InfeasibleError naming the parameter when the large-M method cannot model the variant
// or the size (colliding hashes with the exact retaining law; M too small for k).
void check_large_method(std::uint64_t M, unsigned k, const RbfVariant& variant);

class LargeOnePhaseModel {
public:
    // `j_lo` ≤ k: also the weights the two-phase model needs ((b)_j/(M)_j, j ≥ j_lo, colliding; distinct
    // retaining with the exact law: (b − k)_t/(M − k)_t, t = 1..k).
    LargeOnePhaseModel(std::uint64_t M, unsigned k, RbfVariant variant, unsigned j_lo = ~0u);
    OnePhaseResult at(std::uint64_t sigma) const { return at(sigma, nullptr); }
    // `bound`: relative error bound of f¹_σ and E[N₀] (the larger of the two).
    OnePhaseResult at(std::uint64_t sigma, double* bound) const;
    std::uint64_t sigma_min() const { return variant_.recycling == Recycling::retaining ? k_ : 0; }
    std::uint64_t sigma_max() const { return M_ - 1; }
    const LargeFill& fill() const { return *fill_; }                       // colliding hashes
    const LargeFillDistinct& distinct_fill() const { return *distinct_; }  // distinct hashes
    bool distinct() const { return distinct_ != nullptr; }
    std::uint64_t bits() const { return M_; }
    unsigned hashes() const { return k_; }
    const RbfVariant& variant() const { return variant_; }

private:
    std::uint64_t M_;
    unsigned k_;
    RbfVariant variant_;
    std::shared_ptr<const LargeFill> fill_;
    std::shared_ptr<const LargeFillDistinct> distinct_;
};

class LargeTwoPhaseModel {
public:
    LargeTwoPhaseModel(std::uint64_t M, unsigned k, RbfVariant variant);  // M bits per filter
    TwoPhaseResult at(std::uint64_t sigma) const { return evaluate(sigma, true, nullptr); }
    TwoPhaseResult at(std::uint64_t sigma, double* bound) const { return evaluate(sigma, true, bound); }
    TwoPhaseResult at_without_frozen(std::uint64_t sigma, double* bound = nullptr) const { return evaluate(sigma, false, bound); }
    const LargeOnePhaseModel& active() const { return active_; }

private:
    TwoPhaseResult evaluate(std::uint64_t sigma, bool with_frozen, double* bound) const;
    TwoPhaseResult evaluate_distinct(std::uint64_t sigma, bool with_frozen, double* bound) const;  // large_models_distinct.cpp
    // Distinct hashes, retaining with the exact law: g[c₀(k + 1) + t] = C(k, t)·(c₀)_{k−t}·(M − k)_t/(M)_k.
    static std::vector<double> distinct_overlap(std::uint64_t M, unsigned k);
    std::vector<double> overlap_;
    std::vector<double> pj_;  // P(J = j): a message's distinct bits
    unsigned j_min_;
    LargeOnePhaseModel active_;
};

}  // namespace bloomcalc
