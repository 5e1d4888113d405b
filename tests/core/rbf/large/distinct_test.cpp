// The large-M method for DISTINCT hashes (docs/rbf.md#large-m-distinct) against the exact fill on the overlap
// M = 2^12 … 2^16 (RBF_LARGE_FULL=1: 2^20, 2^24): f¹_σ, f²_σ, E[N₀] to 1e-9 relative and within the method's
// own bound plus the exact fill's rounding, every recommended threshold within ±1 and equal where the margin
// allows; the closed form's v_b against the probe-level fill level by level; beyond the overlap the capacity per
// bit at 2^36 against the exact fill at 2^24.
#include <catch2/catch.hpp>

#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <vector>

#include "bloomcalc/error.hpp"
#include "bloomcalc/rbf/chain.hpp"
#include "bloomcalc/rbf/large/large_fill_distinct.hpp"
#include "bloomcalc/rbf/large/large_models.hpp"
#include "bloomcalc/rbf/large/rbf_method.hpp"
#include "bloomcalc/rbf/one_phase.hpp"
#include "bloomcalc/rbf/recommend.hpp"
#include "bloomcalc/rbf/two_phase.hpp"
#include "rbf/large/support.hpp"

using namespace bloomcalc;

namespace {

using namespace largetest;  // kOverlap, kExactRounding, rel, full

RbfVariant distinct(Recycling recycling, RestartLaw restart = RestartLaw::exact, SwapPoint swap = SwapPoint::after) {
    RbfVariant v;
    v.hashing = Hashing::distinct, v.recycling = recycling, v.restart = restart, v.swap = swap;
    return v;
}

}  // namespace

TEST_CASE("distinct closed form: v_b equals the probe-level fill at every level", "[rbf][large][distinct]") {
    // From B₀ on (the levels below are the recurrence itself), relative to max(v_b, 1/k).
    const std::uint64_t M = 1u << 12;
    for (unsigned k : {1u, 2u, 3u, 6u, 13u, 32u})
        for (unsigned a0 : {0u, k}) {
            const LargeFillDistinct large(M, k, a0);
            std::vector<double> start(a0 + 1, 0.0);
            start[a0] = 1.0;
            const auto v = fill_visits(M, k, Hashing::distinct, start, M - 1, nullptr);
            std::vector<double> w(M);
            large.visits(0, static_cast<unsigned>(M), w.data());
            double worst = 0;
            for (std::uint64_t b = 0; b < M; ++b)
                worst = std::max(worst, std::fabs(w[b] - v[b]) / std::max(v[b], 1.0 / k));
            INFO("k = " << k << ", start " << a0);
            CHECK(worst < 1e-11);
        }
}

TEST_CASE("distinct large-M one-phase equals the exact fill on the overlap", "[rbf][large][distinct]") {
    std::vector<std::uint64_t> sizes{1u << 12, 1u << 16};
    if (full()) sizes.push_back(1u << 20), sizes.push_back(1u << 24);
    for (std::uint64_t M : sizes)
        for (unsigned k : {1u, 2u, 3u, 6u, 13u, 32u}) {
            if (!LargeFillDistinct::applicable(M, k)) continue;
            for (const RbfVariant& v : {distinct(Recycling::nonretaining), distinct(Recycling::retaining)})
                compare_one_phase(M, k, v, [](const auto& a, const auto& b, double) {
                    CHECK(rel(a.messages_held, b.messages_held) <= kOverlap);
                    CHECK(a.restart == b.restart);
                });
        }
}

TEST_CASE("distinct large-M two-phase equals the exact model on the overlap", "[rbf][large][distinct]") {
    std::vector<std::uint64_t> sizes{1u << 12, 1u << 16};
    if (full()) sizes.push_back(1u << 20);
    for (std::uint64_t M : sizes)
        for (unsigned k : {2u, 5u, 16u, 32u}) {
            if (!LargeFillDistinct::applicable(M, k)) continue;
            for (SwapPoint swap : {SwapPoint::before, SwapPoint::after})
                for (const RbfVariant& v : {distinct(Recycling::nonretaining, RestartLaw::exact, swap),
                                            distinct(Recycling::retaining, RestartLaw::exact, swap),
                                            distinct(Recycling::retaining, RestartLaw::eq10, swap)})
                    compare_two_phase(M, k, v, [](const auto& a, const auto& b, double) {
                        CHECK(rel(a.average_fpr_eq26, b.average_fpr_eq26) <= kOverlap);
                    });
        }
}

TEST_CASE("distinct large-M recommendation: the exact thresholds on the overlap",
          "[rbf][large][distinct][recommend][sweep]") {
    std::vector<std::uint64_t> sizes{1u << 12, 1u << 16};
    if (full()) sizes.push_back(1u << 20);
    int equal = 0, total = 0;
    for (std::uint64_t M : sizes)
        for (const RbfVariant& v : {distinct(Recycling::nonretaining), distinct(Recycling::retaining)})
            for (double target : {1e-2, 1e-3}) {
                RecommendInput in;
                in.M = M, in.target = target, in.variant = v;
                std::ostringstream where;
                where << "M = " << M << ", " << to_string(v.recycling) << ", f* = " << target;
                largetest::check_thresholds_agree(in, where.str(), equal, total);
            }
}

TEST_CASE("distinct large-M capacity per bit at 2^36 is the exact one at 2^24", "[rbf][large][distinct]") {
    // One-phase, non-retaining, k = 6, f* = 1e-2: E[N₀]/M and σ/M from the exact fill at 2^24 and from the large-M
    // method at 2^36 agree to the finite-size effect O(k/M).
    const double target = 1e-2;
    const std::uint64_t small = std::uint64_t{1} << 24, big = std::uint64_t{1} << 36;
    const RbfVariant v = distinct(Recycling::nonretaining);
    const OnePhaseModel exact(small, 6, v, target);
    std::uint64_t sigma = exact.sigma_max();
    while (exact.at(sigma).average_fpr > target) --sigma;
    const double per_bit_exact = exact.at(sigma).expected_messages / static_cast<double>(small);
    RecommendInput in;
    in.M = big, in.target = target, in.k_max = 8, in.variant = v;
    const auto rec = recommend(in);
    CHECK(rec.method == RbfMethod::asymptotic);
    CHECK(rec.error_bound < 1e-9);
    CHECK(rec.one_phase.k == 6);
    const double per_bit_large = rec.rows[5].one_phase.capacity / static_cast<double>(big);
    CHECK(rel(per_bit_exact, per_bit_large) < 1e-6);
    CHECK(rel(static_cast<double>(sigma) / static_cast<double>(small),
              rec.rows[5].one_phase.threshold / static_cast<double>(big)) < 1e-6);
}

TEST_CASE("distinct large-M beyond the overlap: the smooth part at 2^40 and the method's selection",
          "[rbf][large][distinct]") {
    // Far above √M·k the modes have died out: v_b = 1/((M − b)·Σ_{t<k} 1/(M − t)), so E[N₀] − E[N₀](B) is a
    // harmonic difference (from log and its asymptotic series, independent of the method's quadrature).
    const std::uint64_t M = std::uint64_t{1} << 40;
    const double Md = static_cast<double>(M);
    auto dH = [](double a, double b) {  // H_a − H_b, a > b ≫ 1
        auto tail = [](double n) { return 1 / (2 * n) - 1 / (12 * n * n) + 1 / (120 * n * n * n * n); };
        return std::log(a / b) + tail(a) - tail(b);
    };
    for (unsigned k : {3u, 13u}) {
        const LargeOnePhaseModel large(M, k, distinct(Recycling::nonretaining));
        double rho = 0;
        for (unsigned t = 0; t < k; ++t) rho += 1 / (Md - t);
        const auto lo = static_cast<std::uint64_t>(0.1 * Md), hi = static_cast<std::uint64_t>(0.9 * Md);
        double bound = 0;
        const double diff = large.at(hi, &bound).expected_messages - large.at(lo).expected_messages;
        CHECK(rel(diff, dH(Md - static_cast<double>(lo), Md - static_cast<double>(hi)) / rho) <= 1e-9);
        CHECK(bound < 1e-10);
    }
    const RbfVariant d = distinct(Recycling::retaining);
    CHECK(resolve_rbf_method(RbfMethod::automatic, 1u << 20, 6, d) == RbfMethod::asymptotic);
    CHECK(resolve_rbf_method(RbfMethod::automatic, 1u << 16, 6, d) == RbfMethod::exact);
    CHECK(resolve_rbf_method(RbfMethod::asymptotic, std::uint64_t{1} << 40, 32, d) == RbfMethod::asymptotic);
    CHECK_THROWS_AS(LargeOnePhaseModel(1000, 32, d), InfeasibleError);
}
