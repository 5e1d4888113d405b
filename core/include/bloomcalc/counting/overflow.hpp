// Counter overflow in a counting Bloom filter (Fan, Cao, Almeida & Broder 2000, "Summary Cache", §V-C): m
// counters of b bits, n items, k hashes; each probe increments its counter (a repeated position twice, as
// core/include/bloomcalc/sim/counting_filter.hpp), so the T = k·n increments are T balls in m bins and a
// counter's load is L ~ Binomial(T, 1/m). A counter overflows when its load reaches 2^b (it holds 0..2^b − 1).
// P(overflow) = P(max_i L_i ≥ 2^b). The usual union bound is m·P(L ≥ 2^b) (Fan et al. §V-C). See
// docs/paradox.md#overflow for the method.
#pragma once

#include <cmath>
#include <cstdint>
#include <optional>
#include <string>

namespace bloomcalc {

struct OverflowResult {
    std::uint64_t m = 0, n = 0;
    unsigned k = 0, bits = 0;
    double counter_tail = 0;   // p₁ = P(L ≥ 2^b), L ~ Binomial(kn, 1/m): one counter overflows
    double union_bound = 0;    // min(1, m·p₁)
    double probability = 0;    // P(some counter overflows)
    double low = 0, high = 0;  // proven bounds on it (equal to it but for rounding when method is "exact")
    // "exact": the first-overflowing-counter sum over the multinomial loads (small filters);
    // "poisson": 1 − e^{−m·p₁}, with the Chen–Stein bound and the negative-association bracket.
    std::string method;
    std::optional<double> target;  // the target asked (overflow_bits_for); none at a given b
};

// m, n ≤ 2^40, 1 ≤ k ≤ 64, 1 ≤ b ≤ 64 bits per counter; expected load kn/m ≤ 2^22 (RangeError naming n).
// `method`: "auto" (exact when its sum takes ≤ 2^22 steps), "exact" (InfeasibleError naming m beyond) or "poisson".
OverflowResult counter_overflow(double m, double n, double k, double bits, const std::string& method = "auto");

// The smallest b whose proven upper bound on P(overflow) is ≤ target (the result at that b).
OverflowResult overflow_bits_for(double m, double n, double k, double target);

// As the surfaces ask it (overflow): bits (the probability at b bits) or target (the smallest b), not both
// (RangeError naming target); neither: bits is refused as required.
struct OverflowInput {
    double m = NAN, n = NAN, k = NAN, bits = NAN;
    std::optional<double> target;
    std::string method = "auto";
};
OverflowResult counter_overflow(const OverflowInput& in);

// P(Binomial(trials, q) ≥ a) to full relative precision (terms from Loader's pmf, summed from the side that
// does not cancel). trials ≤ 2^53.
double binomial_upper_tail(double a, double trials, double q);

}  // namespace bloomcalc
