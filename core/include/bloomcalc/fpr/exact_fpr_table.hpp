// Reference path: the table method of 001 Fig. 1 (eq 8 unrolled) summed by eq 17.
#pragma once

#include <cstdint>
#include <vector>

#include "bloomcalc/params.hpp"

namespace bloomcalc {

// Largest amount of work (table cells) the reference path accepts; beyond it InfeasibleError.
constexpr std::uint64_t kMaxTableWork = std::uint64_t{1} << 27;  // ~0.3 s: a reference, never seconds
// Longest table the reference path allocates (2^24 doubles = 128 MiB); beyond it InfeasibleError.
constexpr std::uint64_t kMaxTableLength = std::uint64_t{1} << 24;

// P(N, M, K) for K = 0..M: the distribution of the number of non-empty bins after N balls in M bins,
// computed row by row as in Fig. 1 of 001 (eq 8). Cost O(M·N) time, O(N) memory.
std::vector<double> occupancy_distribution_table(std::uint64_t balls, std::uint64_t bins);

// Exact mean FPR by the table method: colliding uses eq 8 + eq 17 of 001 (O(m·kn));
// distinct uses the per-item chain of set bits with hypergeometric steps (O(n·m·k)).
double exact_fpr_table(const Filter& f);

}  // namespace bloomcalc
