// Closed-form approximations, evaluated with log1p/expm1 so they keep full precision at m = 2^40.
#include "bloomcalc/fpr/formulas.hpp"

#include <cmath>

namespace bloomcalc {

namespace {
// (1 − (1 − q)^e)^k with (1 − q)^e = exp(e·log1p(−q)), stable for tiny q and huge e.
double set_then_probe(double q, double e, unsigned k) {
    const double set = (q >= 1.0) ? 1.0 : -std::expm1(e * std::log1p(-q));  // P(a given bit is 1)
    return std::pow(set, static_cast<double>(k));
}
}  // namespace

// eq 1 of 001: p_set = 1 − (1 − 1/m)^{kn}, p = p_set^k.
double classic_fpr(const Filter& f) {
    validate(f);
    return set_then_probe(1.0 / static_cast<double>(f.m), static_cast<double>(f.k) * static_cast<double>(f.n), f.k);
}

// eq 19 of 001: (1 − (1 − k/m)^n)^k; for k ≥ m every bit is set after one item.
double bloom1970_fpr(const Filter& f) {
    validate(f);
    if (f.k >= f.m) return 1.0;
    return set_then_probe(static_cast<double>(f.k) / static_cast<double>(f.m), static_cast<double>(f.n), f.k);
}

// distinct: each item sets k different bits, so a given bit stays 0 with probability 1 − k/m per item:
// the same expression as Bloom's eq 19, whose analysis assumed distinct probes.
double classic_distinct_fpr(const Filter& f) { return bloom1970_fpr(f); }

double optimal_k_real(double m, double n) { return m / n * std::log(2.0); }

}  // namespace bloomcalc
