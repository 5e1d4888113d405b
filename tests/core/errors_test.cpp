// Bad input to the filter API: one exception hierarchy, each error naming its parameter and range.
#include <catch2/catch.hpp>

#include <cmath>
#include <cstdlib>
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

TEST_CASE("messages show a number in its shortest form that reads back as it", "[errors]") {
    CHECK(show_number(0.4) == "0.4");
    CHECK(show_number(1.9) == "1.9");
    CHECK(show_number(std::round(1.9 * 10) / 10) == "1.9");
    CHECK(show_number(3355443) == "3355443");
    CHECK(show_number(0.1 + 0.2) == "0.30000000000000004");  // not 0.3: that would be another number
    CHECK(show_number(100) == "100");
    CHECK(show_number(1e-5) == "1e-05");
    CHECK(show_number(1.5e-7) == "1.5e-07");
    CHECK(show_number(-2.5e-300) == "-2.5e-300");
    CHECK(show_number(1e20) == "100000000000000000000");
    CHECK(show_number(1e21) == "1e+21");
    CHECK(show_number(-0.125) == "-0.125");
    CHECK(show_number(0) == "0");
    CHECK(show_number(std::numeric_limits<double>::quiet_NaN()) == "NaN");
    CHECK(show_number(-std::numeric_limits<double>::infinity()) == "-Infinity");
    for (const double v : {0.1, 1.0 / 3, 2.0 / 3e-200, 123456789.125, 5e-324, 1.7976931348623157e308})
        CHECK(std::strtod(show_number(v).c_str(), nullptr) == v);
    try {
        make_filter(100, 0.4, 3, Hashing::colliding);
        FAIL("n = 0.4 accepted");
    } catch (const RangeError& e) {
        CHECK(std::string(e.what()) == "n must be an integer in [1, 2^40]; got 0.4");
    }
}
