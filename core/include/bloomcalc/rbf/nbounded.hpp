// N-bounded recycling filters (000 §III): the filter recycles after N messages. The worst-case rule f_w
// (eq 1), the oracle-user average f_o (eq 2) and the real user's lower bound f_a (eq 3), all with eq 1 for
// E[F_i]; and, beyond the paper, the exact long-term average FPR of the real user, who counts only
// messages that set bits (a chain over the bits set after each counted message).
#pragma once

#include <array>
#include <cmath>
#include <cstdint>
#include <vector>

#include "bloomcalc/rbf/params.hpp"

namespace bloomcalc {

struct NBoundedResult {
    std::uint64_t M = 0, N = 0;
    unsigned k = 0;
    Hashing hashing = Hashing::colliding;
    double worst_case = 0;   // f_w: eq 1 at the N-th arrival, which finds N − 1 messages inserted
    double oracle = 0;       // f_o, eq 2: (1/N)·Σ_{i=1}^{N} E[F_i], E[F_i] = eq 1 with n = i − 1
    double lower_bound = 0;  // f_a, eq 3 with f_i = E[F_i]
    // Real user (count-instance). When (N − 1)·k ≥ M (`can_fill`, decided exactly) the filter can fill before its
    // N-th counted message and then never recycles: the long-run average `exact` is 1, and
    // `exact_given_cycle_ends` is the renewal–reward average over the cycles that do end. Otherwise both are equal.
    double exact = 0;
    double exact_given_cycle_ends = 0;
    bool can_fill = false;
    double fill_probability = 0;   // P(a cycle fills the filter), 0 unless can_fill (forward chain mass at B = M)
    double exact_oracle = 0;       // exact average FPR of the oracle's filter: (1/N)·Σ_i E[ρ(B_{i−1})]
    double expected_arrivals = 0;  // real user: new-message arrivals per cycle that ends, N + Σ_i E[R_i | ends]
};

// E[F_i] by eq 1 of 000 (colliding) or its distinct form: the i-th arrival finds i − 1 messages inserted.
class WorstCase {
public:
    WorstCase(std::uint64_t M, unsigned k, Hashing h);
    double at(std::uint64_t i) const noexcept;
    // at(i) for i = i0..i0+n−1 (i0 ≥ 1, n ≤ kBlock) into out, for scans over i, vectorised across the block: the base
    // 1 − c^{i−1} (c = P(a given bit stays clear per message)) as y_a + y_j·c^a with a = i0 − 1, j = i − i0,
    // y_x = 1 − c^x (non-negative terms: within 3 roundings), one exp per block instead of one expm1 per i, and
    // its k-th power by repeated squaring instead of pow: within 4k + 4 roundings of at() (measured ≤ 1e-15).
    static constexpr unsigned kBlock = 64;
    void at_block(std::uint64_t i0, unsigned n, double* out) const noexcept;

private:
    unsigned k_;
    double log_clear_;                          // log P(a given bit stays clear) per message
    std::array<double, kBlock> clear_after_{};  // y_j = 1 − c^j, j < kBlock
};

// O(N·w·k + M·k²) with w the width of the bit-count distribution (tails below 1e-30 of the mass are dropped,
// an error ≤ 1e-28 relative); N ≤ min(M, 2^22). The work is estimated before anything runs and refused above
// 2^27, ~0.6 s (InfeasibleError naming N); when the filter can fill, the backward pass stores the real chain's
// windows, at most 2^24 values (InfeasibleError naming N).
NBoundedResult n_bounded(std::uint64_t M, unsigned k, Hashing h, std::uint64_t N);
// The rules as the surfaces give them (nBounded): M ≤ 2^40, 1 ≤ k ≤ 64 and 1 ≤ N ≤ M checked as numbers first
// (RangeError naming "m", "k" or "N"), then n_bounded above.
struct NBoundedInput {
    double m = NAN, k = NAN, N = NAN;
    Hashing hashing = Hashing::colliding;
};
NBoundedResult n_bounded(const NBoundedInput& in);
// The work estimate used for that check: 2·N·min(M, ~24 sd of the occupancy + 2k)·k.
double n_bounded_work(std::uint64_t M, unsigned k, std::uint64_t N);

}  // namespace bloomcalc
