// Validation of the filter parameters; every failure names the parameter and its valid range.
#include "bloomcalc/params.hpp"

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>

#include "bloomcalc/error.hpp"

namespace bloomcalc {

std::string format_limit(std::uint64_t value) {
    if (value != 0 && (value & (value - 1)) == 0 && value >= 1024) {
        int e = 0;
        while ((std::uint64_t{1} << e) != value) ++e;
        return "2^" + std::to_string(e);
    }
    return std::to_string(value);
}

std::string show_number(double v) {
    if (std::isnan(v)) return "NaN";
    if (std::isinf(v)) return v > 0 ? "Infinity" : "-Infinity";
    // The fewest significant digits that read back as v (0.4, not 0.40000000000000002); an integer below 1e21
    // in plain digits, as JavaScript writes it (100, not %g's 1e+02).
    char buf[40];
    int digits = 0;
    do std::snprintf(buf, sizeof buf, "%.*g", ++digits, v);
    while (digits < 17 && std::strtod(buf, nullptr) != v);
    if (std::fabs(v) >= 1 && std::fabs(v) < 1e21 && std::strchr(buf, 'e')) std::snprintf(buf, sizeof buf, "%.0f", v);
    return buf;
}

std::uint64_t checked_integer(double value, const std::string& name, std::uint64_t lo, std::uint64_t hi) {
    if (!std::isfinite(value) || value != std::floor(value) || value < static_cast<double>(lo) ||
        value > static_cast<double>(hi))
        throw RangeError(name, "an integer in [" + format_limit(lo) + ", " + format_limit(hi) + "]",
                         show_number(value));
    return static_cast<std::uint64_t>(value);
}

double checked_probability(double value, const std::string& name) {
    if (!(value > 0.0 && value < 1.0)) throw RangeError(name, "a probability in (0, 1)", show_number(value));
    return value;
}

void validate(const Filter& f) {
    checked_integer(static_cast<double>(f.m), "m", 1, kMaxBits);
    checked_integer(static_cast<double>(f.n), "n", 1, kMaxItems);
    checked_integer(f.k, "k", 1, kMaxHashes);
    if (f.hashing == Hashing::distinct && f.k > f.m)
        throw RangeError("k", "at most m = " + std::to_string(f.m) + " for distinct hashing", std::to_string(f.k));
}

Filter make_filter(double m, double n, double k, Hashing hashing) {
    Filter f;
    f.m = checked_integer(m, "m", 1, kMaxBits);
    f.n = checked_integer(n, "n", 1, kMaxItems);
    f.k = static_cast<unsigned>(checked_integer(k, "k", 1, kMaxHashes));
    f.hashing = hashing;
    validate(f);
    return f;
}

Hashing parse_hashing(const std::string& text) {
    if (text == "colliding") return Hashing::colliding;
    if (text == "distinct") return Hashing::distinct;
    throw RangeError("hashing", "\"colliding\" or \"distinct\"", quoted(text));
}

const char* to_string(Hashing h) { return h == Hashing::colliding ? "colliding" : "distinct"; }

}  // namespace bloomcalc
