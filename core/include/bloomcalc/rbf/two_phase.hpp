// σ-bounded two-phase RBF (002 §II-C; 000 eqs 24–26): an active and a frozen filter of M bits each, both
// checked; when the active filter's insertion leaves b > σ bits set, the frozen filter is cleared and the
// two swap roles. See docs/rbf.md for the swap point and the exactness of eq 26.
#pragma once

#include <cstdint>
#include <memory>
#include <vector>

#include "bloomcalc/rbf/one_phase.hpp"

namespace bloomcalc {

namespace detail {
class RetainingTwoPhase;
}

struct TwoPhaseResult {
    std::uint64_t M = 0, sigma = 0;  // M bits per filter (the total memory is 2M)
    unsigned k = 0;
    RbfVariant variant;
    double average_fpr = 0;  // exact: Σ π_b F_f P(the message is found in either filter | b, f)
    double average_fpr_eq26 = 0;  // 000 eq 26: 1 − (1 − a)(1 − f), a = Σ π_j ρ(j), f = Σ F_i ρ(i), as a + f(1 − a)
    double active_fpr = 0;         // Σ π_b ρ(b)  (= f¹_σ of the active filter)
    double frozen_fpr = 0;         // Σ F_f ρ(f)
    double expected_messages = 0;  // E[N₀] of the active filter: arrivals per active cycle
    std::vector<double>
        frozen;  // F: distribution of the frozen filter's bits seen by arrivals (index = bits − frozen_from)
    std::uint64_t frozen_from = 0;  // 0 for TwoPhaseModel; the large-M model keeps only F's window of ≤ k + 1 levels
};

// Precomputes the active filter's fill and, for colliding hashes, prefix sums of Σ_b v_b·(b)_j/(M)_j for the
// j a message's distinct-bit count can take with probability > 1e-30; then each σ costs O(k³).
class TwoPhaseModel {
public:
    // `stop_above`, `sigma_limit`, `sums`: the active filter's fill (OnePhaseModel), which bounds the σ at() takes.
    TwoPhaseModel(std::uint64_t M, unsigned k, RbfVariant variant, double stop_above = 2.0,
                  std::uint64_t sigma_limit = ~std::uint64_t{0},
                  OnePhaseModel::Sums sums = OnePhaseModel::Sums::blocked);
    TwoPhaseResult at(std::uint64_t sigma) const;
    // at(σ) without the frozen distribution (`frozen` left empty; every other field the same), for searches
    // over σ: O(k³) per σ instead of O(σ) for the vector.
    TwoPhaseResult at_without_frozen(std::uint64_t sigma) const;
    const OnePhaseModel& active() const { return active_; }

private:
    TwoPhaseResult evaluate(std::uint64_t sigma, bool with_frozen) const;
    OnePhaseModel active_;
    std::vector<double> pj_;  // P(J = j) of a message, colliding
    unsigned j_min_ = 1;      // smallest j kept
    // (b)_j/(M)_j for b = b0..b0+n−1 (n ≤ kStride) and j = j_min..k into out[(j − j_min)·kStride + b − b0].
    void ratios(std::uint64_t b0, unsigned n, double* out) const noexcept;
    // run[j − j_min] += Σ_{i<n} v_{b0+i}·(b0+i)_j/(M)_j (n ≤ kStride; r: scratch for ratios), adding the levels
    // in order for each j, so the checkpoints and at() add the same terms in the same order.
    void add_levels(std::uint64_t b0, unsigned n, double* r, double* run) const noexcept;
    static constexpr std::uint64_t kStride = 64;
    // Sums::per_level (the recommender's reference path): ratios() as before issue 13's speed-ups, every factor
    // at every level; else P(b) = (b)_{j_min−1}/(M)_{j_min−1} from P(b − 1) between exact products.
    bool reference_ = false;
    std::vector<double> inv_;  // 1/(M − t)
    // Retaining filters with the exact restart law: the model of the active/frozen overlap (both swap points).
    std::shared_ptr<const detail::RetainingTwoPhase> retaining_;
    std::vector<double> checkpoints_;  // [c·J + j − j_min] = Σ_{b<c·kStride} v_b (b)_j/(M)_j, J = k − j_min + 1
};

}  // namespace bloomcalc
