// The overlap model of a retaining two-phase filter: see bloomcalc/rbf/retaining_overlap.hpp, docs/rbf.md.
#include "bloomcalc/rbf/retaining_overlap.hpp"

#include <algorithm>

#include "bloomcalc/narrow.hpp"
#include "bloomcalc/rbf/chain.hpp"

namespace bloomcalc::detail {

RetainingOverlap::RetainingOverlap(std::uint64_t M_total, unsigned k, Hashing h, SwapPoint swap, std::vector<double> pj,
                                   unsigned j_first)
    : M_(M_total), k_(k), h_(h), swap_(swap), pj_(std::move(pj)) {
    j_first_ = j_first ? j_first : h_ == Hashing::colliding ? 1 : k;
    const unsigned nJ = k - j_first_ + 1;
    const double M = static_cast<double>(M_);
    // C(j, t) by Pascal's triangle (exact to 2^53, then correctly rounded sums).
    std::vector<std::vector<double>> C(k + 1, std::vector<double>(k + 1, 0.0));
    for (unsigned j = 0; j <= k; ++j) {
        C[j][0] = 1.0;
        for (unsigned t = 1; t <= j; ++t) C[j][t] = C[j - 1][t - 1] + (t < j ? C[j - 1][t] : 0.0);
    }
    g_.assign(static_cast<std::size_t>(nJ) * (k + 1) * (k + 1), 0.0);
    for (unsigned J = j_first_; J <= k; ++J)
        for (unsigned c0 = 0; c0 <= J; ++c0) {
            double a = 1.0;
            for (unsigned t = 0, a_t = 0; t <= k; ++t) {
                for (; a_t < t; ++a_t) a *= (M - J - a_t) / (M - a_t);  // a = (M − J)_t/(M)_t
                double g = 0.0, b = 1.0;  // b = (c₀)_{j−t}/(M − t)_{j−t}, one factor more per j
                for (unsigned j = t; j <= k && j - t <= c0; ++j) {
                    if (j > t) b *= static_cast<double>(c0 - (j - t - 1)) / (M - t - (j - t - 1));
                    if (pj_[j] != 0.0) g += pj_[j] * C[j][t] * a * b;
                }
                g_[((J - j_first_) * (k + 1) + c0) * (k + 1) + t] = g;
            }
        }
}

void RetainingOverlap::evaluate(std::uint64_t sigma, const std::vector<double>& S, const std::vector<double>& w,
                                bool with_frozen, TwoPhaseResult& r, const double* S_err, double* bound, bool window,
                                const double* w_err) const {
    const unsigned k = k_, nJ = k - j_first_ + 1, cols = k + 2;
    const std::uint64_t M = M_;
    // The triggers: level i ∈ (σ − k, σ], x > σ − i new bits, J' distinct bits; the next cycle starts with
    // J = J', f = i + x (after) or i (before), c₀ = J' (after) or J' − x (before).
    const std::uint64_t first = sigma + 1 >= k ? sigma + 1 - k : 0, lo = swap_ == SwapPoint::after ? sigma + 1 : first;
    const std::uint64_t size = std::min<std::uint64_t>(sigma + k, M) + 1;
    const std::size_t width = as_size<kMaxSigmaWindow>(size - lo);  // lo ≥ σ + 1 − k, size ≤ σ + k + 1: at most 2k
    std::vector<double> frozen(width, 0.0);
    double arrivals = 0, fp_active = 0, fp_frozen = 0, fp_both = 0;  // fp_both: Σ arrivals · E[ρ(c)]
    double err_arrivals = 0, err_active = 0, err_frozen = 0, err_both = 0;
    // c = c₀ + H: with K = f − c₀ = i + x − J (either swap) in [σ + 1 − J, σ + k − J], the factors
    // R[J][K][t] = (K)_t/(M − J)_t once per (J, K), so the sum over t below is a plain dot product.
    std::vector<double> R(static_cast<std::size_t>(nJ) * k * (k + 1), 0.0), rho(width, 0.0);
    for (unsigned J = j_first_; J <= k; ++J)
        for (unsigned d = 0; d < k; ++d) {
            if (sigma + 1 + d < J) continue;
            const double K = static_cast<double>(sigma + 1 + d - J), N = static_cast<double>(M - J);
            double* row = &R[((J - j_first_) * k + d) * (k + 1)];
            row[0] = 1.0;
            for (unsigned t = 1; t <= k && K >= t; ++t) row[t] = row[t - 1] * (K - (t - 1)) / (N - (t - 1));
        }
    for (std::size_t f = 0; f < width; ++f) rho[f] = rbf_rho(lo + f, M, k, h_);
    std::vector<double> T;
    for (std::uint64_t i = first; i <= sigma; ++i) {
        const std::size_t at = as_size<kMaxHashes>(i - first);  // the last k levels
        const double wi = w[at], ei = w_err ? w_err[at] : 0.0;
        if (wi == 0.0 && ei == 0.0) continue;
        if (h_ == Hashing::colliding)
            trigger_table(i, M, k, pj_, T);
        else {
            const auto step = message_step(i, M, k, h_);
            T.assign((k + 1) * (k + 1), 0.0);
            for (unsigned x = 0; x <= k; ++x) T[x * (k + 1) + k] = step[x];
        }
        for (unsigned x = static_cast<unsigned>(sigma - i) + 1; x <= k && i + x <= M; ++x)
            for (unsigned J = std::max(j_first_, x); J <= k; ++J) {
                const double p = T[x * (k + 1) + J], q = wi * p, qe = ei * p;
                if (p == 0.0) continue;
                const std::uint64_t f = swap_ == SwapPoint::after ? i + x : i;
                const unsigned c0 = swap_ == SwapPoint::after ? J : J - x;
                const double* s = &S[(J - j_first_) * cols];
                const std::size_t fi = as_size<kMaxSigmaWindow>(f - lo);
                const double rho_f = rho[fi];
                // E[ρ(c)]·arrivals of the next cycle: Σ_t (f − c₀)_t/(M − J)_t·g(J, c₀, t)·S_J[t]
                const double* g = &g_[((J - j_first_) * (k + 1) + c0) * (k + 1)];
                const double* ratio = &R[((J - j_first_) * k + as_size<kMaxHashes>(i + x - sigma - 1)) * (k + 1)];
                double both = 0;
                for (unsigned t = 0; t <= k; ++t) both += ratio[t] * g[t] * s[t];
                arrivals += q * s[0];
                fp_active += q * s[k + 1];
                fp_frozen += q * s[0] * rho_f;
                fp_both += q * both;
                frozen[fi] += q * s[0];
                if (S_err) {
                    const double* e = &S_err[(J - j_first_) * cols];
                    double both_e = 0;
                    for (unsigned t = 0; t <= k; ++t) both_e += ratio[t] * g[t] * e[t];
                    err_arrivals += q * e[0] + qe * s[0], err_active += q * e[k + 1] + qe * s[k + 1];
                    err_frozen += (q * e[0] + qe * s[0]) * rho_f, err_both += q * both_e + qe * both;
                }
            }
    }
    r.frozen_fpr = fp_frozen / arrivals;
    const double positives = fp_active + fp_frozen - fp_both;
    r.average_fpr = positives / arrivals;
    if (bound)  // first order: the numerator's terms and the arrivals, each with its absolute bound
        *bound = std::max((err_active + err_frozen + err_both) / positives, err_frozen / fp_frozen) +
                 err_arrivals / arrivals;
    if (with_frozen && window) {
        for (double& f : frozen) f /= arrivals;
        r.frozen = std::move(frozen), r.frozen_from = lo;
    } else if (with_frozen) {
        // every level from 0: the exact fill's model only (M ≤ 2^24); the large-M model asks for the window
        const std::size_t from = as_size<kMaxRbfBits>(lo);
        r.frozen.assign(from + width, 0.0);
        for (std::size_t f = 0; f < width; ++f) r.frozen[from + f] = frozen[f] / arrivals;  // seen by arrivals
    }
}

}  // namespace bloomcalc::detail
