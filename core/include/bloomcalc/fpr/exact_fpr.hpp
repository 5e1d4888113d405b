// Exact mean false-positive rate of a Bloom filter (Christensen, Roginsky, Jimeno; 001 eqs 8, 17, 18).
// Fast path for real filter sizes: see docs/exact-fpr.md for the derivation.
#pragma once

#include <memory>
#include <vector>

#include "bloomcalc/params.hpp"
#include "bloomcalc/fpr/target_coverage.hpp"

namespace bloomcalc {

// Exact mean FPR, E[(X/m)^k] for colliding hashes (001 eq 17) and E[C(X,k)/C(m,k)] for distinct
// hashes (000 eq 17), X the number of set bits after n insertions. Conditions on the distinct bits
// the test item probes; every term is non-negative. O(k^3 + k^2·R) with R ≈ k(ln k + 42) ≤ 3000.
double exact_fpr(const Filter& f);

// Building blocks, shared with the block layouts (core/src/layouts/).
// P(k probes into m bins touch exactly j bins), j = 0..k — eq 8 of 001 with N = k balls, M = m.
std::vector<double> distinct_probe_counts(unsigned k, double m);

// Two items of k distinct bits each in m bits: hyper[h] = C(k,h)·C(m−k,k−h)/C(m,k) (they share h
// bits), miss = hyper[0] and hit = 1 − hyper[0], both to full relative precision (000 §II-B1).
struct DistinctOverlap {
    std::vector<double> hyper;
    double miss = 0, hit = 0;
};
DistinctOverlap distinct_overlap(unsigned k, double m);

// The colliding exact FPR (without exact_fpr's clamp to 1) with the coverage chains kept by the
// caller: chains[j] serves j targets and depends on n and k only, not on m, so a caller asking many m
// (layout sizing) builds each once. The same number as a fresh evaluation, bit for bit.
double exact_colliding_kept(const Filter& f, std::vector<std::unique_ptr<CoverageChain>>& chains);

}  // namespace bloomcalc
