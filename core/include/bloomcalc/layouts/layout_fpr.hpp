// Exact mean false-positive rate of the block layouts, two ways. docs/layouts.md.
#pragma once

#include <cstdint>
#include <memory>
#include <vector>

#include "bloomcalc/layouts/layout.hpp"
#include "bloomcalc/fpr/target_coverage.hpp"

namespace bloomcalc {

// The exact mean FPR, E over the filter of P(a fresh item's k bits are all set).
// Conditions on the test item's target bits and counts the n inserted items that touch them: an item
// shares the test item's block with probability q = B/m and then covers some of the targets
// (blocked: its k probes in B bits; split-block: one bit per word). The touching items are
// Binomial(n, π) and every term is non-negative (all_targets_set, docs/exact-fpr.md), so the cost does
// not depend on m, n or B: O(k³ + k²·R), R ≤ ~3000.  (layouts eq L1, L3)
double layout_exact_fpr(const LayoutFilter& f);

// The same exact FPR for one shape (layout, n, k, B, hashing) at any m, for callers that ask many m
// (sizing). Only π = q·inside_hit depends on m; the target weights, each term's hit-size law and
// its coverage chain (q(r), the O(k³)–O(k⁴) part) do not, so they are computed once and kept.
// at(m) returns the same number as layout_exact_fpr, bit for bit (the same operations in the same
// order); validates the filter (RangeError naming the parameter).
class LayoutFprInM {
public:
    explicit LayoutFprInM(const LayoutFilter& shape);  // shape.m is ignored
    double at(std::uint64_t m);
    // Whether at(f.m) is this filter's FPR (same layout, n, k, hashing, and B unless B = m).
    bool serves(const LayoutFilter& f) const;

    struct Term {  // one target-set size: its weight, in-block touch law and kept chain
        double weight = 0, inside_hit = 0, inside_miss = 0;
        unsigned targets = 0;
        std::vector<double> hit_size;
        std::unique_ptr<CoverageChain> chain;
        bool ready = false;
    };

private:
    static double term_at(Term& t, const LayoutFilter& f);

    LayoutFilter shape_;
    std::vector<double> target_weights_;  // blocked, colliding: P(|T| = i), eq 8 of 001
    std::vector<Term> terms_;             // by i (blocked, colliding) or one (split-block, distinct)
    std::vector<std::unique_ptr<CoverageChain>> standard_chains_;  // standard, colliding: by target count
};

// A proven lower bound on layout_exact_fpr, in closed form (eq L6): given the filter, a fresh item
// probing k bits of its block (B bits; standard: B = m) holding X set bits is a false positive with
// probability (X/B)^k (colliding) or C(X, k)/C(B, k) ≥ ((X − k + 1)⁺/(B − k + 1))^k (distinct); both are
// convex in X, so by Jensen the mean FPR is at least their value at E[X] = B·s, where s, the chance that
// a given bit is set, is 1 − (1 − q·(1 − (1 − 1/B)^k))^n (colliding) or 1 − (1 − q·k/B)^n (distinct),
// q = B/m. Partitioned: the exact closed form (1 − (1 − k/m)^n)^k. Split-block: 0 (no bound used).
// Sizing uses it to discard a k whose FPR at the largest size is above the target without the exact sum.
double layout_fpr_lower_bound(const LayoutFilter& f);

// An estimate of layout_exact_fpr for starting searches (not a bound, not exact): the load mixture
// Σ_j P(J = j)·φ(E[X | J = j]) with φ the FPR given X set bits in the block, (X/B)^k (colliding) or
// Π_{i<k} (X − i)⁺/(B − i) (distinct), over the loads λ ± 40√λ + 40 (at most 4096 of them). Split-block
// and partitioned: the exact per-load FPR (eq L4), so there it is the load mixture itself, truncated.
double estimated_fpr(const LayoutFilter& f);

// The FPR of one block holding exactly j items, f(j) (layouts eq L2, L4):
//   blocked:     the exact FPR of a standard filter with m = B, n = j (001 eqs 8, 17 / 000 eq 17);
//   split-block: (1 − (1 − k/B)^j)^k, the k words being independent given j;
//   standard and partitioned: the whole filter is one block, j = n.
// f(0) = 0, and f is non-decreasing in j.
double block_fpr_given_load(const LayoutFilter& f, std::uint64_t j);

// block_fpr_given_load for one shape at many loads j ≤ f.n, the same numbers bit for bit: a blocked
// filter's coverage chains (q(r), docs/exact-fpr.md) depend on k and B, not on j, so they are built once
// and kept across loads (the load mixture's terms were each a fresh exact FPR: 4x slower at B = 2^20).
class BlockFprByLoad {
public:
    explicit BlockFprByLoad(const LayoutFilter& f);
    ~BlockFprByLoad();
    double at(std::uint64_t j);
    // The work done so far, in binomial terms: each term r its coverage sums read, plus the kept chains'
    // steps at 1/16 of a term per state (a multiply-add each).
    double work() const;

private:
    LayoutFilter f_;
    std::vector<std::unique_ptr<CoverageChain>> chains_;  // blocked, colliding: by target count
    CoverageInput distinct_;                              // blocked, distinct: all but the trials
    std::unique_ptr<CoverageChain> distinct_chain_;
};

// The same mean as a mixture over the block load J ~ Binomial(n, 1/b): Σ_j P(J = j)·f(j), summed
// outward from the binomial mode until a proven bound on each tail is below 1e-17 of the sum
// (layouts eq L5): above, Σ_{i>j} P(i)f(i) ≤ P(j+1)/(1 − ρ) with ρ = P(j+2)/P(j+1) < 1; below,
// Σ_{i<j} P(i)f(i) ≤ f(j)·P(j−1)/(1 − ρ') since f is non-decreasing. `terms` counts the loads visited.
struct LoadMixture {
    double fpr = 0;
    std::uint64_t j_low = 0, j_high = 0;  // the loads summed
    std::uint64_t terms = 0;
    double tail_bound = 0;  // bound on the mass left out, relative to fpr
    // Work done, in binomial terms: k + 32 per load (its weight and target-set weights) plus
    // BlockFprByLoad::work(); and the estimate decided before the work (≥ work, tests/core).
    double work = 0, work_estimate = 0;
};

// An upper bound on layout_mixture_fpr's work, from the inputs alone (a few hundred binomial terms):
// the loads the sum can visit, from the tail rules above with the sum at least P(j)·(Jensen's lower
// bound on f(j), eq L6) after its first load j, times the terms one load can read (each target-set size
// the per-load sum can reach, times its window of 40σ + 40 around the mean, cut by the chain's horizon).
struct MixtureWork {
    std::uint64_t j_low = 0, j_high = 0;                   // the loads the sum can visit lie in [j_low, j_high]
    double loads = 0, per_load = 0, chain = 0, total = 0;  // total = loads · per_load + chain (kept chains, once)
};
MixtureWork mixture_work_estimate(const LayoutFilter& f);

// The largest estimated work accepted: the worst accepted input takes under ~1 s in wasm (docs/decisions.md,
// Limits). Beyond it InfeasibleError("n") names layoutExactFpr, the same value at any size.
constexpr double kMixtureWorkBudget = 1e7;
LoadMixture layout_mixture_fpr(const LayoutFilter& f, double work_budget = kMixtureWorkBudget);

}  // namespace bloomcalc
