// Filter parameters in the papers' symbols (m bits, n items, k hashes), their limits and validation.
#pragma once

#include <cmath>
#include <cstdint>
#include <string>

namespace bloomcalc {

// Colliding: the k probes of one item are drawn with replacement (001, 002 eq 1).
// Distinct: the k probes are k different bits (sampling without replacement, 000 §II-B1).
enum class Hashing { colliding, distinct };

constexpr std::uint64_t kMaxBits = std::uint64_t{1} << 40;   // m ≤ 2^40 bits (128 GiB)
constexpr std::uint64_t kMaxItems = std::uint64_t{1} << 40;  // n ≤ 2^40 items
constexpr unsigned kMaxHashes = 64;                          // k ≤ 64

struct Filter {
    std::uint64_t m = 0;  // bits
    std::uint64_t n = 0;  // items inserted
    unsigned k = 0;       // hash functions
    Hashing hashing = Hashing::colliding;
};

// Checks a filter: 1 ≤ m ≤ 2^40, 1 ≤ n ≤ 2^40, 1 ≤ k ≤ 64, and k ≤ m for distinct hashing.
// Throws RangeError naming the parameter.
void validate(const Filter& f);

// Builds a validated filter from JS-style numbers (NaN, ±∞ and fractions are named errors).
Filter make_filter(double m, double n, double k, Hashing hashing = Hashing::colliding);

// A filter as the surfaces give it (fpr, exactFpr, exactFprTable), checked by make_filter.
struct FilterInput {
    double m = NAN, n = NAN, k = NAN;
    Hashing hashing = Hashing::colliding;
};
inline Filter make_filter(const FilterInput& in) { return make_filter(in.m, in.n, in.k, in.hashing); }

// An integer parameter given as a double: must be finite, integral and in [lo, hi].
std::uint64_t checked_integer(double value, const std::string& name, std::uint64_t lo, std::uint64_t hi);
// A probability strictly inside (0, 1).
double checked_probability(double value, const std::string& name);

Hashing parse_hashing(const std::string& text);  // "colliding" | "distinct"
const char* to_string(Hashing h);

// A number as error messages show it: "NaN", "Infinity", or the shortest text that reads back as it
// ("0.4", "1.9", "100", "1e-05").
std::string show_number(double v);

// "2^40" style text for a limit, used in messages.
std::string format_limit(std::uint64_t value);

}  // namespace bloomcalc
