// Bad input to the filter API: one exception hierarchy, each error naming its parameter and range.
#include <catch2/catch.hpp>

#include <cmath>
#include <limits>

#include "bloomcalc/error.hpp"
#include "bloomcalc/fpr/exact_fpr.hpp"
#include "bloomcalc/params.hpp"

using namespace bloomcalc;

namespace {
void expect_named(double m, double n, double k, Hashing h, const std::string& parameter, const std::string& range) {
    try {
        make_filter(m, n, k, h);
        FAIL("accepted m=" << m << " n=" << n << " k=" << k);
    } catch (const RangeError& e) {
        CHECK(e.parameter() == parameter);
        CHECK(std::string(e.what()).find(parameter) == 0);
        CHECK(std::string(e.what()).find(range) != std::string::npos);
    }
}
}  // namespace

TEST_CASE("invalid filter parameters are RangeErrors naming the parameter and range", "[errors]") {
    const double nan = std::numeric_limits<double>::quiet_NaN(), inf = std::numeric_limits<double>::infinity();
    const auto C = Hashing::colliding;
    expect_named(nan, 10, 3, C, "m", "[1, 2^40]");
    expect_named(inf, 10, 3, C, "m", "[1, 2^40]");
    expect_named(-5, 10, 3, C, "m", "[1, 2^40]");
    expect_named(0, 10, 3, C, "m", "[1, 2^40]");
    expect_named(std::ldexp(1.0, 40) + 1, 10, 3, C, "m", "[1, 2^40]");
    expect_named(100, -inf, 3, C, "n", "[1, 2^40]");
    expect_named(100, 0, 3, C, "n", "[1, 2^40]");
    expect_named(100, 2.5, 3, C, "n", "[1, 2^40]");
    expect_named(100, 10, 0, C, "k", "[1, 64]");
    expect_named(100, 10, 65, C, "k", "[1, 64]");
    expect_named(100, 10, 1.5, C, "k", "[1, 64]");
    expect_named(5, 10, 6, Hashing::distinct, "k", "at most m");
    CHECK_THROWS_AS(parse_hashing("random"), RangeError);
    // every error is a bloomcalc::Error, catchable as std::exception
    CHECK_THROWS_AS(exact_fpr(Filter{0, 1, 1, C}), Error);
}
