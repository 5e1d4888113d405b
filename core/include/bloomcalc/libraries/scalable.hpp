// Scalable Bloom filters (Almeida, Baquero, Preguiça, Hutchison, "Scalable Bloom Filters", Information
// Processing Letters 101(6), 2007): a chain of links, link i (i = 0, 1, …) holding at most C·S^i items at
// error p_i = p(1 − R)·R^i, so the errors sum to less than p (§4, eq 3: P ≤ p0/(1 − R), p0 = p(1 − R)).
// Each link is sized by a library's rule (library_sizing.hpp; RedisBloom's by default: src/sb.c
// SB_NewChain / SBChain_Add give link i capacity C·EXPANSION^i and error p·0.5^{i+1}, i.e. R = 0.5, S = 2).
// docs/scalable.md.
//   Fill: n items fill the links in order (link i takes min(C·S^i, what is left)); a link exists once an
//   item reaches it.
//   Exact FPR after n items: a fresh item is positive if any link says so, the links' bits independent:
//       fpr = 1 − Π_i (1 − f_i),  f_i the exact mean FPR of link i at its fill (docs/layouts.md)   (eq S1)
#pragma once

#include <cmath>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "bloomcalc/libraries/library_sizing.hpp"

namespace bloomcalc {

struct ScalableInput {
    double p = NAN;         // the chain's overall error bound
    double capacity = NAN;  // C, items of link 0
    double ratio = 0.5;     // R, tightening ratio in (0, 1)
    double growth = 2;      // S, capacity growth ≥ 1
    double n = NAN;         // items in the chain
    std::string library = "redisbloom";
    bool optimise = true;  // also search the R and S that need the fewest bits
};

struct ScalableLink {
    std::uint64_t capacity = 0;  // C·S^i (rounded down, as RedisBloom's integer products)
    double error = 0;            // p(1 − R)R^i
    LayoutFilter filter;         // the library's filter for (capacity, error); filter.n = capacity
    std::uint64_t bytes = 0;     // its allocated bytes
    std::uint64_t fill = 0;      // items in it after n
    double fpr = 0;              // its exact FPR at the fill
};

struct ScalableOptimum {
    double ratio = 0, growth = 0;
    std::uint64_t bits = 0, links = 0;
    double fpr = 0;  // eq S1 of that chain at n
};

struct ScalableResult {
    ScalableInput input;
    std::vector<ScalableLink> links;
    std::uint64_t bits = 0, bytes = 0;
    double fpr = 0;                          // eq S1
    double bound = 0;                        // Σ_i p_i over the links present (≤ p)
    bool misses_target = false;              // fpr > p
    std::optional<ScalableOptimum> optimum;  // over R ∈ {0.05, …, 0.95}, integer S ∈ [1, 8]; not for rocksdb, boost-*
};

// RangeError naming p, capacity, ratio, growth, n or library; InfeasibleError("n") when the chain would
// need a link outside the calculator's range (k > 64 or m > 2^40) or more than 64 links (24 for rocksdb and
// boost-*, whose rules are searches).
ScalableResult scalable_filter(const ScalableInput& in);

}  // namespace bloomcalc
