// Internal: the exact two-phase model of a RETAINING filter (either swap point) by the exact fill. The derivation
// and the overlap model it shares with the large-M method: bloomcalc/rbf/retaining_overlap.hpp.
#pragma once

#include <cstdint>
#include <vector>

#include "bloomcalc/rbf/one_phase.hpp"
#include "bloomcalc/rbf/retaining_overlap.hpp"
#include "bloomcalc/rbf/two_phase.hpp"

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
    RetainingOverlap overlap_;
    std::uint64_t M_;
    unsigned k_, j_first_;
    Hashing h_;
    std::uint64_t stride_;
    std::vector<double> checkpoints_;  // [(c·nJ + J − j_first)(k + 2) + col]: the sums over b < c·stride
};

}  // namespace bloomcalc::detail
