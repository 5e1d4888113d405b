// One σ-bounded recycling filter, one or two phases, by the method that runs for its size: the exact fill
// (OnePhaseModel, TwoPhaseModel; M ≤ 2^24) or the large-M method (LargeOnePhaseModel, LargeTwoPhaseModel;
// M ≤ 2^40, with a relative error bound). The one place the surfaces choose between them (docs/rbf.md#large-m).
#pragma once

#include <cmath>
#include <cstdint>
#include <string>
#include <variant>
#include <vector>

#include "bloomcalc/rbf/one_phase.hpp"
#include "bloomcalc/rbf/params.hpp"
#include "bloomcalc/rbf/two_phase.hpp"
#include "bloomcalc/rbf/large/large_models.hpp"
#include "bloomcalc/rbf/large/rbf_method.hpp"

namespace bloomcalc {

// The validated inputs and the method that runs, before any work: σ and the curve size are checked against
// it, then SigmaModel builds the fill (up to ~1 s for the synchronous calls' largest exact filters).
struct SigmaPlan {
    std::uint64_t memory = 0, M = 0;  // the total bits; M of 000, one filter's bits (memory/2 for two phases)
    unsigned k = 0, phases = 1;
    RbfVariant variant;
    RbfMethod method = RbfMethod::exact;  // exact or asymptotic, never automatic
    std::uint64_t sigma_min() const { return variant.recycling == Recycling::retaining ? k : 0; }
    // σ checked against M and k (checked_sigma: RangeError naming "sigma").
    std::uint64_t checked(double sigma) const { return checked_sigma(sigma, M, k, variant.recycling); }
    // The most σ points a curve may evaluate within the synchronous work bound (rbf_exact_curve_max_points;
    // the large-M method's cost does not grow with M).
    std::uint64_t max_curve_points() const;
    // The σ points of a curve: `asked`, or NaN for the default 200 shrunk to fit; at most 10^5 and
    // max_curve_points() (an explicit count beyond is a RangeError naming "points").
    std::uint64_t curve_points(double asked) const;
};

// `memory`: the total bits (a two-phase filter's two arrays of memory/2 bits each); `phases` 1 or 2;
// `requested`: exact, asymptotic or automatic (resolve_rbf_method). Validates M and k for the method that
// runs (RangeError naming "m" or "k") and bounds the exact fill's work by `exact_work_limit`
// (validate_rbf_exact_work: the synchronous calls keep kMaxRbfExactWork; its message ends with `exact_work_remedy`).
SigmaPlan plan_sigma_model(std::uint64_t memory, unsigned k, unsigned phases, RbfVariant variant, RbfMethod requested,
                           std::uint64_t exact_work_limit = kMaxRbfExactWork,
                           const std::string& exact_work_remedy = "reduce m or k");

// One σ-bounded filter as the surfaces give it (rbf, rbfAsync, sigmaCurve): numbers as read, each checked by
// the plan below (m the total memory; phases 1 or 2; points NaN: the curve's default).
struct SigmaInput : RbfVariant {
    double m = NAN, k = NAN, sigma = NAN, phases = 1, points = NAN;
    RbfMethod method = RbfMethod::automatic;
};
// The plan of `in`: phases (RangeError naming "phases" unless 1 or 2), m (≤ 2^40) and k (1..64) checked first.
SigmaPlan plan_sigma_model(const SigmaInput& in, std::uint64_t exact_work_limit = kMaxRbfExactWork,
                           const std::string& exact_work_remedy = "reduce m or k");

class SigmaModel {
public:
    explicit SigmaModel(const SigmaPlan& plan);
    const SigmaPlan& plan() const { return plan_; }

    // `bound` (may be null): the large-M method's relative error bound; 0 for the exact fill.
    OnePhaseResult one_phase(std::uint64_t sigma, double* bound = nullptr) const;  // plan().phases == 1
    TwoPhaseResult two_phase(std::uint64_t sigma, double* bound = nullptr) const;  // plan().phases == 2

    // Either shape's long-run average FPR (f¹_σ eq 18, or the two-phase f²_σ) and E[N₀] at σ.
    struct Point {
        double average_fpr = 0, expected_messages = 0;
    };
    Point at(std::uint64_t sigma, double* bound = nullptr) const;

    // at() for `points` values of σ spread evenly over [sigma_min(), M − 1] (rounded; a repeat dropped: fewer
    // when the range has fewer integers), from the one fill; `bound` the largest of their error bounds.
    struct Curve {
        std::vector<double> sigma, average_fpr, expected_messages;
        double bound = 0;
    };
    Curve curve(std::uint64_t points) const;

private:
    SigmaPlan plan_;
    std::variant<std::monostate, OnePhaseModel, TwoPhaseModel, LargeOnePhaseModel, LargeTwoPhaseModel> model_;
};

}  // namespace bloomcalc
