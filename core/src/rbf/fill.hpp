// Internal: the probe-level fill of rbf/chain.cpp as a template, so the per-level callback of the models
// inlines (no std::function call per level). `fill_visits` (rbf/chain.hpp) is the public form.
//
// Colliding hashes: once the entries of a level are the same for every phase (to 2^-50 relative), the fill
// switches to the closed form of that state. The uniform state is a fixed point: with e(q) = e for all q,
// G(q) = e + s·G(q − 1) gives G(q) = e/(1 − s) for every q, and the exits (1 − s)·G(q) = e enter the next
// level uniformly again, so v_b = e·M/(M − b) from there on (each level is entered exactly once). The map
// from one level's entries to the next is a weighted average of them (non-negative weights summing to 1), so
// the true entries of every later level stay within [min, max] of the entries at the switch: the closed form
// is within 2^-50 relative of continuing the recurrence, below the rounding that the recurrence itself
// accumulates over the remaining levels. Distinct hashes have s depending on the phase: no switch.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <utility>
#include <vector>

#include "bloomcalc/compensated_sum.hpp"
#include "bloomcalc/narrow.hpp"
#include "bloomcalc/rbf/chain.hpp"
#include "bloomcalc/rbf/params.hpp"

namespace bloomcalc::detail {

constexpr double kUniformPhases = 0x1p-50;  // max − min ≤ 2^-50·min over the phases: switch to the closed form

// Mass conservation: every probe adds at most one bit, so a fill enters each level b < M exactly once per unit
// of start mass at or below b: Σ_q e_b(q) = Σ_{c≤b} start[c]. Rescaling the entries to that total each level
// stops the rounding of the recurrence from accumulating over the levels (the map between levels is a
// weighted average, so the split over the phases does not accumulate error either).
inline void conserve(std::vector<double>& entries, double mass) noexcept {
    double total = 0;
    for (double e : entries) total += e;
    if (total > 0) {
        const double scale = mass / total;
        for (double& e : entries) e *= scale;
    }
}

// conserve() with the total in 4 partial sums (the serial chain of k additions was a fifth of the time of the
// levels before the phases mix): the same total within its k roundings, a different rounding of it.
inline void conserve4(std::vector<double>& entries, double mass) noexcept {
    const std::size_t k = entries.size();
    double t[4] = {0.0, 0.0, 0.0, 0.0};
    std::size_t q = 0;
    for (; q + 4 <= k; q += 4)
        for (unsigned l = 0; l < 4; ++l) t[l] += entries[q + l];
    for (unsigned l = 0; q + l < k; ++l) t[l] += entries[q + l];
    const double total = (t[0] + t[1]) + (t[2] + t[3]);
    if (total > 0) {
        const double scale = mass / total;
        for (double& e : entries) e *= scale;
    }
}

// max − min ≤ tol·min over the phases. Two entries that differ by more than that bound already fail it
// (max − min ≥ |e₀ − e₁| and min ≤ min(e₀, e₁)), which is what happens at almost every level before the phases
// mix, so the scan over all k runs only when they are that close.
inline bool mixed_within(const std::vector<double>& entries, double tol) noexcept {
    if (entries.size() > 1 && std::fabs(entries[0] - entries[1]) > tol * std::min(entries[0], entries[1])) return false;
    const auto [lo, hi] = std::minmax_element(entries.begin(), entries.end());
    return *hi - *lo <= tol * *lo;
}

// max − min ≤ 2^-50·min over the phases (kUniformPhases): the switch to the closed form.
inline bool uniform_phases(const std::vector<double>& entries) noexcept {
    return mixed_within(entries, kUniformPhases);
}

// s^k exactly as the fill's power table computes it: s, s², s³ = s²·s, s⁴ = (s²)², then s^j = s^{j−4}·s⁴.
inline double chain_power(double s, unsigned k) {
    const double s2 = s * s, s4 = s2 * s2;
    double p = 1.0;
    switch (k % 4) {
    case 1: p = s; break;
    case 2: p = s2; break;
    case 3: p = s2 * s; break;
    default: break;
    }
    for (unsigned j = k % 4 + 4; j <= k; j += 4) p *= s4;
    return p;
}

// `stop.level(b, visits_b, ρ(b))` ends the fill after level b when it returns true; `stop.block(b, n, v, ρ)`
// sees levels b..b+n−1 at once and returns how many of them it took (n, or up to the level that stops).
template <class F>
struct PerLevel {
    F f;
    bool level(std::uint64_t b, double v, double rho) { return f(b, v, rho); }
    unsigned block(std::uint64_t b, unsigned n, const double* v, const double* rho) {
        for (unsigned i = 0; i < n; ++i)
            if (f(b + i, v[i], rho[i])) return i + 1;
        return n;
    }
};
template <class F>
PerLevel<F> per_level(F f) {
    return PerLevel<F>{std::move(f)};
}

// ρ(b) exactly as the fill passes it to `stop`.
inline double level_rho(std::uint64_t b, std::uint64_t M, unsigned k, Hashing h) {
    if (h == Hashing::colliding) return chain_power(static_cast<double>(b) * (1.0 / static_cast<double>(M)), k);
    return rbf_rho(b, M, k, h);
}

// Where the closed form took over: v_b = eM / (M − b) for b ≥ from (from = ∞: never).
struct Tail {
    std::uint64_t from = ~std::uint64_t{0};
    double eM = 0;
};

// The closed form from level b on: v_b = eM/(M − b), in blocks of levels, so v_b and ρ(b) = s^k (as chain_power)
// vectorise across levels. With `tail` given the levels are not stored.
template <class Stop>
std::vector<double> closed_form(std::uint64_t M, unsigned k, std::uint64_t b, std::uint64_t last, double eM, Stop& stop,
                                Tail* tail, std::vector<double> visits) {
    if (tail) tail->from = b, tail->eM = eM;
    constexpr unsigned kBlock = 64;
    double v[kBlock], rho[kBlock], s4[kBlock];
    const double Md = static_cast<double>(M), inv = 1.0 / Md;
    while (b <= last) {  // blocks aligned to multiples of kBlock after the first
        const unsigned n = static_cast<unsigned>(std::min<std::uint64_t>(kBlock - b % kBlock, last - b + 1));
        const double b0 = static_cast<double>(b);
        for (unsigned i = 0; i < n; ++i) {
            const double bd = b0 + i, sb = bd * inv, s2 = sb * sb;
            v[i] = eM / (Md - bd);  // e/(1 − s), as OnePhaseModel::level_visits
            s4[i] = s2 * s2;
            rho[i] = k % 4 == 1 ? sb : k % 4 == 2 ? s2 : k % 4 == 3 ? s2 * sb : 1.0;
        }
        // ρ ·= s⁴ (k − k % 4)/4 times, eight levels at a time in registers (the same products in the same order).
        unsigned i = 0;
        for (; i + 8 <= n; i += 8) {
            double r[8], q[8];
            for (unsigned l = 0; l < 8; ++l) r[l] = rho[i + l], q[l] = s4[i + l];
            for (unsigned j = k % 4 + 4; j <= k; j += 4)
                for (unsigned l = 0; l < 8; ++l) r[l] *= q[l];
            for (unsigned l = 0; l < 8; ++l) rho[i + l] = r[l];
        }
        for (; i < n; ++i)
            for (unsigned j = k % 4 + 4; j <= k; j += 4) rho[i] *= s4[i];
        const unsigned used = stop.block(b, n, v, rho);
        if (!tail)
            for (unsigned u = 0; u < used; ++u) visits.push_back(v[u]);  // within the reserve
        if (used < n) return visits;
        b += n;
    }
    return visits;
}

// The phases' Fourier modes (colliding hashes), between the recurrence and the closed form. One stay
// probability s for every phase makes each level's map circulant, so the discrete Fourier modes over the phase q
// diagonalise every level at once: with ê_j = Σ_q e(q)·ω^{−jq} (ω = e^{2πi/k}, z = ω^{−j} = c − i·sn),
// G(q) = e(q) + s·G(q − 1) gives Ĝ_j = ê_j / (1 − s·z); the exits (1 − s)·G(q) enter the next level at phase
// q + 1, so ê_j ← (1 − s)·z·Ĝ_j, and v_b = G(0) = (1/k)·Σ_j Ĝ_j. Mode 0 is the mass (λ₀ = 1) and gives the
// closed form eM/(M − b); every other mode shrinks at every level (|(1 − s)·z/(1 − s·z)| ≤ 1), the high
// frequencies fastest, so once the phases agree to kModeStage only a few low modes are left above 2^-50/k of the
// mass (each dropped below that, moving every later v_b by less than 2^-50/k relative) and a level costs O(those
// few) instead of the recurrence's O(k). Not earlier: while the mass sits in a few phases, v_b is a small
// difference of terms of size 1 (relative accuracy lost); with max − min ≤ min/2 the modes other than 0 are a
// correction smaller than v_b. Left for the closed form when Σ_{j≠0} |ê_j| ≤ 2^-50·ê₀ (then every later v_b is
// within 2^-50 of eM/(M − b): the bound of kUniformPhases). Modes j and k − j are conjugates: one is kept, weighted
// twice. Measured against the recurrence at 2^20 (k = 2 … 32, every level): v_b within 1.6e-14, the prefix sums
// Σ v within 5e-17 relative; the fills 2.1× faster at k = 32 (2.3× at k = 8).
constexpr double kModeStage = 0.5;

class PhaseModes {
public:
    PhaseModes(const std::vector<double>& entries, double mass)
        : k_(static_cast<unsigned>(entries.size())),
          mass_(mass),
          drop_(0x1p-50 * mass / static_cast<double>(entries.size())) {
        const double pi2 = 6.283185307179586476925286766559;
        for (unsigned j = 1; 2 * j <= k_; ++j) {
            Mode m;
            const double theta = pi2 * j / k_;
            m.c = std::cos(theta), m.sn = std::sin(theta);
            const double half = std::sin(theta / 2);
            m.omc = 2 * half * half;  // 1 − cos θ without cancellation
            for (unsigned q = 0; q < k_; ++q) {
                const double a = pi2 * static_cast<double>((static_cast<std::uint64_t>(j) * q) % k_) / k_;
                m.re += entries[q] * std::cos(a), m.im -= entries[q] * std::sin(a);
            }
            m.w = (2 * j == k_ ? 1.0 : 2.0) / k_;
            if (2 * j == k_) m.sn = 0, m.im = 0;  // z = −1: a real mode
            // A mode below 2^-53 of the mass moves every later v_b by less than 2^-53/k relative: dropped.
            modes_.push_back(m);
        }
    }
    double eM(std::uint64_t M) const { return mass_ / static_cast<double>(k_) * static_cast<double>(M); }
    // Levels b.. of the fill by the modes until they are below 2^-50 of the mass (b is then the first level for
    // closed_form; false) or `stop` ends the fill or `last` is reached (true). Each level's v_b is pushed.
    template <class Stop>
    bool levels(std::uint64_t M, std::uint64_t& b, std::uint64_t last, Stop& stop, std::vector<double>& visits) {
        const double inv = 1.0 / static_cast<double>(M), Md = static_cast<double>(M), eM_ = eM(M);
        for (; b <= last; ++b) {
            // Σ_{j≠0} |ê_j| (conjugates counted twice); a mode whose share falls below 2^-50/k is dropped.
            double amp = 0;
            std::size_t kept = 0;
            for (const Mode& m : modes_) {
                const double a = m.w * k_ * std::sqrt(m.re * m.re + m.im * m.im);
                if (a > drop_) modes_[kept++] = m, amp += a;
            }
            modes_.resize(kept);
            if (amp <= 0x1p-50 * mass_) return false;
            const double bd = static_cast<double>(b), sb = bd * inv, mb = static_cast<double>(M - b) * inv;
            double corr = 0;
            for (Mode& m : modes_) {
                const double x = mb + sb * m.omc, y = sb * m.sn;  // 1 − s·z = x + i·y, x = 1 − s·c ≥ 0
                const double inv_d = 1.0 / (x * x + y * y);
                const double gr = (m.re * x + m.im * y) * inv_d, gi = (m.im * x - m.re * y) * inv_d;  // Ĝ_j
                corr += m.w * gr;
                m.re = mb * (m.c * gr + m.sn * gi), m.im = mb * (m.c * gi - m.sn * gr);  // (1 − s)·z·Ĝ_j
            }
            const double v = eM_ / (Md - bd) + corr;
            visits.push_back(v);
            if (stop.level(b, v, chain_power(sb, k_))) return true;
        }
        return true;
    }

private:
    struct Mode {
        double re = 0, im = 0, c = 0, sn = 0, omc = 0, w = 0;
    };
    unsigned k_;
    double mass_, drop_;  // drop_: a mode with mult·|ê_j| ≤ 2^-50·mass/k moves v_b by ≤ 2^-50/k relative
    std::vector<Mode> modes_;
};

// With `tail` given, the levels of the closed form are not stored: the result ends at tail->from. `reference`:
// conserve() as before issue 13 (a serial total), for the reference path of the recommender
// (detail::recommend_rows_reference); the uniformity test is the same either way. `modes`: the levels between
// kModeStage and the closed form by PhaseModes (colliding hashes; the recommender's fast path).
template <class Stop>
std::vector<double> fill(std::uint64_t M, unsigned k, Hashing h, const std::vector<double>& start, std::uint64_t last,
                         Stop&& stop, Tail* tail = nullptr, bool reference = false, bool modes = false) {
    last = std::min(last, M - 1);  // a full filter (b = M) answers every message as seen: ρ(M) = 1
    std::vector<double> visits;    // levels b ≤ last < M ≤ 2^24: every caller validates M (validate_rbf)
    if (!tail) visits.reserve(as_size<kMaxRbfBits>(last + 1));
    std::vector<double> entries(k, 0.0), next(k, 0.0), G(k), s(k), mv(k), inv(k), pw(k + 4);
    for (unsigned q = 0; q < k; ++q) inv[q] = 1.0 / static_cast<double>(M - (h == Hashing::distinct ? q : 0));
    CompensatedSum mass;  // Σ_{c≤b} start[c]: the total of the entries into level b
    for (std::uint64_t b = 0; b <= last; ++b) {
        if (b < start.size()) {
            entries[0] += start[as_size<kMaxRbfBits>(b)];
            mass.add(start[as_size<kMaxRbfBits>(b)]);
        }
        if (b > 0) {
            if (reference || h != Hashing::colliding)
                conserve(entries, mass.value());
            else
                conserve4(entries, mass.value());
        }
        if (h == Hashing::colliding) {    // one stay probability for every phase
            if (b + 1 >= start.size()) {  // no later start mass: switch once the phases are uniform
                if (uniform_phases(entries)) {
                    const double eM =
                        mass.value() / static_cast<double>(k) * static_cast<double>(M);  // Σ entries (conserve)
                    return closed_form(M, k, b, last, eM, stop, tail, std::move(visits));
                }
                if (modes && mixed_within(entries, kModeStage)) {
                    PhaseModes pm(entries, mass.value());
                    if (pm.levels(M, b, last, stop, visits)) return visits;  // stopped, or reached `last`
                    return closed_form(M, k, b, last, pm.eM(M), stop, tail, std::move(visits));
                }
            }
            const double sb = static_cast<double>(b) * inv[0], mb = static_cast<double>(M - b) * inv[0];
            // Powers s^j: four independent chains, so the loop is not one long multiply latency chain.
            pw[0] = 1.0, pw[1] = sb, pw[2] = sb * sb, pw[3] = pw[2] * sb;
            const double s4 = pw[2] * pw[2];
            for (unsigned j = 4; j <= k; ++j) pw[j] = pw[j - 4] * s4;
            const double rho = pw[k];
            // 1 − ρ directly while it cannot cancel (ρ < 1/2), else from log1p/expm1.
            const double one_minus_rho = rho < 0.5 ? 1.0 - rho : -std::expm1(k * std::log1p(-mb));
            double part[4] = {0.0, 0.0, 0.0, 0.0};  // Σ_{p≥1} e(p)·s^{k−p}: four partial sums
            unsigned p = 1;
            for (; p + 3 < k; p += 4) {
                part[0] += entries[p] * pw[k - p];
                part[1] += entries[p + 1] * pw[k - p - 1];
                part[2] += entries[p + 2] * pw[k - p - 2];
                part[3] += entries[p + 3] * pw[k - p - 3];
            }
            for (; p < k; ++p) part[0] += entries[p] * pw[k - p];
            const double acc = (part[0] + part[1]) + (part[2] + part[3]);
            G[0] = (entries[0] + acc) / one_minus_rho;
            // G(q) = e(q) + s·e(q−1) + s²·e(q−2) + s³·e(q−3) + s⁴·G(q−4): four chains of length k/4. The
            // part without G is independent across q (vectorises); the chains then add s⁴·G(q−4) to it.
            for (unsigned q = 1; q < k && q < 4; ++q) G[q] = entries[q] + sb * G[q - 1];
            for (unsigned q = 4; q < k; ++q)
                G[q] = entries[q] + pw[1] * entries[q - 1] + pw[2] * entries[q - 2] + pw[3] * entries[q - 3];
            for (unsigned q = 4; q < k; ++q) G[q] += s4 * G[q - 4];
            visits.push_back(G[0]);
            if (stop.level(b, G[0], rho)) break;
            for (unsigned q = 0; q + 1 < k; ++q) entries[q + 1] = mb * G[q];
            entries[0] = mb * G[k - 1];
            continue;
        }
        for (unsigned q = 0; q < k; ++q) {
            const unsigned t = h == Hashing::distinct ? q : 0;
            s[q] = b >= t ? static_cast<double>(b - t) * inv[q] : 0.0;  // s_q(b)
            mv[q] = static_cast<double>(M - b) * inv[q];                // 1 − s_q(b)
        }
        // G_b(0) from the circular recurrence, then the other phases forwards.
        double acc = 0.0;
        for (unsigned p = 1; p < k; ++p) acc = (acc + entries[p]) * s[p];
        G[0] = (entries[0] + acc) / rbf_one_minus_rho(b, M, k, h);
        for (unsigned q = 1; q < k; ++q) G[q] = entries[q] + s[q - 1] * G[q - 1];
        visits.push_back(G[0]);  // arrivals (phase 0) that find b bits set
        if (stop.level(b, G[0], rbf_rho(b, M, k, h))) break;
        for (unsigned q = 0; q < k; ++q) next[(q + 1) % k] = mv[q] * G[q];
        entries.swap(next);
    }
    return visits;
}

}  // namespace bloomcalc::detail
