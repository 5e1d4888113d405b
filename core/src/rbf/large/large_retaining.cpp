// Retaining filters with the exact restart law (RestartLaw::exact: a cycle starts with the bits of the message
// that ended the previous one) by the large-M method, colliding hashes. The same model as OnePhaseModel's
// k fills and RetainingTwoPhase, from large-M ingredients (docs/rbf.md#large-m):
//   - the fill from each restart level J = 1..k: LargeFill with k starts, which share everything past the
//     exact prefix (the fill is linear in its start);
//   - the restart chain A[J][J'] = Σ_{σ−k<i≤σ} v^{(J)}_i·P(the trigger at i sets > σ − i new bits and has J'
//     distinct bits) (trigger_table), v^{(J)}_i from the closed form at single levels; π its stationary vector;
//   - one-phase f¹_σ, E[N₀] from the sums of the π-mixture of the starts (eqs 18, 23);
//   - two-phase (either swap): the overlap model (bloomcalc/rbf/retaining_overlap.hpp) with its per-start sums
//     Σ v^{(J)}_b (b − J)_t/(M − J)_t from the fill's sums of (b)_u/(M)_u by Vandermonde's identity
//     (b − J)_t = Σ_u C(t, u)·(b)_u·(−J)_{t−u}.
// Error bounds: the fill's sums carry theirs, the closed form's visits theirs (per level, absolute); π's entries
// have relative error ≤ (1 + ε)^{2n} − 1 for relative errors ε of the n-state chain's entries (entrywise
// perturbation of a Markov chain, O'Cinneide 1993; GTH is entrywise stable); f¹ and E[N₀] are positive
// combinations of π's entries (π's bound enters 2× and 1×); f² is propagated term by term through the overlap
// model (its weights w_i = Σ_J π_J v^{(J)}_i with the visits' and π's errors, its sums with theirs).
#include <algorithm>
#include <cmath>

#include "bloomcalc/narrow.hpp"
#include "bloomcalc/rbf/chain.hpp"
#include "bloomcalc/rbf/large/large_models.hpp"
#include "bloomcalc/rbf/retaining_overlap.hpp"

namespace bloomcalc {

std::vector<double> LargeOnePhaseModel::restart_law(std::uint64_t sigma, double* rel_err, std::vector<double>* window,
                                                    std::vector<double>* window_err) const {
    const unsigned k = k_, J0 = first_start_, nS = k - J0 + 1;
    const std::uint64_t first = sigma + 1 - k;  // σ ≥ k (checked_sigma): the last k levels
    std::vector<double> v(static_cast<std::size_t>(nS) * k), ve(v.size()), D(k + 1);
    fill_->visits_each(first, k, v.data(), ve.data());
    // A[j][J] = Σ_i v^{(j)}_i·D_i[J] (index = bits − J₀), and the bound Σ_i err(v^{(j)}_i)·D_i[J] on its error.
    std::vector<std::vector<double>> A(nS, std::vector<double>(nS, 0.0)), Ae = A;
    std::vector<double> T;
    for (std::uint64_t i = first; i <= sigma; ++i) {
        trigger_table(i, M_, k, pj_, T);
        std::fill(D.begin(), D.end(), 0.0);  // P(x > σ − i new bits, J' distinct bits)
        for (unsigned x = static_cast<unsigned>(sigma - i) + 1; x <= k; ++x)
            for (unsigned J = J0; J <= k; ++J) D[J] += T[x * (k + 1) + J];
        for (unsigned j = 0; j < nS; ++j) {
            const std::size_t at = j * k + as_size<kMaxHashes>(i - first);  // the last k levels
            const double vj = v[at], ej = ve[at];
            for (unsigned J = J0; J <= k; ++J) A[j][J - J0] += vj * D[J], Ae[j][J - J0] += ej * D[J];
        }
    }
    if (rel_err) {  // ε: the largest relative error of an entry (with the trigger table's and the sums' rounding)
        double eps = 0;
        for (unsigned j = 0; j < nS; ++j)
            for (unsigned J = 0; J < nS; ++J)
                if (j != J && A[j][J] > 0) eps = std::max(eps, Ae[j][J] / A[j][J]);
        eps += 4.0 * k * 0x1p-52;
        *rel_err = std::pow(1 + eps, 2.0 * nS) - 1 + static_cast<double>(nS) * nS * nS * 0x1p-52 + 2 * dropped_;
    }
    if (window) *window = std::move(v);
    if (window_err) *window_err = std::move(ve);
    std::vector<double> pi(k, 0.0);
    if (nS == 1)
        pi[k - 1] = 1.0;
    else {
        const auto kept = stationary_gth(std::move(A));
        std::copy(kept.begin(), kept.end(), pi.begin() + (J0 - 1));
    }
    return pi;
}

OnePhaseResult LargeOnePhaseModel::at_exact_law(std::uint64_t sigma, double* bound) const {
    double dpi = 0;
    const auto pi = restart_law(sigma, &dpi);
    std::vector<double> s(fill_->weights()), e(fill_->weights());
    fill_->sums(sigma, 1, pi.data() + (first_start_ - 1), s.data(), e.data());
    OnePhaseResult r;
    r.M = M_, r.sigma = sigma, r.k = k_, r.variant = variant_;
    r.average_fpr = s[1] / s[0];                   // eq 18 over the π-mixture of the restart levels
    r.expected_messages = r.messages_held = s[0];  // eq 23; the recycling message replaces the re-inserted one
    r.restart.assign(k_ + 1, 0.0);
    std::copy(pi.begin(), pi.end(), r.restart.begin() + 1);
    if (bound) *bound = (s[1] > 0 ? e[1] / s[1] : 0.0) + e[0] / s[0] + 2 * dpi;
    return r;
}

void LargeTwoPhaseModel::init_exact_law() {
    const std::uint64_t M = active_.bits();
    const unsigned k = active_.hashes();
    retaining_ = std::make_shared<const detail::RetainingOverlap>(M, k, Hashing::colliding, active_.variant().swap, pj_,
                                                                  active_.first_start());
    // (b − J)_t/(M − J)_t = Σ_u C(t, u)·(−1)^{t−u}·Π_{a<u}(M − a)/(M − J − a)·Π_{i<t−u}(J + i)/(M − J − u − i)·(b)_u/(M)_u.
    const double Md = static_cast<double>(M);
    shift_.assign(static_cast<std::size_t>(k) * (k + 1) * (k + 1), 0.0);
    std::vector<double> C(k + 1, 0.0);  // row t of Pascal's triangle
    for (unsigned J = active_.first_start(); J <= k; ++J) {
        std::fill(C.begin(), C.end(), 0.0);
        C[0] = 1;
        for (unsigned t = 0; t <= k; ++t) {
            if (t > 0)
                for (unsigned u = t; u > 0; --u) C[u] += C[u - 1];
            double outer = 1;  // Π_{a<u}(M − a)/(M − J − a)
            for (unsigned u = 0; u <= t; ++u) {
                if (u > 0) outer *= (Md - (u - 1)) / (Md - J - (u - 1));
                double inner = 1;
                for (unsigned i = 0; i < t - u; ++i) inner *= -(static_cast<double>(J) + i) / (Md - J - u - i);
                shift_[((J - 1) * (k + 1) + t) * (k + 1) + u] = C[u] * outer * inner;
            }
        }
    }
}

TwoPhaseResult LargeTwoPhaseModel::evaluate_exact_law(std::uint64_t sigma, bool with_frozen, double* bound) const {
    const LargeFill& fill = active_.fill();
    const std::uint64_t M = active_.bits();
    const unsigned k = active_.hashes(), W = fill.weights(), cols = k + 2;  // W = k + 2: 1, ρ, (b)_u/(M)_u, u = 1..k
    checked_sigma(static_cast<double>(sigma), M, k, Recycling::retaining);
    double dpi = 0;
    std::vector<double> window, window_err;
    const auto pi = active_.restart_law(sigma, &dpi, &window, &window_err);
    // Rows 0..n − 1: each restart level J₀..k alone; row n: the π-mixture (the active filter's one-phase cycle).
    const unsigned J0 = active_.first_start(), n = k - J0 + 1;
    std::vector<double> coef(static_cast<std::size_t>(n + 1) * n, 0.0), U((n + 1) * W), Ue((n + 1) * W);
    for (unsigned j = 0; j < n; ++j) coef[j * n + j] = 1, coef[n * n + j] = pi[J0 - 1 + j];
    fill.sums(sigma, n + 1, coef.data(), U.data(), Ue.data());
    TwoPhaseResult r;
    r.M = M, r.sigma = sigma, r.k = k, r.variant = active_.variant();
    r.active_fpr = U[n * W + 1] / U[n * W];
    r.expected_messages = U[n * W];
    std::vector<double> S(n * cols), Se(n * cols);
    for (unsigned J = J0; J <= k; ++J) {
        const double* u = &U[(J - J0) * W];
        const double* ue = &Ue[(J - J0) * W];
        double* s = &S[(J - J0) * cols];
        double* se = &Se[(J - J0) * cols];
        s[0] = u[0], se[0] = ue[0];
        s[k + 1] = u[1], se[k + 1] = ue[1];
        for (unsigned t = 1; t <= k; ++t) {
            const double* c = &shift_[((J - 1) * (k + 1) + t) * (k + 1)];
            double sum = 0, err = 0;
            for (unsigned x = 0; x <= t; ++x) {
                const unsigned at = x == 0 ? 0 : x + 1;
                sum += c[x] * u[at];
                err += std::fabs(c[x]) * (ue[at] + (t + 2) * 0x1p-52 * std::fabs(u[at]));  // and the sum's rounding
            }
            s[t] = sum, se[t] = err;
        }
    }
    // Σ_J π_J v^{(J)}_i, arrivals at level i per cycle (σ ≥ k: the last k levels), and its error: the visits' and π's.
    std::vector<double> w(k, 0.0), we(k, 0.0);
    for (unsigned i = 0; i < k; ++i) {
        for (unsigned j = 0; j < n; ++j)
            w[i] += pi[J0 - 1 + j] * window[j * k + i], we[i] += pi[J0 - 1 + j] * window_err[j * k + i];
        we[i] += dpi * w[i];
    }
    double b2 = 0;
    retaining_->evaluate(sigma, S, w, with_frozen, r, Se.data(), &b2, true, we.data());
    r.average_fpr_eq26 = r.active_fpr + r.frozen_fpr * (1.0 - r.active_fpr);  // eq 26 as a + f·(1 − a)
    if (bound) {
        const double active = Ue[n * W + 1] / U[n * W + 1] + Ue[n * W] / U[n * W];
        *bound = std::max({b2, active + 2 * dpi, Ue[n * W] / U[n * W] + dpi});
    }
    return r;
}

}  // namespace bloomcalc
