// f²_σ for distinct hashes by the large-M method: TwoPhaseModel's distinct branch (eq 26 exact: P(both) = ρ(b)·ρ(f))
// and, for a retaining filter with the exact restart law, RetainingTwoPhase's overlap model with J = k (the
// restart is exactly the recycling message's k bits), the sums Σ_{b≤σ} v_b·w(b) from LargeFillDistinct and the
// frozen window from v_b at the last k levels.
#include <algorithm>
#include <cmath>

#include "bloomcalc/narrow.hpp"
#include "bloomcalc/rbf/chain.hpp"
#include "bloomcalc/rbf/large/large_models.hpp"

namespace bloomcalc {

namespace {
// τ_k(i, i + x), x = 0..k (eq 11, distinct): message_step with the divisions 1/(M − q) done once.
void distinct_step(std::uint64_t i, std::uint64_t M, unsigned k, const std::vector<double>& inv,
                   std::vector<double>& d) {
    d.assign(k + 1, 0.0);
    d[0] = 1.0;
    for (unsigned q = 0; q < k; ++q)
        for (unsigned x = q + 1; x-- > 0;) {
            const std::uint64_t b = i + x;  // probe q finds b set, q of them this message's own
            if (b > M) continue;
            const double p = d[x], stay = static_cast<double>(b - q) * inv[q];
            d[x] = p * stay;
            if (b < M) d[x + 1] += p * static_cast<double>(M - b) * inv[q];
        }
}
}  // namespace

// RetainingTwoPhase's g with J = J' = k: the trigger's restart bits c₀ that are in the frozen filter.
std::vector<double> LargeTwoPhaseModel::distinct_overlap(std::uint64_t M, unsigned k) {
    std::vector<double> g((k + 1) * (k + 1), 0.0);
    for (unsigned c0 = 0; c0 <= k; ++c0)
        for (unsigned t = k - c0; t <= k; ++t) {
            double x = 1.0, binom = 1.0;
            for (unsigned u = 0; u < t; ++u) binom = binom * static_cast<double>(k - u) / static_cast<double>(u + 1);
            for (unsigned u = 0; u < k; ++u)
                x *= (u < t ? static_cast<double>(M - k - u) : 1.0) / static_cast<double>(M - u);
            for (unsigned u = 0; u < k - t; ++u) x *= static_cast<double>(c0 - u);
            g[c0 * (k + 1) + t] = binom * x;
        }
    return g;
}

TwoPhaseResult LargeTwoPhaseModel::evaluate_distinct(std::uint64_t sigma, bool with_frozen, double* bound) const {
    const LargeFillDistinct& fill = active_.distinct_fill();
    const std::uint64_t M = active_.bits();
    const unsigned k = active_.hashes();
    std::vector<double> s, e;
    TwoPhaseResult r = active_part(sigma, s, e);
    const double active_err = r.active_fpr * ((s[1] > 0 ? e[1] / s[1] : 0.0) + e[0] / s[0]);
    const bool after = r.variant.swap == SwapPoint::after;
    const bool overlap = fill.weights() > 2;  // retaining, exact law: the restart bits are in the frozen filter
    // Triggers: level i ∈ (σ − k, σ], x > σ − i new bits; the frozen filter holds f = i + x (after) or i bits.
    const std::uint64_t first = sigma + 1 >= k ? sigma + 1 - k : 0;
    const std::uint64_t lo = after ? sigma + 1 : first, size = std::min<std::uint64_t>(sigma + k, M) + 1;
    // lo ≥ σ + 1 − k, size ≤ σ + k + 1: at most 2k levels; v: the last k levels
    std::vector<double> window(as_size<kMaxSigmaWindow>(size - lo), 0.0), v(as_size<kMaxHashes>(sigma - first + 1)),
        step, inv(k), h(k + 1, 0.0);
    std::vector<double> inv_rest(overlap ? k : 0);  // 1/(M − k − t)
    for (unsigned q = 0; q < k; ++q) inv[q] = 1.0 / static_cast<double>(M - q);
    for (unsigned t = 0; t < inv_rest.size(); ++t) inv_rest[t] = 1.0 / static_cast<double>(M - k - t);
    fill.visits(first, static_cast<unsigned>(v.size()), v.data());
    const std::vector<double>& g = overlap_;
    double total = 0;
    for (std::uint64_t i = first; i <= sigma; ++i) {
        distinct_step(i, M, k, inv, step);
        const double vi = v[as_size<kMaxHashes>(i - first)];
        for (unsigned x = static_cast<unsigned>(sigma - i) + 1; x <= k && i + x <= M; ++x) {
            const double q = vi * step[x];
            if (q == 0.0) continue;
            const std::uint64_t f = after ? i + x : i;
            window[as_size<kMaxSigmaWindow>(f - lo)] += q;
            total += q;
            if (!overlap) continue;
            // h[t] += q·(f − c₀)_t/(M − k)_t·g(c₀, t), c₀ = k (after) or k − x (before) restart bits in the frozen filter
            const unsigned c0 = after ? k : k - x;
            const double K = static_cast<double>(f - c0);
            double ratio = q;
            h[0] += ratio * g[c0 * (k + 1)];
            for (unsigned t = 1; t <= k && K >= t; ++t) {
                ratio *= (K - (t - 1)) * inv_rest[t - 1];
                h[t] += ratio * g[c0 * (k + 1) + t];
            }
        }
    }
    for (double& f : window) f /= total;  // eq 25
    if (with_frozen) r.frozen = window, r.frozen_from = lo;
    double frozen = 0;
    for (std::uint64_t f = lo; f < size; ++f)
        frozen += window[as_size<kMaxSigmaWindow>(f - lo)] * rbf_rho(f, M, k, Hashing::distinct);
    r.frozen_fpr = frozen;
    if (!overlap) {
        // Independent restart (non-retaining, or eq 10): P(both | b, f) = ρ(b)·ρ(f), eq 26 exact.
        r.average_fpr = r.active_fpr + frozen - r.active_fpr * frozen;
        r.average_fpr_eq26 = r.active_fpr + frozen * (1.0 - r.active_fpr);
        if (bound) *bound = std::max((active_err + 4e-13 * frozen) / r.average_fpr, e[0] / s[0]);
        return r;
    }
    // Renewal–reward over the active cycles, each started by the previous cycle's trigger: P(positive | b, f, c)
    // = ρ(b) + ρ(f) − ρ(c), E[ρ(c)] = Σ_t h_t·Σ_b v_b (b − k)_t/(M − k)_t (s[0] for t = 0, s[1 + t] otherwise).
    double both = 0, both_err = 0;
    for (unsigned t = 0; t <= k; ++t) {
        const unsigned i = t == 0 ? 0 : 1 + t;
        both += h[t] * s[i], both_err += std::fabs(h[t]) * e[i];
    }
    both /= total * s[0], both_err /= total * s[0];
    r.average_fpr = r.active_fpr + frozen - both;
    r.average_fpr_eq26 = r.active_fpr + frozen * (1.0 - r.active_fpr);
    if (bound)
        *bound = std::max((active_err + both_err + both * e[0] / s[0] + 4e-13 * frozen) / r.average_fpr, e[0] / s[0]);
    return r;
}

}  // namespace bloomcalc
