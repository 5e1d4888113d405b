// Quantity parsing: a decimal number (strtod, C locale), then an optional SI (×10^3n) or binary
// (×2^10n) prefix, then for sizes an optional bit/byte unit.
#include "bloomcalc/units.hpp"

#include <cctype>
#include <cmath>
#include <cstdlib>

#include "bloomcalc/error.hpp"

namespace bloomcalc {

namespace {

constexpr const char* kCountForms = "a count such as 1000, 1e6, 1M, 1Mi, 64k or 2^20";
constexpr const char* kBitsForms = "a size such as 8192 (bits), 64KiB, 1MB (bytes) or 2Gb, 1Mbit (bits)";
constexpr const char* kProbabilityForms = "a probability such as 0.001, 1e-3, 0.1%, 1 in 1000 or 1/1000";

std::string trim(const std::string& s) {
    std::size_t a = 0, b = s.size();
    while (a < b && std::isspace(static_cast<unsigned char>(s[a]))) ++a;
    while (b > a && std::isspace(static_cast<unsigned char>(s[b - 1]))) --b;
    return s.substr(a, b - a);
}

// Reads a number at the front of `s`; returns false when there is none. `rest` gets what follows.
bool read_number(const std::string& s, double& value, std::string& rest) {
    if (s.empty() || std::isspace(static_cast<unsigned char>(s[0]))) return false;
    const char* begin = s.c_str();
    char* end = nullptr;
    value = std::strtod(begin, &end);
    if (end == begin) return false;
    // strtod also reads "inf", "nan" and hex floats; accept plain decimal numbers only.
    for (const char* c = begin; c != end; ++c)
        if (!(std::isdigit(static_cast<unsigned char>(*c)) || *c == '.' || *c == 'e' || *c == 'E' || *c == '+' ||
              *c == '-'))
            return false;
    rest = trim(s.substr(static_cast<std::size_t>(end - begin)));  // all of it: text after a NUL byte counts
    return true;
}

// Multiplier of a prefix at the front of `unit` (consumed); 1 when there is none.
double read_prefix(std::string& unit) {
    static const struct {
        const char* text;
        double factor;
    } prefixes[] = {
        {"Ki", 1024.0},
        {"Mi", 1048576.0},
        {"Gi", 1073741824.0},
        {"Ti", 1099511627776.0},
        {"Pi", 1125899906842624.0},
        {"k", 1e3},
        {"K", 1e3},
        {"M", 1e6},
        {"G", 1e9},
        {"T", 1e12},
        {"P", 1e15},
    };
    for (const auto& p : prefixes) {
        const std::string t = p.text;
        if (unit.compare(0, t.size(), t) == 0) {
            unit = unit.substr(t.size());
            return p.factor;
        }
    }
    return 1.0;
}

// "2^20", "10^6": an integer power.
bool read_power(const std::string& s, double& value) {
    const auto caret = s.find('^');
    if (caret == std::string::npos) return false;
    double base = 0, exponent = 0;
    std::string rest;
    if (!read_number(trim(s.substr(0, caret)), base, rest) || !rest.empty()) return false;
    if (!read_number(trim(s.substr(caret + 1)), exponent, rest) || !rest.empty()) return false;
    value = std::pow(base, exponent);
    return true;
}

// A number, or a power such as 2^20, times an optional prefix; `unit` gets the text after the prefix.
double scaled_or_throw(const std::string& text, const std::string& parameter, const char* forms, std::string& unit) {
    const std::string s = trim(text);
    double value = 0;
    unit.clear();
    if (read_power(s, value)) return value;
    if (!read_number(s, value, unit)) throw ParseError(parameter, forms, text);
    return value * read_prefix(unit);
}

double count_or_throw(const std::string& text, const std::string& parameter, const char* forms) {
    std::string unit;
    const double value = scaled_or_throw(text, parameter, forms, unit);
    if (!unit.empty()) throw ParseError(parameter, forms, text);
    return value;
}

}  // namespace

// A parsed count or size is a finite number: "1e400" and "2^2000" overflow and are refused here, by
// name, as "1e-400" and "2^-2000", which underflow to 0; "-0" reads as 0. A negative or fractional value
// ("-5", "2.5") is returned as read: whether it is a valid n, k or m (with its range in the message) is the
// caller's check.
static double finite_number(double value, const std::string& text, const std::string& parameter) {
    // A nonzero number written too small to represent ("1e-400", "2^-2000": a nonzero digit before any e or ^)
    // is refused by name as an overflow is, never a silent 0 (reported as "got 0", or used: a seed of 0).
    if (!std::isfinite(value) || (value == 0 && text.find_first_of("123456789") < text.find_first_of("eE^")))
        throw RangeError(parameter, "a finite number that does not underflow to 0", quoted(text));
    return value + 0.0;
}

double parse_count(const std::string& text, const std::string& parameter) {
    return finite_number(count_or_throw(text, parameter, kCountForms), text, parameter);
}

double parse_bits(const std::string& text, const std::string& parameter) {
    std::string unit;
    const double value = scaled_or_throw(text, parameter, kBitsForms, unit);
    if (unit == "B" || unit == "byte" || unit == "bytes") return finite_number(value * 8, text, parameter);
    if (unit.empty() || unit == "b" || unit == "bit" || unit == "bits") return finite_number(value, text, parameter);
    throw ParseError(parameter, kBitsForms, text);
}

double parse_probability(const std::string& text, const std::string& parameter) {
    const std::string s = trim(text);
    double value = 0;
    std::string rest;
    const auto in = s.find(" in ");
    const auto slash = s.find('/');
    if (in != std::string::npos || slash != std::string::npos) {
        const auto at = in != std::string::npos ? in : slash;
        const auto skip = in != std::string::npos ? 4 : 1;
        const double hits = count_or_throw(s.substr(0, at), parameter, kProbabilityForms);
        const double trials = count_or_throw(s.substr(at + skip), parameter, kProbabilityForms);
        value = hits / trials;
    } else if (!s.empty() && s.back() == '%') {
        if (!read_number(trim(s.substr(0, s.size() - 1)), value, rest) || !rest.empty())
            throw ParseError(parameter, kProbabilityForms, text);
        value /= 100.0;
    } else if (!read_number(s, value, rest) || !rest.empty()) {
        throw ParseError(parameter, kProbabilityForms, text);
    }
    if (!(value > 0.0 && value < 1.0)) throw RangeError(parameter, "a probability in (0, 1)", quoted(text));
    return value;
}

}  // namespace bloomcalc
