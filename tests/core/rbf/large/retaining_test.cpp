// The large-M method for retaining filters with the exact restart law (core/src/rbf/large/large_retaining.cpp)
// against the exact model (OnePhaseModel's k fills, TwoPhaseModel's overlap model) on the overlap: f¹_σ, f²_σ,
// E[N₀] and the restart law to 1e-9 relative and within the method's own bound plus the exact model's rounding,
// the recommended thresholds within ±1 (equal where the margin allows), the capacity per bit at 2^36 against
// the exact one at 2^24 (k·M ≤ 2^24 limits the exact law to k = 1 there: k = 1 and the 2^20 figure for k = 8).
// Sized for CI; RBF_LARGE_FULL=1 adds sizes.
#include <catch2/catch.hpp>

#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <vector>

#include "bloomcalc/rbf/large/large_models.hpp"
#include "bloomcalc/rbf/large/rbf_method.hpp"
#include "bloomcalc/rbf/one_phase.hpp"
#include "bloomcalc/rbf/recommend.hpp"
#include "bloomcalc/rbf/two_phase.hpp"
#include "rbf/large/support.hpp"

using namespace bloomcalc;

namespace {

using namespace largetest;  // kOverlap, kExactRounding, rel, full

RbfVariant exact_law(SwapPoint swap = SwapPoint::after) {
    RbfVariant v;
    v.recycling = Recycling::retaining, v.restart = RestartLaw::exact, v.swap = swap;
    return v;
}

}  // namespace

TEST_CASE("large-M exact retaining law, one-phase: the exact model on the overlap", "[rbf][large][retaining]") {
    std::vector<std::uint64_t> sizes{1u << 12, 1u << 16};
    if (full()) sizes.push_back(1u << 20), sizes.push_back(1u << 24);
    double worst = 0, worst_bound = 0;
    for (std::uint64_t M : sizes)
        for (unsigned k : {1u, 2u, 3u, 6u, 13u, 32u}) {
            if (!LargeFill::applicable(M, k) || static_cast<double>(k) * static_cast<double>(M) > 0x1p24) continue;
            compare_one_phase(M, k, exact_law(), [&](const auto& a, const auto& b, double bound) {
                REQUIRE(a.restart.size() == b.restart.size());
                for (unsigned j = 1; j <= k; ++j) CHECK(std::fabs(a.restart[j] - b.restart[j]) <= 1e-9);
                worst =
                    std::max({worst, rel(a.expected_messages, b.expected_messages), rel(a.average_fpr, b.average_fpr)});
                worst_bound = std::max(worst_bound, bound);
            });
        }
    WARN("one-phase exact law: worst relative difference " << worst << ", worst bound " << worst_bound);
}

TEST_CASE("large-M exact retaining law, two-phase (both swaps): the overlap model on the overlap",
          "[rbf][large][retaining]") {
    std::vector<std::uint64_t> sizes{1u << 12, 1u << 17};
    if (full()) sizes.push_back(1u << 19);
    double worst = 0, worst_bound = 0;
    for (std::uint64_t M : sizes)
        for (unsigned k : {2u, 5u, 16u, 32u}) {
            if (!LargeFill::applicable(M, k) || static_cast<double>(k) * static_cast<double>(M) > 0x1p24) continue;
            for (SwapPoint swap : {SwapPoint::after, SwapPoint::before})
                compare_two_phase(M, k, exact_law(swap), [&](const auto& a, const auto& b, double bound) {
                    CHECK(rel(a.expected_messages, b.expected_messages) <= bound + kExactRounding);
                    worst = std::max(
                        {worst, rel(a.average_fpr, b.average_fpr), rel(a.expected_messages, b.expected_messages)});
                    worst_bound = std::max(worst_bound, bound);
                });
        }
    WARN("two-phase exact law: worst relative difference " << worst << ", worst bound " << worst_bound);
}

TEST_CASE("large-M exact retaining law: the exact recommended thresholds on the overlap",
          "[rbf][large][retaining][recommend][sweep]") {
    // The exact law's exact model costs k fills of M levels per k and O(k·σ) per σ: in CI every k at 2^12 (one
    // swap per f*), k ≤ 10 at 2^16; RBF_LARGE_FULL=1: both swaps and f* everywhere, every k at 2^16.
    struct Case {
        std::uint64_t M;
        unsigned k_max;
        double target;
        SwapPoint swap;
    };
    std::vector<Case> cases;
    if (!full()) cases = {{1u << 12, 32, 1e-2, SwapPoint::after}, {1u << 12, 32, 1e-3, SwapPoint::before}};
    for (double target : {1e-2, 1e-3})
        for (SwapPoint swap : {SwapPoint::after, SwapPoint::before}) {
            cases.push_back({1u << 16, full() ? 32u : 10u, target, swap});
            if (full()) cases.push_back({1u << 12, 32, target, swap});
        }
    int equal = 0, total = 0;
    for (const auto& [M, k_max, target, swap] : cases) {
        RecommendInput in;
        in.M = M, in.target = target, in.variant = exact_law(swap), in.k_max = k_max;
        std::ostringstream where;
        where << "M = " << M << ", f* = " << target << ", swap " << to_string(swap);
        largetest::check_thresholds_agree(in, where.str(), equal, total,
                                          {&RecommendRow::one_phase, &RecommendRow::two_phase});
    }
    WARN("exact-law thresholds equal to the exact model's: " << equal << " of " << total);
}

TEST_CASE("large-M exact retaining law at 2^36: capacity per bit as the exact one", "[rbf][large][retaining]") {
    // The exact law's exact model at 2^24 allows k = 1 only (k·M ≤ 2^24): k = 1 at 2^24, k = 8 at 2^21. There the
    // large-M threshold is checked to be the exact one (f¹(σ) ≤ f* < f¹(σ + 1) by the exact model: two exact
    // evaluations instead of a search), then E[N₀]/M and σ/M at 2^36 agree with it to the finite-size effect O(k/σ).
    const double target = 1e-2;
    for (const auto& [k, small] :
         {std::pair<unsigned, std::uint64_t>{1, std::uint64_t{1} << 24}, {8, std::uint64_t{1} << 21}}) {
        INFO("k = " << k << ", exact at " << small);
        RecommendInput in;
        in.M = small, in.target = target, in.k_max = k, in.variant = exact_law(), in.method = RbfMethod::asymptotic;
        const auto at_small = recommend(in).rows[k - 1].one_phase;
        const auto sigma = static_cast<std::uint64_t>(at_small.threshold);
        const OnePhaseModel exact(small, k, exact_law());
        const auto r = exact.at(sigma);
        CHECK(r.average_fpr <= target);
        CHECK(exact.at(sigma + 1).average_fpr > target);
        CHECK(rel(r.expected_messages, at_small.capacity) <= kOverlap);
        in.M = std::uint64_t{1} << 36;
        const auto rec = recommend(in);
        CHECK(rec.method == RbfMethod::asymptotic);
        CHECK(rec.error_bound < 1e-9);
        const RuleChoice& c = rec.rows[k - 1].one_phase;
        const double per_bit_exact = r.expected_messages / static_cast<double>(small);
        CHECK(rel(per_bit_exact, c.capacity / static_cast<double>(in.M)) < (4.0 + k) / static_cast<double>(sigma));
        CHECK(rel(static_cast<double>(sigma) / static_cast<double>(small), c.threshold / static_cast<double>(in.M)) <
              (4.0 + k) / static_cast<double>(sigma));
    }
}
