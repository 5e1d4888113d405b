// The active filter of a window, insertion by insertion (window/window.hpp). Exact: the law of B_i on a window of
// bit counts (tails below 1e-30 dropped, as rbf/nbounded.cpp), each level's conditioned message step computed once.
// Linear-noise approximation (van Kampen; large filters): B_i ≈ μ(i) + fluctuations of variance V(i) with
//   dμ/di = D(μ) − D'(μ)·D(μ)/2 + D''(μ)·V/2,   dV/di = 2·D'(μ)·V + S(μ),
// D(b) = E[x | x ≥ 1] and S(b) = Var[x | x ≥ 1] the new bits of an insertion at b bits; −D'D/2 is the modified
// equation of the map b ↦ b + D(b) (without it the flow's time-1 map misses the chain's by O(k²/M') relative in
// the FPR: the bias of issue 35); every expectation E[g(B_i)] ≈ g(μ) + g''(μ)·V/2 (central differences of a step
// growing with μ, so rounding does not swamp them at 2^40 bits); the cycle sums Σ_{i<N} by the integral over
// [0, N] with the trapezoid correction (Euler–Maclaurin). RK4 in i. docs/window.md gives its error bound.
#include <algorithm>
#include <cmath>
#include <vector>

#include "bloomcalc/error.hpp"
#include "bloomcalc/fpr/exact_fpr.hpp"
#include "bloomcalc/narrow.hpp"
#include "bloomcalc/rbf/chain.hpp"
#include "bloomcalc/window/window.hpp"

namespace bloomcalc {

namespace {

constexpr double kMaxExactWork = 33554432.0;  // 2^25 chain steps (tens of ms): a sizing certifies ~10 sizes
constexpr double kTail = 1e-30;
constexpr int kSteps = 128;  // RK4 steps over the cycle
// The exact chain's levels: below N·k + 1 with N·(2k + 4) ≤ kMaxExactWork (insertion_chain_exact), or forced
// (tests): refused above this before any work.
constexpr std::uint64_t kMaxChainLevel = std::uint64_t{1} << 26;

// (b)_j/(M)_j for j = 0..k into out.
void falling_ratios(double b, double M, unsigned k, double* out) {
    out[0] = 1.0;
    for (unsigned j = 1; j <= k; ++j) out[j] = out[j - 1] * std::max(0.0, b - (j - 1)) / (M - (j - 1));
}

double rho_real(double b, double M, unsigned k, Hashing h) {
    if (b <= 0) return 0.0;
    if (h == Hashing::colliding) return std::pow(std::min(b, M) / M, k);
    double r = 1;
    for (unsigned t = 0; t < k; ++t) r *= std::max(0.0, b - t) / (M - t);
    return r;
}

struct Level : ChainLevel {  // the step conditioned on x ≥ 1; a full filter's all 0
    double inv = 0;          // 1/(1 − ρ)
    std::vector<double> ff;  // (b)_j/(M)_j
};

// Each level's conditioned step, made once; the chain's window only moves up, so the levels below it are dropped
// (in batches: a vector with an offset, not a deque — the recycling module's size, docs/embed.md).
class Levels {
public:
    Levels(std::uint64_t M, unsigned k, Hashing h) : M_(M), k_(k), h_(h) {}
    const Level& at(std::uint64_t b) {  // b ≥ the last drop_below
        while (base_ + levels_.size() <= b) levels_.push_back(make(base_ + levels_.size()));
        return levels_[static_cast<std::size_t>(b - base_)];
    }
    void drop_below(std::uint64_t b) {
        if (b <= base_ || 2 * (b - base_) < levels_.size()) return;
        const std::size_t n = std::min(levels_.size(), static_cast<std::size_t>(b - base_));
        levels_.erase(levels_.begin(), levels_.begin() + static_cast<std::ptrdiff_t>(n));
        base_ += n;
    }

private:
    Level make(std::uint64_t b) const {
        Level l;
        static_cast<ChainLevel&>(l) = chain_level(b, M_, k_, h_, true);
        if (b >= M_) {  // full: no arrival is inserted any more; the level absorbs (the σ rule's tail counts it)
            std::fill(l.step.begin(), l.step.end(), 0.0);
            l.step[0] = 1.0;
        }
        l.inv = b >= M_ ? HUGE_VAL : 1.0 / l.one_minus_rho;
        l.ff.resize(k_ + 1);
        falling_ratios(static_cast<double>(b), static_cast<double>(M_), k_, l.ff.data());
        return l;
    }
    std::uint64_t M_;
    unsigned k_;
    Hashing h_;
    std::uint64_t base_ = 0;
    std::vector<Level> levels_;
};

InsertionSums exact_sums(std::uint64_t M, unsigned k, Hashing h, std::uint64_t N) {
    if (static_cast<double>(N) * k + 1 > static_cast<double>(kMaxChainLevel))
        throw InfeasibleError("w", "N·k ≤ 2^26 for the exact insertion chain", "too many levels for the exact chain");
    InsertionSums s;
    s.exact = true;
    s.both.assign(k + 1, 0.0);
    s.frozen.assign(k + 1, 0.0);
    Levels levels(M, k, h);
    std::uint64_t lo = 0;
    std::vector<double> p{1.0}, next;
    for (std::uint64_t i = 0;; ++i) {
        if (i == N) {
            for (std::size_t t = 0; t < p.size(); ++t) {
                const Level& l = levels.at(lo + t);
                s.frozen_rho += p[t] * l.rho;
                for (unsigned j = 0; j <= k; ++j) s.frozen[j] += p[t] * l.ff[j];
            }
            break;
        }
        for (std::size_t t = 0; t < p.size(); ++t) {
            if (p[t] == 0.0) continue;
            const Level& l = levels.at(lo + t);
            s.arrivals += p[t] * l.inv;
            s.active_fp += p[t] * l.ratio;
            for (unsigned j = 1; j <= k; ++j) s.both[j] += p[t] * l.ff[j] * l.inv;
        }
        if (i + 1 == N) {
            s.law_last.assign(as_size<kMaxChainLevel>(lo), 0.0);
            s.law_last.insert(s.law_last.end(), p.begin(), p.end());
            double m1 = 0, m2 = 0;
            for (std::size_t t = 0; t < p.size(); ++t) {
                const double b = static_cast<double>(lo + t);
                m1 += p[t] * b, m2 += p[t] * b * b;
            }
            s.mean_last = m1;
            s.sd_last = std::sqrt(std::max(0.0, m2 - m1 * m1));
        }
        next.assign(p.size() + k, 0.0);
        for (std::size_t t = 0; t < p.size(); ++t) {
            if (p[t] == 0.0) continue;
            const Level& l = levels.at(lo + t);
            for (unsigned x = 0; x <= k; ++x) next[t + x] += p[t] * l.step[x];
        }
        // trim both tails below kTail
        std::size_t a = 0, b = next.size();
        double cut = 0;
        while (a < b && cut + next[a] < kTail) cut += next[a++];
        cut = 0;
        while (b > a && cut + next[b - 1] < kTail) cut += next[--b];
        p.assign(next.begin() + static_cast<std::ptrdiff_t>(a), next.begin() + static_cast<std::ptrdiff_t>(b));
        lo += a;
        levels.drop_below(lo);
    }
    return s;
}

// The new bits of an insertion at b of M bits (x ≥ 1): D = E[x | x ≥ 1], S = Var[x | x ≥ 1].
void new_bits(double b, double M, unsigned k, Hashing h, double& D, double& S) {
    const double c = std::max(0.0, M - b);
    double hit, both;  // P(a given clear bit is set by the message), P(two given clear bits both are)
    if (h == Hashing::colliding) {
        // 1 − 2a + a₂ with a = (1 − 1/M)^k, a₂ = (1 − 2/M)^k, as (1 − a)² − a₂·((1 + 1/(M(M − 2)))^k − 1)
        const double a2 = std::exp(k * std::log1p(-2.0 / M));
        hit = -std::expm1(k * std::log1p(-1.0 / M));
        both = hit * hit - a2 * std::expm1(k * std::log1p(1.0 / (M * (M - 2))));
    } else {
        hit = k / M;
        both = k * (k - 1.0) / (M * (M - 1));
    }
    const double om = 1.0 - rho_real(b, M, k, h);
    const double e1 = c * hit, e2 = c * (c - 1) * both + e1;
    D = e1 / om;
    S = std::max(0.0, e2 / om - D * D);
}

struct LnaState {
    double mu = 0, V = 0, arrivals = 0, active_fp = 0;
    std::vector<double> both;
};

InsertionSums lna_sums(std::uint64_t Mi, unsigned k, Hashing h, std::uint64_t N, bool sums) {
    const double M = static_cast<double>(Mi);
    // central differences with step h(μ) = max(1, μ/4096): their truncation is O((kh/μ)²) of a correction term,
    // their rounding O(1e-16·(μ/h)²), both far below the FPR's change for one bit of M' or one message of W
    const auto step_of = [](double x) { return std::max(1.0, x / 4096); };
    const auto second = [&](auto&& g, double x, double V) {
        const double hh = step_of(x);
        return g(x) + 0.5 * V * (g(x + hh) - 2 * g(x) + g(x - hh)) / (hh * hh);
    };
    const auto inv = [&](double b) { return 1.0 / (1.0 - rho_real(b, M, k, h)); };
    const auto ratio = [&](double b) {
        const double r = rho_real(b, M, k, h);
        return r / (1.0 - r);
    };
    std::vector<double> f0(k + 1), fp(k + 1), fm(k + 1);
    // derivative of the state (the integrands G for the sums)
    const auto deriv = [&](const LnaState& y, LnaState& dy) {
        double D0, S0, Dp, Sp, Dm, Sm;
        const double hh = step_of(y.mu);
        new_bits(y.mu, M, k, h, D0, S0);
        new_bits(y.mu + hh, M, k, h, Dp, Sp);
        new_bits(y.mu - hh, M, k, h, Dm, Sm);
        const double D1 = (Dp - Dm) / (2 * hh), D2 = (Dp - 2 * D0 + Dm) / (hh * hh);
        dy.mu = D0 - 0.5 * D1 * D0 + 0.5 * y.V * D2;
        dy.V = 2 * D1 * y.V + S0;
        if (!sums) {
            dy.arrivals = dy.active_fp = 0;
            dy.both.assign(k + 1, 0.0);
            return;
        }
        dy.arrivals = second(inv, y.mu, y.V);
        dy.active_fp = second(ratio, y.mu, y.V);
        falling_ratios(y.mu, M, k, f0.data());
        falling_ratios(y.mu + hh, M, k, fp.data());
        falling_ratios(y.mu - hh, M, k, fm.data());
        const double i0 = inv(y.mu), ip = inv(y.mu + hh), im = inv(y.mu - hh);
        dy.both.assign(k + 1, 0.0);
        for (unsigned j = 1; j <= k; ++j)
            dy.both[j] = f0[j] * i0 + 0.5 * y.V * (fp[j] * ip - 2 * f0[j] * i0 + fm[j] * im) / (hh * hh);
    };
    const auto axpy = [&](const LnaState& y, double a, const LnaState& d) {
        LnaState r = y;
        r.mu += a * d.mu, r.V += a * d.V, r.arrivals += a * d.arrivals, r.active_fp += a * d.active_fp;
        for (unsigned j = 0; j <= k; ++j) r.both[j] += a * d.both[j];
        return r;
    };
    const auto rk4 = [&](LnaState& y, double step) {
        LnaState k1, k2, k3, k4;
        deriv(y, k1);
        deriv(axpy(y, step / 2, k1), k2);
        deriv(axpy(y, step / 2, k2), k3);
        deriv(axpy(y, step, k3), k4);
        y.mu += step / 6 * (k1.mu + 2 * k2.mu + 2 * k3.mu + k4.mu);
        y.V += step / 6 * (k1.V + 2 * k2.V + 2 * k3.V + k4.V);
        y.arrivals += step / 6 * (k1.arrivals + 2 * k2.arrivals + 2 * k3.arrivals + k4.arrivals);
        y.active_fp += step / 6 * (k1.active_fp + 2 * k2.active_fp + 2 * k3.active_fp + k4.active_fp);
        for (unsigned j = 0; j <= k; ++j)
            y.both[j] += step / 6 * (k1.both[j] + 2 * k2.both[j] + 2 * k3.both[j] + k4.both[j]);
    };
    LnaState y;
    y.both.assign(k + 1, 0.0);
    LnaState g0;
    deriv(y, g0);
    const double Nd = static_cast<double>(N);
    const int steps = static_cast<int>(std::min<double>(kSteps, std::max(1.0, Nd - 1)));
    for (int s = 0; s < steps; ++s) rk4(y, (Nd - 1) / steps);
    InsertionSums out;
    out.mean_last = y.mu;
    out.sd_last = std::sqrt(std::max(0.0, y.V));
    if (!sums) return out;
    for (int s = 0; s < 4; ++s) rk4(y, 0.25);
    LnaState gN;
    deriv(y, gN);
    // Σ_{i=0}^{N−1} G(i) = ∫_0^N G − (G(N) − G(0))/2 (Euler–Maclaurin, first correction)
    out.arrivals = y.arrivals - 0.5 * (gN.arrivals - g0.arrivals);
    out.active_fp = y.active_fp - 0.5 * (gN.active_fp - g0.active_fp);
    out.both.assign(k + 1, 0.0);
    for (unsigned j = 1; j <= k; ++j) out.both[j] = y.both[j] - 0.5 * (gN.both[j] - g0.both[j]);
    out.frozen.assign(k + 1, 0.0);
    const double hf = step_of(y.mu);
    falling_ratios(y.mu, M, k, f0.data());
    falling_ratios(y.mu + hf, M, k, fp.data());
    falling_ratios(y.mu - hf, M, k, fm.data());
    for (unsigned j = 0; j <= k; ++j) out.frozen[j] = f0[j] + 0.5 * y.V * (fp[j] - 2 * f0[j] + fm[j]) / (hf * hf);
    out.frozen_rho = second([&](double b) { return rho_real(b, M, k, h); }, y.mu, y.V);
    return out;
}

}  // namespace

InsertionSums insertion_sums(std::uint64_t M, unsigned k, Hashing h, std::uint64_t N, const std::string& force) {
    if (N == 0) throw RangeError("w", "an integer in [1, 2^36]", "0");
    if (force == "exact") return exact_sums(M, k, h, N);
    if (force == "lna") return lna_sums(M, k, h, N, true);
    return insertion_chain_exact(M, k, N) ? exact_sums(M, k, h, N) : lna_sums(M, k, h, N, true);
}

InsertionSums insertion_moments(std::uint64_t M, unsigned k, Hashing h, std::uint64_t N, const std::string& force) {
    if (N == 0) throw RangeError("w", "an integer in [1, 2^36]", "0");
    if (force == "exact" || (force != "lna" && insertion_chain_exact(M, k, N))) return exact_sums(M, k, h, N);
    return lna_sums(M, k, h, N, false);
}

bool insertion_chain_exact(std::uint64_t, unsigned k, std::uint64_t N) {
    // N·(window of B)·(2k + 4) ≤ 2^25, the window ~24 standard deviations of the occupancy after t = N·k probes
    // (≤ √t/2 whatever M') + 2k, at most N·k + 1. Independent of M', so for a given (W, k) a sizing's every
    // candidate M' has the same method, and the chosen size is monotone in W across the switch (docs/window.md).
    const double Nd = static_cast<double>(N), t = Nd * k;
    const double width = std::min(t + 1, 12.0 * std::sqrt(t) + 2.0 * k + 25);
    return Nd * width * (2.0 * k + 4) <= kMaxExactWork;
}

}  // namespace bloomcalc
