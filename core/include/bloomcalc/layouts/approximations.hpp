// What the deployed libraries use to estimate their filters' FPR, each with its reference.
// docs/layouts.md, "The anchors' approximations".
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "bloomcalc/layouts/layout.hpp"

namespace bloomcalc {

struct Approximation {
    std::string name;       // "putze-eq3", "boost-block", "rocksdb", "boost-multiblock", "classic"
    std::string label;      // readable name
    std::string reference;  // formula and source
    double value = 0;
    double relative_error = 0;  // (value − exact)/exact
};

// Poisson mixture Σ_i Pois(i; λ)·g(i), λ = nB/m, summed over λ ± 40√λ + 40 (the approximations' own
// model; not used by the exact values).
double poisson_mixture(double lambda, double (*g)(double i, const LayoutFilter& f), const LayoutFilter& f);

// The approximations that apply to the layout, with their relative error against `exact`:
//   every layout: classic (1 − e^{−kn/m})^k — what Parquet/Arrow's optimalNumOfBits inverts (k = 8);
//   blocked:      Putze et al. 2007 eq 3: Σ Pois(i; nB/m)·(1 − e^{−ki/B})^k;
//                 Boost.Bloom block (fpr_estimation): Σ Pois(i; nB/m)·(1 − (1 − 1/B)^{ki})^k;
//                 RocksDB CacheLocalFpRate: mean of the standard rate at the load ±1 σ (σ = √(B·n/m));
//   split-block / partitioned: Boost.Bloom multiblock = libfilter block_fpp (Putze eq 3 with one bit
//                 per word): Σ Pois(i; nB/m)·(1 − (1 − k/B)^i)^k.
// A Poisson mixture is left out when λ > 2^20 (its sum would need more than ~80 000 terms).
std::vector<Approximation> layout_approximations(const LayoutFilter& f, double exact);

// Boost.Bloom's own estimate at c bits per item for filter<T, 1, block<Block, K>> (layout blocked) or
// multiblock<Block, K> (split-block), B bits per block: fpr_for_c in include/boost/bloom/detail/core.hpp,
// its loop as written — Σ_{i<1000} Pois(i; λ = B/c)·FPR(i), stopped on the descending slope once a term no
// longer changes the sum — i.e. A3 / A5, never below the classic (1 − e^{−k/c})^k. Its capacity_for searches
// c on this. The object keeps each load's FPR(i) (it does not depend on c) across the search's calls.
class BoostFprForC {
public:
    BoostFprForC(Layout layout, unsigned k, std::uint64_t block_bits);
    double operator()(double c);

private:
    Layout layout_;
    unsigned k_;
    double B_;
    std::vector<double> inner_, log_i_;  // FPR(i) and log i, by load i
};
double boost_fpr_for_c(Layout layout, unsigned k, std::uint64_t block_bits, double c);

}  // namespace bloomcalc
