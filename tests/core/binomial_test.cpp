// Loader's binomial pmf against long-double products and its own normalisation.
#include <catch2/catch.hpp>

#include <cmath>

#include "bloomcalc/binomial.hpp"
#include "precision.hpp"

using namespace bloomcalc;

TEST_CASE("Stirling remainders for n ≤ 15 match long-double lgamma", "[binomial]") {
    if (!long_double_math_is_extended()) {
        WARN("long double math is double precision here: reference skipped (checked in the native build)");
        return;
    }
    for (int n = 1; n <= 15; ++n) {
        long double f = 1;
        for (int i = 2; i <= n; ++i) f *= i;
        const long double ln = n;
        const long double truth =
            std::log(f) - (ln + 0.5L) * std::log(ln) + ln - 0.5L * std::log(2 * 3.14159265358979323846264338327950288L);
        INFO("n=" << n);
        CHECK(std::fabs(stirling_error(n) - static_cast<double>(truth)) <= 2e-17);
    }
    // The series branch joins the table smoothly.
    CHECK(stirling_error(16) == Approx(1.0 / (12 * 16.0)).epsilon(1e-3));
}

TEST_CASE("binomial pmf equals the direct long-double product for small n", "[binomial]") {
    if (!long_double_math_is_extended()) {
        WARN("long double math is double precision here: reference skipped (checked in the native build)");
        return;
    }
    for (int n : {1, 2, 7, 30, 200})
        for (double p : {0.001, 0.1, 0.37, 0.5, 0.93}) {
            long double total = 0;
            for (int x = 0; x <= n; ++x) {
                const double q = 1 - p;  // the same q the pmf is given
                long double direct =
                    std::pow(static_cast<long double>(p), x) * std::pow(static_cast<long double>(q), n - x);
                for (int i = 0; i < x; ++i) direct = direct * (n - i) / (i + 1);
                const double got = binomial_pmf(x, n, p, q);
                total += got;
                INFO("n=" << n << " p=" << p << " x=" << x);
                // Loader's error is a few ulps of the exponent's parts, whose size is about |ln b| + |x − np|.
                const double tol =
                    1e-15 * (10 + std::fabs(std::log(static_cast<double>(direct))) + std::fabs(x - n * p));
                if (direct > 1e-280) CHECK(got == Approx(static_cast<double>(direct)).epsilon(tol));
            }
            CHECK(static_cast<double>(total) == Approx(1.0).epsilon(1e-13));
        }
}

TEST_CASE("binomial pmf for huge n sums to one around the mean", "[binomial]") {
    const double n = std::ldexp(1.0, 46), p = 64.0 / std::ldexp(1.0, 40);
    double total = 0;
    for (double x = 0; x < 4096 + 40 * 64; ++x) total += binomial_pmf(x, n, p, 1 - p);
    CHECK(total == Approx(1.0).epsilon(1e-13));
    // Poisson limit: b(x; n, λ/n) → e^{-λ} λ^x / x!
    CHECK(binomial_pmf(3, 1e15, 2e-15, 1 - 2e-15) == Approx(std::exp(-2.0) * 8 / 6).epsilon(1e-12));
}
