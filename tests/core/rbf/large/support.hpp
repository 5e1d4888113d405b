// Helpers of the large-M method's overlap tests (rbf/large/large_test.cpp, rbf/large/distinct_test.cpp,
// rbf/large/retaining_test.cpp).
#pragma once

#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <initializer_list>
#include <sstream>
#include <string>

#include "bloomcalc/rbf/large/large_models.hpp"
#include "bloomcalc/rbf/one_phase.hpp"
#include "bloomcalc/rbf/recommend.hpp"
#include "bloomcalc/rbf/two_phase.hpp"

namespace largetest {

constexpr double kOverlap = 1e-9;         // the tolerance
constexpr double kExactRounding = 2e-13;  // the exact fill's own rounding at 2^24 (docs/rbf.md)

inline double rel(double a, double b) { return std::fabs(a - b) / std::max(std::fabs(a), std::fabs(b)); }
inline bool full() { return std::getenv("RBF_LARGE_FULL") != nullptr; }

using Rule = bloomcalc::RuleChoice bloomcalc::RecommendRow::*;
inline constexpr std::initializer_list<Rule> kAllRules{
    &bloomcalc::RecommendRow::one_phase, &bloomcalc::RecommendRow::two_phase, &bloomcalc::RecommendRow::worst_case,
    &bloomcalc::RecommendRow::oracle, &bloomcalc::RecommendRow::lower_bound};

// `in` recommended by the exact fill and by the large-M method: the large-M one says so with a bound < 1e-9, and
// every threshold of `rules` is within ±1, equal where the exact FPR is clear of f* by more than 1e-9 (the bound),
// and where equal has the same FPR and capacity to 1e-9. `where` labels failures. Returns the equal thresholds
// and the compared ones (added to `equal`, `total`).
inline void check_thresholds_agree(bloomcalc::RecommendInput in, const std::string& where, int& equal, int& total,
                                   std::initializer_list<Rule> rules = kAllRules) {
    using namespace bloomcalc;
    in.method = RbfMethod::exact;
    const auto exact = recommend(in);
    in.method = RbfMethod::asymptotic;
    const auto large = recommend(in);
    INFO(where);
    CHECK(large.method == RbfMethod::asymptotic);
    CHECK(large.error_bound < 1e-9);
    REQUIRE(large.rows.size() == exact.rows.size());
    for (std::size_t i = 0; i < exact.rows.size(); ++i)
        for (Rule rule : rules) {
            const RuleChoice& a = large.rows[i].*rule;
            const RuleChoice& b = exact.rows[i].*rule;
            INFO("k = " << exact.rows[i].k);
            REQUIRE(a.feasible == b.feasible);
            if (!b.feasible) continue;
            CHECK(std::fabs(a.threshold - b.threshold) <= 1);
            if (in.target - b.fpr > 1e-9 * in.target) CHECK(a.threshold == b.threshold);
            ++total, equal += a.threshold == b.threshold;
            if (a.threshold == b.threshold) {
                CHECK(rel(a.fpr, b.fpr) <= kOverlap);
                CHECK(rel(a.capacity, b.capacity) <= kOverlap);
            }
        }
}

// σ at the fraction x of M, at least k and at most M − 1: the overlap tests' grid.
inline std::uint64_t at_fraction(double x, std::uint64_t M, unsigned k) {
    return std::min<std::uint64_t>(M - 1,
                                   std::max<std::uint64_t>(k, static_cast<std::uint64_t>(x * static_cast<double>(M))));
}

// A one-phase model by the large-M method (a, its bound) against the exact fill (b): E[N₀] and f¹_σ (where it is
// above 1e-250) within 1e-9 and within the bound plus the exact fill's rounding; the bound < 1e-9.
inline void check_one_phase_agree(const bloomcalc::OnePhaseResult& a, const bloomcalc::OnePhaseResult& b,
                                  double bound) {
    const double tol = std::min(kOverlap, bound + kExactRounding);
    CHECK(rel(a.expected_messages, b.expected_messages) <= tol);
    if (b.average_fpr > 1e-250) CHECK(rel(a.average_fpr, b.average_fpr) <= tol);
    CHECK(bound < 1e-9);
}

// A two-phase model by the large-M method (a, its bound) against the exact fill (b) at σ: every rate and E[N₀]
// within 1e-9, the average within the bound (< 1e-9) plus the exact fill's rounding, and the frozen distribution
// on its window of k levels.
inline void check_two_phase_agree(const bloomcalc::TwoPhaseResult& a, const bloomcalc::TwoPhaseResult& b, double bound,
                                  std::uint64_t sigma, unsigned k) {
    CHECK(rel(a.average_fpr, b.average_fpr) <= kOverlap);
    CHECK(rel(a.active_fpr, b.active_fpr) <= kOverlap);
    CHECK(rel(a.frozen_fpr, b.frozen_fpr) <= kOverlap);
    CHECK(rel(a.expected_messages, b.expected_messages) <= kOverlap);
    CHECK(rel(a.average_fpr, b.average_fpr) <= bound + kExactRounding);
    CHECK(bound < 1e-9);
    for (std::size_t f = sigma + 1 - std::min<std::uint64_t>(sigma + 1, k); f < b.frozen.size(); ++f) {  // F's window
        const double y = f >= a.frozen_from && f - a.frozen_from < a.frozen.size() ? a.frozen[f - a.frozen_from] : 0.0;
        CHECK(std::fabs(y - b.frozen[f]) <= kOverlap);
    }
}

// The one-phase models of (M, k, v) by the large-M method (a, its bound) and the exact fill (b) at σ on the overlap
// grid, held to check_one_phase_agree; more(a, b, bound) adds the caller's own checks.
template <class More>
void compare_one_phase(std::uint64_t M, unsigned k, const bloomcalc::RbfVariant& v, More&& more) {
    const bloomcalc::LargeOnePhaseModel large(M, k, v);
    const bloomcalc::OnePhaseModel exact(M, k, v);
    for (double x : {0.002, 0.05, 0.2, 0.5, 0.8, 0.97}) {
        const std::uint64_t sigma = at_fraction(x, M, k);
        double bound = 0;
        const auto a = large.at(sigma, &bound);
        const auto b = exact.at(sigma);
        INFO("M = " << M << ", k = " << k << ", " << to_string(v.recycling) << ", restart " << to_string(v.restart)
                    << ", σ = " << sigma << ", bound " << bound);
        check_one_phase_agree(a, b, bound);
        more(a, b, bound);
    }
}

// The two-phase models of (M, k, v) likewise (M per filter), held to check_two_phase_agree.
template <class More>
void compare_two_phase(std::uint64_t M, unsigned k, const bloomcalc::RbfVariant& v, More&& more) {
    const bloomcalc::LargeTwoPhaseModel large(M, k, v);
    const bloomcalc::TwoPhaseModel exact(M, k, v);
    for (double x : {0.01, 0.3, 0.6, 0.9}) {
        const std::uint64_t sigma = at_fraction(x, M, k);
        double bound = 0;
        const auto a = large.at(sigma, &bound);
        const auto b = exact.at(sigma);
        INFO("M = " << M << " per filter, k = " << k << ", " << to_string(v.recycling) << ", restart "
                    << to_string(v.restart) << ", swap " << to_string(v.swap) << ", σ = " << sigma << ", bound "
                    << bound);
        check_two_phase_agree(a, b, bound, sigma, k);
        more(a, b, bound);
    }
}

}  // namespace largetest
