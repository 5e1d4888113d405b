// The large-M method for the fill of a DISTINCT-hash recycling filter (docs/rbf.md#large-m-distinct): the visits
// v_b in closed form, a sum over the k roots p of ρ(p) = 1 (ρ(s) = (s)_k/(M)_k, eq 11), and the sums
// Σ_{b≤σ} v_b·w(b) that every σ-bounded model needs, with a bound on their error, at a cost that does not grow
// with M. Same interface as LargeFill (large_fill.hpp).
#pragma once

#include <complex>
#include <cstdint>
#include <vector>

namespace bloomcalc {

class LargeFillDistinct {
public:
    // A cycle starts at `a0` bits (0: an empty filter; k: a retaining filter restarts with exactly the k bits of
    // the recycling message). The weights w_i(b): i = 0: 1; i = 1: ρ(b) = (b)_k/(M)_k (eq 11); i = 1 + t for
    // t = 1..`extra`: (b − k)_t/(M − k)_t (the retaining two-phase overlap). Refuses (InfeasibleError "m") an M
    // too small for the method: M < exact_levels + 512.
    LargeFillDistinct(std::uint64_t M, unsigned k, unsigned a0, unsigned extra = 0);
    unsigned weights() const { return W_; }
    // v_b: expected arrivals per cycle that find b bits set (the fill's visits), b < M.
    double visits(std::uint64_t b) const;
    void visits(std::uint64_t b0, unsigned n, double* out) const;  // v_b for b = b0..b0+n−1
    // Σ_{b≤σ} v_b·w_i(b) into sum[i], and a bound on its absolute error into err[i], i < min(n, weights()).
    void sums(std::uint64_t sigma, double* sum, double* err, unsigned n = ~0u) const;
    static constexpr std::uint64_t exact_levels(unsigned k) { return 2ull * k * k + 64; }  // B₀, summed term by term
    static bool applicable(std::uint64_t M, unsigned k) { return M >= exact_levels(k) + 2 * kTop + 64; }
    static constexpr std::uint64_t kTop = 256;  // the last levels below M are summed term by term

private:
    struct Mode {                    // one root p = ω^j·M·u (j = 1..k/2; its conjugate is folded in)
        std::complex<double> E;      // the mode's amplitude at B₀: v_b ∋ E·z^{b−B₀}·Q(b)/(1 − s_b·ζ)
        std::complex<double> zeta;   // ζ = z/u, z = ω^{−j}
        std::complex<double> log_u;  // log u, u = 1 + d/M
        unsigned shift;              // z = ω^{shift}
        double mult, sin_zeta;       // 2 (1 for j = k/2); |sin arg ζ| (1 for real ζ)
    };
    // The first n weights (n ≤ W) at b, at the quadrature's nodes, the tails' levels.
    void weight_values(double b, double* w, unsigned n) const;
    std::complex<double> log_product(const Mode& m, std::uint64_t b, double* err) const;  // log Q(b)
    void oscillating_tail(const Mode& m, std::uint64_t a, std::complex<double> P, std::complex<double>* T, double* err,
                          unsigned n) const;
    void smooth_integral(double a, double c, double* out, double* err, unsigned n) const;
    std::complex<double> z_power(const Mode& m, std::uint64_t n) const { return omega_[(m.shift * (n % k_)) % k_]; }
    std::uint64_t M_, B0_, top_;
    unsigned k_, W_;  // W = 2 + extra weights
    double E0_ = 0;   // the smooth amplitude: v_b ∋ E0/(1 − s_b), E0 = 1/(M·Σ_{t<k} 1/(M − t))
    std::vector<Mode> modes_;
    std::vector<double> inv_;                  // 1/(M − o), o < k + extra
    std::vector<std::complex<double>> omega_;  // ω^r, r < k
    std::vector<double> vis_, cum_;            // v_b and Σ_{c<b} v_c w_i(c) for b ≤ B₀ ([b·W + i])
    std::vector<std::complex<double>> T0_;     // T_j(B₀) per weight ([j·W + i]); T0err_ its bound
    std::vector<double> T0err_;
    std::vector<double> grid_, grid_int_, grid_err_;  // ∫_{B₀}^{g} of the smooth part and its bound ([g·W + i])
};

}  // namespace bloomcalc
