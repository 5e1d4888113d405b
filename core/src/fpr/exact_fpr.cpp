// Fast exact mean FPR: condition on the set J of distinct bits the test item probes.
//   colliding: p = Σ_j P(|J| = j) · P(j given bits set after kn balls)            (= 001 eq 17)
//   distinct:  p = P(k given bits set after n items of k distinct bits each)       (= 000 eq 17 averaged)
// P(|J| = j) is eq 8 of 001 applied to the k probes; the second factor is all_targets_set().
#include "bloomcalc/fpr/exact_fpr.hpp"

#include <algorithm>
#include <cmath>
#include <memory>
#include <vector>

#include "bloomcalc/fpr/target_coverage.hpp"

namespace bloomcalc {

// P(k probes into m bins touch exactly j bins), j = 0..k — eq 8 of 001 with N = k balls, M = m.
std::vector<double> distinct_probe_counts(unsigned k, double m) {
    std::vector<double> d(k + 1, 0.0), next(k + 1);
    d[0] = 1.0;
    for (unsigned ball = 1; ball <= k; ++ball) {
        next[0] = 0.0;
        for (unsigned c = 1; c <= ball; ++c) next[c] = d[c] * (c / m) + d[c - 1] * ((m - c + 1) / m);
        for (unsigned c = ball + 1; c <= k; ++c) next[c] = 0.0;
        d.swap(next);
    }
    return d;
}

DistinctOverlap distinct_overlap(unsigned k, double m) {
    DistinctOverlap o;
    auto& hyper = o.hyper;
    hyper.assign(k + 1, 0.0);
    if (m >= 2.0 * k) {
        double log_h0 = 0.0;  // log C(m−k,k)/C(m,k) = Σ_i log(1 − k/(m−i))
        for (unsigned i = 0; i < k; ++i) log_h0 += std::log1p(-static_cast<double>(k) / (m - i));
        hyper[0] = std::exp(log_h0);
        for (unsigned h = 0; h < k; ++h)
            hyper[h + 1] = hyper[h] * (static_cast<double>(k - h) * (k - h)) / ((h + 1.0) * (m - 2.0 * k + h + 1.0));
        o.miss = hyper[0];
        o.hit = -std::expm1(log_h0);
    } else {
        // m < 2k ≤ 128: at least 2k − m bits are shared; binomials of at most 128 fit a double.
        auto choose = [](double a, double b) {
            double c = 1.0;
            for (double i = 1; i <= b; ++i) c = c * (a - b + i) / i;
            return c;
        };
        for (unsigned h = 2 * k - static_cast<unsigned>(m); h <= k; ++h)
            hyper[h] = choose(k, h) * choose(m - k, k - h) / choose(m, k);
        o.miss = 0.0;
        o.hit = 1.0;
    }
    return o;
}

double exact_colliding_kept(const Filter& f, std::vector<std::unique_ptr<CoverageChain>>& chains) {
    const double m = static_cast<double>(f.m);
    const auto probes = distinct_probe_counts(f.k, m);
    double p = 0.0;
    // From j = k down: P(j given bits set) ≤ 1, so a term whose probe weight is below 1e-20 of the
    // running sum cannot matter (for large m the weights fall by ~k²/2m per step).
    for (unsigned j = f.k; j >= 1; --j) {
        if (probes[j] == 0.0 || probes[j] < 1e-20 * p) continue;
        CoverageInput in;
        in.trials = static_cast<double>(f.k) * static_cast<double>(f.n);  // N = kn balls
        in.hit = j / m;                                                   // a ball lands on one of j
        in.miss = (m - j) / m;
        in.targets = j;
        in.hit_size = {0.0, 1.0};  // a ball covers exactly one target
        if (chains.size() <= j) chains.resize(j + 1);
        if (!chains[j]) chains[j] = std::make_unique<CoverageChain>(j, in.hit_size, in.trials);
        p += probes[j] * all_targets_set(in, *chains[j]);
    }
    return p;
}

namespace {

double exact_colliding(const Filter& f) {
    std::vector<std::unique_ptr<CoverageChain>> chains;
    return exact_colliding_kept(f, chains);
}

double exact_distinct(const Filter& f) {
    const unsigned k = f.k;
    const DistinctOverlap o = distinct_overlap(k, static_cast<double>(f.m));
    CoverageInput in;
    in.trials = static_cast<double>(f.n);
    in.hit = o.hit;
    in.miss = o.miss;
    in.targets = k;
    in.hit_size.assign(k + 1, 0.0);
    for (unsigned h = 1; h <= k; ++h) in.hit_size[h] = o.hyper[h] / o.hit;
    return all_targets_set(in);
}

}  // namespace

double exact_fpr(const Filter& f) {
    validate(f);
    // A sum of probabilities can round an ulp above 1 on a saturated filter.
    return std::min(1.0, f.hashing == Hashing::colliding ? exact_colliding(f) : exact_distinct(f));
}

}  // namespace bloomcalc
