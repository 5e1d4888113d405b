// A filter in use (fpr/state.hpp). The occupancy chain: after each item the set bits move by one message step
// τ_k(b, ·) (000 eqs 4, 11; rbf/chain.hpp), which for colliding hashes is 001 eq 8 k balls at a time. Exact
// path: the law P(X | n) for n = 0, 1, … on the states 0..X plus one absorbing "above X" (the count only grows),
// giving P(X = x | n), P(X' ≤ x | n) and P(X' ≥ x | n) at every n until P(X' ≤ x | n) ≤ α/2. Normal path (large
// filters): the same quantities from the normal law with the occupancy's exact mean and variance (continuity
// corrected); docs/state.md gives its measured error against the exact chain.
#include "bloomcalc/fpr/state.hpp"

#include <algorithm>
#include <cmath>
#include <vector>

#include "bloomcalc/error.hpp"
#include "bloomcalc/narrow.hpp"
#include "bloomcalc/rbf/chain.hpp"

namespace bloomcalc {

namespace {

constexpr double kMaxExactWork = 16777216.0;  // 2^24 multiply-adds of the exact chain (~0.1 s in wasm)
constexpr double kTrim = 1e-30;               // mass dropped below the chain's window (relative)
constexpr std::uint64_t kMaxExactBits = std::uint64_t{1} << 24;  // X on the exact path (its states 0..X)

double upper_normal(double z) { return 0.5 * std::erfc(z / std::sqrt(2.0)); }  // P(Z ≥ z)

// log of P(a given bit stays clear) per item, and of P(two given bits stay clear) ÷ its square.
void clear_logs(double m, unsigned k, Hashing h, double& l1, double& l2_ratio, double& l21) {
    if (h == Hashing::colliding) {
        l1 = k * std::log1p(-1.0 / m);
        l21 = k * std::log1p(-1.0 / (m - 1.0));                 // a2/a1 = ((1 − 2/m)/(1 − 1/m))^k
        l2_ratio = k * std::log1p(-1.0 / ((m - 1) * (m - 1)));  // a2/a1² = (1 − 1/(m − 1)²)^k
    } else {
        l1 = std::log1p(-static_cast<double>(k) / m);
        l21 = std::log1p(-static_cast<double>(k) / (m - 1.0));
        l2_ratio = std::log1p(-static_cast<double>(k) / ((m - k) * (m - 1.0)));
    }
}

// Set bits after n more items starting from x set: mean and variance (U = the clear bits still clear).
void moments_from(double m, unsigned k, Hashing h, double x, double n, double& mean, double& var) {
    double l1, l2r, l21;
    clear_logs(m, k, h, l1, l2r, l21);
    const double c = m - x, A1 = std::exp(n * l1);
    mean = m - c * A1;
    var = c * A1 * -std::expm1(n * l21) + c * c * A1 * A1 * std::expm1(n * l2r);
    var = std::max(0.0, var);
}

// ρ(x) and ρ''(x) at a real fill x: colliding (x/m)^k, distinct Π_t (x − t)/(m − t) (000 eq 17), the derivative
// analytic. A second difference of three values near p (as before) keeps ~10⁻¹⁶·p, times σ² ~ m: at m = 8·10¹¹ one
// more set bit moved the items left by 6·10⁴ (issue 35).
void rho_curvature(double x, double m, unsigned k, Hashing h, double& rho, double& d2) {
    if (h == Hashing::colliding) {
        const double f = x / m;
        rho = std::pow(f, k);
        d2 = k < 2 ? 0.0 : k * (k - 1.0) * std::pow(f, k - 2.0) / (m * m);
        return;
    }
    double p0 = 1, p1 = 0, p2 = 0;  // the product and its first two derivatives, factor by factor
    for (unsigned t = 0; t < k; ++t) {
        const double g = (x - t) / (m - t), dg = 1.0 / (m - t);
        p2 = p2 * g + 2 * p1 * dg;
        p1 = p1 * g + p0 * dg;
        p0 *= g;
    }
    rho = p0;
    d2 = p2;
}

// E[ρ(X)] ≈ ρ(μ) + ρ''(μ)·σ²/2.
double mean_rho(double mean, double var, double m, unsigned k, Hashing h) {
    double rho, d2;
    rho_curvature(mean, m, k, h, rho, d2);
    return rho + 0.5 * d2 * var;
}

class Chain {
public:
    Chain(std::uint64_t m, unsigned k, Hashing h) : m_(m), k_(k), h_(h) {}
    const std::vector<double>& step(std::size_t b) {
        if (b >= steps_.size()) steps_.resize(b + 1);
        if (steps_[b].empty()) steps_[b] = message_step(b, m_, k_, h_);
        return steps_[b];
    }

private:
    std::uint64_t m_;
    unsigned k_;
    Hashing h_;
    std::vector<std::vector<double>> steps_;
};

ItemEstimate exact_items(std::uint64_t m, unsigned k, Hashing h, std::uint64_t X64, double alpha) {
    Chain chain(m, k, h);
    const std::size_t X = as_size<kMaxExactBits>(X64);
    std::vector<double> p(X + 1, 0.0), next(X + 1, 0.0);
    p[0] = 1.0;
    double above = 0.0;
    std::size_t lo = 0;
    ItemEstimate e;
    bool have_low = false;
    double best = -1;
    for (std::uint64_t n = 0;; ++n) {
        double le = 0;
        for (std::size_t b = lo; b <= X; ++b) le += p[b];
        const double at = p[X], ge = at + above;
        if (!have_low && ge > alpha / 2) e.low = static_cast<double>(n), have_low = true;
        if (at > best) best = at, e.estimate = static_cast<double>(n);
        if (le <= alpha / 2) break;
        e.high = static_cast<double>(n);
        std::fill(next.begin() + static_cast<std::ptrdiff_t>(lo), next.end(), 0.0);
        for (std::size_t b = lo; b <= X; ++b) {
            if (p[b] == 0.0) continue;
            const std::vector<double>& s = chain.step(b);
            for (unsigned x = 0; x <= k && b + x <= m; ++x) {
                if (b + x <= X)
                    next[b + x] += p[b] * s[x];
                else
                    above += p[b] * s[x];
            }
        }
        std::swap(p, next);
        double cut = 0;
        while (lo < X && cut + p[lo] < kTrim) cut += p[lo++];
    }
    return e;
}

ItemEstimate normal_items(std::uint64_t m, unsigned k, Hashing h, std::uint64_t X, double alpha) {
    const double md = static_cast<double>(m), x = static_cast<double>(X);
    double l1, l2r, l21;
    clear_logs(md, k, h, l1, l2r, l21);
    const auto at = [&](double n, double& mean, double& sd) {
        double var;
        moments_from(md, k, h, 0.0, n, mean, var);
        sd = std::sqrt(var);
    };
    const double centre = std::log1p(-x / md) / l1;  // E[X | n] = X
    ItemEstimate e;
    // The maximum-likelihood integer near the centre under the normal law.
    double best = -HUGE_VAL;
    for (double n = std::max(0.0, std::floor(centre) - 2); n <= std::ceil(centre) + 2; ++n) {
        double mean, sd;
        at(n, mean, sd);
        if (sd <= 0) continue;
        const double z = (x - mean) / sd, ll = -0.5 * z * z - std::log(sd);
        if (ll > best) best = ll, e.estimate = n;
    }
    const auto ge = [&](double n) {  // P(X' ≥ X | n)
        double mean, sd;
        at(n, mean, sd);
        return sd <= 0 ? (mean >= x ? 1.0 : 0.0) : upper_normal((x - 0.5 - mean) / sd);
    };
    const auto le = [&](double n) {  // P(X' ≤ X | n)
        double mean, sd;
        at(n, mean, sd);
        return sd <= 0 ? (mean <= x ? 1.0 : 0.0) : 1.0 - upper_normal((x + 0.5 - mean) / sd);
    };
    // low: the smallest n with ge(n) > α/2 (ge grows with n); high: the largest with le(n) > α/2.
    double a = 0, b = std::ceil(centre) + 1;
    while (ge(b) <= alpha / 2) b *= 2;
    while (b - a > 1) {
        const double c = std::floor((a + b) / 2);
        (ge(c) > alpha / 2 ? b : a) = c;
    }
    e.low = ge(a) > alpha / 2 ? a : b;
    a = std::floor(centre);
    b = a + 1;
    while (le(b) > alpha / 2) b *= 2;
    while (b - a > 1) {
        const double c = std::floor((a + b) / 2);
        (le(c) > alpha / 2 ? a : b) = c;
    }
    e.high = a;
    return e;
}

double items_left(std::uint64_t m, unsigned k, Hashing h, std::uint64_t X, double p) {
    const double md = static_cast<double>(m);
    if (rbf_rho(X, m, k, h) > p) return 0;
    const auto exceeds = [&](double i) {
        double mean, var;
        moments_from(md, k, h, static_cast<double>(X), i, mean, var);
        return mean_rho(mean, var, md, k, h) > p;
    };
    double a = 0, b = 1;
    while (!exceeds(b)) {
        a = b;
        b *= 2;
        if (b > 1e18) return HUGE_VAL;
    }
    while (b - a > 1) {
        const double c = std::floor((a + b) / 2);
        (exceeds(c) ? b : a) = c;
    }
    return a;
}

// The interval reported: the smallest holding the exact set [low, high] and the estimate. The set is empty when X is
// improbable under every n (X = 74 of 10^6 bits, k = 7: 10 items set at most 70 bits, 11 set 74 only with three
// collisions, P ≈ 4·10⁻⁹ < α/2), and was reported as [11, 10]; a superset keeps the coverage ≥ 1 − α.
ItemEstimate holding_estimate(ItemEstimate e) {
    e.low = std::min(e.low, e.estimate);
    e.high = std::max(e.high, e.estimate);
    return e;
}

// A count of set bits a filter can hold: any X < m with colliding hashes; with distinct hashes every item sets
// exactly k bits, so X = 0 or k ≤ X < m (X = m is refused either way: a full filter only bounds n from below).
std::uint64_t reachable_count(double value, const char* name, std::uint64_t m, unsigned k, Hashing h) {
    if (h == Hashing::colliding) return checked_integer(value, name, 0, m - 1);
    const std::string range = k < m ? "0 or an integer in [" + std::to_string(k) + ", " + std::to_string(m - 1) +
                                          "] (distinct hashing: every item sets k bits)"
                                    : std::string("0 (distinct hashing with k = m: one item fills the filter)");
    if (!std::isfinite(value) || value != std::floor(value) || value < 0 || value > static_cast<double>(m - 1) ||
        (value > 0 && value < k))
        throw RangeError(name, range, show_number(value));
    return static_cast<std::uint64_t>(value);
}

}  // namespace

void occupancy_moments(std::uint64_t m, unsigned k, Hashing h, double n, double& mean, double& variance) {
    moments_from(static_cast<double>(m), k, h, 0.0, n, mean, variance);
}

ItemEstimate estimate_items(std::uint64_t m, unsigned k, Hashing h, std::uint64_t X, double confidence,
                            std::string* method, bool force_normal) {
    const double alpha = 1.0 - confidence;
    if (X == 0) {  // every item sets at least one bit
        if (method) *method = "exact";
        return {};
    }
    const ItemEstimate normal = normal_items(m, k, h, X, alpha);
    double mean, var;
    moments_from(static_cast<double>(m), k, h, 0.0, normal.high, mean, var);
    const double width = std::min(static_cast<double>(X) + 1, 40.0 * std::sqrt(var) + 2.0 * k + 1);
    const double work = (normal.high * 1.1 + 10) * width * (k + 1) + static_cast<double>(X + 1) * (k + 1) * (k + 1);
    if (force_normal || work > kMaxExactWork || X >= kMaxExactBits) {
        if (method) *method = "normal";
        return holding_estimate(normal);
    }
    if (method) *method = "exact";
    return holding_estimate(exact_items(m, k, h, X, alpha));
}

StateResult filter_state(const StateInput& in) {
    StateResult r;
    r.m = checked_integer(in.m, "m", 1, kMaxBits);
    r.k = static_cast<unsigned>(checked_integer(in.k, "k", 1, kMaxHashes));
    r.hashing = in.hashing;
    if (r.hashing == Hashing::distinct && r.k > r.m)
        throw RangeError("k", "at most m = " + std::to_string(r.m) + " for distinct hashing", std::to_string(r.k));
    if (r.m < 2) throw RangeError("m", "an integer in [2, 2^40]", show_number(in.m));
    r.bits_set = reachable_count(in.bits_set, "bitsSet", r.m, r.k, r.hashing);
    if (!(in.confidence > 0 && in.confidence < 1))
        throw RangeError("confidence", "a probability in (0, 1)", show_number(in.confidence));
    r.confidence = in.confidence;
    if (in.bits_set_b.has_value() != in.bits_set_union.has_value())
        throw RangeError(in.bits_set_b ? "union" : "bitsSetB",
                         "given with " + std::string(in.bits_set_b ? "bitsSetB" : "union") +
                             " (the union needs both filters' counts)",
                         "absent");
    std::uint64_t xb = 0, xu = 0;
    if (in.bits_set_b) {
        xb = reachable_count(*in.bits_set_b, "bitsSetB", r.m, r.k, r.hashing);
        // A OR B holds every bit of A and of B, and no other: max(X_A, X_B) ≤ X_AB ≤ X_A + X_B (and < m, as X).
        xu = checked_integer(*in.bits_set_union, "union", std::max(r.bits_set, xb), std::min(r.m - 1, r.bits_set + xb));
    }
    if (in.target) r.target = checked_probability(*in.target, "p");

    const double m = static_cast<double>(r.m), X = static_cast<double>(r.bits_set);
    r.fill = X / m;
    r.fpr = rbf_rho(r.bits_set, r.m, r.k, r.hashing);
    r.swamidass_baldi = r.hashing == Hashing::colliding
                            ? -(m / r.k) * std::log1p(-X / m)
                            : std::log1p(-X / m) / std::log1p(-static_cast<double>(r.k) / m);
    r.n = estimate_items(r.m, r.k, r.hashing, r.bits_set, r.confidence, &r.method);
    if (r.target) r.items_left = items_left(r.m, r.k, r.hashing, r.bits_set, *r.target);
    if (in.bits_set_b) {
        const double each = 1.0 - (1.0 - r.confidence) / 3.0;  // Bonferroni: three intervals at 1 − α/3
        r.n_b = estimate_items(r.m, r.k, r.hashing, xb, r.confidence);
        r.n_union = estimate_items(r.m, r.k, r.hashing, xu, r.confidence);
        const ItemEstimate a3 = estimate_items(r.m, r.k, r.hashing, r.bits_set, each);
        const ItemEstimate b3 = estimate_items(r.m, r.k, r.hashing, xb, each);
        const ItemEstimate u3 = estimate_items(r.m, r.k, r.hashing, xu, each);
        ItemEstimate i;
        // |A ∩ B| ≤ min(|A|, |B|) also where the estimates are not monotone in X (one from the normal path, one exact)
        i.estimate = std::clamp(r.n.estimate + r.n_b->estimate - r.n_union->estimate, 0.0,
                                std::min(r.n.estimate, r.n_b->estimate));
        i.low = std::max(0.0, a3.low + b3.low - u3.high);
        i.high = std::max(0.0, std::min({a3.high + b3.high - u3.low, a3.high, b3.high}));
        r.n_intersection = holding_estimate(i);
    }
    return r;
}

}  // namespace bloomcalc
