// Per k: one fill gives f¹_σ for every σ (monotone in σ: each added state has a higher ρ than the running
// average), so the largest σ is a scan; f²_σ is monotone too and bounded below by the active filter's f¹,
// so its σ is bisected below the one-phase σ of an M/2 filter; the N rules scan eq 1's sequence.
#include "bloomcalc/rbf_recommend.hpp"

#include "bloomcalc/compensated_sum.hpp"

#include <algorithm>
#include <cmath>

#include "bloomcalc/error.hpp"
#include "bloomcalc/rbf_nbounded.hpp"
#include "bloomcalc/rbf_one_phase.hpp"
#include "bloomcalc/rbf_two_phase.hpp"

namespace bloomcalc {

namespace {

// The model at σ, without what a search does not need.
OnePhaseResult evaluate(const OnePhaseModel& model, std::uint64_t sigma) { return model.at(sigma); }
TwoPhaseResult evaluate(const TwoPhaseModel& model, std::uint64_t sigma) { return model.at_without_frozen(sigma); }

// Largest σ in [lo, hi] whose FPR meets f* (the FPR grows with σ), by bisection.
template <class Model>
RuleChoice largest_sigma(const Model& model, std::uint64_t lo, std::uint64_t hi, double target) {
    if (hi < lo || evaluate(model, lo).average_fpr > target) return RuleChoice{};
    while (lo < hi) {
        const std::uint64_t mid = lo + (hi - lo + 1) / 2;
        if (evaluate(model, mid).average_fpr <= target) lo = mid;
        else hi = mid - 1;
    }
    const auto r = evaluate(model, lo);
    return RuleChoice{true, static_cast<double>(lo), r.expected_messages, r.average_fpr};
}

// The N rules from E[F_i] = eq 1 at n = i − 1: each rule's FPR grows with N, so scan until it exceeds f*.
void n_rules(std::uint64_t M, unsigned k, Hashing h, double target, RecommendRow& row) {
    CompensatedSum sum_f, sum_r, sum_arrivals;  // the same sums as n_bounded (rbf_nbounded.cpp)
    bool worst = true, oracle = true, lower = true;
    const std::uint64_t limit = M;  // a real user cannot count more than M bit-setting messages
    const WorstCase eq1(M, k, h);
    for (std::uint64_t N = 1; N <= limit && (worst || oracle || lower); ++N) {
        const double f = eq1.at(N);
        sum_f.add(f);
        sum_r.add(f / (1.0 - f));
        sum_arrivals.add(1.0 + f / (1.0 - f));
        const double fo = sum_f.value() / static_cast<double>(N), fa = sum_r.value() / sum_arrivals.value();
        if (worst && f <= target) row.worst_case = RuleChoice{true, double(N), double(N), f};
        else worst = false;
        if (oracle && fo <= target) row.oracle = RuleChoice{true, double(N), double(N), fo};
        else oracle = false;
        if (lower && fa <= target) row.lower_bound = RuleChoice{true, double(N), double(N), fa};
        else lower = false;
    }
}

BestChoice best_of(const std::vector<RecommendRow>& rows, RuleChoice RecommendRow::*rule) {
    BestChoice best;
    for (const auto& row : rows) {
        const RuleChoice& c = row.*rule;
        if (c.feasible && (!best.choice.feasible || c.capacity > best.choice.capacity)) best.k = row.k, best.choice = c;
    }
    return best;
}

}  // namespace

Recommendation recommend(const RecommendInput& in, const std::function<bool(unsigned, unsigned)>& progress) {
    checked_probability(in.target, "fpr");
    checked_integer(in.k_max, "kmax", 1, kMaxHashes);
    validate_rbf(in.M, 1);
    if (in.M < 4) throw RangeError("m", "at least 4 bits (the two-phase filters get ⌊m/2⌋ each)", std::to_string(in.M));
    Recommendation rec;
    rec.M = in.M, rec.target = in.target, rec.variant = in.variant;
    const unsigned k_max = static_cast<unsigned>(std::min<std::uint64_t>(in.k_max, in.M / 2));
    for (unsigned k = 1; k <= k_max; ++k) {
        RecommendRow row;
        row.k = k;
        // Fills stop once f¹ exceeds f* (f¹ grows with σ): levels beyond cannot be recommended.
        const OnePhaseModel whole(in.M, k, in.variant, in.target);
        row.one_phase = largest_sigma(whole, whole.sigma_min(), whole.sigma_max(), in.target);
        const RbfVariant two = in.variant;  // every variant has its exact two-phase model
        // f² ≥ the active filter's f¹, so the two-phase σ is at most the one-phase σ of an M/2 filter.
        const TwoPhaseModel half(in.M / 2, k, two, in.target);
        const RuleChoice bound = largest_sigma(half.active(), half.active().sigma_min(), half.active().sigma_max(), in.target);
        if (bound.feasible)
            row.two_phase = largest_sigma(half, half.active().sigma_min(), static_cast<std::uint64_t>(bound.threshold), in.target);
        n_rules(in.M, k, in.variant.hashing, in.target, row);
        rec.rows.push_back(row);
        if (progress && !progress(k, k_max)) throw CancelledError();
    }
    rec.one_phase = best_of(rec.rows, &RecommendRow::one_phase);
    rec.two_phase = best_of(rec.rows, &RecommendRow::two_phase);
    rec.worst_case = best_of(rec.rows, &RecommendRow::worst_case);
    rec.oracle = best_of(rec.rows, &RecommendRow::oracle);
    rec.lower_bound = best_of(rec.rows, &RecommendRow::lower_bound);
    const double base = rec.worst_case.choice.capacity;
    for (BestChoice* b : {&rec.one_phase, &rec.two_phase, &rec.worst_case, &rec.oracle, &rec.lower_bound})
        b->gain_over_worst_case = b->choice.feasible && base > 0 ? b->choice.capacity / base - 1 : 0;
    return rec;
}

}  // namespace bloomcalc
