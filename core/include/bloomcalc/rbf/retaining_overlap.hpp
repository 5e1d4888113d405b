// The active/frozen overlap of a RETAINING two-phase filter, shared by the exact fill (rbf/two_phase_retaining.cpp)
// and the large-M method (rbf/large/large_retaining.cpp); docs/rbf.md. The re-inserted recycling message T starts
// the new active filter A with its J distinct bits, and those bits are not independent of the frozen filter Fz:
// with swap `after` all J are in Fz (Fz is the old active filter including T); with swap `before` exactly T's
// y = J − x old bits are (Fz is the old active filter without T's x new bits). So an arrival's state is
// (b = |A|, f = |Fz|, c = |A ∩ Fz|) and, probes being uniform,
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

#include "bloomcalc/params.hpp"
#include "bloomcalc/rbf/params.hpp"
#include "bloomcalc/rbf/two_phase.hpp"

namespace bloomcalc::detail {

// The σ-level part of the overlap model, from its ingredients (the exact fill's prefix sums, or the large-M
// method's): the restart triggers, the frozen window and the three false-positive terms.
class RetainingOverlap {
public:
    // `pj`: P(J' = j), j = 0..k, the distinct bits of a message. `j_first` (0: 1 for colliding hashes, k for
    // distinct): the smallest restart bit count modelled; triggers with fewer distinct bits are left out.
    RetainingOverlap(std::uint64_t M, unsigned k, Hashing h, SwapPoint swap, std::vector<double> pj,
                     unsigned j_first = 0);
    unsigned first_start() const { return j_first_; }  // start bit counts J = first_start()..k
    // `S[(J − first)·(k + 2) + t]` = Σ_{b≤σ} v^{(J)}_b·(b − J)_t/(M − J)_t for t ≤ k, Σ_{b≤σ} v^{(J)}_b ρ(b) at
    // t = k + 1 (v^{(J)}: a cycle started with J bits); `w[i − (σ + 1 − k)]` = Σ_J π_J v^{(J)}_i for the last k
    // levels i ≤ σ (levels below 0 absent), π the restart law. Fills average_fpr, frozen_fpr, frozen
    // (with_frozen). `S_err`, `w_err` (optional): absolute bounds on S and w; `bound` then gets the relative
    // error bound of average_fpr and frozen_fpr that they imply.
    // `window`: r.frozen holds F's window of at most k + 1 levels from r.frozen_from (σ may be 2^39), else
    // every level from 0.
    void evaluate(std::uint64_t sigma, const std::vector<double>& S, const std::vector<double>& w, bool with_frozen,
                  TwoPhaseResult& r, const double* S_err = nullptr, double* bound = nullptr, bool window = false,
                  const double* w_err = nullptr) const;

private:
    std::uint64_t M_;
    unsigned k_, j_first_;  // start bit counts J = j_first..k (colliding: 1; distinct: k)
    Hashing h_;
    SwapPoint swap_;
    std::vector<double> pj_;
    std::vector<double> g_;  // [((J − j_first)(k + 1) + c₀)(k + 1) + t] = Σ_j P(J'=j) C(j,t)(c₀)_{j−t}(M − J)_t/(M)_j
};

}  // namespace bloomcalc::detail
