// Internal: the exact two-phase model of a RETAINING filter (either swap point). The re-inserted recycling
// message T starts the new active filter A with its J distinct bits, and those bits are not independent of the
// frozen filter Fz: with swap `after` all J are in Fz (Fz is the old active filter including T); with swap
// `before` exactly T's y = J − x old bits are (Fz is the old active filter without T's x new bits). So an
// arrival's state is (b = |A|, f = |Fz|, c = |A ∩ Fz|) and, probes being uniform,
//   P(positive | b, f, c) = ρ(b) + ρ(f) − ρ(c)        (all probes in A, or all in Fz; minus all in A ∩ Fz).
// Within a cycle from (J, c₀, f) the bits A gains are a uniform random sequence of distinct bits outside the
// start bits (M − J of them, f − c₀ of which are in Fz), independent of how many arrivals each level gets; so
// at level b, c = c₀ + H with H hypergeometric (M − J, f − c₀, b − J), and with P(J' = j) the law of a
// message's distinct probes (colliding; J' = k distinct),
//   E[ρ(c)] = Σ_j P(J' = j)·E[(c)_j]/(M)_j,  E[(c₀ + H)_j] = Σ_t C(j,t)·(c₀)_{j−t}·(f − c₀)_t·(b − J)_t/(M − J)_t.
// The next cycle's (J, c₀, f) depends only on the trigger (level i, x new bits, J distinct), whose law depends
// only on this cycle's J: the restart chain of the one-phase exact law. Renewal–reward over active cycles.
#pragma once

#include <cstdint>
#include <vector>

#include "bloomcalc/rbf_one_phase.hpp"
#include "bloomcalc/rbf_two_phase.hpp"

namespace bloomcalc::detail {

class RetainingTwoPhase {
public:
    // `active`: the active filter's one-phase model (retaining, exact law); `pj`: P(J' = j), j = 0..k.
    RetainingTwoPhase(const OnePhaseModel& active, std::vector<double> pj);
    // Fills average_fpr, frozen_fpr, frozen (with_frozen) of r; active_fpr and expected_messages are the
    // one-phase model's.
    void evaluate(const OnePhaseModel& active, std::uint64_t sigma, bool with_frozen, TwoPhaseResult& r) const;

private:
    double visits(const OnePhaseModel& active, unsigned j, std::uint64_t b) const;
    // Σ_{b≤σ} v^{(J)}_b·(b − J)_t/(M − J)_t for t = 0..k, then Σ_{b≤σ} v^{(J)}_b ρ(b): out[t], out[k + 1].
    void sums(const OnePhaseModel& active, unsigned j, std::uint64_t sigma, std::vector<double>& out) const;
    void add_levels(const OnePhaseModel& active, unsigned j, std::uint64_t from, std::uint64_t to, double* acc) const;
    std::uint64_t M_;
    unsigned k_, j_first_;  // start bit counts J = j_first..k (colliding: 1; distinct: k)
    Hashing h_;
    SwapPoint swap_;
    std::vector<double> pj_;
    std::vector<double> g_;  // [((J − j_first)(k + 1) + c₀)(k + 1) + t] = Σ_j P(J'=j) C(j,t)(c₀)_{j−t}(M − J)_t/(M)_j
    std::uint64_t stride_;
    std::vector<double> checkpoints_;  // [(c·nJ + J − j_first)(k + 2) + col]: the sums over b < c·stride
};

}  // namespace bloomcalc::detail
