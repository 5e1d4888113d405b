// Statistics of the simulator against published table values (tolerances stated per check).
#include <catch2/catch.hpp>

#include <cmath>
#include <utility>
#include <vector>

#include "bloomcalc/sim/statistics.hpp"

using namespace bloomcalc;

TEST_CASE("Student t quantiles match the tables", "[sim]") {
    // Two-sided 99% and 95% critical values (any statistics table), to the 6 digits printed there.
    struct Row {
        double p, dof, t;
    };
    for (const Row r :
         {Row{0.995, 1, 63.656741}, Row{0.995, 2, 9.924843}, Row{0.995, 9, 3.249836}, Row{0.995, 29, 2.756386},
          Row{0.975, 10, 2.228139}, Row{0.975, 99, 1.984217}, Row{0.995, 1e7, 2.575830}}) {
        INFO("p = " << r.p << ", dof = " << r.dof);
        CHECK(student_t_quantile(r.p, r.dof) == Approx(r.t).epsilon(2e-6));
        CHECK(student_t_quantile(1 - r.p, r.dof) == Approx(-r.t).epsilon(2e-6));
    }
}

TEST_CASE("Garwood Poisson intervals match the tables", "[sim]") {
    // 95% exact intervals (Garwood 1936; e.g. Ulm 1990 table): x = 0: [0, 3.689]; x = 1: [0.0253, 5.572];
    // x = 5: [1.6235, 11.668]; x = 10: [4.7954, 18.390].
    struct Row {
        unsigned x;
        double lo, hi;
    };
    for (const Row r :
         {Row{0, 0, 3.688879}, Row{1, 0.025318, 5.571643}, Row{5, 1.623486, 11.668332}, Row{10, 4.795389, 18.390356}}) {
        INFO("x = " << r.x);
        const Interval i = poisson_interval(r.x, 0.95);
        CHECK(i.low == Approx(r.lo).epsilon(1e-5).margin(1e-12));
        CHECK(i.high == Approx(r.hi).epsilon(1e-5));
    }
    // 99%, x = 0: the upper end is −ln(0.005) exactly.
    CHECK(poisson_interval(0, 0.99).high == Approx(-std::log(0.005)).epsilon(1e-12));
    // a large count: close to x ± z·√x
    const Interval big = poisson_interval(1000000, 0.99);
    CHECK(big.low == Approx(1e6 - 2.5758 * 1000).epsilon(1e-5));
    CHECK(big.high == Approx(1e6 + 2.5758 * 1000).epsilon(1e-5));
}

TEST_CASE("incomplete gamma and beta at known points", "[sim]") {
    CHECK(incomplete_gamma_p(1, 2) == Approx(1 - std::exp(-2.0)).epsilon(1e-13));
    CHECK(incomplete_gamma_p(3, 1.5) == Approx(1 - std::exp(-1.5) * (1 + 1.5 + 1.125)).epsilon(1e-13));
    CHECK(incomplete_beta(2, 3, 0.4) == Approx(0.5248).epsilon(1e-13));  // 1 − Σ_{j<2} C(4,j)0.4^j 0.6^(4−j)
    CHECK(incomplete_beta(0.5, 0.5, 0.5) == Approx(0.5).epsilon(1e-13));
}

TEST_CASE("batch means: mean, standard deviation and t interval", "[sim]") {
    const std::vector<double> v{1, 2, 3, 4, 5};
    const BatchMeans b = batch_means(v, 0.99);
    CHECK(b.mean == 3);
    CHECK(b.sd == Approx(std::sqrt(2.5)).epsilon(1e-15));
    CHECK(b.half_width == Approx(4.604095 * std::sqrt(2.5) / std::sqrt(5.0)).epsilon(1e-6));  // t_{4, 0.995}
    CHECK(b.interval.low == Approx(3 - b.half_width));
}

TEST_CASE("a rate's interval is clipped to [0, 1]", "[sim][statistics]") {
    CHECK(clipped_to_rates(Interval{-0.1, 1.2}).low == 0);
    CHECK(clipped_to_rates(Interval{-0.1, 1.2}).high == 1);
    CHECK(clipped_to_rates(Interval{0.25, 0.5}).low == 0.25);
    CHECK(clipped_to_rates(Interval{0.25, 0.5}).high == 0.5);
}

TEST_CASE("Clopper-Pearson intervals: closed forms, the binomial tails at their ends, never zero-width",
          "[sim][statistics]") {
    // x = 0 and x = t have closed forms: high = 1 − (α/2)^(1/t), low = (α/2)^(1/t).
    for (const std::uint64_t t : {1u, 2u, 10u, 1000u}) {
        const Interval none = clopper_pearson_interval(0, t, 0.99), all = clopper_pearson_interval(t, t, 0.99);
        CHECK(none.low == 0);
        CHECK(none.high == Approx(1 - std::pow(0.005, 1.0 / t)).epsilon(1e-12));
        CHECK(all.low == Approx(std::pow(0.005, 1.0 / t)).epsilon(1e-12));
        CHECK(all.high == 1);
    }
    // Independently, by summing the binomial pmf: Pr(X ≥ x | low) = α/2 = Pr(X ≤ x | high).
    auto tail = [](std::uint64_t x, std::uint64_t t, double p, bool upper) {
        double sum = 0;
        for (std::uint64_t i = 0; i <= t; ++i) {
            if (upper ? i < x : i > x) continue;
            sum += std::exp(std::lgamma(t + 1.0) - std::lgamma(i + 1.0) - std::lgamma(t - i + 1.0) + i * std::log(p) +
                            (t - i) * std::log1p(-p));
        }
        return sum;
    };
    for (const auto& [x, t] :
         {std::pair{1u, 1u}, std::pair{1u, 2u}, std::pair{1u, 7u}, std::pair{5u, 10u}, std::pair{3u, 300u}}) {
        INFO(x << " of " << t);
        const Interval i = clopper_pearson_interval(x, t, 0.95);
        if (x > 0) CHECK(tail(x, t, i.low, true) == Approx(0.025).epsilon(1e-9));
        if (x < t) CHECK(tail(x, t, i.high, false) == Approx(0.025).epsilon(1e-9));
        CHECK(i.low < i.high);
    }
    // A published value (any table): 5 of 10 at 95 % is [0.187086, 0.812914].
    const Interval half = clopper_pearson_interval(5, 10, 0.95);
    CHECK(half.low == Approx(0.187086).epsilon(2e-6));
    CHECK(half.high == Approx(0.812914).epsilon(2e-6));
}
