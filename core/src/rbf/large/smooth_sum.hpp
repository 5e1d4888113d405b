// Internal tools of the large-M method (docs/rbf.md#large-m), shared by the colliding fill (large_fill.cpp) and
// the distinct one (large_fill_distinct.cpp): truncated Taylor series ("jets") for the derivatives
// Euler–Maclaurin needs, Gauss–Legendre quadrature with its error bound and the grid of the smooth part's
// integral, the Euler–Maclaurin sum of a smooth function over a range of integers, H for the integral of the
// log-products, and summation by parts (or term by term) for the oscillating modes.
#pragma once

#include <algorithm>
#include <array>
#include <cmath>
#include <complex>
#include <cstdint>
#include <string>
#include <vector>

#include "bloomcalc/error.hpp"

namespace bloomcalc::large {

constexpr double kPi = 3.14159265358979323846;  // the modes' roots of unity, e^{2πir/k}

// Taylor coefficients t_n = F^{(n)}(b)/n!, n = 0..kJet − 1.
constexpr int kJet = 7;
struct Jet {
    std::array<double, kJet> t{};
};

inline Jet jet_linear(double value, double slope) {
    Jet j;
    j.t[0] = value, j.t[1] = slope;
    return j;
}

inline Jet operator*(const Jet& a, const Jet& b) {
    Jet r;
    for (int n = 0; n < kJet; ++n)
        for (int i = 0; i <= n; ++i) r.t[n] += a.t[i] * b.t[n - i];
    return r;
}

inline Jet jet_power(Jet x, unsigned k) {
    Jet r;
    r.t[0] = 1.0;
    for (; k; k >>= 1, x = x * x)
        if (k & 1) r = r * x;
    return r;
}

// M/(M − b) as a jet at b: t_n = M/(M − b)^{n+1}.
inline Jet jet_pole(double M, double b) {
    Jet r;
    const double inv = 1.0 / (M - b);
    double p = M * inv;
    for (int n = 0; n < kJet; ++n, p *= inv) r.t[n] = p;
    return r;
}

// n-point Gauss–Legendre nodes and weights on [−1, 1] (Newton on P_n; Golub–Welsch accuracy).
struct GaussLegendre {
    std::vector<double> x, w;
    explicit GaussLegendre(int n) : x(n), w(n) {
        const double pi = 3.14159265358979323846;
        for (int i = 0; i < n; ++i) {
            double z = std::cos(pi * (i + 0.75) / (n + 0.5)), dp = 0;
            for (int it = 0; it < 100; ++it) {
                double p0 = 1, p1 = z;
                for (int m = 2; m <= n; ++m) {
                    const double p2 = ((2 * m - 1) * z * p1 - (m - 1) * p0) / m;
                    p0 = p1, p1 = p2;
                }
                dp = n * (z * p1 - p0) / (z * z - 1);
                const double dz = p1 / dp;
                z -= dz;
                if (std::fabs(dz) < 1e-17) break;
            }
            x[i] = z, w[i] = 2 / ((1 - z * z) * dp * dp);
        }
    }
};

constexpr int kNodes = 20;
inline const GaussLegendre& gauss_legendre() {
    static const GaussLegendre gl(kNodes);
    return gl;
}

// Bernstein-ellipse bound of n-point Gauss–Legendre on [a, c] (Trefethen, ATAP Thm 19.3):
// |error| ≤ (64/15)·h·max_ellipse|F|·ρ^{−2n}/(ρ² − 1), h the half-length. With ρ = 2 + √3 the ellipse
// lies in the disk of radius 2h around the centre; `max_on_disk` bounds |F| there.
inline double gauss_error_bound(double half_length, double max_on_disk) {
    const double rho = 2 + std::sqrt(3.0);
    return 64.0 / 15.0 * half_length * max_on_disk * std::pow(rho, -2.0 * kNodes) / (rho * rho - 1);
}

// The smooth part's integral on a grid from B₀ to `top`: blocks at most half their start and a quarter of the
// way to M. `integral(a, c, I, Ie)` integrates the W weights over [a, c] with their bounds; grid_int and
// grid_err get the running integrals and bounds at every grid point (W per point).
template <class Integral>
void integral_grid(double B0, double top, double M, unsigned W, Integral integral, std::vector<double>& grid,
                   std::vector<double>& grid_int, std::vector<double>& grid_err) {
    grid.push_back(B0);
    grid_int.assign(W, 0.0), grid_err.assign(W, 0.0);
    std::vector<double> I(W), Ie(W);
    while (grid.back() < top) {
        const double g = grid.back();
        const double next_g = std::min(top, std::floor(g + std::max(1.0, std::min(g / 2, (M - g) / 4))));
        integral(g, next_g, I.data(), Ie.data());
        const std::size_t base = grid_int.size() - W;
        for (unsigned i = 0; i < W; ++i) {
            grid_int.push_back(grid_int[base + i] + I[i]);
            grid_err.push_back(grid_err[base + i] + Ie[i]);
        }
        grid.push_back(next_g);
    }
}

// H(x) = −(1 − x)·log(1 − x) − x = −Σ_{n≥2} x^n/(n(n−1)): ∫_0^c log(1 − t·u) dt = H(c·u)/u.
inline std::complex<double> H(std::complex<double> x) {
    if (std::abs(x) < 0.25) {
        std::complex<double> p = x * x, s = 0;
        for (int n = 2; n < 60; ++n, p *= x) {
            const std::complex<double> term = p / static_cast<double>(n * (n - 1));
            s -= term;
            if (std::abs(term) < 1e-20 * std::abs(s)) break;
        }
        return s;
    }
    return -(1.0 - x) * std::log(1.0 - x) - x;
}

// Euler–Maclaurin with three correction terms: Σ_{b=a}^{c} F(b) = ∫_a^c F + (F(a) + F(c))/2 + Σ_{p≤3}
// B_{2p}/(2p)!·(F^{(2p−1)}(c) − F^{(2p−1)}(a)) + R, |R| ≤ 2ζ(6)/(2π)^6·∫_a^c |F^{(6)}|.
inline double euler_maclaurin_terms(const Jet& a, const Jet& c) {
    // F^{(n)} = n!·t_n; B_2/2! = 1/12, B_4/4! = −1/720, B_6/6! = 1/30240.
    return (a.t[0] + c.t[0]) / 2 + (c.t[1] - a.t[1]) / 12 - 6 * (c.t[3] - a.t[3]) / 720 +
           120 * (c.t[5] - a.t[5]) / 30240;
}
constexpr double kEulerMaclaurinRemainder = 3.3066e-5;  // 2ζ(6)/(2π)^6, times ∫|F^{(6)}|

// Summation by parts: T[x] = Σ_{i≥0} z^i·F_x(a + i) = Σ_d z^d·Δ^dF_x(a)/(1 − z)^{d+1} from the values
// F[i·stride + x], i ≤ kMaxDifferences, x < n, to the first difference order whose term is negligible (or the
// rounding floor of the differences, where the terms stop falling; w0[x] sets that scale); err[x] = 2× the last
// term kept + 1e-15·|T[x]| (the terms fall geometrically once the series converges). Returns whether every
// series settled.
constexpr int kMaxDifferences = 28;
inline bool sum_by_parts(const std::complex<double>* F, unsigned stride, unsigned n, std::complex<double> z,
                         const double* w0, std::complex<double>* T, double* err) {
    using cd = std::complex<double>;
    const cd inv = 1.0 / (1.0 - z);
    bool all = true;
    std::vector<cd> D(kMaxDifferences + 1);
    for (unsigned x = 0; x < n; ++x) {
        for (int i = 0; i <= kMaxDifferences; ++i) D[i] = F[i * stride + x];
        cd sum = 0, factor = inv;  // z^d/(1 − z)^{d+1}
        double last = HUGE_VAL;
        bool done = false;
        for (int d = 0; d < kMaxDifferences && !done; ++d) {
            const cd term = factor * D[0];
            const double prev = last;
            last = std::abs(term);
            // Converged, or at the rounding floor of the differences (the terms stop falling).
            if (last >= 0.5 * prev && (last < 1e-6 * std::abs(sum) || last < 1e-13 * w0[x])) {
                last = prev;
                done = true;
                break;
            }
            sum += term;
            done = last <= 1e-17 * std::abs(sum) || last < 1e-300;
            for (int i = 0; i + d < kMaxDifferences; ++i) D[i] = D[i + 1] - D[i];
            factor *= z * inv;
        }
        T[x] = sum;
        err[x] = 2 * last + 1e-15 * std::abs(sum);
        all = all && done;
    }
    return all;
}

// A mode's tail T[x] = Σ_{b≥a} z^{b−a}·P(b)·w_x(b)/(1 − s_b·ζ), b < M, term by term (where the summation by parts
// series did not settle: the damping is fast there), P(a) = P, P(b + 1) = P(b)·step(s_b), until what is left,
// ≤ |P(b)|·(M − b + 1)·(1 + 1/sin_t), is negligible; err[x] that rest. `weights(b, w)` fills w_0..w_{n−1} at b;
// `w0`: the weights at a (the scale of the sums); k names the refusal when the terms do not fall.
template <class Weights, class Step>
void tail_term_by_term(std::uint64_t a, std::uint64_t M, unsigned k, std::complex<double> P, std::complex<double> z,
                       std::complex<double> zeta, double sin_t, unsigned n, const double* w0, Weights weights,
                       Step step, std::complex<double>* T, double* err) {
    using cd = std::complex<double>;
    const double Md = static_cast<double>(M);
    std::vector<double> w(n);
    std::fill(T, T + n, 0.0);
    cd pb = P, zb = 1.0;
    for (std::uint64_t b = a; b < M; ++b) {
        const double left = std::abs(pb) * static_cast<double>(M - b + 1) * (1 + 1 / sin_t);
        bool small = left < 1e-30;
        for (unsigned x = 0; x < n && !small; ++x) small = left < 1e-17 * std::abs(T[x]) && left < 1e-13 * w0[x];
        if (small || b - a > (1u << 16)) {
            if (!small)
                throw InfeasibleError("m", "a larger M for the large-M method at k = " + std::to_string(k),
                                      "the phase terms do not converge; use method \"exact\"");
            for (unsigned x = 0; x < n; ++x) err[x] = left + 1e-15 * std::abs(T[x]);
            break;
        }
        const double sb = static_cast<double>(b) / Md;
        weights(b, w.data());
        const cd base = zb * pb / (1.0 - sb * zeta);
        for (unsigned x = 0; x < n; ++x) T[x] += base * w[x];
        pb *= step(sb);
        zb *= z;
    }
}

}  // namespace bloomcalc::large
