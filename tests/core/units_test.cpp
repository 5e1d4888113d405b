// Quantity parsing: the accepted forms and named errors for the rest.
#include <catch2/catch.hpp>

#include <cmath>
#include <string>

#include "bloomcalc/error.hpp"
#include "bloomcalc/units.hpp"

using namespace bloomcalc;

TEST_CASE("counts accept SI and binary prefixes and powers", "[units]") {
    CHECK(parse_count("1000", "n") == 1000);
    CHECK(parse_count(" 1e6 ", "n") == 1e6);
    CHECK(parse_count("1M", "n") == 1e6);
    CHECK(parse_count("1 M", "n") == 1e6);
    CHECK(parse_count("1Mi", "n") == 1048576);
    CHECK(parse_count("64k", "n") == 64000);
    CHECK(parse_count("1.5G", "n") == 1.5e9);
    CHECK(parse_count("2^20", "n") == 1048576);
    CHECK(parse_count("4Ti", "n") == 4.0 * 1099511627776.0);
}

TEST_CASE("sizes: bits by default, b/bit bits, B/byte bytes", "[units]") {
    CHECK(parse_bits("8192", "m") == 8192);
    CHECK(parse_bits("64KiB", "m") == 64 * 1024 * 8);
    CHECK(parse_bits("2Gb", "m") == 2e9);
    CHECK(parse_bits("1 MiB", "m") == 8 * 1048576.0);
    CHECK(parse_bits("1MB", "m") == 8e6);
    CHECK(parse_bits("1Mbit", "m") == 1e6);
    CHECK(parse_bits("100 bytes", "m") == 800);
    CHECK(parse_bits("2^30", "m") == 1073741824.0);
}

TEST_CASE("probabilities: decimals, exponents, percent, 1 in N, 1/N", "[units]") {
    CHECK(parse_probability("0.001", "p") == 0.001);
    CHECK(parse_probability("1e-3", "p") == 1e-3);
    CHECK(parse_probability("0.1%", "p") == Approx(0.001).epsilon(1e-15));
    CHECK(parse_probability("1 in 1000", "p") == 0.001);
    CHECK(parse_probability("1/1000", "p") == 0.001);
    CHECK(parse_probability("1 in 1M", "p") == 1e-6);
}

TEST_CASE("unparseable text and out-of-range probabilities are named errors", "[units][errors]") {
    for (const char* bad : {"", "abc", "12 parsecs", "1MM", "inf", "nan", "0x10", "1e", "5 KiBB"}) {
        INFO(bad);
        CHECK_THROWS_AS(parse_bits(bad, "m"), ParseError);
    }
    CHECK_THROWS_AS(parse_count("1 in 3", "n"), ParseError);
    try {
        parse_count("twelve", "n");
        FAIL("no throw");
    } catch (const ParseError& e) {
        CHECK(e.parameter() == "n");
        CHECK(std::string(e.what()).find("twelve") != std::string::npos);
    }
    for (const char* bad : {"0", "1", "2", "-0.1", "150%", "1 in 0", "3/2"}) {
        INFO(bad);
        CHECK_THROWS_AS(parse_probability(bad, "p"), Error);
    }
    CHECK_THROWS_WITH(parse_probability("2", "p"), Catch::Contains("(0, 1)"));
}

TEST_CASE("all of the text counts, results are finite, bad text is quoted short", "[units][errors]") {
    using namespace std::string_literals;
    // Text after a NUL byte is part of the input, not ignored.
    CHECK_THROWS_AS(parse_count("5\0abc"s, "n"), ParseError);
    CHECK_THROWS_AS(parse_bits("8\0KiB"s, "m"), ParseError);
    CHECK_THROWS_AS(parse_probability("0.5\0x"s, "p"), ParseError);
    // Overflow is a named RangeError, never ±∞; a sign is read as is (the method checks the range).
    for (const char* big : {"1e400", "2^2000", "1e308 Ti", "-1e400", "1e308 KiB"}) {
        INFO(big);
        CHECK_THROWS_AS(parse_bits(big, "m"), RangeError);
    }
    CHECK_THROWS_AS(parse_count("2^1024", "n"), RangeError);
    CHECK(parse_count("-5", "n") == -5);
    CHECK_FALSE(std::signbit(parse_count("-0", "n")));
    // A 1 MB bad input is quoted to its first kQuotedPrefix bytes.
    const std::string huge(1 << 20, 'x');
    try {
        parse_count(huge, "n");
        FAIL("no throw");
    } catch (const ParseError& e) {
        CHECK(std::string(e.what()).size() < 200);
        CHECK(std::string(e.what()).find("(1048576 bytes)") != std::string::npos);
    }
    // A NUL or another control character is escaped as JSON.stringify writes it: the message stays whole
    // (what() is a C string) and still names the valid range.
    try {
        parse_count("5\0abc"s, "n");
        FAIL("no throw");
    } catch (const ParseError& e) {
        CHECK(std::string(e.what()) == "n: cannot read \"5\\u0000abc\" as " + e.valid_range());
    }
    CHECK(quoted("a\"b\\c\n\t\x01") == R"("a\"b\\c\n\t\u0001")");
    // The cut never splits a UTF-8 character.
    const std::string greek = std::string(39, 'a') + "σσσσ";
    CHECK(quoted(greek) == "\"" + std::string(39, 'a') + "\"…(47 bytes)");
}

TEST_CASE("a nonzero number too small to represent is a RangeError quoting it, never a silent 0", "[units][errors]") {
    for (const char* tiny : {"1e-400", "-1e-400", "0.5e-330", "2^-2000", "1e-400 Ki"}) {
        INFO(tiny);
        try {
            parse_count(tiny, "n");
            FAIL("read as " << parse_count(tiny, "n"));
        } catch (const RangeError& e) {
            CHECK(e.parameter() == "n");
            CHECK(std::string(e.what()).find(quoted(tiny)) != std::string::npos);
            CHECK(std::string(e.what()).find("underflow") != std::string::npos);
        }
        CHECK_THROWS_AS(parse_bits(tiny, "m"), RangeError);
    }
    CHECK_THROWS_AS(parse_probability("1e-400", "p"), RangeError);
    CHECK_THROWS_AS(parse_probability("1e-400%", "p"), RangeError);
    // zero written as zero is still zero (the method checks its range), and the smallest subnormal is read
    CHECK(parse_count("0e-400", "n") == 0);
    CHECK(parse_count("0.000", "n") == 0);
    CHECK(parse_count("5e-324", "n") > 0);
}
