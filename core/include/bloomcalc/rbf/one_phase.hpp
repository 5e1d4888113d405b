// σ-bounded one-phase RBF: long-term average FPR f¹_σ (000 eqs 4–18) and expected messages per cycle
// E[N₀] (000 eqs 20–23), for all four variants. The filter recycles after the insertion that leaves
// b > σ bits set (000 §IV). See docs/rbf.md.
#pragma once

#include <cstdint>
#include <vector>

#include "bloomcalc/compensated_sum.hpp"
#include "bloomcalc/narrow.hpp"
#include "bloomcalc/rbf/params.hpp"

namespace bloomcalc {

struct OnePhaseResult {
    std::uint64_t M = 0, sigma = 0;
    unsigned k = 0;
    RbfVariant variant;
    double average_fpr = 0;        // f¹_σ, eq 18: Σ_b π_b·ρ(b)
    double expected_messages = 0;  // E[N₀]: new-message arrivals per cycle, the recycling one included
    double messages_held = 0;      // messages whose bits are in the filter when it recycles
    std::vector<double> restart;   // retaining: distribution of the bits set at a cycle's start (index = bits)
};

// Precomputes the σ-independent fill of (M, k, variant) once, then answers any σ:
// O(k·M) time and O(M) memory for every variant but colliding + retaining + exact law, which needs k fills
// (O(k²·M) time, O(k·M) memory, refused above 2^24 doubles) and O(k⁴ + k·σ) per σ.
class OnePhaseModel {
public:
    // How the fill's running sums Σ v_b and Σ v_b ρ(b) are kept. `blocked` (the default): per block of
    // kBlock levels a vectorisable sum in 8 lanes, the block sums added to compensated running sums kept at
    // every block start (≤ 10 roundings per block, relative). `per_level`: one compensated addition per level,
    // kept every 8 levels: the reference the blocked sums are tested and benchmarked against (issue 13).
    enum class Sums { blocked, per_level };
    // `stop_above`: end the fill at the first σ whose f¹_σ exceeds it (f¹ grows with σ); `sigma_limit`: fill no
    // level above it. at() then accepts σ ≤ sigma_max() only. The defaults fill every level.
    OnePhaseModel(std::uint64_t M, unsigned k, RbfVariant variant, double stop_above = 2.0,
                  std::uint64_t sigma_limit = ~std::uint64_t{0}, Sums sums = Sums::blocked);
    OnePhaseResult at(std::uint64_t sigma) const;
    // Expected arrivals per cycle that find b bits set, b = 0..σ (the unnormalised π of eq 15).
    std::vector<double> cycle_visits(std::uint64_t sigma) const;
    // True when at() is O(1) (one σ-independent fill): every σ in one pass.
    bool all_sigma_in_one_pass() const { return basis_.empty(); }
    std::uint64_t sigma_min() const { return variant_.recycling == Recycling::retaining ? k_ : 0; }
    std::uint64_t sigma_max() const { return basis_.empty() ? levels_ - 1 : M_ - 1; }
    // v_b of a σ-independent fill (all_sigma_in_one_pass()), b ≤ sigma_max(). Levels b < M ≤ 2^24
    // (validate_rbf): as_size<kMaxRbfBits> here and in the exact fills.
    double level_visits(std::uint64_t b) const {
        return b < tail_from_ ? visits_[as_size<kMaxRbfBits>(b)]
                              : tail_eM_ / (static_cast<double>(M_) - static_cast<double>(b));
    }
    static constexpr std::uint64_t kBlock = 64;  // the blocked sums' block (and checkpoint stride)
    std::uint64_t bits() const { return M_; }
    unsigned hashes() const { return k_; }
    const RbfVariant& variant() const { return variant_; }

    // Exact retaining law, colliding hashes (!all_sigma_in_one_pass()): the stationary distribution of the
    // bits a cycle starts with (index = bits − 1), and v_b of a cycle that starts at j bits (b ≤ M − 1).
    std::vector<double> restart_law(std::uint64_t sigma) const;
    double visits_from(unsigned j, std::uint64_t b) const { return basis_[j - 1][as_size<kMaxRbfBits>(b)]; }

private:
    std::uint64_t M_;
    unsigned k_;
    RbfVariant variant_;
    // σ-independent start: v_b stored up to tail_from_, then the fill's closed form v_b = tail_eM_/(M − b)
    // (colliding hashes, once the probe phases are uniform; rbf/fill.hpp); the running sums Σ_{c<b} v_c and
    // Σ_{c<b} v_c ρ(c) at b = 0, stride_, 2·stride_, …; levels_ = sigma_max() + 1.
    std::vector<double> visits_;
    std::vector<CompensatedSum> at_visits_, at_fp_;
    std::uint64_t tail_from_ = ~std::uint64_t{0}, levels_ = 0, stride_ = kBlock;
    double tail_eM_ = 0;
    std::vector<std::vector<double>> basis_;  // exact retaining, colliding: fill from j bits
};

// The retaining restart distribution of 000 eq 10 / eq 14: the bits a fresh message sets (index = bits).
std::vector<double> fresh_message_bits(std::uint64_t M, unsigned k, Hashing h);

// P(a message arriving at i of M bits set ends with x new bits and J distinct bits of its own), colliding
// hashes: T[x·(k + 1) + J], from `pj` = fresh_message_bits(M, k, colliding) in O(k²).
void trigger_table(std::uint64_t i, std::uint64_t M, unsigned k, const std::vector<double>& pj, std::vector<double>& T);

// Stationary distribution of a finite stochastic matrix by the GTH algorithm (state reduction with
// non-negative terms only; Grassmann, Taksar & Heyman 1985). P[i][j] = P(i → j).
std::vector<double> stationary_gth(std::vector<std::vector<double>> P);

}  // namespace bloomcalc
