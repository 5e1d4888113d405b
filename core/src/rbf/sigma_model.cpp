// SigmaModel: the method is resolved once (resolve_rbf_method) and the model built in place.
#include "bloomcalc/rbf/sigma_model.hpp"

#include <algorithm>
#include <cmath>

#include "bloomcalc/error.hpp"
#include "bloomcalc/params.hpp"

namespace bloomcalc {

SigmaPlan plan_sigma_model(const SigmaInput& in, std::uint64_t exact_work_limit, const std::string& exact_work_remedy) {
    if (in.phases != 1 && in.phases != 2) throw RangeError("phases", "1 or 2", show_number(in.phases));
    const std::uint64_t memory = checked_rbf_bits_any(in.m);
    const auto k = static_cast<unsigned>(checked_integer(in.k, "k", 1, kMaxHashes));
    return plan_sigma_model(memory, k, static_cast<unsigned>(in.phases), in, in.method, exact_work_limit,
                            exact_work_remedy);
}

SigmaPlan plan_sigma_model(std::uint64_t memory, unsigned k, unsigned phases, RbfVariant variant, RbfMethod requested,
                           std::uint64_t exact_work_limit, const std::string& exact_work_remedy) {
    if (phases != 1 && phases != 2) throw RangeError("phases", "1 or 2", std::to_string(phases));
    SigmaPlan plan;
    plan.memory = memory, plan.M = phases == 2 ? memory / 2 : memory, plan.k = k, plan.phases = phases,
    plan.variant = variant;
    validate_rbf_any(plan.M, k);
    plan.method = resolve_rbf_method(requested, plan.M, k, variant);
    if (plan.method == RbfMethod::exact)
        validate_rbf(plan.M, k),
            validate_rbf_exact_work(plan.M, k, variant.hashing, exact_work_limit, "m", exact_work_remedy);
    return plan;
}

std::uint64_t SigmaPlan::max_curve_points() const {
    // Two phases count their total memory: each σ costs about twice (kMaxRbfCurveWork).
    return method == RbfMethod::exact ? rbf_exact_curve_max_points(phases * M, variant) : ~std::uint64_t{0};
}

std::uint64_t SigmaPlan::curve_points(double asked) const {
    // Fewer where each σ costs a pass over the levels (the exact retaining law): the default 200 shrinks to fit.
    const std::uint64_t most = std::min<std::uint64_t>(100000, max_curve_points());
    return std::isnan(asked) ? std::min<std::uint64_t>(200, most) : checked_integer(asked, "points", 2, most);
}

SigmaModel::SigmaModel(const SigmaPlan& plan) : plan_(plan) {
    const bool exact = plan.method == RbfMethod::exact;
    if (exact && plan.phases == 1)
        model_.emplace<OnePhaseModel>(plan.M, plan.k, plan.variant);
    else if (exact)
        model_.emplace<TwoPhaseModel>(plan.M, plan.k, plan.variant);
    else if (plan.phases == 1)
        model_.emplace<LargeOnePhaseModel>(plan.M, plan.k, plan.variant);
    else
        model_.emplace<LargeTwoPhaseModel>(plan.M, plan.k, plan.variant);
}

OnePhaseResult SigmaModel::one_phase(std::uint64_t sigma, double* bound) const {
    if (bound) *bound = 0;
    if (const auto* exact = std::get_if<OnePhaseModel>(&model_)) return exact->at(sigma);
    return std::get<LargeOnePhaseModel>(model_).at(sigma, bound);
}

TwoPhaseResult SigmaModel::two_phase(std::uint64_t sigma, double* bound) const {
    if (bound) *bound = 0;
    if (const auto* exact = std::get_if<TwoPhaseModel>(&model_)) return exact->at(sigma);
    return std::get<LargeTwoPhaseModel>(model_).at(sigma, bound);
}

SigmaModel::Point SigmaModel::at(std::uint64_t sigma, double* bound) const {
    if (plan_.phases == 1) {
        const auto r = one_phase(sigma, bound);
        return {r.average_fpr, r.expected_messages};
    }
    const auto r = two_phase(sigma, bound);
    return {r.average_fpr, r.expected_messages};
}

SigmaModel::Curve SigmaModel::curve(std::uint64_t points) const {
    Curve c;
    const double lo = static_cast<double>(plan_.sigma_min()), hi = static_cast<double>(plan_.M - 1);
    for (std::uint64_t i = 0; i < points; ++i) {
        const auto s = static_cast<std::uint64_t>(
            std::llround(lo + (hi - lo) * static_cast<double>(i) / static_cast<double>(points - 1)));
        if (!c.sigma.empty() && static_cast<double>(s) == c.sigma.back()) continue;
        double b = 0;
        const auto r = at(s, &b);
        c.bound = std::max(c.bound, b);
        c.sigma.push_back(static_cast<double>(s)), c.average_fpr.push_back(r.average_fpr),
            c.expected_messages.push_back(r.expected_messages);
    }
    return c;
}

}  // namespace bloomcalc
