// Sliding windows: size a two-filter recycling filter (002 §II-C) from "remember the last W messages, at most p
// false positives". Total memory M in two filters of M' = M/2 bits (active + frozen), the same k hashes; an
// arrival is positive if all k bits are set in either; an arrival that is not a positive of the active filter is
// inserted into it (the simulator's TwoPhaseFilter inserts every arrival: the same, since a positive of the
// active filter sets no bit). Rules (issue 21):
//   N-bounded: swap after N = W insertions into the active filter (the frozen one is cleared), so every inserted
//     message is found for at least W further insertions;
//   σ-bounded: swap when an insertion leaves the active filter with more than σ bits (rbf's two-phase filter,
//     non-retaining, swap `after`), σ the smallest with P(a cycle holds fewer than W insertions) ≤ δ.
// The FPR is the long-run average per arrival of new messages (count-instance, 000 §II-E). docs/window.md.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "bloomcalc/params.hpp"

namespace bloomcalc {

// The active filter's bits B_i after i insertions (each sets ≥ 1 bit: the message step τ_k(b, ·) of 000 eqs 4/11
// conditioned on x ≥ 1) and the cycle sums of the N-bounded window: exact by the chain over B (O(N·w·k)), or
// by the linear-noise approximation (mean and variance ODEs in i, second-order moment corrections).
struct InsertionSums {
    double arrivals = 0;       // Σ_{i<N} E[1/(1 − ρ(B_i))]: arrivals per cycle
    double active_fp = 0;      // Σ_{i<N} E[ρ(B_i)/(1 − ρ(B_i))]: arrivals per cycle positive in the active filter
    std::vector<double> both;  // [j] Σ_{i<N} E[(B_i)_j/(M')_j/(1 − ρ(B_i))] (colliding, j = 0..k; distinct: j = k only)
    std::vector<double> frozen;         // [j] E[(B_N)_j/(M')_j]: the frozen filter's falling-factorial moments
    double frozen_rho = 0;              // E[ρ(B_N)]
    double mean_last = 0, sd_last = 0;  // B_{N−1}: mean and standard deviation
    std::vector<double> law_last;       // exact only: P(B_{N−1} = b), b = 0..
    bool exact = false;
};
// Exact when N·(window of B)·(2k + 4) ≤ 2^25 (insertion_chain_exact: a function of N and k only; or `force` =
// "exact"); "lna" forces the approximation.
// Only mean_last, sd_last and (exact) law_last: B_{N−1} for the σ rule's cycle tail.
InsertionSums insertion_moments(std::uint64_t M, unsigned k, Hashing h, std::uint64_t N, const std::string& force = "");
bool insertion_chain_exact(std::uint64_t M, unsigned k, std::uint64_t N);
InsertionSums insertion_sums(std::uint64_t M, unsigned k, Hashing h, std::uint64_t N, const std::string& force = "");

struct WindowRule {
    std::uint64_t m = 0;  // total memory, both filters (2·M')
    unsigned k = 0;
    std::uint64_t n = 0;      // N-bounded: N = W
    std::uint64_t sigma = 0;  // σ-bounded: the threshold (bits of one filter)
    double delta = 0;         // σ-bounded: P(a cycle holds fewer than W insertions), ≤ the requested δ
    double fpr = 0;           // the rule's long-run average FPR at (m, k)
    double mean_cycle = 0;    // insertions per cycle (N, or E[insertions until B > σ])
    std::string method;  // how the FPR was computed: "exact", "asymptotic" (σ: the large-M method), "lna" (N rule)
    std::string tail_method;  // σ-bounded: how P(cycle < W) was computed, "exact" (the chain) or "lna"
    // How the size was certified to meet p (and δ): "exact" — the exact insertion chain (N rule: fpr is its value,
    // and one bit less per filter misses p under it; σ rule: the tail is the chain's); "margin" — the
    // approximation plus its error bound (N rule: fpr = f_lna·(1 + 4k⁴/M'² + k²/N²) + 1e-12, an upper bound; σ rule: the
    // normal tail of the corrected moments, which bounds the chain's from above): docs/window.md, "Error bound".
    std::string certified;
};

struct WindowInput {
    double w = 0;         // window W in messages, 1 ≤ W ≤ 2^36
    double p = 0;         // target average FPR
    double delta = 1e-6;  // σ rule: allowed P(cycle < W insertions)
    Hashing hashing = Hashing::colliding;
};

struct WindowResult {
    std::uint64_t w = 0;
    double p = 0, delta = 0;
    Hashing hashing = Hashing::colliding;
    WindowRule n_bounded, sigma_bounded;
    std::uint64_t plain_m = 0;  // a plain Bloom filter sized for 2W items at p (exact mean FPR); 0 beyond 2^40 bits
    unsigned plain_k = 0;
    double plain_fpr = 0;
};

// The N-bounded window's long-run average FPR with M' bits per filter (1 when (N − 1)·k ≥ M': the active
// filter can fill and then never swaps, as rbf/nbounded.hpp).
double window_n_fpr(std::uint64_t M, unsigned k, Hashing h, std::uint64_t N, const std::string& force = "");
// The N rule's certified FPR: the exact chain's where it runs (insertion_chain_exact; *exact = true), else the
// approximation's upper bound f_lna·(1 + ε) + 1e-12, ε = window_lna_margin = 4k⁴/M'² + k²/N² (docs/window.md).
double window_n_certified(std::uint64_t M, unsigned k, Hashing h, std::uint64_t N, bool* exact = nullptr);
double window_lna_margin(std::uint64_t M, unsigned k, std::uint64_t N);
// σ-bounded: the smallest σ with P(B_{W−1} > σ) ≤ δ (the cycle holds fewer than W insertions iff the first
// W − 1 insertions already left more than σ bits); `tail` gets that probability. M' when none below M' meets δ
// (the filter cannot hold W insertions: a full filter takes none, so the chain absorbs at M'); `tail` then gets
// P(B_{W−1} > M' − 1). The approximation's tail is the normal one of its moments (an upper bound, docs/window.md).
std::uint64_t window_sigma(std::uint64_t M, unsigned k, Hashing h, std::uint64_t W, double delta,
                           double* tail = nullptr, const std::string& force = "");
// The σ-bounded window's FPR (the two-phase model, exact fill or large-M method as rbf's `auto`); fpr = 1 and
// mean_cycle = 0 when no σ < M' holds W insertions with probability 1 − δ. `force` as window_sigma.
WindowRule window_sigma_rule(std::uint64_t M, unsigned k, Hashing h, std::uint64_t W, double delta,
                             const std::string& force = "");

// W ≤ 2^36, p in (0, 1), δ in (0, 1): RangeError naming w, p or delta; InfeasibleError naming p when a filter
// would need more than 2^40 bits.
WindowResult size_window(const WindowInput& in);

}  // namespace bloomcalc
