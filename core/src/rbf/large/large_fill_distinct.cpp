// Distinct hashes (docs/rbf.md#large-m-distinct). A message sets k distinct bits: after n messages from an
// empty filter, P(all bits inside a given set of c bits) = ρ(c)^n with ρ(c) = (c)_k/(M)_k (eq 11), so by
// inclusion–exclusion over the unset bits and the sum over n,
//   v_b = Σ_n P(B_n = b) = C(M, b)·Σ_{i≤b} (−1)^{b−i}·C(b, i)·f(i),   f(s) = 1/(1 − ρ(s)).
// That alternating sum is a b-th difference of the rational function f; Nörlund–Rice turns it into the
// residues at the k roots p of ρ(p) = 1 (simple poles of f, off [0, b]; f → 0 at ∞):
//   v_b = Σ_p A_p·Π_{c=a0}^{b−1} (M − c)/(p − c) · 1/(p − b),   A_p = 1/ρ'(p) = 1/Σ_{t<k} 1/(p − t),
// exact at every b (a0 = 0; a retaining cycle starts at exactly a0 = k bits, the same with C(M − k, b − k)).
// p = M gives the smooth part 1/(ρ'(M)·(M − b)); the others are p = ω^j·(M + d_j), ω = e^{2πi/k}, d_j = O(k)
// found by Newton on Σ_t log(1 + (d − ω̄^j t)/M) = Σ_t log(1 − t/M) (d_j to full relative precision), and with
// u = 1 + d/M, z = ω^{−j}, ζ = z/u, s = b/M each level multiplies the mode by z·(1 − s)/(u·(1 − s·ζ)): the
// colliding method's Fourier modes (large_fill.cpp) with ζ for z and an extra 1/u. The same machinery follows:
// the first B₀ levels term by term, then Euler–Maclaurin + Gauss–Legendre for the smooth part and summation by
// parts for the modes. The first B₀ levels come from the exact recurrence.
#include "bloomcalc/rbf/large/large_fill_distinct.hpp"

#include <algorithm>
#include <cmath>

#include "bloomcalc/error.hpp"
#include "bloomcalc/narrow.hpp"
#include "bloomcalc/rbf/chain.hpp"
#include "smooth_sum.hpp"

namespace bloomcalc {

using cd = std::complex<double>;
using large::Jet;

namespace {

using large::kPi;
// The exact prefix's tables: B₀ + 1 = 2k² + 65 levels × W ≤ k + 2 weights, k ≤ 64: fewer than 2^20 entries,
// so their indices fit size_t in wasm32.
constexpr std::uint64_t kDistinctPrefixEntries = (LargeFillDistinct::exact_levels(kMaxHashes) + 1) * (kMaxHashes + 2);
using large::H;
using large::kMaxDifferences;

// log(1 + x) to full relative precision for small complex x.
cd log1p_c(cd x) {
    if (std::abs(x) >= 0.25) return std::log(1.0 + x);
    cd p = x, s = 0;
    for (int n = 1; n < 80; ++n, p *= -x) {
        const cd term = p / static_cast<double>(n);
        s += term;
        if (std::abs(term) < 1e-18 * std::abs(s)) break;
    }
    return s;
}

}  // namespace

LargeFillDistinct::LargeFillDistinct(std::uint64_t M, unsigned k, unsigned a0, unsigned extra)
    : M_(M), B0_(exact_levels(k)), top_(M - kTop), k_(k), W_(2 + extra) {
    if (!applicable(M, k))
        throw InfeasibleError("m",
                              "at least " + std::to_string(exact_levels(k) + 2 * kTop + 64) +
                                  " bits for the large-M method at k = " + std::to_string(k),
                              "the filter is too small for the large-M method; use method \"exact\"");
    const double Md = static_cast<double>(M);
    inv_.resize(k + extra);
    for (unsigned o = 0; o < k + extra; ++o) inv_[o] = 1 / (Md - o);
    omega_.resize(k);
    for (unsigned r = 0; r < k; ++r) omega_[r] = std::polar(1.0, 2 * kPi * r / k);
    double rho_M = 0, target = 0;  // ρ'(M) = Σ 1/(M − t); Σ log(1 − t/M)
    for (unsigned t = 0; t < k; ++t) rho_M += 1 / (Md - t), target += std::log1p(-static_cast<double>(t) / Md);
    const double A0 = 1 / rho_M;
    E0_ = A0 / Md;
    std::vector<cd> A, p;  // per mode: 1/ρ'(p), p
    for (unsigned j = 1; 2 * j <= k; ++j) {
        const cd w = omega_[j], wb = std::conj(w);
        cd d = (wb - 1.0) * (static_cast<double>(k - 1) / 2);  // the roots' leading order
        double last = HUGE_VAL;  // Newton until the steps stop falling (quadratic convergence, then rounding)
        for (int it = 0; it < 30; ++it) {
            cd g = -target, gp = 0;
            for (unsigned t = 0; t < k; ++t)
                g += log1p_c((d - wb * static_cast<double>(t)) / Md),
                    gp += 1.0 / (Md + d - wb * static_cast<double>(t));
            const cd step = g / gp;
            const double size = std::abs(step);
            if (size >= last && size <= 1e-12 * (std::abs(d) + 1)) break;
            d -= step, last = size;
        }
        Mode m;
        const cd u = 1.0 + d / Md;
        m.log_u = log1p_c(d / Md);
        m.shift = k - j;
        m.zeta = wb / u;
        m.mult = 2 * j == k ? 1.0 : 2.0;
        m.sin_zeta = 2 * j == k ? 1.0 : std::fabs(m.zeta.imag()) / std::abs(m.zeta);
        const cd root = w * (Md + d);
        cd rp = 0;
        for (unsigned t = 0; t < k; ++t) rp += 1.0 / (root - static_cast<double>(t));
        A.push_back(1.0 / rp), p.push_back(root);
        modes_.push_back(m);
    }
    // The first B₀ levels by the exact probe-level recurrence (the closed form's terms are O(1/k) there while
    // v_b just above a0 is tiny, and ρ(b) grows by C(b, k) across them), then the running sums of every weight
    // and the modes' products Π_{c=a0}^{B₀−1} (M − c)/(p − c) for their amplitudes.
    std::vector<double> e(k, 0.0), next(k), G(k), st(k), mv(k), w(W_);
    vis_.assign(as_size<kDistinctPrefixEntries>(B0_), 0.0);
    for (std::uint64_t b = 0; b < B0_; ++b) {  // the circular recurrence of rbf/chain.cpp
        if (b == a0) e[0] += 1.0;
        double rho = 1.0;
        for (unsigned q = 0; q < k; ++q) {
            st[q] = b >= q ? static_cast<double>(b - q) * inv_[q] : 0.0;  // s_q(b) = (b − q)/(M − q)
            mv[q] = static_cast<double>(M - b) * inv_[q];
            rho *= st[q];
        }
        double acc = 0;
        for (unsigned q = 1; q < k; ++q) acc = (acc + e[q]) * st[q];
        G[0] = (e[0] + acc) / (rho < 0.5 ? 1.0 - rho : rbf_one_minus_rho(b, M, k, Hashing::distinct));
        for (unsigned q = 1; q < k; ++q) G[q] = e[q] + st[q - 1] * G[q - 1];
        vis_[as_size<kDistinctPrefixEntries>(b)] = G[0];
        for (unsigned q = 0; q < k; ++q) next[(q + 1) % k] = mv[q] * G[q];
        e.swap(next);
    }
    cum_.assign(as_size<kDistinctPrefixEntries>((B0_ + 1) * W_), 0.0);
    std::vector<cd> Pi(modes_.size(), 1.0);
    for (std::uint64_t b = 0; b < B0_; ++b) {
        const double bd = static_cast<double>(b);
        if (b >= a0)
            for (std::size_t i = 0; i < modes_.size(); ++i) {
                const cd d = p[i] - bd;
                Pi[i] *= (Md - bd) / std::norm(d) * std::conj(d);
            }
        weight_values(bd, w.data(), W_);
        const std::size_t at = as_size<kDistinctPrefixEntries>(b * W_), level = as_size<kDistinctPrefixEntries>(b);
        for (unsigned i = 0; i < W_; ++i) cum_[at + W_ + i] = cum_[at + i] + vis_[level] * w[i];
    }
    // From B₀: 1/(p − b) = z/(M·u·(1 − s_b·ζ)), so the amplitude is A·Π(B₀)·z/(M·u).
    for (std::size_t i = 0; i < modes_.size(); ++i) {
        Mode& m = modes_[i];
        m.E = A[i] * Pi[i] * omega_[m.shift] / (Md * std::exp(m.log_u));
    }
    T0_.assign(modes_.size() * W_, 0.0);
    T0err_.assign(modes_.size() * W_, 0.0);
    for (std::size_t i = 0; i < modes_.size(); ++i)
        oscillating_tail(modes_[i], B0_, 1.0, &T0_[i * W_], &T0err_[i * W_], W_);
    large::integral_grid(
        static_cast<double>(B0_), static_cast<double>(top_), Md, W_,
        [&](double a, double c, double* I, double* Ie) { smooth_integral(a, c, I, Ie, W_); }, grid_, grid_int_,
        grid_err_);
}

// w_0 = 1, w_1 = (b)_k/(M)_k, w_{1+t} = (b − k)_t/(M − k)_t; b may be any real ≥ 0 (the quadrature's nodes).
void LargeFillDistinct::weight_values(double b, double* w, unsigned n) const {
    w[0] = 1.0;
    double r = 1.0;
    for (unsigned t = 0; t < k_; ++t) r *= b > t ? (b - t) * inv_[t] : 0.0;
    w[1] = r;
    r = 1.0;
    for (unsigned t = 0; t + 2 < n; ++t) {
        const double o = static_cast<double>(k_ + t);
        w[2 + t] = r *= b > o ? (b - o) * inv_[k_ + t] : 0.0;
    }
}

// Smooth part F_i(x) = E0·w_i(x)·M/(M − x) integrated over [a, c] by Gauss–Legendre, with its bound.
void LargeFillDistinct::smooth_integral(double a, double c, double* out, double* err, unsigned n) const {
    const auto& gl = large::gauss_legendre();
    const double h = (c - a) / 2, m = (a + c) / 2, Md = static_cast<double>(M_);
    std::vector<double> w(W_);
    std::fill(out, out + n, 0.0);
    for (int node = 0; node < large::kNodes; ++node) {
        const double x = m + h * gl.x[node], f = gl.w[node] * h * E0_ * Md / (Md - x);
        weight_values(x, w.data(), n);
        for (unsigned i = 0; i < n; ++i) out[i] += f * w[i];
    }
    // |F| on the disk of radius 2h around m: every factor (x − o)/(M − o) and M/(M − x) at x = m + 2h.
    const double y = m + 2 * h, pole = E0_ * Md / (Md - y);
    weight_values(y, w.data(), n);
    for (unsigned i = 0; i < n; ++i) err[i] = large::gauss_error_bound(h, pole * w[i]);
}

// L(b) = Σ_{c=B₀}^{b−1} [log(1 − c/M) − log(1 − c·ζ/M) − log u] by Euler–Maclaurin (two correction terms; the
// integral from H), or directly for short ranges and the last levels; `err` bounds the remainder.
cd LargeFillDistinct::log_product(const Mode& m, std::uint64_t b, double* err) const {
    const cd zeta = m.zeta;
    const double Md = static_cast<double>(M_);
    auto direct = [&](std::uint64_t from, std::uint64_t to) {
        cd L = 0;
        for (std::uint64_t c = from; c < to; ++c) {
            const double s = static_cast<double>(c) / Md;
            L += std::log((1.0 - s) / (1.0 - s * zeta)) - m.log_u;
        }
        return L;
    };
    *err = 0;
    if (b > top_) return log_product(m, top_, err) + direct(top_, b);
    if (b - B0_ <= 64) return direct(B0_, b);
    const double a = static_cast<double>(B0_), c = static_cast<double>(b), pole = Md / std::abs(zeta);
    auto f = [&](double t) { return cd(std::log1p(-t / Md)) - std::log(1.0 - t * zeta / Md); };
    // f^{(n)}(t) = −(n−1)!·[(M − t)^{−n} − (M/ζ − t)^{−n}]
    auto d = [&](double t, int n, double fact) { return -fact * (std::pow(Md - t, -n) - std::pow(Md / zeta - t, -n)); };
    const cd integral = (H(c / Md) - H(a / Md)) * Md - (H(c * zeta / Md) - H(a * zeta / Md)) * (Md / zeta);
    const cd shift = (c - a) * m.log_u;
    const cd L =
        integral + (f(a) - f(c)) / 2.0 + (d(c, 1, 1) - d(a, 1, 1)) / 12.0 - (d(c, 3, 2) - d(a, 3, 2)) / 720.0 - shift;
    // |R| ≤ 2ζ(4)/(2π)^4·∫|f⁗|, |f⁗| ≤ 6/(M − t)^4 + 6/(|M/ζ| − t)^4; plus the rounding of the terms.
    *err = 1.389e-3 * 6 * (c - a) * (std::pow(Md - c, -4) + std::pow(pole - c, -4)) +
           8e-16 * (std::abs(integral) + Md * std::abs(H(c / Md)) * 1e-3 + std::abs(shift));
    return L;
}

// T(a) = Σ_{b≥a} z^{b−a}·F(b), F(b) = P(b)·w(b)/(1 − s_b·ζ), P(b + 1) = P(b)·(1 − s_b)/(u·(1 − s_b·ζ)), for
// every weight: the summation by parts series Σ_d z^d·Δ^dF(a)/(1 − z)^{d+1}, as LargeFill's, with the same
// error treatment; |P| falls (|M − c| < |p − c|), so Σ_{b≥a}|F(b)| ≤ |P(a)|·(M − a + 1)·(1 + 1/|sin arg ζ|).
void LargeFillDistinct::oscillating_tail(const Mode& m, std::uint64_t a, cd P, cd* T, double* err, unsigned n) const {
    const cd z = omega_[m.shift], inv_u = std::exp(-m.log_u), zeta = m.zeta;
    const double Md = static_cast<double>(M_);
    const double whole = std::abs(P) * static_cast<double>(M_ - a + 1) * (1 + 1 / m.sin_zeta);
    std::vector<double> w0(W_), w(W_);
    weight_values(static_cast<double>(a), w0.data(), n);  // every sum up to a is at least about w(a)/(2k)
    bool negligible = true;
    for (unsigned x = 0; x < n; ++x) negligible = negligible && (whole < 1e-17 * w0[x] / k_ || whole < 1e-300);
    if (negligible) {
        std::fill(T, T + n, 0.0);
        std::fill(err, err + n, whole);
        return;
    }
    std::vector<cd> F((kMaxDifferences + 1) * W_);
    cd p = P;
    for (int i = 0; i <= kMaxDifferences; ++i) {
        const double bd = static_cast<double>(a + i), s = bd / Md;
        weight_values(bd, w.data(), n);
        const cd base = p / (1.0 - s * zeta);
        for (unsigned x = 0; x < n; ++x) F[i * W_ + x] = base * w[x];
        p *= (1.0 - s) / (1.0 - s * zeta) * inv_u;
    }
    const bool all = large::sum_by_parts(F.data(), W_, n, z, w0.data(), T, err);
    if (!all)  // the series did not settle (fast damping): term by term
        large::tail_term_by_term(
            a, M_, k_, P, z, zeta, m.sin_zeta, n, w0.data(),
            [&](std::uint64_t b, double* out) { weight_values(static_cast<double>(b), out, n); },
            [&](double sb) { return (1.0 - sb) / (1.0 - sb * zeta) * inv_u; }, T, err);
}

double LargeFillDistinct::visits(std::uint64_t b) const {
    double v;
    visits(b, 1, &v);
    return v;
}

void LargeFillDistinct::visits(std::uint64_t b0, unsigned n, double* out) const {
    const double Md = static_cast<double>(M_);
    for (unsigned i = 0; i < n; ++i) {
        const std::uint64_t b = b0 + i;
        out[i] = b < B0_ ? vis_[as_size<kDistinctPrefixEntries>(b)] : E0_ / (1 - static_cast<double>(b) / Md);
    }
    const std::uint64_t from = std::max(b0, B0_);
    if (from >= b0 + n) return;
    for (const Mode& m : modes_) {
        double e;
        cd P = std::exp(log_product(m, from, &e));
        if (std::abs(m.E) * std::abs(P) * (1 + 1 / m.sin_zeta) < 1e-18 * E0_) continue;  // below v_b's last bit
        const cd inv_u = std::exp(-m.log_u);
        for (std::uint64_t b = from; b < b0 + n; ++b) {
            const double s = static_cast<double>(b) / Md;
            out[b - b0] += m.mult * (m.E * z_power(m, b - B0_) * P / (1.0 - s * m.zeta)).real();
            P *= (1.0 - s) / (1.0 - s * m.zeta) * inv_u;
        }
    }
}

void LargeFillDistinct::sums(std::uint64_t sigma, double* sum, double* err, unsigned n) const {
    const unsigned N = std::min(n, W_);  // the first n weights only
    std::fill(err, err + N, 0.0);
    if (sigma < B0_) {
        const std::size_t at = as_size<kDistinctPrefixEntries>((sigma + 1) * W_);  // σ < B₀
        for (unsigned i = 0; i < N; ++i) sum[i] = cum_[at + i], err[i] = 1e-15 * sum[i];
        return;
    }
    const double Md = static_cast<double>(M_);
    for (unsigned i = 0; i < N; ++i) sum[i] = cum_[as_size<kDistinctPrefixEntries>(B0_ * W_) + i];
    // Smooth part: Euler–Maclaurin on [B₀, c], c = min(σ, top); term by term above.
    const std::uint64_t c = std::min(sigma, top_);
    const double cdd = static_cast<double>(c);
    const std::size_t g =
        static_cast<std::size_t>(std::upper_bound(grid_.begin(), grid_.end(), cdd) - grid_.begin()) - 1;
    std::vector<double> I(W_), Ie(W_), w(W_);
    smooth_integral(grid_[g], cdd, I.data(), Ie.data(), N);
    auto jets = [&](double b, std::vector<Jet>& out) {
        out.assign(W_, Jet{});
        Jet pole = large::jet_pole(Md, b);
        for (double& t : pole.t) t *= E0_;
        out[0] = pole;
        Jet r = large::jet_linear(1.0, 0.0);
        for (unsigned t = 0; t < k_; ++t) r = r * large::jet_linear((b - t) / (Md - t), 1 / (Md - t));
        out[1] = r * pole;
        r = large::jet_linear(1.0, 0.0);
        for (unsigned t = 0; t + 2 < N; ++t) {
            const double o = static_cast<double>(k_ + t);
            r = r * large::jet_linear((b - o) / (Md - o), 1 / (Md - o));
            out[2 + t] = r * pole;
        }
    };
    std::vector<Jet> ja, jc;
    jets(static_cast<double>(B0_), ja);
    jets(cdd, jc);
    for (unsigned i = 0; i < N; ++i) {
        sum[i] += grid_int_[g * W_ + i] + I[i] + large::euler_maclaurin_terms(ja[i], jc[i]);
        // Every derivative of F_i is ≥ 0 on [B₀, M) (factors b − o ≥ 0, 1/(M − b)): ∫|F⁽⁶⁾| = F⁽⁵⁾(c) − F⁽⁵⁾(B₀).
        err[i] += large::kEulerMaclaurinRemainder * 120 * (jc[i].t[5] - ja[i].t[5]) + grid_err_[g * W_ + i] + Ie[i];
    }
    for (std::uint64_t b = c + 1; b <= sigma; ++b) {
        const double bd = static_cast<double>(b);
        weight_values(bd, w.data(), N);
        const double f = E0_ * Md / (Md - bd);
        for (unsigned i = 0; i < N; ++i) sum[i] += f * w[i];
    }
    // The modes: mult·Re(E·[T(B₀) − z^{σ+1−B₀}·Q(σ+1)·T(σ+1)]).
    std::vector<cd> T(W_);
    std::vector<double> Te(W_);
    for (std::size_t j = 0; j < modes_.size(); ++j) {
        const Mode& m = modes_[j];
        double le;
        const cd P = std::exp(log_product(m, sigma + 1, &le));
        oscillating_tail(m, sigma + 1, P, T.data(), Te.data(), N);
        const cd zs = z_power(m, sigma + 1 - B0_);
        const double amp = std::abs(m.E) * m.mult;
        for (unsigned i = 0; i < N; ++i) {
            sum[i] += m.mult * (m.E * (T0_[j * W_ + i] - zs * T[i])).real();
            err[i] += amp * (T0err_[j * W_ + i] + Te[i] + std::abs(T[i]) * (std::exp(le) - 1));
        }
    }
    for (unsigned i = 0; i < N; ++i) err[i] += 1e-13 * std::fabs(sum[i]);  // rounding of the sums themselves
}

}  // namespace bloomcalc
