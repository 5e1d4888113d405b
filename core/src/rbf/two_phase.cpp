// The active filter runs the one-phase cycle; the frozen filter holds the state the previous cycle ended
// in. The frozen bits are fixed for a whole active cycle and the active cycle does not depend on them, so
// arrivals see (b, f) with probability π_b·F_f. A message is a false positive when all its probes are set
// in either filter: P = ρ(b) + ρ(f) − P(both). With the same probes in both filters,
// P(both | b, f) = Σ_j P(J = j)·(b)_j/(M)_j·(f)_j/(M)_j for colliding hashes (J the message's distinct bits,
// (x)_j falling factorials) and ρ(b)·ρ(f) for distinct ones: eq 26's product is exact only for the latter.
#include "bloomcalc/rbf/two_phase.hpp"

#include <algorithm>

#include "bloomcalc/error.hpp"
#include "bloomcalc/narrow.hpp"
#include "bloomcalc/rbf/chain.hpp"
#include "two_phase_retaining.hpp"

namespace bloomcalc {

namespace {
// (x)_j/(M)_j for j = 0..k: the probability that j given distinct bits all lie among x set bits.
void falling_ratios(std::uint64_t x, std::uint64_t M, unsigned k, std::vector<double>& r) {
    r.assign(k + 1, 0.0);
    r[0] = 1.0;
    for (unsigned j = 1; j <= k; ++j)
        r[j] = x >= j ? r[j - 1] * static_cast<double>(x - j + 1) / static_cast<double>(M - j + 1) : 0.0;
}

}  // namespace

TwoPhaseModel::TwoPhaseModel(std::uint64_t M, unsigned k, RbfVariant variant, double stop_above,
                             std::uint64_t sigma_limit, OnePhaseModel::Sums sums)
    : active_(M, k, variant, stop_above, sigma_limit, sums), reference_(sums == OnePhaseModel::Sums::per_level) {
    if (variant.recycling == Recycling::retaining && variant.restart == RestartLaw::exact) {
        // The re-inserted message's bits are not independent of the frozen filter: the overlap model.
        std::vector<double> pj = fresh_message_bits(M, k, variant.hashing);
        retaining_ = std::make_shared<const detail::RetainingTwoPhase>(active_, std::move(pj));
        return;
    }
    if (variant.hashing != Hashing::colliding) return;
    pj_ = fresh_message_bits(M, k, Hashing::colliding);
    j_min_ = k;
    while (j_min_ > 1 && pj_[j_min_ - 1] > 1e-30) --j_min_;
    if (!active_.all_sigma_in_one_pass()) return;  // exact retaining law: sums per σ in at()
    inv_.resize(k);
    for (unsigned t = 0; t < k; ++t) inv_[t] = 1.0 / static_cast<double>(M - t);
    // Running sums Σ_{c<b} v_c (c)_j/(M)_j kept at every kStride-th level; at() adds the levels after the
    // checkpoint in the same order, so it gets the same sums as a full prefix array, in 1/kStride the memory.
    const std::uint64_t n = active_.sigma_max() + 1;
    const unsigned J = k - j_min_ + 1;
    checkpoints_.assign(as_size<kMaxRbfBits * kMaxHashes>((n + kStride - 1) / kStride * J),
                        0.0);  // n ≤ M ≤ 2^24, J ≤ k
    std::vector<double> run(J, 0.0), r(J * kStride);
    for (std::uint64_t b0 = 0; b0 < n; b0 += kStride) {
        std::copy(run.begin(), run.end(), checkpoints_.begin() + static_cast<std::ptrdiff_t>(b0 / kStride * J));
        add_levels(b0, static_cast<unsigned>(std::min<std::uint64_t>(kStride, n - b0)), r.data(), run.data());
    }
}

void TwoPhaseModel::add_levels(std::uint64_t b0, unsigned m, double* r, double* run) const noexcept {
    ratios(b0, m, r);
    double v[kStride];
    for (unsigned i = 0; i < m; ++i) v[i] = active_.level_visits(b0 + i);
    const unsigned J = active_.hashes() - j_min_ + 1;
    unsigned j = 0;
    for (; j + 4 <= J; j += 4) {  // four running sums at a time in locals: four independent chains
        const double *r0 = r + j * kStride, *r1 = r0 + kStride, *r2 = r1 + kStride, *r3 = r2 + kStride;
        double a0 = run[j], a1 = run[j + 1], a2 = run[j + 2], a3 = run[j + 3];
        for (unsigned i = 0; i < m; ++i) a0 += v[i] * r0[i], a1 += v[i] * r1[i], a2 += v[i] * r2[i], a3 += v[i] * r3[i];
        run[j] = a0, run[j + 1] = a1, run[j + 2] = a2, run[j + 3] = a3;
    }
    for (; j < J; ++j) {
        const double* rj = r + j * kStride;
        double a = run[j];
        for (unsigned i = 0; i < m; ++i) a += v[i] * rj[i];
        run[j] = a;
    }
}

void TwoPhaseModel::ratios(std::uint64_t b0, unsigned n, double* out) const noexcept {
    // (b)_j/(M)_j = Π_{t<j} (b − t)/(M − t).
    const unsigned k = active_.hashes(), below = j_min_ - 1;
    if (b0 >= k && !reference_) {  // every factor is positive: no branches, vectorised across the levels
        // The factors below j_min: P(b) = (b)_{j_min−1}/(M)_{j_min−1} as the reference computes it at every
        // kRun-th level, and from there P(b) = P(b − 1)·b/(b − j_min + 1) (the M − t cancel): one division per
        // level instead of j_min − 1 factors, within 2·(kRun − 1) roundings of the reference's product.
        constexpr unsigned kRun = 16;
        double bd[kStride], step[kStride], r[kStride];
        const double bl = static_cast<double>(below);
        for (unsigned i = 0; i < n; ++i) {
            bd[i] = static_cast<double>(b0 + i);
            step[i] = bd[i] / (bd[i] - bl);
        }
        for (unsigned i0 = 0; i0 < n; i0 += kRun) {
            double part[4] = {1.0, 1.0, 1.0, 1.0};
            for (unsigned t = 0; t < below; ++t) part[t % 4] *= (bd[i0] - static_cast<double>(t)) * inv_[t];
            double p = r[i0] = (part[0] * part[1]) * (part[2] * part[3]);
            for (unsigned i = i0 + 1; i < n && i < i0 + kRun; ++i) r[i] = p = p * step[i];
        }
        for (unsigned j = j_min_; j <= k; ++j) {
            const double td = static_cast<double>(j - 1), it = inv_[j - 1];
            double* o = out + (j - j_min_) * kStride;
            for (unsigned i = 0; i < n; ++i) o[i] = r[i] = r[i] * (bd[i] - td) * it;
        }
        return;
    }
    if (b0 >= k) {  // the reference (Sums::per_level): the factors below j_min in four independent products per level
        double bd[kStride], part[4][kStride], r[kStride];
        for (unsigned i = 0; i < n; ++i) {
            bd[i] = static_cast<double>(b0 + i);
            part[0][i] = part[1][i] = part[2][i] = part[3][i] = 1.0;
        }
        for (unsigned t = 0; t < below; ++t) {
            const double td = static_cast<double>(t), it = inv_[t];
            double* p = part[t % 4];
            for (unsigned i = 0; i < n; ++i) p[i] *= (bd[i] - td) * it;
        }
        for (unsigned i = 0; i < n; ++i) r[i] = (part[0][i] * part[1][i]) * (part[2][i] * part[3][i]);
        for (unsigned j = j_min_; j <= k; ++j) {
            const double td = static_cast<double>(j - 1), it = inv_[j - 1];
            double* o = out + (j - j_min_) * kStride;
            for (unsigned i = 0; i < n; ++i) o[i] = r[i] = r[i] * (bd[i] - td) * it;
        }
        return;
    }
    for (unsigned i = 0; i < n; ++i) {
        const std::uint64_t b = b0 + i;
        double part[4] = {1.0, 1.0, 1.0, 1.0};
        for (unsigned t = 0; t < below; ++t) part[t % 4] *= b > t ? static_cast<double>(b - t) * inv_[t] : 0.0;
        double r = (part[0] * part[1]) * (part[2] * part[3]);
        for (unsigned j = j_min_; j <= k; ++j)
            out[(j - j_min_) * kStride + i] = r = b >= j ? r * static_cast<double>(b - j + 1) * inv_[j - 1] : 0.0;
    }
}

TwoPhaseResult TwoPhaseModel::at(std::uint64_t sigma) const { return evaluate(sigma, true); }

TwoPhaseResult TwoPhaseModel::at_without_frozen(std::uint64_t sigma) const { return evaluate(sigma, false); }

TwoPhaseResult TwoPhaseModel::evaluate(std::uint64_t sigma, bool with_frozen) const {
    const OnePhaseResult one = active_.at(sigma);
    const std::uint64_t M = one.M;
    const unsigned k = one.k;
    const Hashing h = one.variant.hashing;
    TwoPhaseResult r;
    r.M = M, r.sigma = sigma, r.k = k, r.variant = one.variant;
    r.active_fpr = one.average_fpr;
    r.expected_messages = one.expected_messages;
    const double vsum = one.expected_messages;  // Σ_{b≤σ} v_b
    if (retaining_) {
        retaining_->evaluate(active_, sigma, with_frozen, r);
        r.average_fpr_eq26 = r.active_fpr + r.frozen_fpr * (1.0 - r.active_fpr);  // eq 26, as below
        return r;
    }

    // Frozen distribution: eqs 24–25 (swap before the recycling message's bits) or the "after" form, where
    // the frozen filter keeps those bits: F̂_j = Σ_i v_i τ_k(i, j), j > σ. Only i > σ − k can recycle.
    const std::uint64_t first = sigma + 1 >= k ? sigma + 1 - k : 0;
    const auto v = active_.all_sigma_in_one_pass() ? std::vector<double>{} : active_.cycle_visits(sigma);
    auto visits_at = [&](std::uint64_t b) { return v.empty() ? active_.level_visits(b) : v[as_size<kMaxRbfBits>(b)]; };
    // F is non-zero only on a window of at most k levels: build and sum that window alone (it spans lo..size − 1,
    // lo ≥ σ + 1 − k, size ≤ σ + k + 1: at most 2k entries, kMaxSigmaWindow).
    const bool after = one.variant.swap == SwapPoint::after;
    const std::uint64_t lo = after ? sigma + 1 : first, size = std::min<std::uint64_t>(sigma + k, M) + 1;
    std::vector<double> window(as_size<kMaxSigmaWindow>(size - lo), 0.0);
    double total = 0;
    for (std::uint64_t i = first; i <= sigma; ++i) {
        const auto step = message_step(i, M, k, h);
        const double vi = visits_at(i);
        for (unsigned x = static_cast<unsigned>(sigma - i) + 1; x <= k && i + x <= M; ++x) {
            const double w = vi * step[x];
            window[as_size<kMaxSigmaWindow>((after ? i + x : i) - lo)] += w;
            total += w;
        }
    }
    for (double& f : window) f /= total;  // eq 25
    if (with_frozen) {
        r.frozen.assign(as_size<kMaxRbfBits + 1>(size),
                        0.0 / total);  // 0 outside the window (as 0/total was); size ≤ M + 1
        std::copy(window.begin(), window.end(), r.frozen.begin() + static_cast<std::ptrdiff_t>(lo));
    }

    double frozen = 0, both = 0;
    std::vector<double> frozen_j(k + 1, 0.0), fr;
    for (std::uint64_t f = lo; f < size; ++f) {
        const double F = window[as_size<kMaxSigmaWindow>(f - lo)];
        if (F == 0.0) continue;
        frozen += F * rbf_rho(f, M, k, h);
        if (h == Hashing::colliding) {
            falling_ratios(f, M, k, fr);
            for (unsigned j = j_min_; j <= k; ++j) frozen_j[j] += F * fr[j];
        }
    }
    if (h == Hashing::colliding) {
        std::vector<double> active_j(k + 1, 0.0);  // Σ_b π_b (b)_j/(M)_j
        if (!checkpoints_.empty()) {
            const unsigned J = k - j_min_ + 1;
            const std::uint64_t b0 = sigma / kStride * kStride;
            std::vector<double> run(checkpoints_.begin() + static_cast<std::ptrdiff_t>(b0 / kStride * J),
                                    checkpoints_.begin() + static_cast<std::ptrdiff_t>(b0 / kStride * J + J)),
                rb(J * kStride);
            add_levels(b0, static_cast<unsigned>(sigma - b0 + 1), rb.data(), run.data());
            for (unsigned j = j_min_; j <= k; ++j) active_j[j] = run[j - j_min_] / vsum;
        } else {
            for (std::uint64_t b = 0; b <= sigma; ++b) {
                falling_ratios(b, M, k, fr);
                for (unsigned j = j_min_; j <= k; ++j) active_j[j] += v[as_size<kMaxRbfBits>(b)] * fr[j] / vsum;
            }
        }
        for (unsigned j = j_min_; j <= k; ++j) both += pj_[j] * active_j[j] * frozen_j[j];
    } else {
        both = r.active_fpr * frozen;  // distinct hashes: J = k, the product is exact
    }
    r.frozen_fpr = frozen;
    r.average_fpr = r.active_fpr + frozen - both;
    // eq 26, 1 − (1 − a)(1 − f), as a + f·(1 − a): non-negative terms, no cancellation at small FPR.
    r.average_fpr_eq26 = r.active_fpr + frozen * (1.0 - r.active_fpr);
    return r;
}

}  // namespace bloomcalc
