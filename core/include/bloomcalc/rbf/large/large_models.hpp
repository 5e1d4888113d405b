// The σ-bounded models by the large-M method (docs/rbf.md#large-m): the same results as OnePhaseModel and
// TwoPhaseModel, from LargeFill's closed form and sums, at a cost that does not grow with M, each with a bound
// on its relative error. Colliding hashes (LargeFill; retaining filters with either restart law — the exact law
// from every restart level at once, LargeFill's shared starts, and the restart chain per σ, large_retaining.cpp)
// and distinct hashes (LargeFillDistinct, large_models_distinct.cpp; every variant).
#pragma once

#include <cstdint>
#include <memory>
#include <vector>

#include "bloomcalc/rbf/large/large_fill.hpp"
#include "bloomcalc/rbf/large/large_fill_distinct.hpp"
#include "bloomcalc/rbf/one_phase.hpp"
#include "bloomcalc/rbf/two_phase.hpp"

namespace bloomcalc {

namespace detail {
class RetainingOverlap;
}

// Throws a RangeError/InfeasibleError naming the parameter when the large-M method cannot model the size (M too
// small for k).
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
    // Colliding, retaining with the exact restart law: the fill's start s is a cycle started with
    // first_start() + s bits.
    bool exact_law() const { return exact_law_; }
    // Exact law: restart levels J < first_start() have P(J) ≤ dropped()/(k·M) each (a message's distinct bits),
    // so the restart law puts at most dropped() on them (v_b ≤ M/(M − b) ≤ M): left out, and in the bounds.
    unsigned first_start() const { return first_start_; }
    double dropped() const { return dropped_; }
    // Exact law: the stationary law π of the bits a cycle starts with (index = bits − 1, as
    // OnePhaseModel::restart_law; 0 below first_start()) at σ; `rel_err` gets a bound on each π_J's relative
    // error; `window` (optional) the visits v^{(J)}_i of the last k levels i ≤ σ ([(J − first_start())·k + i −
    // (σ + 1 − k)]) and `window_err` bounds on their absolute errors.
    std::vector<double> restart_law(std::uint64_t sigma, double* rel_err = nullptr,
                                    std::vector<double>* window = nullptr,
                                    std::vector<double>* window_err = nullptr) const;

private:
    OnePhaseResult at_exact_law(std::uint64_t sigma, double* bound) const;  // large_retaining.cpp
    std::uint64_t M_;
    unsigned k_;
    RbfVariant variant_;
    bool exact_law_ = false;
    std::vector<double> pj_;  // exact law: P(J = j), a message's distinct bits
    unsigned first_start_ = 1;
    double dropped_ = 0;
    std::shared_ptr<const LargeFill> fill_;
    std::shared_ptr<const LargeFillDistinct> distinct_;
};

class LargeTwoPhaseModel {
public:
    LargeTwoPhaseModel(std::uint64_t M, unsigned k, RbfVariant variant);  // M bits per filter
    TwoPhaseResult at(std::uint64_t sigma) const { return evaluate(sigma, true, nullptr); }
    TwoPhaseResult at(std::uint64_t sigma, double* bound) const { return evaluate(sigma, true, bound); }
    TwoPhaseResult at_without_frozen(std::uint64_t sigma, double* bound = nullptr) const {
        return evaluate(sigma, false, bound);
    }
    const LargeOnePhaseModel& active() const { return active_; }

private:
    TwoPhaseResult evaluate(std::uint64_t sigma, bool with_frozen, double* bound) const;
    TwoPhaseResult evaluate_distinct(std::uint64_t sigma, bool with_frozen,
                                     double* bound) const;  // large_models_distinct.cpp
    // Both fills: σ checked, the active filter's sums s and their error bounds e (fill.sums), and the result's
    // active part (f¹ = s[1]/s[0], E[N₀] = s[0]).
    TwoPhaseResult active_part(std::uint64_t sigma, std::vector<double>& s, std::vector<double>& e) const;
    // Distinct hashes, retaining with the exact law: g[c₀(k + 1) + t] = C(k, t)·(c₀)_{k−t}·(M − k)_t/(M)_k.
    static std::vector<double> distinct_overlap(std::uint64_t M, unsigned k);
    std::vector<double> overlap_;
    std::vector<double> pj_;  // P(J = j): a message's distinct bits
    unsigned j_min_;
    LargeOnePhaseModel active_;
    // Colliding, exact retaining law (large_retaining.cpp): the overlap model of rbf/retaining_overlap.hpp, and
    // the coefficients that turn the fill's sums of (b)_u/(M)_u into those of (b − J)_t/(M − J)_t
    // ([((J − 1)(k + 1) + t)(k + 1) + u]).
    void init_exact_law();
    TwoPhaseResult evaluate_exact_law(std::uint64_t sigma, bool with_frozen, double* bound) const;
    std::shared_ptr<const detail::RetainingOverlap> retaining_;
    std::vector<double> shift_;
};

}  // namespace bloomcalc
