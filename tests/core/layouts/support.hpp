// Shared by the layouts tests: one filter case and its construction.
#pragma once

#include <cstdint>

#include "bloomcalc/layouts/layout.hpp"

struct LayoutCase {
    bloomcalc::Layout layout;
    std::uint64_t m, n;
    unsigned k;
    std::uint64_t B;  // block bits (ignored for standard and partitioned)
    bloomcalc::Hashing hashing = bloomcalc::Hashing::colliding;
};

inline bloomcalc::LayoutFilter filter_of(const LayoutCase& c) {
    return bloomcalc::make_layout_filter(c.layout, static_cast<double>(c.m), static_cast<double>(c.n), c.k,
                                         static_cast<double>(c.B), c.hashing);
}
