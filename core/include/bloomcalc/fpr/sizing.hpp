// The sizing calculator: from any consistent subset of n, p, m, k solve the rest.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "bloomcalc/fpr/report.hpp"
#include "bloomcalc/params.hpp"

namespace bloomcalc {

// How a solved m is rounded up: not at all, to a multiple of 64 bits (a machine word), or to a power of two.
enum class Rounding { none, word64, pow2 };
// Which FPR the solver holds to the target: the classic formula (001 eq 1 / distinct form) or the exact mean.
enum class SizingMethod { classic, exact };

struct SizingInput {
    std::optional<double> n, p, m, k;  // the given quantities; the rest are solved
    Rounding rounding = Rounding::none;
    SizingMethod method = SizingMethod::classic;
    Hashing hashing = Hashing::colliding;
};

struct KChoice {
    unsigned k = 0;
    double p = 0;  // FPR under the sizing method at this k
};

struct SizingResult {
    std::string
        solved;  // what was solved: "m,k", "m", "p", "n", "n,k", "k" or "none" (all four given: meets_target answers)
    Filter filter;                 // the final (m, n, k, hashing)
    double p = 0;                  // FPR achieved by the final filter under the sizing method
    std::optional<double> target;  // the requested p, when given
    bool meets_target = true;      // p ≤ target (true when no target was given)
    double m_ideal = 0;            // real-valued m before integer and policy rounding (−n·ln p / ln²2 for classic)
    double k_ideal = 0;            // real-valued optimal k for the final m and n: (m/n)·ln 2
    KChoice k_lower, k_upper;      // the integers either side of k_ideal and their FPR
    double bits_per_element = 0;
    double bytes = 0;  // ⌈m / 8⌉
    Rounding rounding = Rounding::none;
    SizingMethod method = SizingMethod::classic;
    FprReport fpr;  // every formula at the final filter
};

SizingResult solve_sizing(const SizingInput& in);

// FPR of a filter under a method (classic: eq 1 of 001 or its distinct form; exact: exact_fpr).
double fpr_by_method(const Filter& f, SizingMethod method);

Rounding parse_rounding(const std::string& text);    // "none" | "word64" | "pow2"
SizingMethod parse_method(const std::string& text);  // "classic" | "exact"
const char* to_string(Rounding r);
const char* to_string(SizingMethod m);

}  // namespace bloomcalc
