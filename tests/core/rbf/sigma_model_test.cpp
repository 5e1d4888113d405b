// SigmaModel, the one place a σ-bounded recycling filter's method is chosen: the plan resolves the method and
// validates before any work, and the model gives bit for bit what the model it wraps gives.
#include <catch2/catch.hpp>

#include <cstdint>

#include "bloomcalc/error.hpp"
#include "bloomcalc/rbf/sigma_model.hpp"

using namespace bloomcalc;

TEST_CASE("SigmaModel: automatic runs exact up to 2^16 bits per filter, large-M above", "[rbf][sigma-model]") {
    const RbfVariant v;
    CHECK(plan_sigma_model(std::uint64_t{1} << 16, 6, 1, v, RbfMethod::automatic).method == RbfMethod::exact);
    CHECK(plan_sigma_model((std::uint64_t{1} << 16) + 64, 6, 1, v, RbfMethod::automatic).method == RbfMethod::asymptotic);
    // two phases: M is half the memory
    const auto two = plan_sigma_model(std::uint64_t{1} << 17, 6, 2, v, RbfMethod::automatic);
    CHECK(two.M == std::uint64_t{1} << 16);
    CHECK(two.method == RbfMethod::exact);
}

TEST_CASE("SigmaModel: refusals come from the plan, before any fill", "[rbf][sigma-model][errors]") {
    const RbfVariant v;
    CHECK_THROWS_AS(plan_sigma_model(1024, 6, 3, v, RbfMethod::exact), RangeError);
    CHECK_THROWS_AS(plan_sigma_model(std::uint64_t{1} << 26, 6, 1, v, RbfMethod::exact), RangeError);  // exact above 2^24
    RbfVariant distinct;
    distinct.hashing = Hashing::distinct;
    // the exact fill's work bound (M·(k + 3) ≤ 2^25), and a larger limit lifts it
    CHECK_THROWS(plan_sigma_model(std::uint64_t{1} << 22, 12, 1, distinct, RbfMethod::exact));
    CHECK(plan_sigma_model(std::uint64_t{1} << 22, 12, 1, distinct, RbfMethod::exact, std::uint64_t{1} << 27).method == RbfMethod::exact);
    const auto plan = plan_sigma_model(1024, 6, 1, v, RbfMethod::exact);
    CHECK_THROWS_AS(plan.checked(1024), RangeError);
    CHECK(plan.checked(1023) == 1023);
}

TEST_CASE("SigmaModel: the wrapped models' values, bit for bit", "[rbf][sigma-model]") {
    RbfVariant retaining;
    retaining.recycling = Recycling::retaining;
    for (const RbfVariant& v : {RbfVariant{}, retaining}) {
        const std::uint64_t M = 4096, sigma = 2000;
        const unsigned k = 5;
        const SigmaModel one(plan_sigma_model(M, k, 1, v, RbfMethod::exact));
        CHECK(one.one_phase(sigma).average_fpr == OnePhaseModel(M, k, v).at(sigma).average_fpr);
        CHECK(one.at(sigma).expected_messages == OnePhaseModel(M, k, v).at(sigma).expected_messages);
        const SigmaModel two(plan_sigma_model(2 * M, k, 2, v, RbfMethod::exact));
        CHECK(two.two_phase(sigma).average_fpr == TwoPhaseModel(M, k, v).at(sigma).average_fpr);
        CHECK(two.at(sigma).average_fpr == TwoPhaseModel(M, k, v).at(sigma).average_fpr);

        const std::uint64_t big = std::uint64_t{1} << 30, s = big / 2;
        const SigmaModel large(plan_sigma_model(big, k, 1, v, RbfMethod::automatic));
        REQUIRE(large.plan().method == RbfMethod::asymptotic);
        double bound = -1, direct_bound = -1;
        CHECK(large.one_phase(s, &bound).average_fpr == LargeOnePhaseModel(big, k, v).at(s, &direct_bound).average_fpr);
        CHECK(bound == direct_bound);
        const SigmaModel large2(plan_sigma_model(2 * big, k, 2, v, RbfMethod::asymptotic));
        CHECK(large2.at(s, &bound).average_fpr == LargeTwoPhaseModel(big, k, v).at(s, &direct_bound).average_fpr);
        CHECK(bound == direct_bound);
    }
}
