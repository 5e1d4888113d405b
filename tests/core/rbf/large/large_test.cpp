// The large-M method (docs/rbf.md#large-m) against the exact fill on the overlap M = 2^12 … 2^24: f¹_σ, f²_σ,
// E[N₀] to 1e-9 relative (and within the method's own bound plus the exact fill's rounding), every recommended
// threshold within ±1 and equal where the margin allows; beyond 2^24 against the k = 1 closed form (eq 19) and
// the capacity per bit at 2^24 (one phase; two phases with restart eq 10 and swap "after"). Sized for CI (native
// and wasm); RBF_LARGE_FULL=1 adds more sizes.
#include <catch2/catch.hpp>

#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <utility>
#include <vector>

#include "bloomcalc/error.hpp"
#include "bloomcalc/rbf/large/large_models.hpp"
#include "bloomcalc/rbf/large/rbf_method.hpp"
#include "bloomcalc/rbf/one_phase.hpp"
#include "bloomcalc/rbf/params.hpp"
#include "bloomcalc/rbf/recommend.hpp"
#include "bloomcalc/rbf/two_phase.hpp"
#include "rbf/large/support.hpp"

using namespace bloomcalc;

namespace {

using namespace largetest;  // kOverlap, kExactRounding, rel, full

RbfVariant eq10_retaining(SwapPoint swap) {
    RbfVariant v;
    v.recycling = Recycling::retaining, v.restart = RestartLaw::eq10, v.swap = swap;
    return v;
}

}  // namespace

TEST_CASE("large-M one-phase equals the exact fill on the overlap", "[rbf][large]") {
    std::vector<std::uint64_t> sizes{1u << 12, 1u << 16, 1u << 20};
    if (full()) sizes.push_back(1u << 24);
    for (std::uint64_t M : sizes)
        for (unsigned k : {1u, 2u, 3u, 6u, 13u, 32u}) {
            if (!LargeFill::applicable(M, k)) continue;
            for (const RbfVariant& v : {RbfVariant{}, eq10_retaining(SwapPoint::before)})
                compare_one_phase(M, k, v, [](const auto&, const auto&, double) {});
        }
}

TEST_CASE("large-M two-phase equals the exact model on the overlap", "[rbf][large]") {
    for (std::uint64_t M : {std::uint64_t{1} << 12, std::uint64_t{1} << 17})
        for (unsigned k : {2u, 5u, 16u, 32u}) {
            if (!LargeFill::applicable(M, k)) continue;
            for (const RbfVariant& v :
                 {RbfVariant{}, eq10_retaining(SwapPoint::before), eq10_retaining(SwapPoint::after)})
                compare_two_phase(M, k, v, [](const auto& a, const auto& b, double bound) {
                    CHECK(rel(a.expected_messages, b.expected_messages) <= bound + kExactRounding);
                });
        }
}

TEST_CASE("large-M recommendation: the exact thresholds on the overlap", "[rbf][large][recommend]") {
    // Non-retaining: all five rules; two phases, retaining, restart eq 10, swap "after": the σ rules.
    std::vector<std::uint64_t> sizes{1u << 12, 1u << 16};
    if (full()) sizes.push_back(1u << 20);
    for (const RbfVariant& v : {RbfVariant{}, eq10_retaining(SwapPoint::after)}) {
        const bool all_rules = v.recycling == Recycling::nonretaining;
        int equal = 0, total = 0;
        for (std::uint64_t M : sizes)
            for (double target : {1e-2, 1e-3}) {
                RecommendInput in;
                in.M = M, in.target = target, in.variant = v;
                std::ostringstream where;
                where << to_string(v.recycling) << ", restart " << to_string(v.restart) << ", M = " << M
                      << ", f* = " << target;
                if (all_rules)
                    largetest::check_thresholds_agree(in, where.str(), equal, total);
                else
                    largetest::check_thresholds_agree(in, where.str(), equal, total,
                                                      {&RecommendRow::one_phase, &RecommendRow::two_phase});
            }
        WARN(to_string(v.recycling) << ", restart " << to_string(v.restart)
                                    << ": thresholds equal to the exact ones: " << equal << " of " << total);
    }
}

TEST_CASE("recommend_rows in parts merge to recommend", "[rbf][large][recommend]") {
    RecommendInput in;
    in.M = std::uint64_t{1} << 30, in.target = 1e-3, in.k_max = 12;
    const auto whole = recommend(in);
    auto rows = recommend_rows(in, 7, 12);
    const auto first = recommend_rows(in, 1, 6);
    rows.insert(rows.end(), first.begin(), first.end());
    const auto merged = merge_recommendation(in, rows);
    REQUIRE(merged.rows.size() == 12);
    CHECK(merged.one_phase.k == whole.one_phase.k);
    CHECK(merged.one_phase.choice.threshold == whole.one_phase.choice.threshold);
    CHECK(merged.two_phase.choice.capacity == whole.two_phase.choice.capacity);
    CHECK(merged.lower_bound.gain_over_worst_case == whole.lower_bound.gain_over_worst_case);
    CHECK(merged.error_bound == whole.error_bound);
}

TEST_CASE("merge_recommendation refuses malformed rows by name", "[rbf][recommend]") {
    RecommendInput in;
    in.M = 4096, in.target = 0.01, in.k_max = 3;
    const auto rows = recommend_rows(in, 1, 3);
    const auto refused = [&](auto edit, const std::string& parameter) {
        auto bad = rows;
        edit(bad);
        try {
            merge_recommendation(in, bad);
            FAIL("accepted: " << parameter);
        } catch (const RangeError& e) {
            CHECK(e.parameter() == parameter);
        }
    };
    refused([](auto& r) { r.pop_back(); }, "rows");
    refused([](auto& r) { r[2].k = 1; }, "rows[2].k");  // k = 1 twice, k = 3 missing
    refused([](auto& r) { r[0].k = 4; }, "rows[0].k");
    refused([](auto& r) { r[1].error_bound = NAN; }, "rows[1].errorBound");
    refused([](auto& r) { r[0].oracle = {true, 1, 1, 1.5}; }, "rows[0].oracle.fpr");
    refused([](auto& r) { r[0].one_phase = {true, -1, 1, 0}; }, "rows[0].onePhase.threshold");
    refused([](auto& r) { r[2].lower_bound = {true, 1, INFINITY, 0}; }, "rows[2].lowerBound.capacity");
    CHECK(merge_recommendation(in, rows).one_phase.k == recommend(in).one_phase.k);
}

TEST_CASE("the exact fill with distinct hashing is bounded before work: m·(k + 3) ≤ 2^25", "[rbf][limits]") {
    CHECK_NOTHROW(
        validate_rbf_exact_work(std::uint64_t{1} << 24, 64, Hashing::colliding));  // colliding: 2^24 bits suffice
    CHECK_NOTHROW(validate_rbf_exact_work((std::uint64_t{1} << 25) / 11, 8, Hashing::distinct));
    try {
        validate_rbf_exact_work((std::uint64_t{1} << 25) / 11 + 1, 8, Hashing::distinct);
        FAIL("accepted");
    } catch (const InfeasibleError& e) {
        CHECK(e.parameter() == "m");
        CHECK(e.valid_range().find("at most 3050402 bits") != std::string::npos);
    }
    CHECK_THROWS_AS(validate_rbf_exact_work(std::uint64_t{1} << 22, 64, Hashing::distinct, std::uint64_t{1} << 22),
                    InfeasibleError);
}

TEST_CASE("large-M beyond the overlap: k = 1 closed form (eq 19) at 2^36 and 2^40", "[rbf][large]") {
    // E[N₀] = M·(H_M − H_{M−σ−1}) and f¹ = 1 − (σ + 1)/E[N₀] (eq 19: Σ i/(M(M−i)) = Σ 1/(M−i) − (σ+1)/M),
    // the harmonic difference from log and its asymptotic series (independent of the fill).
    auto dH = [](double a, double b) {  // H_a − H_b, a > b ≫ 1
        auto tail = [](double n) { return 1 / (2 * n) - 1 / (12 * n * n) + 1 / (120 * n * n * n * n); };
        return std::log(a / b) + tail(a) - tail(b);
    };
    for (std::uint64_t M : {std::uint64_t{1} << 36, std::uint64_t{1} << 40}) {
        const LargeOnePhaseModel large(M, 1, RbfVariant{});
        const double Md = static_cast<double>(M);
        for (double x : {1e-3, 0.1, 0.5, 0.9}) {
            const auto sigma = static_cast<std::uint64_t>(x * Md);
            const double n0 = Md * dH(Md, Md - static_cast<double>(sigma) - 1);
            double bound = 0;
            const auto r = large.at(sigma, &bound);
            CHECK(rel(r.expected_messages, n0) <= 1e-9);
            CHECK(rel(r.average_fpr, 1 - (static_cast<double>(sigma) + 1) / n0) <= 1e-9);
            CHECK(bound < 1e-10);
        }
    }
}

TEST_CASE("large-M capacity per bit at 2^36 is the exact one at 2^24", "[rbf][large]") {
    // One-phase, k = 6, f* = 1e-2 (the best k at both sizes): E[N₀]/M from the exact fill at 2^24 and from the
    // large-M method at 2^36 agree to the finite-size effect O(k/M).
    const double target = 1e-2;
    const std::uint64_t small = std::uint64_t{1} << 24, big = std::uint64_t{1} << 36;
    const OnePhaseModel exact(small, 6, RbfVariant{}, target);
    std::uint64_t sigma = exact.sigma_max();
    while (exact.at(sigma).average_fpr > target) --sigma;
    const double per_bit_exact = exact.at(sigma).expected_messages / static_cast<double>(small);
    RecommendInput in;
    in.M = big, in.target = target, in.k_max = 8;
    const auto rec = recommend(in);
    CHECK(rec.method == RbfMethod::asymptotic);
    CHECK(rec.one_phase.k == 6);
    const double per_bit_large = rec.rows[5].one_phase.capacity / static_cast<double>(big);
    CHECK(rel(per_bit_exact, per_bit_large) < 1e-6);
    CHECK(rel(static_cast<double>(sigma) / static_cast<double>(small),
              rec.rows[5].one_phase.threshold / static_cast<double>(big)) < 1e-6);
}

// The two-phase retaining filter with restart eq 10 and the swap "after": its exact model is eq 24–26's
// independent active and frozen filters with the "after" window (core/src/rbf/two_phase.cpp), so the large-M two-phase
// model is the same formula (docs/rbf.md#large-m-eq10-after). The overlap tests above check f², the FPRs, E[N₀],
// F and the thresholds; here, beyond the overlap, the capacity per bit at 2^36 against the exact model at 2^24 bits.
TEST_CASE("large-M two-phase retaining with restart eq 10 and swap after: capacity per bit at 2^36", "[rbf][large]") {
    const RbfVariant v = eq10_retaining(SwapPoint::after);
    // 2^24 bits in all (two filters of 2^23): the large-M two-phase threshold of the best k is the exact one
    // (f²(σ) ≤ f* < f²(σ + 1) by the exact model, filled up to σ + 1 only); at 2^36 the same k, and E[N₀]/M and
    // σ/M agree with it to the finite-size effect O(k/σ).
    RecommendInput in;
    in.M = std::uint64_t{1} << 24, in.target = 1e-2, in.k_max = 8, in.variant = v, in.method = RbfMethod::asymptotic;
    const auto small = recommend(in);
    const unsigned k = small.two_phase.k;
    const RuleChoice at_small = small.two_phase.choice;
    const auto sigma = static_cast<std::uint64_t>(at_small.threshold);
    const TwoPhaseModel exact(in.M / 2, k, v, 2.0, sigma + 1);
    const auto r = exact.at_without_frozen(sigma);
    INFO("k = " << k << ", σ = " << sigma);
    CHECK(r.average_fpr <= in.target);
    CHECK(exact.at_without_frozen(sigma + 1).average_fpr > in.target);
    CHECK(rel(r.expected_messages, at_small.capacity) <= kOverlap);
    in.M = std::uint64_t{1} << 36;
    const auto big = recommend(in);
    CHECK(big.method == RbfMethod::asymptotic);
    CHECK(big.error_bound < 1e-9);
    CHECK(big.two_phase.k == k);
    const RuleChoice& c = big.two_phase.choice;
    const double finite = (4.0 + k) / static_cast<double>(sigma);
    CHECK(rel(r.expected_messages / static_cast<double>(small.M), c.capacity / static_cast<double>(big.M)) < finite);
    CHECK(rel(static_cast<double>(sigma) / static_cast<double>(small.M), c.threshold / static_cast<double>(big.M)) <
          finite);
    WARN("eq 10, swap after, k = " << k << ": capacity per bit " << r.expected_messages / static_cast<double>(small.M)
                                   << " exact at 2^24, " << c.capacity / static_cast<double>(big.M)
                                   << " at 2^36 (relative "
                                   << rel(r.expected_messages / static_cast<double>(small.M),
                                          c.capacity / static_cast<double>(big.M))
                                   << ")");
}

TEST_CASE("method selection and limits", "[rbf][large][errors]") {
    RbfVariant exact_law;  // colliding, retaining, the exact restart law: large-M too (large_retaining.cpp)
    exact_law.recycling = Recycling::retaining, exact_law.restart = RestartLaw::exact;
    CHECK(resolve_rbf_method(RbfMethod::automatic, 1u << 20, 6, RbfVariant{}) == RbfMethod::asymptotic);
    CHECK(resolve_rbf_method(RbfMethod::automatic, 1u << 16, 6, RbfVariant{}) == RbfMethod::exact);
    CHECK(resolve_rbf_method(RbfMethod::automatic, 1u << 20, 6, exact_law) == RbfMethod::asymptotic);
    // Every σ-bounded variant, the two-phase retaining filter with restart eq 10 and swap "after" included.
    for (SwapPoint swap : {SwapPoint::after, SwapPoint::before}) {
        CHECK(resolve_rbf_method(RbfMethod::automatic, 1u << 20, 6, eq10_retaining(swap)) == RbfMethod::asymptotic);
        CHECK(resolve_rbf_method(RbfMethod::asymptotic, std::uint64_t{1} << 40, 32, eq10_retaining(swap)) ==
              RbfMethod::asymptotic);
    }
    try {
        resolve_rbf_method(RbfMethod::exact, std::uint64_t{1} << 30, 6, RbfVariant{});
        FAIL("exact above 2^24 accepted");
    } catch (const RangeError& e) {
        CHECK(e.parameter() == "m");
    }
    try {
        checked_rbf_bits_any(std::ldexp(1.0, 41));
        FAIL("2^41 accepted");
    } catch (const RangeError& e) {
        CHECK(e.parameter() == "m");
    }
    CHECK_THROWS_AS(parse_rbf_method("fast"), RangeError);
    CHECK_THROWS_AS(LargeOnePhaseModel(1000, 32, RbfVariant{}), InfeasibleError);
}

// Issue 13: the large-M method is proven for k ≤ 32 only (its error reaches 1e-4 at k = 64, docs/rbf.md#large-m):
// `auto` runs the exact fill for k > 32 up to 2^24; the large-M method asked for, or `auto` above 2^24, names k.
TEST_CASE("k > 32: auto runs exact, the large-M method refuses naming k", "[rbf][large][errors]") {
    RbfVariant distinct;
    distinct.hashing = Hashing::distinct;
    for (const RbfVariant& v : {RbfVariant{}, distinct}) {
        CHECK(resolve_rbf_method(RbfMethod::automatic, 1u << 20, 32, v) == RbfMethod::asymptotic);
        for (unsigned k : {33u, 48u, 64u}) {
            INFO("k = " << k << ", " << to_string(v.hashing));
            CHECK(resolve_rbf_method(RbfMethod::automatic, 1u << 20, k, v) == RbfMethod::exact);
            CHECK(resolve_rbf_method(RbfMethod::automatic, std::uint64_t{1} << 24, k, v) == RbfMethod::exact);
            for (auto [method, M] : {std::pair{RbfMethod::asymptotic, std::uint64_t{1} << 18},
                                     std::pair{RbfMethod::automatic, std::uint64_t{1} << 30}}) {
                try {
                    resolve_rbf_method(method, M, k, v);
                    FAIL("the large-M method accepted k = " << k << " at M = " << M);
                } catch (const RangeError& e) {
                    CHECK(e.parameter() == "k");
                }
            }
            RecommendInput in;
            in.M = 1u << 18, in.k_max = 64, in.variant = v, in.method = RbfMethod::asymptotic;
            CHECK(recommend_method(in, k) == RbfMethod::exact);  // like a filter too small for the method
        }
        // A recommendation's k comes from kmax: the refusal names kmax and the value given, before any work.
        RecommendInput in;
        in.M = std::uint64_t{1} << 30, in.target = 1e-3, in.k_max = 40, in.variant = v;
        try {
            recommend(in);
            FAIL("kmax = 40 accepted above 2^24 bits");
        } catch (const RangeError& e) {
            CHECK(e.parameter() == "kmax");
            CHECK_THAT(std::string(e.what()), Catch::Matchers::StartsWith("kmax must be an integer in [1, 32]") &&
                                                  Catch::Matchers::EndsWith("; got 40"));
        }
    }
}
