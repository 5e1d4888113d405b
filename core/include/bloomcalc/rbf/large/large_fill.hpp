// The large-M method for the fill of a colliding-hash recycling filter (docs/rbf.md#large-m): the visits v_b
// as a closed form in b (a Fourier sum over the k probe phases), and the sums Σ_{b≤σ} v_b·w(b) that every
// σ-bounded model needs, with a bound on their error, at a cost that does not grow with M.
#pragma once

#include <complex>
#include <cstdint>
#include <vector>

namespace bloomcalc {

class LargeFill {
public:
    // `start[j]`: probability that a cycle starts with j bits set (phase 0), Σ = 1. The weights w_i(b):
    // i = 0: 1; i = 1: ρ(b) = (b/M)^k (eq 17); i = 2 + (j − j_lo): (b)_j/(M)_j for j = j_lo..k (none when
    // j_lo > k). Refuses (InfeasibleError "m") an M too small for the method: M < exact_levels + 512.
    LargeFill(std::uint64_t M, unsigned k, const std::vector<double>& start, unsigned j_lo);
    // Several starts at once (each of the same mass): the fill is linear in its start and the starts differ only
    // on the exact prefix, so everything past it (the smooth part, the phase terms' tails) is shared; each
    // start keeps its prefix sums and its Fourier coefficients ê(j) at B₀. Start s is `starts[s]`.
    LargeFill(std::uint64_t M, unsigned k, const std::vector<std::vector<double>>& starts, unsigned j_lo);
    unsigned weights() const { return W_; }
    unsigned starts() const { return S_; }
    // v_b: expected arrivals per cycle that find b bits set (the fill's visits), b < M; start 0.
    double visits(std::uint64_t b) const;
    void visits(std::uint64_t b0, unsigned n, double* out) const;  // v_b for b = b0..b0+n−1, start 0
    // out[s·n + b − b0]: every start; `abs_err` (optional, same layout) gets bounds on their absolute errors.
    void visits_each(std::uint64_t b0, unsigned n, double* out, double* abs_err = nullptr) const;
    // Σ_{b≤σ} v_b·w_i(b) into sum[i], and a bound on its absolute error into err[i], i < weights(); start 0.
    void sums(std::uint64_t sigma, double* sum, double* err) const;
    // The same for `rows` combinations of the starts, row r = Σ_s coef[r·starts() + s]·(start s):
    // sum[r·W + i], err[r·W + i].
    void sums(std::uint64_t sigma, unsigned rows, const double* coef, double* sum, double* err) const;
    // Levels run by the exact recurrence before the closed form takes over: B₀ = 2k² + 64.
    static constexpr std::uint64_t exact_levels(unsigned k) { return 2ull * k * k + 64; }
    static bool applicable(std::uint64_t M, unsigned k) { return M >= exact_levels(k) + 2 * kTop + 64; }
    static constexpr std::uint64_t kTop = 256;  // the last levels below M are summed term by term

private:
    void weight_values(std::uint64_t b, double* w) const;
    std::complex<double> log_product(unsigned j, std::uint64_t b, double* err) const;  // L_j(b)
    void oscillating_tail(unsigned j, std::uint64_t a, std::complex<double> P, std::complex<double>* T,
                          double* err) const;
    void smooth_integral(double a, double c, double* out, double* err) const;
    std::uint64_t M_, B0_, top_;
    unsigned k_, j_lo_, W_, S_ = 1;
    double E0_ = 1;  // mass entering each level after the start (1), start 0; start s: mass_[s]
    static constexpr std::uint64_t kCumStride = 8;
    // Per start s: v_b for b < B₀ ([s·B₀ + b]), Σ_{c<b} v_c w_i(c) at b = 0, 8, 16, … < B₀ ([(s·C + b/8)·W + i],
    // C checkpoints per start) and at B₀ ([s·W + i]).
    std::vector<double> vis_, cum_, cumB0_, mass_;
    std::vector<std::complex<double>> ehat_, omega_;  // ê(j) at B₀, j = 0..k/2 ([s·(k/2 + 1) + j]); ω^r, r < k
    std::vector<std::complex<double>> T0_;            // T_j(B₀) per weight ([j·W + i]); T0err_ its truncation bound
    std::vector<double> T0err_;
    std::vector<double> grid_, grid_int_, grid_err_;  // ∫_{B₀}^{g} of the smooth part and its bound ([g·W + i])
};

}  // namespace bloomcalc
