// Colliding hashes: at level b every probe stays with s = b/M, so the number T_b of extra probes a level
// takes is geometric and independent of the phase it was entered in. The entries' Fourier coefficients
// ê_b(j) = Σ_q e_b(q) z^q (z = ω^j, ω = e^{2πi/k}) therefore evolve by a product,
//   ê_{b+1}(j) = ê_b(j)·z·(1 − s_b)/(1 − s_b z),
// and the visits are v_b = (1/k)·Σ_j ê_b(j)/(1 − s_b z) (Σ_q z^{−q}·s^{(−q mod k)}/(1 − s^k) = 1/(1 − s z)).
// j = 0 is the closed form after the phases mix, e/(1 − s); the other terms are damped by
// |(1 − s)/(1 − s z)| < 1. After B₀ exact levels:
//   v_b = (1/k)·[E/(1 − s_b) + Σ_{j≠0} ê(j)·z^{b−B₀}·P_j(b)/(1 − s_b z)],  P_j(b) = Π_{c=B₀}^{b−1} (1 − s_c)/(1 − s_c z).
// Sums over b of the smooth part: Euler–Maclaurin (derivatives of every order ≥ 0, so the remainder is bounded
// by the endpoint derivatives), its integral by Gauss–Legendre on a geometric grid (Bernstein bound). Sums of
// the oscillating part: Σ_{b≥a} z^{b−a} F(b) = Σ_d z^d Δ^d F(a)/(1 − z)^{d+1} (summation by parts), so a
// partial sum is the difference of two such tails. See docs/rbf.md#large-m.
#include "bloomcalc/rbf/large/large_fill.hpp"

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

using large::H;
using large::kMaxDifferences;
using large::kPi;

// The exact prefix's tables: S ≤ k starts (one per restart bit count) × B₀ = 2k² + 64 levels × W ≤ k + 2
// weights, k ≤ 64: fewer than 2^26 entries, so their indices fit size_t in wasm32.
constexpr std::uint64_t kPrefixEntries =
    std::uint64_t{kMaxHashes} * LargeFill::exact_levels(kMaxHashes) * (kMaxHashes + 2);

}  // namespace

LargeFill::LargeFill(std::uint64_t M, unsigned k, const std::vector<double>& start, unsigned j_lo)
    : LargeFill(M, k, std::vector<std::vector<double>>{start}, j_lo) {}

LargeFill::LargeFill(std::uint64_t M, unsigned k, const std::vector<std::vector<double>>& starts, unsigned j_lo)
    : M_(M),
      B0_(exact_levels(k)),
      top_(M - kTop),
      k_(k),
      j_lo_(j_lo),
      W_(2 + (j_lo <= k ? k - j_lo + 1 : 0)),
      S_(static_cast<unsigned>(starts.size())) {
    if (!applicable(M, k))
        throw InfeasibleError("m",
                              "at least " + std::to_string(exact_levels(k) + 2 * kTop + 64) +
                                  " bits for the large-M method at k = " + std::to_string(k),
                              "the filter is too small for the large-M method; use method \"exact\"");
    const double Md = static_cast<double>(M);
    omega_.resize(k);
    for (unsigned r = 0; r < k; ++r) omega_[r] = std::polar(1.0, 2 * kPi * r / k);
    // Exact recurrence on the first B₀ levels (rbf/chain.cpp), with the running sums of every weight.
    const std::uint64_t C = (B0_ + kCumStride - 1) / kCumStride;
    vis_.resize(as_size<kPrefixEntries>(S_ * B0_)), cum_.assign(as_size<kPrefixEntries>(S_ * C * W_), 0.0);
    cumB0_.assign(S_ * W_, 0.0), mass_.resize(S_);
    ehat_.assign(S_ * (k / 2 + 1), 0.0);
    std::vector<double> w(W_);
    // Every start at once, level by level (e[q·S + s]): the per-level factors are shared, the loops over the
    // starts vectorise.
    const unsigned S = S_;
    std::vector<double> e(k * S, 0.0), next(k * S), G(k * S), acc(S), run(W_ * S, 0.0);
    for (std::uint64_t b = 0; b < B0_; ++b) {
        weight_values(b, w.data());
        if (b % kCumStride == 0)
            for (unsigned st = 0; st < S; ++st)
                for (unsigned i = 0; i < W_; ++i)
                    cum_[as_size<kPrefixEntries>((st * C + b / kCumStride) * W_ + i)] = run[i * S + st];
        for (unsigned st = 0; st < S; ++st)
            if (b < starts[st].size()) e[st] += starts[st][as_size<kPrefixEntries>(b)];
        const double s = static_cast<double>(b) / Md, mv = static_cast<double>(M - b) / Md;
        const double inv = 1.0 / rbf_one_minus_rho(b, M, k, Hashing::colliding);
        std::fill(acc.begin(), acc.end(), 0.0);
        for (unsigned p = 1; p < k; ++p)
            for (unsigned st = 0; st < S; ++st) acc[st] = (acc[st] + e[p * S + st]) * s;
        for (unsigned st = 0; st < S; ++st) G[st] = (e[st] + acc[st]) * inv;
        for (unsigned q = 1; q < k; ++q)
            for (unsigned st = 0; st < S; ++st) G[q * S + st] = e[q * S + st] + s * G[(q - 1) * S + st];
        for (unsigned st = 0; st < S; ++st) vis_[as_size<kPrefixEntries>(st * B0_ + b)] = G[st];
        for (unsigned i = 0; i < W_; ++i)
            for (unsigned st = 0; st < S; ++st) run[i * S + st] += G[st] * w[i];
        for (unsigned q = 0; q < k; ++q)
            for (unsigned st = 0; st < S; ++st) next[((q + 1) % k) * S + st] = mv * G[q * S + st];
        e.swap(next);
    }
    for (unsigned st = 0; st < S; ++st) {
        for (unsigned i = 0; i < W_; ++i) cumB0_[st * W_ + i] = run[i * S + st];
        for (unsigned j = 0; j <= k / 2; ++j)
            for (unsigned q = 0; q < k; ++q) ehat_[st * (k / 2 + 1) + j] += e[q * S + st] * omega_[(j * q) % k];
        mass_[st] = ehat_[st * (k / 2 + 1)].real();
    }
    E0_ = mass_[0];
    // Oscillating tails from B₀ (P_j(B₀) = 1).
    T0_.assign((k / 2 + 1) * W_, 0.0);
    T0err_.assign((k / 2 + 1) * W_, 0.0);
    for (unsigned j = 1; j <= k / 2; ++j) oscillating_tail(j, B0_, 1.0, &T0_[j * W_], &T0err_[j * W_]);
    large::integral_grid(
        static_cast<double>(B0_), static_cast<double>(top_), Md, W_,
        [&](double a, double c, double* I, double* Ie) { smooth_integral(a, c, I, Ie); }, grid_, grid_int_, grid_err_);
}

void LargeFill::weight_values(std::uint64_t b, double* w) const {
    const double Md = static_cast<double>(M_), x = static_cast<double>(b) / Md;
    w[0] = 1.0;
    w[1] = std::pow(x, static_cast<double>(k_));
    double r = 1.0;
    for (unsigned t = 0; t < k_; ++t) {
        r *= b > t ? static_cast<double>(b - t) / static_cast<double>(M_ - t) : 0.0;
        if (t + 1 >= j_lo_) w[2 + (t + 1 - j_lo_)] = r;
    }
}

// Smooth part F_i(x) = (E/k)·w_i(x)·M/(M − x) integrated over [a, c] by Gauss–Legendre, with its bound.
void LargeFill::smooth_integral(double a, double c, double* out, double* err) const {
    const auto& gl = large::gauss_legendre();
    const double h = (c - a) / 2, m = (a + c) / 2, Md = static_cast<double>(M_), scale = E0_ / k_;
    std::fill(out, out + W_, 0.0);
    for (int n = 0; n < large::kNodes; ++n) {
        const double x = m + h * gl.x[n], f = gl.w[n] * h * scale * Md / (Md - x);
        out[0] += f;
        out[1] += f * std::pow(x / Md, static_cast<double>(k_));
        double r = 1.0;
        for (unsigned t = 0; t < k_; ++t) {
            r *= (x - t) / (Md - t);
            if (t + 1 >= j_lo_) out[2 + (t + 1 - j_lo_)] += f * r;
        }
    }
    // |F| on the disk of radius 2h around m: each factor at its largest modulus there.
    const double y = m + 2 * h, pole = scale * Md / (Md - y);
    err[0] = large::gauss_error_bound(h, pole);
    err[1] = large::gauss_error_bound(h, pole * std::pow(y / Md, static_cast<double>(k_)));
    double r = 1.0;
    for (unsigned t = 0; t < k_; ++t) {
        r *= (y - t) / (Md - t);
        if (t + 1 >= j_lo_) err[2 + (t + 1 - j_lo_)] = large::gauss_error_bound(h, pole * r);
    }
}

// L_j(b) = Σ_{c=B₀}^{b−1} [log(1 − c/M) − log(1 − c·z/M)] by Euler–Maclaurin (two correction terms; the
// integral from H), or directly for short ranges; `err` bounds the remainder.
cd LargeFill::log_product(unsigned j, std::uint64_t b, double* err) const {
    const cd z = omega_[j];
    const double Md = static_cast<double>(M_);
    *err = 0;
    if (b > top_) {  // the last levels term by term (M − c ≥ 1)
        cd L = log_product(j, top_, err);
        for (std::uint64_t c = top_; c < b; ++c) {
            const double s = static_cast<double>(c) / Md;
            L += std::log((1.0 - s) / (1.0 - s * z));
        }
        return L;
    }
    if (b - B0_ <= 64) {
        cd L = 0;
        for (std::uint64_t c = B0_; c < b; ++c) {
            const double s = static_cast<double>(c) / Md;
            L += std::log((1.0 - s) / (1.0 - s * z));
        }
        return L;
    }
    const double a = static_cast<double>(B0_), c = static_cast<double>(b);
    auto f = [&](double t) { return cd(std::log1p(-t / Md)) - std::log(1.0 - t * z / Md); };
    // f^{(n)}(t) = −(n−1)!·[(M − t)^{−n} − (M/z − t)^{−n}]
    auto d = [&](double t, int n, double fact) { return -fact * (std::pow(Md - t, -n) - std::pow(Md / z - t, -n)); };
    const cd integral = (H(c / Md) - H(a / Md)) * Md - (H(c * z / Md) - H(a * z / Md)) * (Md / z);
    const cd L = integral + (f(a) - f(c)) / 2.0 + (d(c, 1, 1) - d(a, 1, 1)) / 12.0 - (d(c, 3, 2) - d(a, 3, 2)) / 720.0;
    // |R| ≤ 2ζ(4)/(2π)^4·∫|f⁗| ≤ 1.389e-3·6·2·(b − B₀)/(M − b)^4; plus the rounding of the integral's terms.
    *err =
        1.389e-3 * 12 * (c - a) / std::pow(Md - c, 4) + 8e-16 * (std::abs(integral) + Md * std::abs(H(c / Md)) * 1e-3);
    return L;
}

// T_j(a) = Σ_{b≥a} z^{b−a}·F(b), F(b) = P_j(b)·w(b)/(1 − s_b z) for every weight, P = P_j(a): the summation by
// parts series, to the first difference order whose term is negligible; `err` bounds the truncation by the
// last term kept (the terms fall geometrically once the series converges) or, where P_j is negligible,
// bounds the whole tail by Σ_b |P_j(b)|·w/|1 − s z|.
void LargeFill::oscillating_tail(unsigned j, std::uint64_t a, cd P, cd* T, double* err) const {
    const cd z = omega_[j];
    const double Md = static_cast<double>(M_), sin_t = std::fabs(z.imag()) > 0 ? std::fabs(z.imag()) : 1.0;
    const double Pabs = std::abs(P);
    const double whole = Pabs * static_cast<double>(M_ - a + 1) * (1 + 1 / sin_t);  // Σ_{b≥a} |F(b)|, w ≤ 1
    std::vector<double> w0(W_);
    weight_values(a, w0.data());  // the weights at a: every sum up to a is at least w(a − 1)·v_{a−1} ≳ w(a)/(2k)
    bool negligible = true;
    for (unsigned x = 0; x < W_; ++x) negligible = negligible && (whole < 1e-17 * w0[x] / k_ || whole < 1e-300);
    if (negligible) {
        std::fill(T, T + W_, 0.0);
        std::fill(err, err + W_, whole);
        return;
    }
    // Values F(a + i), i ≤ kMaxDifferences, then the difference table per weight.
    std::vector<cd> F((kMaxDifferences + 1) * W_);
    std::vector<double> w(W_);
    cd p = P;
    for (int i = 0; i <= kMaxDifferences; ++i) {
        const std::uint64_t b = a + i;
        const double s = static_cast<double>(b) / Md;
        weight_values(b, w.data());
        const cd base = p / (1.0 - s * z);
        for (unsigned x = 0; x < W_; ++x) F[i * W_ + x] = base * w[x];
        p *= (1.0 - s) / (1.0 - s * z);
    }
    const bool all = large::sum_by_parts(F.data(), W_, W_, z, w0.data(), T, err);
    if (!all)  // the series did not settle: the damping is fast here (large s), so term by term
        large::tail_term_by_term(
            a, M_, k_, P, z, z, sin_t, W_, w0.data(), [&](std::uint64_t b, double* out) { weight_values(b, out); },
            [&](double sb) { return (1.0 - sb) / (1.0 - sb * z); }, T, err);
}

double LargeFill::visits(std::uint64_t b) const {
    double v;
    visits(b, 1, &v);
    return v;
}

void LargeFill::visits(std::uint64_t b0, unsigned n, double* out) const {
    if (S_ == 1) return visits_each(b0, n, out);
    std::vector<double> all(S_ * n);
    visits_each(b0, n, all.data());
    std::copy(all.begin(), all.begin() + n, out);
}

void LargeFill::visits_each(std::uint64_t b0, unsigned n, double* out, double* abs_err_out) const {
    const double Md = static_cast<double>(M_);
    const unsigned J = k_ / 2 + 1;
    for (unsigned st = 0; st < S_; ++st)
        for (unsigned i = 0; i < n; ++i) {
            const std::uint64_t b = b0 + i;
            out[st * n + i] = b < B0_ ? vis_[as_size<kPrefixEntries>(st * B0_ + b)]
                                      : mass_[st] / (1 - static_cast<double>(b) / Md) / k_;
        }
    // Absolute error of the closed form per level (shared by the starts, as a multiple of max |ê|).
    std::vector<double> abs_err(n, 0.0);
    const std::uint64_t from = std::max(b0, B0_);
    for (unsigned j = 1; j <= k_ / 2 && from < b0 + n; ++j) {
        double e, amp = 0, mass = HUGE_VAL;
        for (unsigned st = 0; st < S_; ++st)
            amp = std::max(amp, std::abs(ehat_[st * J + j])), mass = std::min(mass, mass_[st]);
        const cd z = omega_[j];
        cd P = std::exp(log_product(j, from, &e));
        // |term| ≤ |ê|·|P|/|1 − s z| ≤ |ê|·|P|·(1 + 1/|sin θ|): skip where it cannot reach the last bit of v_b.
        const double reach = amp * std::abs(P) * (1 + 1 / std::max(std::fabs(z.imag()), 1e-300));
        if (reach < 1e-18 * mass) {
            for (double& a : abs_err) a += 2 * reach / k_;
            continue;
        }
        const double mult = 2 * j == k_ ? 1.0 : 2.0;
        for (std::uint64_t b = from; b < b0 + n; ++b) {
            const double s = static_cast<double>(b) / Md;
            const cd base = omega_[(j * ((b - B0_) % k_)) % k_] * P / (1.0 - s * z);
            for (unsigned st = 0; st < S_; ++st) out[st * n + b - b0] += mult * (ehat_[st * J + j] * base).real() / k_;
            // L_j's bound, then the rounding of exp and of the running product (≤ 4 + 3·(b − from) ulps).
            abs_err[as_size<kMaxUnsigned>(b - b0)] +=
                mult * amp * std::abs(base) / k_ *
                (std::expm1(e) + 1e-14 + (4.0 + 3.0 * static_cast<double>(b - from)) * 0x1p-52);
            P *= (1.0 - s) / (1.0 - s * z);
        }
    }
    if (!abs_err_out) return;
    for (unsigned st = 0; st < S_; ++st)
        for (unsigned i = 0; i < n; ++i) {
            // Prefix levels: the exact recurrence's rounding; closed form: its terms' bounds (ê to 1e-14 relative, the
            // prefix's rounding) plus the smooth term's.
            const double v = std::fabs(out[st * n + i]),
                         smooth = mass_[st] / (1 - static_cast<double>(b0 + i) / Md) / k_;
            abs_err_out[st * n + i] = b0 + i < B0_ ? 1e-14 * v : abs_err[i] + 1e-14 * smooth + 4 * 0x1p-52 * v;
        }
}

void LargeFill::sums(std::uint64_t sigma, double* sum, double* err) const {
    std::vector<double> coef(S_, 0.0);
    coef[0] = 1.0;
    sums(sigma, 1, coef.data(), sum, err);
}

void LargeFill::sums(std::uint64_t sigma, unsigned rows, const double* coef, double* sum, double* err) const {
    std::fill(err, err + rows * W_, 0.0);
    std::fill(sum, sum + rows * W_, 0.0);
    const unsigned J = k_ / 2 + 1;
    if (sigma < B0_) {  // the exact prefix: from the checkpoint before σ + 1, the same additions in order
        const std::uint64_t C = (B0_ + kCumStride - 1) / kCumStride, c = (sigma + 1) / kCumStride;
        std::vector<double> run(W_), w(W_);
        for (unsigned st = 0; st < S_; ++st) {
            const double* at = &cum_[as_size<kPrefixEntries>((st * C + c) * W_)];
            std::copy(at, at + W_, run.begin());
            for (std::uint64_t b = c * kCumStride; b <= sigma; ++b) {
                weight_values(b, w.data());
                for (unsigned i = 0; i < W_; ++i) run[i] += vis_[as_size<kPrefixEntries>(st * B0_ + b)] * w[i];
            }
            for (unsigned r = 0; r < rows; ++r)
                for (unsigned i = 0; i < W_; ++i) sum[r * W_ + i] += coef[r * S_ + st] * run[i];
        }
        for (unsigned i = 0; i < rows * W_; ++i) err[i] = 1e-15 * std::fabs(sum[i]);
        return;
    }
    const double Md = static_cast<double>(M_), scale = E0_ / k_;
    // Per row: the prefix sums at B₀, the smooth part's factor (its mass over start 0's) and ê(j).
    std::vector<double> factor(rows, 0.0);
    std::vector<cd> eh(rows * J, 0.0);
    for (unsigned r = 0; r < rows; ++r)
        for (unsigned st = 0; st < S_; ++st) {
            const double c = coef[r * S_ + st];
            if (c == 0.0) continue;
            for (unsigned i = 0; i < W_; ++i) sum[r * W_ + i] += c * cumB0_[st * W_ + i];
            factor[r] += c * mass_[st];
            for (unsigned j = 1; j < J; ++j) eh[r * J + j] += c * ehat_[st * J + j];
        }
    for (double& f : factor) f /= E0_;
    // Smooth part: Euler–Maclaurin on [B₀, c], c = min(σ, top); term by term above.
    const std::uint64_t c = std::min(sigma, top_);
    const double cd_ = static_cast<double>(c);
    const std::size_t g =
        static_cast<std::size_t>(std::upper_bound(grid_.begin(), grid_.end(), cd_) - grid_.begin()) - 1;
    std::vector<double> I(W_), Ie(W_), w(W_), smooth(W_), smooth_err(W_);
    smooth_integral(grid_[g], cd_, I.data(), Ie.data());
    auto jets = [&](double b, std::vector<Jet>& out) {
        out.assign(W_, Jet{});
        Jet pole = large::jet_pole(Md, b);
        for (double& t : pole.t) t *= scale;
        out[0] = pole;
        out[1] = large::jet_power(large::jet_linear(b / Md, 1 / Md), k_) * pole;
        Jet r = large::jet_linear(1.0, 0.0);
        for (unsigned t = 0; t < k_; ++t) {
            r = r * large::jet_linear((b - t) / (Md - t), 1 / (Md - t));
            if (t + 1 >= j_lo_) out[2 + (t + 1 - j_lo_)] = r * pole;
        }
    };
    std::vector<Jet> ja, jc;
    jets(static_cast<double>(B0_), ja);
    jets(cd_, jc);
    for (unsigned i = 0; i < W_; ++i) {
        const double em = large::euler_maclaurin_terms(ja[i], jc[i]);
        const double integral = grid_int_[g * W_ + i] + I[i];
        smooth[i] = integral + em;
        // Every derivative of F_i is ≥ 0 on [B₀, M): ∫|F⁽⁶⁾| = F⁽⁵⁾(c) − F⁽⁵⁾(B₀).
        smooth_err[i] =
            large::kEulerMaclaurinRemainder * 120 * (jc[i].t[5] - ja[i].t[5]) + grid_err_[g * W_ + i] + Ie[i];
    }
    for (std::uint64_t b = c + 1; b <= sigma; ++b) {
        weight_values(b, w.data());
        const double f = scale * Md / (Md - static_cast<double>(b));
        for (unsigned i = 0; i < W_; ++i) smooth[i] += f * w[i];
    }
    for (unsigned r = 0; r < rows; ++r)
        for (unsigned i = 0; i < W_; ++i) {
            sum[r * W_ + i] += factor[r] * smooth[i];
            err[r * W_ + i] += std::fabs(factor[r]) * smooth_err[i];
        }
    // Oscillating part: (1/k)·Σ_j mult_j·Re(ê(j)·[T_j(B₀) − z^{σ+1−B₀}·P_j(σ+1)·T_j(σ+1)]).
    std::vector<cd> T(W_);
    std::vector<double> Te(W_);
    for (unsigned j = 1; j <= k_ / 2; ++j) {
        const double mult = 2 * j == k_ ? 1.0 : 2.0;
        double le;
        const cd L = log_product(j, sigma + 1, &le);
        const cd P = std::exp(L);
        oscillating_tail(j, sigma + 1, P, T.data(), Te.data());
        const cd zs = omega_[(j * ((sigma + 1 - B0_) % k_)) % k_];
        for (unsigned r = 0; r < rows; ++r) {
            const cd e = eh[r * J + j];
            const double amp = std::abs(e) * mult / k_;
            for (unsigned i = 0; i < W_; ++i) {
                const cd part = e * (T0_[j * W_ + i] - zs * T[i]);
                sum[r * W_ + i] += mult / k_ * part.real();
                err[r * W_ + i] += amp * (T0err_[j * W_ + i] + Te[i] + std::abs(T[i]) * (std::exp(le) - 1));
            }
        }
    }
    for (unsigned i = 0; i < rows * W_; ++i) err[i] += 1e-13 * std::fabs(sum[i]);  // rounding of the sums themselves
}

}  // namespace bloomcalc
