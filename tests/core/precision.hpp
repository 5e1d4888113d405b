// Whether long double math is wider than double here. Native x86-64 has 80-bit long double; musl's
// 128-bit long double in wasm computes log/pow in double precision, so a long-double reference is
// no reference there and the check that needs one is skipped with a warning.
#pragma once

#include <cmath>

inline bool long_double_math_is_extended() {
    return std::log(3.0L) != static_cast<long double>(std::log(3.0)) &&
           std::pow(1.1L, 3.3L) != static_cast<long double>(std::pow(1.1, 3.3));
}
