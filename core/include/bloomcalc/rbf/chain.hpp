// The bit-count chain of a filter that is never reset, probe by probe: the σ-independent core of every
// σ-bounded model (000 §IV). See docs/rbf.md for the derivation.
#pragma once

#include <cstdint>
#include <functional>
#include <vector>

#include "bloomcalc/params.hpp"

namespace bloomcalc {

// ρ(b): FPR of a new message arriving at a filter with b of M bits set — 000 eq 17
// ((b/M)^k colliding; C(b,k)/C(M,k) non-colliding, the "C(i,k)" of eq 17 normalised).
double rbf_rho(std::uint64_t b, std::uint64_t M, unsigned k, Hashing h);
// 1 − ρ(b), computed without cancellation.
double rbf_one_minus_rho(std::uint64_t b, std::uint64_t M, unsigned k, Hashing h);

// τ_k(i, ·): distribution of the bit count after one message arrives at a filter with i bits set and no
// reset — 000 eqs 4 and 6–8 (colliding) and 11, 13 (non-colliding). Index j − i, j = i..i+k.
std::vector<double> message_step(std::uint64_t i, std::uint64_t M, unsigned k, Hashing h);

// One level b of the chain, as the N-bounded rules (rbf/nbounded.cpp) and a window's active filter
// (window/insertion_chain.cpp) cache it: the message step τ_k(b, b + x) above, conditioned (when asked, and b < M)
// on a new bit (x ≥ 1, renormalised by 1/(1 − ρ(b))); ρ(b), 1 − ρ(b), and ρ/(1 − ρ) (∞ when the filter is full).
struct ChainLevel {
    std::vector<double> step;
    double rho = 0, one_minus_rho = 0, ratio = 0;
};
ChainLevel chain_level(std::uint64_t b, std::uint64_t M, unsigned k, Hashing h, bool conditioned);

// Expected number of message arrivals that find the filter with b bits set, b = 0..last, during one fill
// that starts with `start[j]` probability at j bits (phase 0) and is never reset. Because the chain only
// moves up, these visits are the same for every σ ≥ b: they give f¹_σ and E[N₀] for all σ at once.
// O(k) per level (a circular recurrence over the probe phase), O(k·last) in all; non-negative terms only.
// `stop(b, visits_b, ρ(b))`, when given, ends the fill after level b (the result then has b + 1 entries).
// k ≤ M ≤ 2^24, 1 ≤ k ≤ 64 (validate_rbf: RangeError naming m or k).
std::vector<double> fill_visits(std::uint64_t M, unsigned k, Hashing h, const std::vector<double>& start,
                                std::uint64_t last,
                                const std::function<bool(std::uint64_t, double, double)>& stop = {});

}  // namespace bloomcalc
