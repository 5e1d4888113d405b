// Closed-form false-positive-rate approximations, each with its reference.
#pragma once

#include "bloomcalc/params.hpp"

namespace bloomcalc {

// Classic formula, colliding hashes: (1 − (1 − 1/m)^{kn})^k  — eq 1 of 001 = eq 1 of 002.
double classic_fpr(const Filter& f);

// Classic formula, distinct hashes: each item leaves a given bit clear with probability 1 − k/m,
// so (1 − (1 − k/m)^n)^k. This is also Bloom's 1970 expression (eq 19 of 001): Bloom's
// analysis assumed distinct probes. See docs/models.md.
double classic_distinct_fpr(const Filter& f);

// Bloom's original 1970 formula: (1 − (1 − k/m)^n)^k — eq 19 of 001.
double bloom1970_fpr(const Filter& f);

// Real-valued k minimising eq 1 (approximated by e^{−kn/m}): (m/n)·ln 2 (001 §1).
double optimal_k_real(double m, double n);

}  // namespace bloomcalc
