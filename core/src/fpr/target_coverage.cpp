// Two non-negative sums over the number r of touching trials, with the binomial weights from Loader's
// pmf and the coverage chain q(r) run until 1 − q(r) < 1e-18.
#include "bloomcalc/fpr/target_coverage.hpp"

#include <algorithm>
#include <cmath>

#include "bloomcalc/binomial.hpp"

namespace bloomcalc {

namespace {

constexpr double kNegligibleUncovered = 1e-18;  // 1 − q(r) below this counts as covered
constexpr double kTailRelative = 1e-20;         // stop a sum when its remaining tail is this small

// C(a, b) for a ≤ 64 as doubles (relative error ≤ 1 ulp), tabulated once: the step matrix reads it
// O(j³) times.
constexpr unsigned kMaxChoose = 64;
double choose_product(unsigned a, unsigned b) {
    double c = 1.0;
    for (unsigned i = 1; i <= b; ++i) c = c * (a - b + i) / i;
    return c;
}
struct ChooseTable {
    double c[kMaxChoose + 1][kMaxChoose + 1];
    ChooseTable() {
        for (unsigned a = 0; a <= kMaxChoose; ++a)
            for (unsigned b = 0; b <= kMaxChoose; ++b) c[a][b] = b > a ? 0.0 : choose_product(a, b);
    }
};
const ChooseTable& choose_table() {
    static const ChooseTable table;
    return table;
}

// step[c][x] = P(one touching trial covers x new targets | c of j already covered).
std::vector<std::vector<double>> coverage_step(unsigned j, const std::vector<double>& hit_size) {
    std::vector<std::vector<double>> step(j);
    if (j > kMaxChoose) {  // not reached: j ≤ k ≤ 64
        for (unsigned c = 0; c < j; ++c) {
            step[c].assign(j - c + 1, 0.0);
            for (unsigned h = 1; h < hit_size.size() && h <= j; ++h) {
                if (hit_size[h] == 0.0) continue;
                const double all = choose_product(j, h);
                for (unsigned x = (h > c ? h - c : 0); x <= std::min(h, j - c); ++x)
                    step[c][x] += hit_size[h] * choose_product(j - c, x) * choose_product(c, h - x) / all;
            }
        }
        return step;
    }
    const auto& C = choose_table().c;
    for (unsigned c = 0; c < j; ++c) {
        step[c].assign(j - c + 1, 0.0);
        double* row = step[c].data();
        const double* uncovered = C[j - c];
        for (unsigned h = 1; h < hit_size.size() && h <= j; ++h) {
            const double weight = hit_size[h];
            if (weight == 0.0) continue;
            // h targets drawn without replacement from j, of which j − c are uncovered.
            const double all = C[j][h];
            const unsigned x_end = std::min(h, j - c);
            for (unsigned x = (h > c ? h - c : 0); x <= x_end; ++x) row[x] += weight * uncovered[x] * C[c][h - x] / all;
        }
    }
    return step;
}

}  // namespace

CoverageChain::CoverageChain(unsigned j, const std::vector<double>& hit_size, double trials)
    : j_(j), trials_(trials), single_(hit_size.size() == 2), dist_(j + 1, 0.0), next_(j + 1) {
    if (!single_) step_ = coverage_step(j, hit_size);
    dist_[0] = 1.0;
}

bool CoverageChain::extend(double r) {
    while (horizon() < r) {
        if (horizon() >= trials_ || u_.back() < kNegligibleUncovered) return false;
        advance();
    }
    return true;
}

void CoverageChain::advance() {
    if (single_) {
        // A touching trial covers one uniform target: c → c + 1 with probability (j − c)/j.
        const double jd = j_;
        for (unsigned c = j_; c >= 1; --c) dist_[c] = dist_[c] * (c / jd) + dist_[c - 1] * ((j_ - c + 1) / jd);
        dist_[0] = 0.0;
    } else {
        std::fill(next_.begin(), next_.end(), 0.0);
        next_[j_] = dist_[j_];
        for (unsigned c = 0; c < j_; ++c)
            for (unsigned x = 0; x < step_[c].size(); ++x) next_[c + x] += dist_[c] * step_[c][x];
        dist_.swap(next_);
    }
    double unset = 0.0;
    for (unsigned c = 0; c < j_; ++c) unset += dist_[c];
    q_.push_back(dist_[j_]);
    u_.push_back(unset);
}

double all_targets_set(const CoverageInput& in) {
    if (in.targets == 0) return 1.0;
    if (in.hit == 0.0 || in.trials < 1) return 0.0;
    CoverageChain chain(in.targets, in.hit_size, in.trials);
    return all_targets_set(in, chain);
}

double all_targets_set(const CoverageInput& in, CoverageChain& chain) {
    const unsigned j = in.targets;
    const double T = in.trials;
    if (j == 0) return 1.0;
    if (in.hit == 0.0 || T < 1) return 0.0;

    const double mean = T * in.hit;
    const double sd = std::sqrt(mean * in.miss);
    // Outside [lo, hi] the binomial weights sum to < e^-60 in all, and to < e^-800 of the mode's
    // weight below lo when sd is large (Chernoff): nothing that matters is lost.
    const double lo = std::max(0.0, std::floor(mean - 40.0 * sd - 40.0));
    const double hi = std::min(T, std::ceil(mean + 40.0 * sd + 40.0));

    // Complement form: 1 − Σ_r b(r)·(1 − q(r)); an absolute error ≤ 1e-17 suffices when the result ≥ 1/2.
    double unset = 0.0;
    for (double r = lo; r <= hi; ++r) {
        const double u = chain.uncovered(r);
        if (u == 0.0) break;
        unset += binomial_pmf(r, T, in.hit, in.miss) * u;
        if (unset > 0.5) break;  // the direct form below serves: no need to extend the chain to hi
    }
    if (unset <= 0.5) return 1.0 - unset;

    // Direct form: Σ_r b(r)·q(r), stopped once past the mode with a geometric bound on the rest.
    double covered = 0.0;
    for (double r = lo; r <= T; ++r) {
        const double qr = chain.covered(r);
        if (qr == 0.0) continue;  // too few touching trials to cover all j
        const double b = binomial_pmf(r, T, in.hit, in.miss);
        covered += b * qr;
        if (r > mean + 1.0) {
            const double ratio = (T - r) / (r + 1.0) * in.hit / in.miss;  // b(r+1)/b(r), < 1 here
            if (b == 0.0 || (ratio < 1.0 && b / (1.0 - ratio) <= kTailRelative * covered)) break;
        }
    }
    return covered;
}

}  // namespace bloomcalc
