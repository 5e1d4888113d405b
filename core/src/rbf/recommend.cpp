// Per k: one fill gives f¹_σ for every σ (monotone in σ: each added state has a higher ρ than the running
// average), so the largest σ is a scan; f²_σ is monotone too and bounded below by the active filter's f¹,
// so its σ is bisected below the one-phase σ of an M/2 filter; the N rules scan eq 1's sequence.
#include "bloomcalc/rbf/recommend.hpp"

#include "bloomcalc/compensated_sum.hpp"

#include <algorithm>
#include <cmath>
#include <type_traits>

#include "bloomcalc/error.hpp"
#include "bloomcalc/params.hpp"
#include "bloomcalc/rbf/chain.hpp"
#include "bloomcalc/rbf/large/large_models.hpp"
#include "bloomcalc/rbf/large/large_nrules.hpp"
#include "bloomcalc/rbf/nbounded.hpp"
#include "bloomcalc/rbf/one_phase.hpp"
#include "bloomcalc/rbf/two_phase.hpp"

namespace bloomcalc {

RecommendInput checked_input(const RecommendRequest& request) {
    RecommendInput in;
    in.variant = request;
    in.M = checked_rbf_bits_any(request.m);
    in.target = checked_probability(request.p, "p");
    in.k_max = static_cast<unsigned>(checked_integer(request.kmax, "kmax", 1, kMaxHashes));
    in.method = request.method;
    return in;
}

namespace {

// The model at σ, without what a search does not need.
OnePhaseResult evaluate(const OnePhaseModel& model, std::uint64_t sigma, double*) { return model.at(sigma); }
TwoPhaseResult evaluate(const TwoPhaseModel& model, std::uint64_t sigma, double*) {
    return model.at_without_frozen(sigma);
}
OnePhaseResult evaluate(const LargeOnePhaseModel& model, std::uint64_t sigma, double* bound) {
    return model.at(sigma, bound);
}
TwoPhaseResult evaluate(const LargeTwoPhaseModel& model, std::uint64_t sigma, double* bound) {
    return model.at_without_frozen(sigma, bound);
}

// Largest σ in [lo, hi] whose FPR meets f* (the FPR grows with σ); `bound` (large-M method) gets the error bound
// at that σ. Exact fill: bisection. Large-M method (each σ costs a model evaluation, σ up to 2^39): the same
// answer — the bracket f(lo) ≤ f* < f(hi) shrinks to hi = lo + 1 — with the next σ from log f interpolated
// linearly in log(σ + 1) (f ≈ c·σ^k), a bisection step whenever an interpolation step left more than half the
// bracket: a few evaluations instead of ~log₂ M.
template <class Model>
RuleChoice largest_sigma(const Model& model, std::uint64_t lo, std::uint64_t hi, double target,
                         double* bound = nullptr) {
    if (hi < lo) return RuleChoice{};
    double f_lo = evaluate(model, lo, nullptr).average_fpr;
    if (f_lo > target) return RuleChoice{};
    constexpr bool interpolate = !std::is_same_v<Model, OnePhaseModel> && !std::is_same_v<Model, TwoPhaseModel>;
    if (interpolate) {
        double f_hi = evaluate(model, hi, nullptr).average_fpr;
        if (f_hi <= target) lo = hi;
        bool bisect = false;
        while (hi - lo > 1) {
            std::uint64_t next = lo + (hi - lo) / 2;
            if (!bisect && f_lo > 0 && f_hi > f_lo) {
                const double xl = std::log(static_cast<double>(lo) + 1), xh = std::log(static_cast<double>(hi) + 1);
                const double x =
                    xl + (xh - xl) * (std::log(target) - std::log(f_lo)) / (std::log(f_hi) - std::log(f_lo));
                const double s = std::exp(x) - 1;
                next = s <= static_cast<double>(lo) + 1   ? lo + 1
                       : s >= static_cast<double>(hi) - 1 ? hi - 1
                                                          : static_cast<std::uint64_t>(std::llround(s));
            }
            const std::uint64_t width = hi - lo;
            const double f = evaluate(model, next, nullptr).average_fpr;
            if (f <= target)
                lo = next, f_lo = f;
            else
                hi = next, f_hi = f;
            bisect = !bisect && hi - lo > width / 2;
        }
    } else {
        while (lo < hi) {
            const std::uint64_t mid = lo + (hi - lo + 1) / 2;
            if (evaluate(model, mid, nullptr).average_fpr <= target)
                lo = mid;
            else
                hi = mid - 1;
        }
    }
    double b = 0;
    const auto r = evaluate(model, lo, &b);
    if (bound) *bound = std::max(*bound, b);
    return RuleChoice{true, static_cast<double>(lo), r.expected_messages, r.average_fpr};
}

// The N rules from E[F_i] = eq 1 at n = i − 1: each rule's FPR grows with N, so scan until it exceeds f*.
// `reference`: eq 1 by WorstCase::at (pow) one N at a time; else in blocks by WorstCase::at_block, as n_bounded
// scans it (a recommended N and n_bounded at it report the same FPRs).
void n_rules(std::uint64_t M, unsigned k, Hashing h, double target, RecommendRow& row, bool reference = false) {
    CompensatedSum sum_f, sum_r, sum_arrivals;  // the same sums as n_bounded (rbf/nbounded.cpp)
    bool worst = true, oracle = true, lower = true;
    const std::uint64_t limit = M;  // a real user cannot count more than M bit-setting messages
    const WorstCase eq1(M, k, h);
    double f_block[WorstCase::kBlock], r_block[WorstCase::kBlock];
    for (std::uint64_t N = 1; N <= limit && (worst || oracle || lower); ++N) {
        const unsigned j = static_cast<unsigned>((N - 1) % WorstCase::kBlock);
        if (!reference && j == 0) {
            const unsigned n = static_cast<unsigned>(std::min<std::uint64_t>(WorstCase::kBlock, limit - N + 1));
            eq1.at_block(N, n, f_block);
            for (unsigned i = 0; i < n; ++i) r_block[i] = f_block[i] / (1.0 - f_block[i]);  // E[R_i], eq 3
        }
        const double f = reference ? eq1.at(N) : f_block[j], r = reference ? f / (1.0 - f) : r_block[j];
        sum_f.add(f);
        sum_r.add(r);
        sum_arrivals.add(1.0 + r);
        const double fo = sum_f.value() / static_cast<double>(N), fa = sum_r.value() / sum_arrivals.value();
        if (worst && f <= target)
            row.worst_case = RuleChoice{true, double(N), double(N), f};
        else
            worst = false;
        if (oracle && fo <= target)
            row.oracle = RuleChoice{true, double(N), double(N), fo};
        else
            oracle = false;
        if (lower && fa <= target)
            row.lower_bound = RuleChoice{true, double(N), double(N), fa};
        else
            lower = false;
    }
}

// The largest σ < M whose ρ(σ) = P(all k probes find set bits) is at most f* (ρ grows with σ).
std::uint64_t largest_rho_sigma(std::uint64_t M, unsigned k, Hashing h, double target) {
    std::uint64_t lo = 0, hi = M - 1;
    while (lo < hi) {
        const std::uint64_t mid = lo + (hi - lo + 1) / 2;
        if (rbf_rho(mid, M, k, h) <= target)
            lo = mid;
        else
            hi = mid - 1;
    }
    return lo;
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

unsigned recommend_k_max(const RecommendInput& in) {
    checked_probability(in.target, "p");
    checked_integer(in.k_max, "kmax", 1, kMaxHashes);
    checked_rbf_bits_any(static_cast<double>(in.M));
    if (in.M < 4) throw RangeError("m", "at least 4 bits (the two-phase filters get ⌊m/2⌋ each)", std::to_string(in.M));
    return static_cast<unsigned>(std::min<std::uint64_t>(in.k_max, in.M / 2));
}

namespace {

// The row of one k by the exact fill (M ≤ 2^24). `reference`: as before issue 13's speed-ups (per-level sums,
// the half filter filled up to its one-phase σ, eq 1 by pow), for detail::recommend_rows_reference.
RecommendRow exact_row(const RecommendInput& in, unsigned k, bool reference = false) {
    RecommendRow row;
    row.k = k;
    const auto sums = reference ? OnePhaseModel::Sums::per_level : OnePhaseModel::Sums::blocked;
    constexpr std::uint64_t kAll = ~std::uint64_t{0};
    // Fills stop once f¹ exceeds f* (f¹ grows with σ): levels beyond cannot be recommended.
    const OnePhaseModel whole(in.M, k, in.variant, in.target, kAll, sums);
    row.one_phase = largest_sigma(whole, whole.sigma_min(), whole.sigma_max(), in.target);
    const RbfVariant two = in.variant;  // every variant has its exact two-phase model
    // f² ≥ the frozen filter's FPR Σ_f F_f ρ(f), and the frozen filter holds f > σ − k bits (f ≥ σ + 1 − k before
    // the swap, f > σ after it): f² ≥ ρ(σ + 1 − k), so f² ≤ f* needs σ ≤ σ_ρ + k − 1, σ_ρ the largest σ with
    // ρ(σ) ≤ f*. The half filter is filled up to σ_ρ + k only (one level of margin: ρ(σ_ρ + 2) > f* by far more
    // than a rounding), which leaves the search's answer unchanged.
    const std::uint64_t half_bits = in.M / 2;
    const std::uint64_t limit = reference ? kAll : largest_rho_sigma(half_bits, k, in.variant.hashing, in.target) + k;
    // f² ≥ the active filter's f¹, so the two-phase σ is at most the one-phase σ of an M/2 filter.
    const TwoPhaseModel half(half_bits, k, two, in.target, limit, sums);
    const RuleChoice bound =
        largest_sigma(half.active(), half.active().sigma_min(), half.active().sigma_max(), in.target);
    if (bound.feasible)
        row.two_phase =
            largest_sigma(half, half.active().sigma_min(), static_cast<std::uint64_t>(bound.threshold), in.target);
    n_rules(in.M, k, in.variant.hashing, in.target, row, reference);
    return row;
}

// The row of one k by the large-M method (the two-phase half by the exact fill where it is too small for it).
RecommendRow large_row(const RecommendInput& in, unsigned k) {
    RecommendRow row;
    row.k = k;
    row.method = RbfMethod::asymptotic;
    const LargeOnePhaseModel whole(in.M, k, in.variant);
    row.one_phase = largest_sigma(whole, whole.sigma_min(), whole.sigma_max(), in.target, &row.error_bound);
    const RbfVariant two = in.variant;  // every variant has its large-M two-phase model
    const std::uint64_t half_bits = in.M / 2;
    if (resolve_rbf_search_method(RbfMethod::asymptotic, half_bits, k, two) == RbfMethod::asymptotic) {
        const LargeTwoPhaseModel half(half_bits, k, two);
        // f² ≥ the active filter's f¹: the one-phase σ of the half filter bounds the search.
        const RuleChoice cap =
            largest_sigma(half.active(), half.active().sigma_min(), half.active().sigma_max(), in.target);
        if (cap.feasible)
            row.two_phase = largest_sigma(half, half.active().sigma_min(), static_cast<std::uint64_t>(cap.threshold),
                                          in.target, &row.error_bound);
    } else {
        const TwoPhaseModel half(half_bits, k, two, in.target);
        const RuleChoice cap =
            largest_sigma(half.active(), half.active().sigma_min(), half.active().sigma_max(), in.target);
        if (cap.feasible)
            row.two_phase =
                largest_sigma(half, half.active().sigma_min(), static_cast<std::uint64_t>(cap.threshold), in.target);
    }
    row.error_bound = std::max(row.error_bound, large_n_rules(in.M, k, in.variant.hashing, in.target, row));
    return row;
}

}  // namespace

RbfMethod recommend_method(const RecommendInput& in, unsigned k) {
    try {
        return resolve_rbf_search_method(in.method, in.M, k, in.variant);
    } catch (const RangeError& e) {
        // A k the method refuses (k > 32 for the large-M method) comes from the caller's kmax: name it, and its value.
        if (e.parameter() != "k") throw;
        throw RangeError("kmax", e.valid_range(), std::to_string(in.k_max));
    }
}

std::vector<RecommendRow> recommend_rows(const RecommendInput& in, unsigned k_lo, unsigned k_hi,
                                         const std::function<bool(unsigned, unsigned)>& progress) {
    const unsigned k_max = recommend_k_max(in);
    k_lo = std::max(k_lo, 1u), k_hi = std::min(k_hi, k_max);
    std::vector<RbfMethod> methods;  // every k's method first: a refusal (k > 32 above 2^24) before any work
    for (unsigned k = k_lo; k <= k_hi; ++k) methods.push_back(recommend_method(in, k));
    std::vector<RecommendRow> rows;
    for (unsigned k = k_lo; k <= k_hi; ++k) {
        rows.push_back(methods[k - k_lo] == RbfMethod::asymptotic ? large_row(in, k) : exact_row(in, k));
        if (progress && !progress(k - k_lo + 1, k_hi - k_lo + 1)) throw CancelledError();
    }
    return rows;
}

namespace detail {

std::vector<RecommendRow> recommend_rows_reference(const RecommendInput& in, unsigned k_lo, unsigned k_hi) {
    const unsigned k_max = recommend_k_max(in);
    k_lo = std::max(k_lo, 1u), k_hi = std::min(k_hi, k_max);
    std::vector<RecommendRow> rows;
    for (unsigned k = k_lo; k <= k_hi; ++k)
        rows.push_back(recommend_method(in, k) == RbfMethod::asymptotic ? large_row(in, k) : exact_row(in, k, true));
    return rows;
}

}  // namespace detail

namespace {

// A rule's choice as a pool worker returned it: a threshold and a capacity ≥ 0, an FPR in [0, 1].
void check_choice(const RuleChoice& c, const std::string& name) {
    if (!c.feasible) return;
    for (const auto& [value, field] : {std::pair{c.threshold, ".threshold"}, std::pair{c.capacity, ".capacity"}})
        if (!(value >= 0 && std::isfinite(value)))
            throw RangeError(name + field, "a finite number ≥ 0", show_number(value));
    if (!(c.fpr >= 0 && c.fpr <= 1)) throw RangeError(name + ".fpr", "a probability in [0, 1]", show_number(c.fpr));
}

// The rows of a recommendation from a pool (any order): one for each k = 1..k_max, each well formed.
void check_rows(const std::vector<RecommendRow>& rows, unsigned k_max) {
    const std::string range = "one row for each k = 1.." + std::to_string(k_max);
    if (rows.size() != k_max) throw RangeError("rows", range, std::to_string(rows.size()) + " rows");
    std::vector<bool> seen(k_max + 1, false);
    for (std::size_t i = 0; i < rows.size(); ++i) {
        const RecommendRow& row = rows[i];
        const std::string at = "rows[" + std::to_string(i) + "]";
        if (row.k < 1 || row.k > k_max || seen[row.k])
            throw RangeError(
                at + ".k", range + ", each once",
                row.k >= 1 && row.k <= k_max ? "k = " + std::to_string(row.k) + " twice" : std::to_string(row.k));
        seen[row.k] = true;
        if (!(row.error_bound >= 0 && std::isfinite(row.error_bound)))
            throw RangeError(at + ".errorBound", "a finite number ≥ 0 (or none)", show_number(row.error_bound));
        check_choice(row.one_phase, at + ".onePhase"), check_choice(row.two_phase, at + ".twoPhase");
        check_choice(row.worst_case, at + ".worstCase"), check_choice(row.oracle, at + ".oracle");
        check_choice(row.lower_bound, at + ".lowerBound");
    }
}

}  // namespace

Recommendation merge_recommendation(const RecommendInput& in, std::vector<RecommendRow> rows) {
    check_rows(rows, recommend_k_max(in));
    std::sort(rows.begin(), rows.end(), [](const RecommendRow& a, const RecommendRow& b) { return a.k < b.k; });
    Recommendation rec;
    rec.M = in.M, rec.target = in.target, rec.variant = in.variant;
    rec.rows = std::move(rows);
    rec.method = rec.rows.front().method;  // check_rows: at least one row
    for (const auto& row : rec.rows) {
        if (row.method != rec.method) rec.method = RbfMethod::mixed;
        rec.error_bound = std::max(rec.error_bound, row.error_bound);
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

Recommendation recommend(const RecommendInput& in, const std::function<bool(unsigned, unsigned)>& progress) {
    return merge_recommendation(in, recommend_rows(in, 1, recommend_k_max(in), progress));
}

}  // namespace bloomcalc
