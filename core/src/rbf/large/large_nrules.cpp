// E[F_i] = g(i) = y(i)^k, y(i) = 1 − e^{−ℓ(i−1)} (eq 1; ℓ = −k·log(1 − 1/M) colliding, −log(1 − k/M)
// distinct). Σ_{i≤N} g(i) and Σ_{i≤N} g/(1 − g): the first 2048 terms directly, the rest by Euler–Maclaurin
// with the derivatives from jets (y's Taylor coefficients are (−1)^{n+1}(1 − y)ℓ^n/n!) and the integral by
// Gauss–Legendre on a grid (blocks ≤ half their start and ≤ 1/(2ℓ)).
#include "bloomcalc/rbf/large/large_nrules.hpp"

#include <algorithm>
#include <cmath>
#include <vector>

#include "bloomcalc/narrow.hpp"
#include "bloomcalc/rbf/nbounded.hpp"
#include "smooth_sum.hpp"

namespace bloomcalc {

namespace {

using large::Jet;

constexpr std::uint64_t kDirect = 2048;

class RuleSums {
public:
    RuleSums(std::uint64_t M, unsigned k, Hashing h) : k_(k), eq1_(M, k, h) {
        ell_ = h == Hashing::colliding ? -static_cast<double>(k) * std::log1p(-1.0 / static_cast<double>(M))
                                       : -std::log1p(-static_cast<double>(k) / static_cast<double>(M));
        direct_.assign(2 * (kDirect + 1), 0.0);
        for (std::size_t i = 1; i <= kDirect; ++i) {
            const double f = eq1_.at(i);
            direct_[2 * i] = direct_[2 * (i - 1)] + f;
            direct_[2 * i + 1] = direct_[2 * (i - 1) + 1] + f / (1 - f);
        }
        grid_.push_back(static_cast<double>(kDirect + 1));
        cum_.assign(4, 0.0);  // ∫ g, ∫ r, ∫|g⁽⁶⁾|, ∫|r⁽⁶⁾| from the grid's start
        const double end = static_cast<double>(M);
        while (grid_.back() < end) {
            const double a = grid_.back(),
                         c = std::min(end, std::floor(a + std::max(1.0, std::min(a / 2, 0.5 / ell_))));
            double I[4];
            integrate(a, c, I);
            for (int t = 0; t < 4; ++t) cum_.push_back(cum_[cum_.size() - 4] + I[t]);
            grid_.push_back(c);
        }
    }

    // Σ_{i≤N} g(i) and Σ_{i≤N} g/(1 − g), each with a bound on its absolute error.
    // `err` null: the sums only (the bisection's steps).
    void at(std::uint64_t N, double out[2], double err[2] = nullptr) const {
        if (N <= kDirect) {
            const std::size_t at = as_size<2 * kDirect>(2 * N);  // N ≤ kDirect
            out[0] = direct_[at], out[1] = direct_[at + 1];
            if (err) err[0] = err[1] = 0;
            return;
        }
        const double c = static_cast<double>(N);
        const std::size_t g =
            static_cast<std::size_t>(std::upper_bound(grid_.begin(), grid_.end(), c) - grid_.begin()) - 1;
        double I[4];
        integrate(grid_[g], c, I, err != nullptr);
        Jet ga, ra, gc, rc;
        jets(static_cast<double>(kDirect + 1), ga, ra);
        jets(c, gc, rc);
        out[0] = direct_[2 * kDirect] + cum_[4 * g] + I[0] + large::euler_maclaurin_terms(ga, gc);
        out[1] = direct_[2 * kDirect + 1] + cum_[4 * g + 1] + I[1] + large::euler_maclaurin_terms(ra, rc);
        // Remainder 2ζ(6)/(2π)^6·∫|F⁽⁶⁾| (the integral by the same quadrature), plus rounding.
        if (!err) return;
        err[0] = large::kEulerMaclaurinRemainder * (cum_[4 * g + 2] + I[2]) * 1.01 + 1e-14 * out[0];
        err[1] = large::kEulerMaclaurinRemainder * (cum_[4 * g + 3] + I[3]) * 1.01 + 1e-14 * out[1];
    }
    const WorstCase& eq1() const { return eq1_; }

private:
    void jets(double i, Jet& g, Jet& r) const {
        Jet y;
        const double clear = std::exp(-ell_ * (i - 1));  // 1 − y
        y.t[0] = -std::expm1(-ell_ * (i - 1));
        double p = clear, sign = 1;
        for (int n = 1; n < large::kJet; ++n) {
            p *= ell_ / n;
            y.t[n] = sign * p;
            sign = -sign;
        }
        g = large::jet_power(y, k_);
        Jet u = g, inv;  // 1/(1 − g)
        for (double& t : u.t) t = -t;
        u.t[0] += 1;
        inv.t[0] = 1 / u.t[0];
        for (int n = 1; n < large::kJet; ++n) {
            double s = 0;
            for (int m = 1; m <= n; ++m) s += u.t[m] * inv.t[n - m];
            inv.t[n] = -s * inv.t[0];
        }
        r = g * inv;
    }
    // ∫_a^c of g, r and (with `bound`) |g⁽⁶⁾|, |r⁽⁶⁾|: the jets only where the derivatives are needed.
    void integrate(double a, double c, double I[4], bool bound = true) const {
        const auto& gl = large::gauss_legendre();
        const double h = (c - a) / 2, m = (a + c) / 2;
        std::fill(I, I + 4, 0.0);
        for (int n = 0; n < large::kNodes; ++n) {
            const double x = m + h * gl.x[n], w = gl.w[n] * h;
            if (!bound) {
                const double f = std::pow(-std::expm1(-ell_ * (x - 1)), static_cast<double>(k_));
                I[0] += w * f, I[1] += w * f / (1 - f);
                continue;
            }
            Jet g, r;
            jets(x, g, r);
            I[0] += w * g.t[0], I[1] += w * r.t[0];
            I[2] += w * 720 * std::fabs(g.t[6]), I[3] += w * 720 * std::fabs(r.t[6]);
        }
    }
    unsigned k_;
    WorstCase eq1_;
    double ell_ = 0;
    std::vector<double> direct_, grid_, cum_;
};

// Largest N in [1, hi] with pred(N) (pred falls from true to false as N grows), or 0.
template <class Pred>
std::uint64_t largest(std::uint64_t hi, Pred pred) {
    if (!pred(1)) return 0;
    std::uint64_t lo = 1;
    while (lo < hi) {
        const std::uint64_t mid = lo + (hi - lo + 1) / 2;
        if (pred(mid))
            lo = mid;
        else
            hi = mid - 1;
    }
    return lo;
}

}  // namespace

double large_n_rules(std::uint64_t M, unsigned k, Hashing h, double target, RecommendRow& row) {
    const RuleSums sums(M, k, h);
    const WorstCase& eq1 = sums.eq1();
    double bound = 0;
    // f_w: eq 1 is increasing in N; solve (1 − e^{−ℓ(N−1)})^k ≤ f*, then settle on eq 1's own values.
    {
        const double ell = h == Hashing::colliding ? -static_cast<double>(k) * std::log1p(-1.0 / static_cast<double>(M))
                                                   : -std::log1p(-static_cast<double>(k) / static_cast<double>(M));
        const double x = -std::log1p(-std::pow(target, 1.0 / k)) / ell;  // N − 1
        std::uint64_t N = x >= static_cast<double>(M) ? M : static_cast<std::uint64_t>(x) + 1;
        while (N < M && eq1.at(N + 1) <= target) ++N;
        while (N >= 1 && eq1.at(N) > target) --N;
        if (N >= 1) row.worst_case = RuleChoice{true, double(N), double(N), eq1.at(N)};
    }
    double s[2], e[2];
    const std::uint64_t No = largest(M, [&](std::uint64_t N) {
        sums.at(N, s);
        return s[0] / static_cast<double>(N) <= target;
    });
    if (No) {
        sums.at(No, s, e);
        row.oracle = RuleChoice{true, double(No), double(No), s[0] / static_cast<double>(No)};
        bound = std::max(bound, e[0] / s[0]);
    }
    const std::uint64_t Na = largest(M, [&](std::uint64_t N) {
        sums.at(N, s);
        return s[1] / (static_cast<double>(N) + s[1]) <= target;
    });
    if (Na) {
        sums.at(Na, s, e);
        row.lower_bound = RuleChoice{true, double(Na), double(Na), s[1] / (static_cast<double>(Na) + s[1])};
        bound = std::max(bound, e[1] / s[1]);
    }
    return bound;
}

}  // namespace bloomcalc
