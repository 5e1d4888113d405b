// Closed forms against their direct long-double evaluation and their stated relationships.
#include <catch2/catch.hpp>

#include <cmath>

#include "bloomcalc/fpr/formulas.hpp"
#include "bloomcalc/fpr/report.hpp"
#include "precision.hpp"

using namespace bloomcalc;

TEST_CASE("classic formula (001 eq 1) and Bloom 1970 (001 eq 19) match direct evaluation", "[formulas]") {
    if (!long_double_math_is_extended()) {
        WARN("long double math is double precision here: reference skipped (checked in the native build)");
        return;
    }
    for (std::uint64_t m : {10, 100, 1000, 123457})
        for (std::uint64_t n : {1, 3, 50, 1000})
            for (unsigned k : {1u, 3u, 7u}) {
                const Filter f{m, n, k, Hashing::colliding};
                const long double md = m;
                const long double eq1 =
                    std::pow(1 - std::pow(1 - 1 / md, static_cast<long double>(k * n)), static_cast<long double>(k));
                const long double eq19 =
                    std::pow(1 - std::pow(1 - k / md, static_cast<long double>(n)), static_cast<long double>(k));
                INFO("m=" << m << " n=" << n << " k=" << k);
                CHECK(classic_fpr(f) == Approx(static_cast<double>(eq1)).epsilon(1e-12));
                CHECK(bloom1970_fpr(f) == Approx(static_cast<double>(eq19)).epsilon(1e-12));
                CHECK(classic_distinct_fpr(f) == bloom1970_fpr(f));
            }
}

TEST_CASE("classic formula keeps full precision where 1 − 1/m rounds", "[formulas]") {
    // m = 10^12: (1 − 1/m)^{kn} computed naively loses ~4 digits; log1p/expm1 keep them.
    const Filter f{1000000000000ULL, 100000000000ULL, 7, Hashing::colliding};
    const double p_set = -std::expm1(-0.7 - 0.7 / 2e12);  // kn·log1p(−1/m) = −0.7 − 0.7/(2m) + …
    CHECK(classic_fpr(f) == Approx(std::pow(p_set, 7)).epsilon(1e-13));
}

TEST_CASE("optimal real k is (m/n)·ln 2", "[formulas]") {
    CHECK(optimal_k_real(9585058.377, 1e6) == Approx(6.6438).epsilon(1e-4));
}

TEST_CASE("the FPR report gives signed relative errors against the exact value", "[formulas]") {
    const FprReport r = compare_fpr(Filter{32, 4, 5, Hashing::colliding});
    CHECK(r.classic < r.exact);
    CHECK(r.rel_err_classic == Approx((r.classic - r.exact) / r.exact));
    CHECK(r.rel_err_bloom1970 == Approx((r.bloom1970 - r.exact) / r.exact));
    CHECK(r.bits_per_element == 8.0);
}
