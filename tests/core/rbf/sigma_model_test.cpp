// SigmaModel, the one place a σ-bounded recycling filter's method is chosen: the plan resolves the method and
// validates before any work, and the model gives bit for bit what the model it wraps gives.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <cstdint>

#include "bloomcalc/error.hpp"
#include "bloomcalc/rbf/sigma_model.hpp"
#include "parameter.hpp"

using namespace bloomcalc;

TEST_CASE("SigmaModel: automatic runs exact up to 2^16 bits per filter, large-M above", "[rbf][sigma-model]") {
    const RbfVariant v;
    CHECK(plan_sigma_model(std::uint64_t{1} << 16, 6, 1, v, RbfMethod::automatic).method == RbfMethod::exact);
    CHECK(plan_sigma_model((std::uint64_t{1} << 16) + 64, 6, 1, v, RbfMethod::automatic).method ==
          RbfMethod::asymptotic);
    // two phases: M is half the memory
    const auto two = plan_sigma_model(std::uint64_t{1} << 17, 6, 2, v, RbfMethod::automatic);
    CHECK(two.M == std::uint64_t{1} << 16);
    CHECK(two.method == RbfMethod::exact);
}

TEST_CASE("SigmaModel: refusals come from the plan, before any fill", "[rbf][sigma-model][errors]") {
    const RbfVariant v;
    CHECK_THROWS_AS(plan_sigma_model(1024, 6, 3, v, RbfMethod::exact), RangeError);
    CHECK_THROWS_AS(plan_sigma_model(std::uint64_t{1} << 26, 6, 1, v, RbfMethod::exact),
                    RangeError);  // exact above 2^24
    RbfVariant distinct;
    distinct.hashing = Hashing::distinct;
    // the exact fill's work bound (M·(k + 3) ≤ 2^25), and a larger limit lifts it
    CHECK_THROWS(plan_sigma_model(std::uint64_t{1} << 22, 12, 1, distinct, RbfMethod::exact));
    CHECK(plan_sigma_model(std::uint64_t{1} << 22, 12, 1, distinct, RbfMethod::exact, std::uint64_t{1} << 27).method ==
          RbfMethod::exact);
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

TEST_CASE("SigmaModel: a curve's points, before any fill, and its values are at()'s", "[rbf][sigma-model]") {
    RbfVariant retaining;
    retaining.recycling = Recycling::retaining;
    // The exact retaining law costs a pass over the levels per σ: points·M ≤ 2^25 (rbf_exact_curve_max_points).
    const auto costly = plan_sigma_model(std::uint64_t{1} << 20, 16, 1, retaining, RbfMethod::exact);
    CHECK(costly.curve_points(NAN) == 32);  // the default 200 shrinks to fit
    CHECK(costly.curve_points(32) == 32);
    CHECK_THROWS_AS(costly.curve_points(33), RangeError);
    const auto cheap = plan_sigma_model(std::uint64_t{1} << 20, 16, 1, RbfVariant{}, RbfMethod::exact);
    CHECK(cheap.curve_points(NAN) == 200);
    CHECK(cheap.curve_points(100000) == 100000);
    CHECK_THROWS_AS(cheap.curve_points(100001), RangeError);
    CHECK_THROWS_AS(cheap.curve_points(1), RangeError);
    CHECK_THROWS_AS(cheap.curve_points(2.5), RangeError);

    for (const RbfVariant& v : {RbfVariant{}, retaining}) {
        for (unsigned phases : {1u, 2u}) {
            const SigmaModel model(plan_sigma_model(1000 * phases, 5, phases, v, RbfMethod::exact));
            const auto c = model.curve(60);
            REQUIRE(c.sigma.size() == 60);  // 60 distinct integers in [σ_min, 999]
            CHECK(c.sigma.front() == static_cast<double>(model.plan().sigma_min()));
            CHECK(c.sigma.back() == 999);
            CHECK(c.bound == 0);
            for (std::size_t i = 0; i < c.sigma.size(); ++i) {
                const auto p = model.at(static_cast<std::uint64_t>(c.sigma[i]));
                CHECK(c.average_fpr[i] == p.average_fpr);
                CHECK(c.expected_messages[i] == p.expected_messages);
                if (i) CHECK(c.sigma[i] > c.sigma[i - 1]);
            }
        }
    }
    // fewer integers than points: each σ once
    const SigmaModel small(plan_sigma_model(12, 2, 1, RbfVariant{}, RbfMethod::exact));
    const auto c = small.curve(50);
    CHECK(c.sigma.size() == 12);  // σ = 0..11
    // the large-M method: the largest bound of the points
    const SigmaModel large(plan_sigma_model(std::uint64_t{1} << 30, 8, 1, RbfVariant{}, RbfMethod::asymptotic));
    const auto lc = large.curve(5);
    double most = 0;
    for (double s : lc.sigma) {
        double b = 0;
        large.at(static_cast<std::uint64_t>(s), &b);
        most = std::max(most, b);
    }
    CHECK(lc.bound == most);
    CHECK(lc.bound > 0);
}

TEST_CASE("SigmaModel: the surfaces' input, checked by the plan (phases 1 or 2, m, k) before any fill",
          "[rbf][sigma-model][errors]") {
    SigmaInput in;
    in.m = 1024, in.k = 6;
    CHECK(plan_sigma_model(in).phases == 1);  // the default
    for (double phases : {0.0, 1.5, 3.0, double(NAN)}) {
        in.phases = phases;
        CHECK(parameter_of([&] { plan_sigma_model(in); }) == "phases");
    }
    in.phases = 2;
    const auto two = plan_sigma_model(in);
    CHECK(two.M == 512);
    CHECK(two.memory == 1024);
    in.m = NAN;
    CHECK(parameter_of([&] { plan_sigma_model(in); }) == "m");
    in.m = 1024, in.k = 65;
    CHECK(parameter_of([&] { plan_sigma_model(in); }) == "k");
    in.k = 2.5;
    CHECK(parameter_of([&] { plan_sigma_model(in); }) == "k");
    in.k = 6, in.recycling = Recycling::retaining, in.method = RbfMethod::exact;
    const auto plan = plan_sigma_model(in);
    CHECK(plan.variant.recycling == Recycling::retaining);
    CHECK(plan.method == RbfMethod::exact);
}
