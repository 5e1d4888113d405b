// Side-by-side comparison of the FPR formulas for one (m, n, k): what `bloomcalc fpr` prints.
#pragma once

#include "bloomcalc/params.hpp"

namespace bloomcalc {

struct FprReport {
    Filter filter;
    double exact = 0;             // exact mean FPR for filter.hashing (001 eqs 8, 17)
    double classic = 0;           // 001 eq 1, colliding
    double classic_distinct = 0;  // (1 − (1 − k/m)^n)^k, distinct
    double bloom1970 = 0;         // 001 eq 19
    // (formula − exact) / exact, the signed relative error of each formula against `exact`.
    double rel_err_classic = 0;
    double rel_err_classic_distinct = 0;
    double rel_err_bloom1970 = 0;
    double bits_per_element = 0;  // m / n
};

FprReport compare_fpr(const Filter& f);

}  // namespace bloomcalc
