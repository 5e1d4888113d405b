// The exact recommender's fast path against its reference (issue 13, item 1): blocked running sums against one
// compensated addition per level, the half filter filled only up to σ_ρ + k, eq 1 in blocks with the k-th power
// by squaring. The reference path is the code as it was (detail::recommend_rows_reference,
// OnePhaseModel::Sums::per_level, WorstCase::at); the thresholds must be the same and the FPRs and capacities
// within a few roundings. bench/bench_rbf.cpp times both side by side.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <vector>

#include "bloomcalc/rbf/nbounded.hpp"
#include "bloomcalc/rbf/one_phase.hpp"
#include "bloomcalc/rbf/recommend.hpp"
#include "bloomcalc/rbf/two_phase.hpp"

using namespace bloomcalc;

namespace {

double rel(double a, double b) { return b == 0 ? std::fabs(a) : std::fabs(a / b - 1); }

RbfVariant variant(Hashing h, Recycling r = Recycling::nonretaining, RestartLaw law = RestartLaw::exact,
                   SwapPoint swap = SwapPoint::after) {
    RbfVariant v;
    v.hashing = h, v.recycling = r, v.restart = law, v.swap = swap;
    return v;
}

}  // namespace

TEST_CASE("blocked fill sums equal the per-level sums to a few roundings at every sigma", "[rbf][fast]") {
    const std::uint64_t M = 5000;
    for (const RbfVariant v : {variant(Hashing::colliding), variant(Hashing::distinct),
                               variant(Hashing::colliding, Recycling::retaining, RestartLaw::eq10)})
        for (unsigned k : {1u, 3u, 7u, 24u}) {
            const OnePhaseModel fast(M, k, v),
                reference(M, k, v, 2.0, ~std::uint64_t{0}, OnePhaseModel::Sums::per_level);
            REQUIRE(fast.sigma_max() == reference.sigma_max());
            double worst_f = 0, worst_n = 0;
            for (std::uint64_t sigma = fast.sigma_min(); sigma <= fast.sigma_max(); ++sigma) {
                const auto a = fast.at(sigma), b = reference.at(sigma);
                worst_f = std::max(worst_f, rel(a.average_fpr, b.average_fpr));
                worst_n = std::max(worst_n, rel(a.expected_messages, b.expected_messages));
            }
            INFO(to_string(v.hashing) << " " << to_string(v.recycling) << " k = " << k << ": f1 " << worst_f
                                      << ", E[N0] " << worst_n);
            CHECK(worst_f <= 1e-14);  // measured ≤ 2e-15: ≤ 10 roundings per block of 64 against 2 per level
            CHECK(worst_n <= 1e-14);
        }
}

// The colliding fill's phase-mode stage (core/src/rbf/fill.hpp, PhaseModes: between max − min ≤ min/2 over the
// phases and the closed form, the few surviving Fourier modes instead of the O(k) recurrence; the fast path only)
// against the recurrence at every level: at M = 2^16 the stage spans levels ~3 900 … ~15 000 at k = 32 (fewer,
// earlier ones for smaller k).
TEST_CASE("the phase modes give the recurrence's visits at every level", "[rbf][fast]") {
    const std::uint64_t M = 1u << 16;
    for (const RbfVariant v :
         {variant(Hashing::colliding), variant(Hashing::colliding, Recycling::retaining, RestartLaw::eq10)})
        for (unsigned k : {2u, 5u, 8u, 17u, 32u}) {
            const OnePhaseModel fast(M, k, v),
                reference(M, k, v, 2.0, ~std::uint64_t{0}, OnePhaseModel::Sums::per_level);
            const std::uint64_t top = std::min<std::uint64_t>(fast.sigma_max(), 20000);
            const auto a = fast.cycle_visits(top), b = reference.cycle_visits(top);
            double worst_v = 0, worst_f = 0, worst_n = 0;
            for (std::uint64_t level = 0; level <= top; ++level) {
                worst_v = std::max(worst_v, rel(a[level], b[level]));
                if (level < fast.sigma_min()) continue;
                const auto x = fast.at(level), y = reference.at(level);
                worst_f = std::max(worst_f, rel(x.average_fpr, y.average_fpr));
                worst_n = std::max(worst_n, rel(x.expected_messages, y.expected_messages));
            }
            INFO(to_string(v.recycling) << " k = " << k << ": v " << worst_v << ", f1 " << worst_f << ", E[N0] "
                                        << worst_n);
            CHECK(worst_v <= 1e-13);  // measured ≤ 4e-15 (the recurrence's own rounding differs by as much)
            CHECK(worst_f <= 1e-14);
            CHECK(worst_n <= 1e-14);
        }
}

TEST_CASE("a fill that stops above f* stops at the same sigma with either sums", "[rbf][fast]") {
    for (unsigned k : {2u, 6u, 17u})
        for (double target : {1e-2, 1e-4}) {
            const OnePhaseModel fast(40000, k, RbfVariant{}, target);
            const OnePhaseModel reference(40000, k, RbfVariant{}, target, ~std::uint64_t{0},
                                          OnePhaseModel::Sums::per_level);
            INFO("k = " << k << ", f* = " << target);
            CHECK(fast.sigma_max() == reference.sigma_max());
            CHECK(fast.at(fast.sigma_max()).average_fpr > target);
            CHECK(fast.at(fast.sigma_max() - 1).average_fpr <= target);
        }
}

TEST_CASE("a fill limited to sigma_limit gives the same two-phase values below it, bit for bit", "[rbf][fast]") {
    const std::uint64_t M = 20000, limit = 9000;
    for (const RbfVariant v :
         {variant(Hashing::colliding),
          variant(Hashing::distinct, Recycling::nonretaining, RestartLaw::exact, SwapPoint::before),
          variant(Hashing::colliding, Recycling::retaining, RestartLaw::eq10)}) {
        const TwoPhaseModel whole(M, 5, v), cut(M, 5, v, 2.0, limit);
        REQUIRE(cut.active().sigma_max() == limit);
        for (std::uint64_t sigma : {std::uint64_t{5}, std::uint64_t{4321}, limit - 1, limit}) {
            const auto a = cut.at_without_frozen(sigma), b = whole.at_without_frozen(sigma);
            CHECK(a.average_fpr == b.average_fpr);
            CHECK(a.expected_messages == b.expected_messages);
        }
    }
}

TEST_CASE("eq 1 in blocks is within 4k + 4 roundings of eq 1 by pow", "[rbf][fast][nbounded]") {
    for (Hashing h : {Hashing::colliding, Hashing::distinct})
        for (unsigned k : {1u, 2u, 7u, 32u, 64u}) {
            const std::uint64_t M = 1u << 20;
            const WorstCase eq1(M, k, h);
            double block[WorstCase::kBlock], worst = 0;
            for (std::uint64_t i0 :
                 {std::uint64_t{1}, std::uint64_t{65}, std::uint64_t{12345}, std::uint64_t{300000}}) {
                eq1.at_block(i0, WorstCase::kBlock, block);
                for (unsigned j = 0; j < WorstCase::kBlock; ++j) worst = std::max(worst, rel(block[j], eq1.at(i0 + j)));
            }
            INFO(to_string(h) << " k = " << k << ": " << worst);
            CHECK(worst <= (4.0 * k + 4) * 0x1p-53);
        }
}

TEST_CASE("the fast exact recommendation has the reference's thresholds", "[rbf][fast][recommend][sweep]") {
    struct Case {
        std::uint64_t M;
        RbfVariant v;
    };
    std::vector<Case> cases{
        {1u << 12, variant(Hashing::colliding)},
        {1u << 12, variant(Hashing::distinct)},
        {1u << 12, variant(Hashing::colliding, Recycling::retaining, RestartLaw::exact)},
        {1u << 12, variant(Hashing::colliding, Recycling::retaining, RestartLaw::eq10, SwapPoint::before)},
        {1u << 16, variant(Hashing::colliding)},
    };
    if (std::getenv("RBF_LARGE_FULL")) cases.push_back({1u << 20, variant(Hashing::colliding)});
    for (const Case& c : cases)
        for (double target : {1e-2, 1e-3}) {
            RecommendInput in;
            in.M = c.M, in.target = target, in.variant = c.v, in.method = RbfMethod::exact;
            const auto fast = recommend_rows(in, 1, 32);
            const auto reference = detail::recommend_rows_reference(in, 1, 32);
            REQUIRE(fast.size() == reference.size());
            double worst = 0;
            for (std::size_t i = 0; i < fast.size(); ++i)
                for (auto rule : {&RecommendRow::one_phase, &RecommendRow::two_phase, &RecommendRow::worst_case,
                                  &RecommendRow::oracle, &RecommendRow::lower_bound}) {
                    const RuleChoice &a = fast[i].*rule, &b = reference[i].*rule;
                    INFO("M = " << c.M << ", " << to_string(c.v.hashing) << " " << to_string(c.v.recycling)
                                << ", f* = " << target << ", k = " << fast[i].k);
                    REQUIRE(a.feasible == b.feasible);
                    CHECK(a.threshold == b.threshold);
                    worst = std::max({worst, rel(a.fpr, b.fpr), rel(a.capacity, b.capacity)});
                }
            INFO("M = " << c.M << ", f* = " << target << ": worst " << worst);
            CHECK(worst <= 1e-13);  // measured ≤ 1.6e-15
        }
}
