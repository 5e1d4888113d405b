// Helpers of the [sim] tests: a configuration builder and an interval check with its context.
#pragma once

#include <catch2/catch.hpp>

#include "bloomcalc/sim/runner.hpp"

namespace simtest {

inline bloomcalc::SimConfig config(bloomcalc::Structure s, std::uint64_t m, unsigned k, std::uint64_t epochs,
                                   std::uint64_t arrivals, std::uint64_t seed) {
    bloomcalc::SimConfig c;
    c.structure = s;
    c.m = m;
    c.k = k;
    c.epochs = epochs;
    c.arrivals = arrivals;
    c.seed = seed;
    return c;
}

inline bool inside(const bloomcalc::Interval& i, double v) { return v >= i.low && v <= i.high; }

}  // namespace simtest
