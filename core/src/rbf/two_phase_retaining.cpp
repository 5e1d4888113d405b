// The exact retaining two-phase model: see rbf/two_phase_retaining.hpp for the derivation, docs/rbf.md.
#include "two_phase_retaining.hpp"

#include <algorithm>

#include "bloomcalc/narrow.hpp"
#include "bloomcalc/rbf/chain.hpp"
#include "fill.hpp"

namespace bloomcalc::detail {

RetainingTwoPhase::RetainingTwoPhase(const OnePhaseModel& active, std::vector<double> pj)
    : overlap_(active.bits(), active.hashes(), active.variant().hashing, active.variant().swap, std::move(pj)),
      M_(active.bits()),
      k_(active.hashes()),
      j_first_(overlap_.first_start()),
      h_(active.variant().hashing) {
    const unsigned k = k_, nJ = k - j_first_ + 1;
    // Checkpoints every stride levels (8·(k + 2): memory ≤ k·M/8 doubles; at() adds fewer than stride levels).
    stride_ = 8 * (k + 2);
    const std::uint64_t n = active.sigma_max() + 1;
    const unsigned cols = k + 2;
    // n ≤ M ≤ 2^24 (validate_rbf): at most k·M/8 + k·(k + 2) entries, below 2^24·64
    checkpoints_.assign(as_size<kMaxRbfBits * kMaxHashes>(((n + stride_ - 1) / stride_) * nJ * cols), 0.0);
    std::vector<double> run(nJ * cols, 0.0), block(cols);
    for (std::uint64_t b0 = 0; b0 < n; b0 += stride_) {
        std::copy(run.begin(), run.end(), checkpoints_.begin() + static_cast<std::ptrdiff_t>(b0 / stride_ * nJ * cols));
        for (unsigned J = j_first_; J <= k; ++J) {
            std::fill(block.begin(), block.end(), 0.0);  // the block's sum first: two-level summation
            add_levels(active, J, b0, std::min(n, b0 + stride_), block.data());
            for (unsigned c = 0; c < cols; ++c) run[(J - j_first_) * cols + c] += block[c];
        }
    }
}

double RetainingTwoPhase::visits(const OnePhaseModel& active, unsigned j, std::uint64_t b) const {
    return h_ == Hashing::colliding ? active.visits_from(j, b) : active.level_visits(b);
}

void RetainingTwoPhase::add_levels(const OnePhaseModel& active, unsigned J, std::uint64_t from, std::uint64_t to,
                                   double* acc) const {
    double inv[kMaxHashes + 1];  // 1/(M − J − u)
    for (unsigned u = 0; u <= k_ && J + u < M_; ++u) inv[u] = 1.0 / static_cast<double>(M_ - J - u);
    for (std::uint64_t b = std::max<std::uint64_t>(from, J); b < to; ++b) {
        const double v = visits(active, J, b);
        if (v == 0.0) continue;
        const std::uint64_t n = b - J;
        double r = 1.0;  // (b − J)_t/(M − J)_t
        acc[0] += v;
        for (unsigned t = 1; t <= k_ && t <= n; ++t) {
            r *= static_cast<double>(n - t + 1) * inv[t - 1];
            acc[t] += v * r;
        }
        acc[k_ + 1] += v * level_rho(b, M_, k_, h_);
    }
}

void RetainingTwoPhase::sums(const OnePhaseModel& active, unsigned J, std::uint64_t sigma,
                             std::vector<double>& out) const {
    const unsigned nJ = k_ - j_first_ + 1, cols = k_ + 2;
    const std::uint64_t c = sigma / stride_;
    const auto at = checkpoints_.begin() + static_cast<std::ptrdiff_t>((c * nJ + (J - j_first_)) * cols);
    std::vector<double> block(cols, 0.0);
    add_levels(active, J, c * stride_, sigma + 1, block.data());
    out.assign(cols, 0.0);
    for (unsigned t = 0; t < cols; ++t) out[t] = at[t] + block[t];
}

void RetainingTwoPhase::evaluate(const OnePhaseModel& active, std::uint64_t sigma, bool with_frozen,
                                 TwoPhaseResult& r) const {
    const unsigned k = k_, nJ = k - j_first_ + 1, cols = k + 2;
    // The stationary law of the start bits J (the one-phase exact restart law).
    std::vector<double> pi(nJ, 0.0);
    if (h_ == Hashing::colliding)
        pi = active.restart_law(sigma);
    else
        pi[0] = 1.0;
    std::vector<double> S(nJ * cols), one;
    for (unsigned J = j_first_; J <= k; ++J) {
        sums(active, J, sigma, one);
        std::copy(one.begin(), one.end(), S.begin() + (J - j_first_) * cols);
    }
    const std::uint64_t first = sigma + 1 >= k ? sigma + 1 - k : 0;
    // Σ_J π_J v^{(J)}_i: arrivals at level i per cycle, the last k levels
    std::vector<double> w(as_size<kMaxHashes>(sigma - first + 1), 0.0);
    for (std::uint64_t i = first; i <= sigma; ++i)
        for (unsigned J = j_first_; J <= k; ++J)
            w[as_size<kMaxHashes>(i - first)] += pi[J - j_first_] * visits(active, J, i);
    overlap_.evaluate(sigma, S, w, with_frozen, r);
}

}  // namespace bloomcalc::detail
