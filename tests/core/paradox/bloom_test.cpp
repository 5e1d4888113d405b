// 004 §IV: Theorem 1 (posterior, threshold P₀, decision, costs), Fig. 2, the selective Bloom filter
// (§IV-C) and the printed values of Table II. Independent references: exact fractions, the costs
// E₀/E₁ of the proof compared directly in long double, and numeric search for Fig. 2(b).
#include <catch2/catch.hpp>

#include <cmath>
#include <limits>

#include "bloomcalc/error.hpp"
#include "bloomcalc/paradox/bloom.hpp"
#include "bloomcalc/paradox/selective.hpp"
#include "parameter.hpp"

using namespace bloomcalc;

namespace {
BloomParadoxResult with_fpr(double P, double a, double F) {
    BloomParadoxInput in;
    in.prior = P, in.alpha = a, in.fpr = F;
    return bloom_paradox(in);
}
BloomParadoxResult with_bpe(double P, double a, double b) {
    BloomParadoxInput in;
    in.prior = P, in.alpha = a, in.bits_per_element = b;
    return bloom_paradox(in);
}
double rel(double a, double b) { return std::fabs(a - b) / std::fabs(b); }
}  // namespace

TEST_CASE("Fig. 2(a) example: prior 1e-6, FPR 1e-3 gives a posterior of 1000/1000999 ≈ 1e-3", "[paradox]") {
    const auto r = with_fpr(1e-6, 1, 1e-3);
    // exact: 1e-6 / (1e-3·(1 − 1e-6) + 1e-6) = 1000 / 1000999
    CHECK(rel(r.posterior, 1000.0 / 1000999.0) < 1e-13);
    CHECK(rel(r.posterior_complement, 999999.0 / 1000999.0) < 1e-13);
    CHECK(r.paradox);  // 1e-6 < P₀ = 1e-3/1.001
    CHECK(rel(r.threshold, 1e-3 / 1.001) < 1e-13);
}

TEST_CASE("Fig. 2(b): alpha = 1, prior 1e-6 needs 28.755 bits per element (printed 28.7)", "[paradox]") {
    const auto b = min_bits_per_element(1e-6, 1);
    REQUIRE(b.has_value());
    CHECK(std::fabs(*b - std::log(999999.0) / (std::log(2.0) * std::log(2.0))) < 1e-12);
    CHECK(std::fabs(*b - 28.7552) < 1e-4);
    // numeric search: bisection on the decision of Theorem 1 finds the same boundary
    double lo = 0, hi = 200;
    for (int i = 0; i < 200; ++i) {
        const double mid = (lo + hi) / 2;
        (with_bpe(1e-6, 1, mid).paradox ? lo : hi) = mid;
    }
    CHECK(std::fabs(hi - *b) < 1e-9);
    // at the bound no paradox; just below it, the paradox
    CHECK_FALSE(with_bpe(1e-6, 1, *b * (1 + 1e-12)).paradox);
    CHECK(with_bpe(1e-6, 1, *b * (1 - 1e-9)).paradox);
    // the four curves of Fig. 2(b): more bits for smaller alpha
    CHECK(*min_bits_per_element(1e-6, 0.1) > *min_bits_per_element(1e-6, 1));
    CHECK(*min_bits_per_element(1e-6, 10) > *min_bits_per_element(1e-6, 100));
    CHECK(*min_bits_per_element(0.5, 1) == 0);
    CHECK_FALSE(min_bits_per_element(0, 1).has_value());
}

TEST_CASE("Theorem 1's condition equals comparing the expected costs E1 and E0 directly", "[paradox]") {
    int checked = 0;
    for (double P : {0.0, 1e-300, 1e-12, 1e-6, 1e-3, 0.01, 0.1, 0.3, 0.5, 0.9, 1 - 1e-9, 1.0})
        for (double F : {1e-200, 1e-9, 1e-3, 0.01, 0.1, 0.5, 1.0})
            for (double a : {1e-6, 0.1, 1.0, 2.4, 10.0, 100.0, 1e9}) {
                const auto r = with_fpr(P, a, F);
                // proof of Theorem 1 in long double: E1 = Pr(x∉S|BF=1)·W_FP, E0 = Pr(x∈S|BF=1)·α·W_FP
                const long double pos = (long double)P + (1.0L - P) * F;
                const long double E1 = (1.0L - P) * F / pos, E0 = a * (long double)P / pos;
                if (std::fabs((double)(E1 - E0)) <= 1e-12 * (double)std::max(E1, E0)) continue;  // a tie
                CHECK(r.paradox == (E1 > E0));
                CHECK(r.paradox == (P < r.threshold));
                CHECK(std::fabs(r.cost_trust_given_positive - (double)E1) <= 1e-12 * std::max(1.0, (double)E1));
                CHECK(std::isfinite(r.posterior));
                // per query: trusting costs (1−P)F, ignoring αP; the paradox is exactly when ignoring is cheaper
                CHECK(r.cost_optimal == std::min(r.cost_trust, r.cost_ignore));
                ++checked;
            }
    CHECK(checked > 500);
}

TEST_CASE("extreme priors give finite, correct answers", "[paradox]") {
    const auto tiny = with_bpe(1e-300, 1, 10);
    CHECK(tiny.posterior > 0);
    CHECK(rel(tiny.posterior, 1e-300 / model_fpr_from_bits_per_element(10)) < 1e-12);
    CHECK(tiny.paradox);
    CHECK(rel(*tiny.min_bits_per_element, std::log(1e300) / (std::log(2.0) * std::log(2.0))) < 1e-12);
    const double near1 = 1 - 1e-16;  // rounds to 1 − 2^-53
    const auto big = with_fpr(near1, 1, 0.5);
    CHECK(big.posterior == 1.0);
    CHECK(rel(big.posterior_complement, (1 - near1) * 0.5) < 1e-12);  // 1 − P is exact in double
    CHECK_FALSE(big.paradox);
    CHECK(*big.min_bits_per_element == 0);
    const auto zero = with_fpr(0, 1, 0.5), one = with_fpr(1, 1, 0.5);
    CHECK(zero.posterior == 0);
    CHECK(zero.paradox);
    CHECK(one.posterior == 1);
    CHECK_FALSE(one.paradox);
    // a huge filter: the FPR underflows but the threshold and posterior stay finite
    const auto huge = with_bpe(1e-300, 1, 5000);
    CHECK(std::isfinite(huge.posterior));
    CHECK_FALSE(huge.paradox);
}

TEST_CASE("bad paradox input is a named RangeError", "[paradox]") {
    const double nan = std::numeric_limits<double>::quiet_NaN();
    auto param = [](auto f) {
        try {
            f();
        } catch (const RangeError& e) {
            return e.parameter();
        }
        return std::string("none");
    };
    CHECK(param([&] { with_fpr(-0.1, 1, 0.1); }) == "prior");
    CHECK(param([&] { with_fpr(1.5, 1, 0.1); }) == "prior");
    CHECK(param([&] { with_fpr(nan, 1, 0.1); }) == "prior");
    CHECK(param([&] { with_fpr(0.1, 0, 0.1); }) == "alpha");
    CHECK(param([&] { with_fpr(0.1, -2, 0.1); }) == "alpha");
    CHECK(param([&] { with_fpr(0.1, INFINITY, 0.1); }) == "alpha");
    CHECK(param([&] { with_fpr(0.1, 1, 0); }) == "fpr");
    CHECK(param([&] { with_fpr(0.1, 1, 1.5); }) == "fpr");
    CHECK(param([&] { with_bpe(0.1, 1, -1); }) == "bpe");
    CHECK(param([&] { bloom_paradox(BloomParadoxInput{0.1, 1, std::nullopt, std::nullopt}); }) == "fpr");
    CHECK(param([&] { bloom_paradox(BloomParadoxInput{0.1, 1, 0.1, 3.0}); }) == "fpr");
}

// ---- §IV-C, §VIII-A: the selective Bloom filter and Table II ------------------------------------

namespace {
std::vector<SelectiveOutcome> table2(double alpha, int bpe) {
    return selective_bloom(SelectiveInput{paper_table2_classes(), 3328.0 * bpe, alpha});
}
}  // namespace

TEST_CASE("Table II setup: n = 3328, |U| = 16775168, priors 2^-3 … 2^-15", "[paradox]") {
    double N = 0, n = 0;
    for (const auto& c : paper_table2_classes()) N += c.size, n += c.members;
    CHECK(N == 16775168);
    CHECK(n == 3328);
    CHECK(paper_table2_classes().back().members / paper_table2_classes().back().size == std::ldexp(1.0, -15));
}

TEST_CASE("Table II: plain Bloom filter fpr and cost within 1% of the printed simulation", "[paradox]") {
    // printed (α = 100 table; cost = (N − n)·fpr): bpe 4, 6, 8, 10
    const double fpr[] = {1.47e-1, 5.63e-2, 2.17e-2, 8.24e-3}, cost[] = {2.46e6, 9.44e5, 3.64e5, 1.38e5};
    const int bpes[] = {4, 6, 8, 10};
    for (int i = 0; i < 4; ++i) {
        const auto o = table2(100, bpes[i])[0];
        INFO("bpe " << bpes[i] << ": fpr " << o.fpr << " cost " << o.cost);
        CHECK(o.fnr == 0);
        CHECK(rel(o.fpr, fpr[i]) < 0.01);
        CHECK(rel(o.cost, cost[i]) < 0.01);
    }
}

TEST_CASE("Table II: selective query answers negative for exactly the printed share of members", "[paradox]") {
    // printed fnr of 'Only Query': these are class counts/13, fixed by Theorem 1's threshold
    const double fnr100[] = {4.62e-1, 3.85e-1, 2.31e-1, 1.54e-1}, fnr5[] = {7.69e-1, 6.92e-1, 6.15e-1, 4.62e-1};
    const int bpes[] = {4, 6, 8, 10};
    for (int i = 0; i < 4; ++i) {
        const auto q100 = table2(100, bpes[i])[2], q5 = table2(5, bpes[i])[2];
        CHECK(q100.policy == SelectivePolicy::query);
        CHECK(std::fabs(q100.fnr - fnr100[i]) <= 0.0005 + 1e-12);  // equal to 3 printed digits
        CHECK(std::fabs(q5.fnr - fnr5[i]) <= 0.0005 + 1e-12);
    }
    // bpe 4, α = 100: P₀ = 1/(1 + 100·2^{4 ln 2}) ≈ 1.46e-3, so classes 2^-3 … 2^-9 are queried
    const auto q = table2(100, 4)[2];
    for (std::size_t i = 0; i < q.classes.size(); ++i) CHECK(q.classes[i].queried == (i < 7));
}

TEST_CASE("selective insertion: every inserted element is above P0 of the final load, and no more fit", "[paradox]") {
    for (double a : {100.0, 5.0})
        for (int b : {4, 6, 8, 10}) {
            const auto o = table2(a, b)[1];
            const double m = 3328.0 * b;
            for (const auto& c : o.classes)
                if (c.inserted > 0) CHECK(c.prior >= paradox_threshold_bpe(m / o.inserted, a));
            // one more element (the next in prior order) would violate its own threshold
            double next_prior = 0;
            for (const auto& c : o.classes)
                if (c.inserted < 256) next_prior = std::max(next_prior, c.prior);
            CHECK(next_prior < paradox_threshold_bpe(m / (o.inserted + 1), a));
        }
    // α = 100, bpe 4: n* = 2118 (printed fnr 0.364 = (3328 − 2118)/3328 to 3 digits)
    CHECK(table2(100, 4)[1].inserted == 2118);
}

TEST_CASE("selective policies never cost more than the plain filter; both is best at alpha = 100", "[paradox]") {
    for (double a : {100.0, 5.0})
        for (int b : {4, 6, 8, 10}) {
            const auto o = table2(a, b);
            for (int p = 1; p < 4; ++p) CHECK(o[p].cost <= o[0].cost);
            CHECK(o[3].cost <= o[2].cost);
            CHECK(o[3].cost <= o[1].cost);
        }
}

TEST_CASE("Bloom paradox: the curve is bloom_paradox at each prior, each checked", "[paradox]") {
    BloomParadoxCurveInput curve;
    curve.priors = {1e-6, 1e-3, 0.5};
    curve.alpha = 1, curve.fpr = 0.01;
    const auto posteriors = bloom_paradox_curve(curve);
    REQUIRE(posteriors.size() == 3);
    BloomParadoxInput in;
    in.alpha = 1, in.fpr = 0.01;
    for (std::size_t i = 0; i < 3; ++i) {
        in.prior = curve.priors[i];
        CHECK(posteriors[i] == bloom_paradox(in).posterior);
    }
    curve.priors.push_back(2);
    CHECK(parameter_of([&] { bloom_paradox_curve(curve); }) == "prior");
}
