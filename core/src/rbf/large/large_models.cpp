// f¹_σ = S_ρ(σ)/S_1(σ) and E[N₀] = S_1(σ) (eqs 18, 23), S_w(σ) = Σ_{b≤σ} v_b·w(b) from LargeFill; f²_σ as in
// rbf/two_phase.cpp with the active sums Σ v_b (b)_j/(M)_j from the same fill and the frozen window from v_b at
// the last k levels. Relative bounds: err(S_ρ)/S_ρ + err(S_1)/S_1 for f¹; for f² the bound of each term.
#include "bloomcalc/rbf/large/large_models.hpp"

#include <algorithm>
#include <cmath>

#include "bloomcalc/error.hpp"
#include "bloomcalc/narrow.hpp"
#include "bloomcalc/rbf/chain.hpp"
#include "bloomcalc/rbf/large/rbf_method.hpp"

namespace bloomcalc {

void check_large_method(std::uint64_t M, unsigned k, const RbfVariant& variant) {
    if (variant.hashing == Hashing::distinct) {
        if (!LargeFillDistinct::applicable(M, k))
            throw InfeasibleError(
                "m",
                "at least " + std::to_string(LargeFillDistinct::exact_levels(k) + 2 * LargeFillDistinct::kTop + 64) +
                    " bits per filter for the large-M method at k = " + std::to_string(k),
                "the filter is too small for the large-M method; use method \"exact\"");
        return;
    }
    if (!LargeFill::applicable(M, k))
        throw InfeasibleError("m",
                              "at least " + std::to_string(LargeFill::exact_levels(k) + 2 * LargeFill::kTop + 64) +
                                  " bits per filter for the large-M method at k = " + std::to_string(k),
                              "the filter is too small for the large-M method; use method \"exact\"");
}

namespace {
bool is_exact_law(const RbfVariant& v) { return v.recycling == Recycling::retaining && v.restart == RestartLaw::exact; }

// Exact law: the smallest restart level kept, J₀, the largest with k·M·Σ_{J<J₀} P(J) ≤ 1e-18.
unsigned first_start_of(const std::vector<double>& pj, std::uint64_t M, unsigned k, double* dropped) {
    const double scale = static_cast<double>(k) * static_cast<double>(M);
    unsigned j = 1;
    double below = 0;
    while (j < k && below + pj[j] * scale <= 1e-18) below += pj[j++] * scale;
    *dropped = below;
    return j;
}

// The fill's starts: the empty filter, the bits of a fresh message (eq 10), or (exact law) j bits, j = first..k.
std::vector<std::vector<double>> starts_of(std::uint64_t M, unsigned k, const RbfVariant& v, unsigned first) {
    check_large_method(M, k, v);
    if (v.recycling == Recycling::nonretaining) return {{1.0}};
    if (!is_exact_law(v)) return {fresh_message_bits(M, k, Hashing::colliding)};
    std::vector<std::vector<double>> starts;
    for (unsigned j = first; j <= k; ++j) starts.emplace_back(j + 1, 0.0), starts.back()[j] = 1.0;
    return starts;
}
}  // namespace

LargeOnePhaseModel::LargeOnePhaseModel(std::uint64_t M, unsigned k, RbfVariant variant, unsigned j_lo)
    : M_(M), k_(k), variant_(variant) {
    if (variant.hashing == Hashing::distinct) {
        check_large_method(M, k, variant);
        // Distinct hashes: a retaining cycle starts at exactly the k bits of the recycling message (eq 14).
        const bool retaining = variant.recycling == Recycling::retaining;
        const bool overlap = retaining && variant.restart == RestartLaw::exact && j_lo <= k;
        distinct_ = std::make_shared<const LargeFillDistinct>(M, k, retaining ? k : 0, overlap ? k : 0);
        return;
    }
    exact_law_ = is_exact_law(variant);
    if (exact_law_)
        pj_ = fresh_message_bits(M, k, Hashing::colliding), first_start_ = first_start_of(pj_, M, k, &dropped_);
    fill_ = std::make_shared<const LargeFill>(M, k, starts_of(M, k, variant, first_start_), std::min(j_lo, k + 1));
}

OnePhaseResult LargeOnePhaseModel::at(std::uint64_t sigma, double* bound) const {
    checked_sigma(static_cast<double>(sigma), M_, k_, variant_.recycling);
    if (exact_law_) return at_exact_law(sigma, bound);
    const unsigned W = distinct_ ? distinct_->weights() : fill_->weights();
    std::vector<double> s(W), e(W);
    if (distinct_)
        distinct_->sums(sigma, s.data(), e.data(), 2);
    else
        fill_->sums(sigma, s.data(), e.data());
    OnePhaseResult r;
    r.M = M_, r.sigma = sigma, r.k = k_, r.variant = variant_;
    r.average_fpr = s[1] / s[0];  // eq 18
    r.expected_messages = s[0];   // eq 23
    r.messages_held = variant_.recycling == Recycling::nonretaining ? s[0] - 1 : s[0];
    if (variant_.recycling == Recycling::retaining) r.restart = fresh_message_bits(M_, k_, variant_.hashing);
    if (bound) *bound = (s[1] > 0 ? e[1] / s[1] : 0.0) + e[0] / s[0];
    return r;
}

namespace {
// τ_k(i, i + x), x = 0..k (eq 4, colliding), as message_step but with the k + 1 stay probabilities
// (i + x)/M divided once: the frozen window needs it at k levels per σ.
void colliding_step(std::uint64_t i, std::uint64_t M, unsigned k, std::vector<double>& d, std::vector<double>& stay) {
    const double Md = static_cast<double>(M);
    stay.resize(k + 1);
    for (unsigned x = 0; x <= k; ++x) stay[x] = std::min(1.0, static_cast<double>(i + x) / Md);
    d.assign(k + 1, 0.0);
    d[0] = 1.0;
    for (unsigned q = 0; q < k; ++q)
        for (unsigned x = q + 1; x-- > 0;) {
            const double p = d[x];
            d[x] = p * stay[x];
            d[x + 1] += p * (1.0 - stay[x]);
        }
}

unsigned smallest_j(const std::vector<double>& pj, unsigned k) {
    unsigned j = k;
    while (j > 1 && pj[j - 1] > 1e-30) --j;  // as TwoPhaseModel: the j with P(J = j) > 1e-30
    return j;
}
}  // namespace

LargeTwoPhaseModel::LargeTwoPhaseModel(std::uint64_t M, unsigned k, RbfVariant variant)
    : pj_(fresh_message_bits(M, k, variant.hashing)),
      j_min_(smallest_j(pj_, k)),
      active_(M, k, variant, variant.hashing == Hashing::colliding && is_exact_law(variant) ? 1 : j_min_) {
    if (active_.distinct() && active_.distinct_fill().weights() > 2) overlap_ = distinct_overlap(M, k);
    if (active_.exact_law()) init_exact_law();
}

TwoPhaseResult LargeTwoPhaseModel::active_part(std::uint64_t sigma, std::vector<double>& s,
                                               std::vector<double>& e) const {
    checked_sigma(static_cast<double>(sigma), active_.bits(), active_.hashes(), active_.variant().recycling);
    const bool distinct = active_.distinct();
    const std::size_t weights = distinct ? active_.distinct_fill().weights() : active_.fill().weights();
    s.assign(weights, 0.0), e.assign(weights, 0.0);
    if (distinct)
        active_.distinct_fill().sums(sigma, s.data(), e.data());
    else
        active_.fill().sums(sigma, s.data(), e.data());
    TwoPhaseResult r;
    r.M = active_.bits(), r.sigma = sigma, r.k = active_.hashes(), r.variant = active_.variant();
    r.active_fpr = s[1] / s[0];
    r.expected_messages = s[0];
    return r;
}

TwoPhaseResult LargeTwoPhaseModel::evaluate(std::uint64_t sigma, bool with_frozen, double* bound) const {
    if (active_.distinct()) return evaluate_distinct(sigma, with_frozen, bound);
    if (retaining_) return evaluate_exact_law(sigma, with_frozen, bound);
    const LargeFill& fill = active_.fill();
    const std::uint64_t M = active_.bits();
    const unsigned k = active_.hashes();
    std::vector<double> s, e;
    TwoPhaseResult r = active_part(sigma, s, e);
    // Frozen distribution on its window of at most k levels (swap after: F̂_j = Σ_i v_i τ_k(i, j), j > σ;
    // before: eqs 24–25).
    const std::uint64_t first = sigma + 1 >= k ? sigma + 1 - k : 0;
    const bool after = r.variant.swap == SwapPoint::after;
    const std::uint64_t lo = after ? sigma + 1 : first, size = std::min<std::uint64_t>(sigma + k, M) + 1;
    std::vector<double> window(as_size<kMaxSigmaWindow>(size - lo), 0.0);  // lo ≥ σ + 1 − k, size ≤ σ + k + 1
    double total = 0;
    std::vector<double> v(as_size<kMaxHashes>(sigma - first + 1)), step, stay;  // the last k levels
    fill.visits(first, static_cast<unsigned>(v.size()), v.data());
    for (std::uint64_t i = first; i <= sigma; ++i) {
        colliding_step(i, M, k, step, stay);
        const double vi = v[as_size<kMaxHashes>(i - first)];
        for (unsigned x = static_cast<unsigned>(sigma - i) + 1; x <= k && i + x <= M; ++x) {
            const double w = vi * step[x];
            window[as_size<kMaxSigmaWindow>((after ? i + x : i) - lo)] += w;
            total += w;
        }
    }
    for (double& f : window) f /= total;                     // eq 25
    if (with_frozen) r.frozen = window, r.frozen_from = lo;  // the window only: σ may be 2^39
    double frozen = 0, both = 0, both_err = 0;
    for (std::uint64_t f = lo; f < size; ++f) {
        const double F = window[as_size<kMaxSigmaWindow>(f - lo)];
        if (F == 0.0) continue;
        frozen += F * rbf_rho(f, M, k, Hashing::colliding);
        double ratio = 1.0;  // (f)_j/(M)_j
        for (unsigned j = 1; j <= k; ++j) {
            ratio *= f >= j ? static_cast<double>(f - j + 1) / static_cast<double>(M - j + 1) : 0.0;
            if (j < j_min_) continue;
            const double active_j = s[2 + j - j_min_] / s[0];
            both += pj_[j] * active_j * F * ratio;
            both_err += pj_[j] * F * ratio * (e[2 + j - j_min_] + active_j * e[0]) / s[0];
        }
    }
    r.frozen_fpr = frozen;
    r.average_fpr = r.active_fpr + frozen - both;
    r.average_fpr_eq26 = 1.0 - (1.0 - r.active_fpr) * (1.0 - frozen);  // eq 26
    if (bound) {
        const double active_err = r.active_fpr * ((s[1] > 0 ? e[1] / s[1] : 0.0) + e[0] / s[0]);
        // The frozen window's v_b are the closed form at single levels (relative error ≤ 1e-13 each).
        *bound = std::max((active_err + both_err + 4e-13 * frozen) / r.average_fpr, e[0] / s[0]);
    }
    return r;
}

}  // namespace bloomcalc
