// Exact FPR of the block layouts (docs/layouts.md, eqs L1–L5).
//
// L1, blocked: p = Σ_i P(|T| = i) · P(the i target bits are all set), T the distinct bits of the test
//     item's k probes in its block (eq 8 of 001 with N = k, M = B; distinct probes: |T| = k). An inserted
//     item touches T with probability π_i = q·(1 − (1 − i/B)^k) (colliding) or q·(1 − C(B−k,k)/C(B,k))
//     (distinct), q = B/m, and then covers a uniformly random subset of T whose size is the occupancy of
//     its h hits in i bins (colliding) or the hypergeometric overlap (distinct).
// L3, split-block: the target is one bit in each of the k words of w = B/k bits; an item in the block
//     hits each independently with probability 1/w: π = q·(1 − (1 − 1/w)^k), Binomial(k, 1/w) hits.
// Partitioned = split-block with one block (w = m/k); standard = blocked with one block.
#include "bloomcalc/layouts/layout_fpr.hpp"

#include <algorithm>
#include <cmath>
#include <memory>
#include <vector>

#include "bloomcalc/binomial.hpp"
#include "bloomcalc/error.hpp"
#include "bloomcalc/fpr/exact_fpr.hpp"
#include "bloomcalc/fpr/target_coverage.hpp"

namespace bloomcalc {

namespace {

// C(a, b)·x^b·(1 − x)^{a−b} for a ≤ 64, (1 − x)^{a−b} from log1p (no cancellation for small x); x = 1
// (a block or word of one bit per probe) gives 1 for b = a and 0 otherwise.
double binomial_term(unsigned a, unsigned b, double x) {
    double c = 1.0;
    for (unsigned i = 1; i <= b; ++i) c = c * (a - b + i) / i;
    const double rest = a == b ? 1.0 : std::exp((a - b) * std::log1p(-x));
    return c * std::pow(x, b) * rest;
}

// An item shares the test item's block with probability q and, inside it, touches the targets with
// probability `inside_hit` (= 1 − inside_miss): π = q·inside_hit, 1 − π = (1 − q) + q·inside_miss.
CoverageInput touching_items(const LayoutFilter& f, double inside_hit, double inside_miss, unsigned targets) {
    const double b = static_cast<double>(block_count(f));
    const double q = 1.0 / b;
    CoverageInput in;
    in.trials = static_cast<double>(f.n);
    in.hit = q * inside_hit;
    in.miss = (b - 1.0) / b + q * inside_miss;
    in.targets = targets;
    return in;
}

// Split-block (eq L3): the target is one bit per word of w = B/k bits; an item in the block hits each
// word's target with probability 1/w, Binomial(k, 1/w) hits, given at least one.
LayoutFprInM::Term split_block_term(const LayoutFilter& f) {
    const unsigned k = f.k;
    const double w = static_cast<double>(f.block_bits / k);  // bits per word
    const double log_clear = k * std::log1p(-1.0 / w);       // log P(an item in the block misses every target)
    LayoutFprInM::Term t;
    t.weight = 1.0;
    t.inside_hit = -std::expm1(log_clear);
    t.inside_miss = std::exp(log_clear);
    t.targets = k;
    t.hit_size.assign(k + 1, 0.0);
    for (unsigned h = 1; h <= k; ++h) t.hit_size[h] = binomial_term(k, h, 1.0 / w) / t.inside_hit;
    return t;
}

// Blocked, distinct probes (eq L1, distinct): |T| = k and the overlap is hypergeometric.
LayoutFprInM::Term blocked_distinct_term(const LayoutFilter& f) {
    const unsigned k = f.k;
    const DistinctOverlap o = distinct_overlap(k, static_cast<double>(f.block_bits));
    LayoutFprInM::Term t;
    t.weight = 1.0;
    t.inside_hit = o.hit;
    t.inside_miss = o.miss;
    t.targets = k;
    t.hit_size.assign(k + 1, 0.0);
    for (unsigned h = 1; h <= k; ++h) t.hit_size[h] = o.hyper[h] / o.hit;
    return t;
}

// Blocked, colliding probes (eq L1): the term of i distinct targets. h probes in T (Binomial(k, i/B),
// h ≥ 1) cover c distinct targets with eq 8's occupancy.
// occupancy[h] = distinct_probe_counts(h, i) for h = 0..k, from one run of its ball-by-ball chain (the
// state after h balls is the same numbers whatever the final count).
std::vector<std::vector<double>> occupancy_by_balls(unsigned k, unsigned i) {
    std::vector<std::vector<double>> out(k + 1);
    const double m = i;
    std::vector<double> d(k + 1, 0.0), next(k + 1);
    d[0] = 1.0;
    out[0] = d;
    for (unsigned ball = 1; ball <= k; ++ball) {
        next[0] = 0.0;
        for (unsigned c = 1; c <= ball; ++c) next[c] = d[c] * (c / m) + d[c - 1] * ((m - c + 1) / m);
        for (unsigned c = ball + 1; c <= k; ++c) next[c] = 0.0;
        d.swap(next);
        out[ball].assign(d.begin(), d.begin() + ball + 1);
    }
    return out;
}

LayoutFprInM::Term blocked_colliding_term(const LayoutFilter& f, unsigned i, double weight) {
    const unsigned k = f.k;
    const double x = i / static_cast<double>(f.block_bits);  // one probe lands in T
    const double log_clear = k * std::log1p(-x);
    LayoutFprInM::Term t;
    t.weight = weight;
    t.inside_hit = -std::expm1(log_clear);
    t.inside_miss = std::exp(log_clear);
    t.targets = i;
    if (t.inside_hit == 0.0) return t;
    t.hit_size.assign(i + 1, 0.0);
    const auto occupancy = occupancy_by_balls(k, i);
    for (unsigned h = 1; h <= k; ++h) {
        const double ph = binomial_term(k, h, x) / t.inside_hit;
        if (ph == 0.0) continue;
        for (unsigned c = 1; c <= std::min(h, i); ++c) t.hit_size[c] += ph * occupancy[h][c];
    }
    return t;
}

}  // namespace

LayoutFprInM::LayoutFprInM(const LayoutFilter& shape) : shape_(shape) {
    if (shape.layout == Layout::blocked && shape.hashing == Hashing::colliding)
        target_weights_ =
            distinct_probe_counts(shape.k, static_cast<double>(shape.block_bits));  // P(|T| = i), eq 8 of 001
    terms_.resize(shape.layout == Layout::blocked && shape.hashing == Hashing::colliding ? shape.k + 1 : 1);
}

bool LayoutFprInM::serves(const LayoutFilter& f) const {
    return f.layout == shape_.layout && f.n == shape_.n && f.k == shape_.k && f.hashing == shape_.hashing &&
           (f.block_bits == shape_.block_bits || f.layout == Layout::standard || f.layout == Layout::partitioned);
}

double LayoutFprInM::term_at(Term& t, const LayoutFilter& f) {
    if (!t.chain) t.chain = std::make_unique<CoverageChain>(t.targets, t.hit_size, static_cast<double>(f.n));
    return all_targets_set(touching_items(f, t.inside_hit, t.inside_miss, t.targets), *t.chain);
}

double LayoutFprInM::at(std::uint64_t m) {
    LayoutFilter f = shape_;
    f.m = m;
    if (f.layout == Layout::standard || f.layout == Layout::partitioned) f.block_bits = m;
    validate(f);
    double p = 0.0;
    switch (f.layout) {
    case Layout::standard:
        if (f.hashing == Hashing::distinct)
            return exact_fpr(Filter{f.m, f.n, f.k, f.hashing});  // its hit sizes follow m
        return std::min(1.0, exact_colliding_kept(Filter{f.m, f.n, f.k, f.hashing}, standard_chains_));  // = exact_fpr
    case Layout::partitioned: {  // w = m/k changes with m: nothing to keep
        Term t = split_block_term(f);
        p = term_at(t, f);
        break;
    }
    case Layout::split_block:
        if (!terms_[0].ready) terms_[0] = split_block_term(f), terms_[0].ready = true;
        p = term_at(terms_[0], f);
        break;
    case Layout::blocked:
        if (f.hashing == Hashing::distinct) {
            if (!terms_[0].ready) terms_[0] = blocked_distinct_term(f), terms_[0].ready = true;
            p = term_at(terms_[0], f);
            break;
        }
        // From i = k down; as in exact_fpr, a weight below 1e-20 of the running sum cannot matter.
        for (unsigned i = f.k; i >= 1; --i) {
            const double weight = target_weights_[i];
            if (weight == 0.0 || weight < 1e-20 * p) continue;
            Term& t = terms_[i];
            if (!t.ready) t = blocked_colliding_term(f, i, weight), t.ready = true;
            if (t.inside_hit == 0.0) continue;
            p += weight * term_at(t, f);  // eq L1, colliding
        }
        break;
    }
    return std::min(1.0, p);  // a sum of probabilities can round an ulp above 1
}

double layout_exact_fpr(const LayoutFilter& f) {
    validate(f);
    return LayoutFprInM(f).at(f.m);
}

namespace {

// Jensen's bound for k probes into B bits of which a fraction `set` is set in the mean (eq L6).
double jensen_bound(double set, double k, double B, Hashing hashing) {
    if (hashing == Hashing::colliding) return std::pow(set, k);                // (E[X]/B)^k
    return std::pow(std::max(0.0, B * set - (k - 1.0)) / (B - (k - 1.0)), k);  // ((E[X] − k + 1)⁺/(B − k + 1))^k
}

// The chance that a given bit of a block holding j items is set, 1 − (1 − 1/B)^{kj} or 1 − (1 − k/B)^j.
double set_given_load(double j, double k, double B, Hashing hashing) {
    const double log_clear = hashing == Hashing::colliding ? k * std::log1p(-1.0 / B) : std::log1p(-k / B);
    return -std::expm1(j * log_clear);
}

}  // namespace

namespace {

// Σ_j P(J = j)·g(j) over the loads J ~ Binomial(n, 1/b) within λ ± 40√λ + 40 (at most 4096 terms, from
// j = 1 up): every term is non-negative, so a partial sum of lower bounds is a lower bound.
template <class G>
double load_mixture_partial(const LayoutFilter& f, G&& g) {
    const double n = static_cast<double>(f.n);
    const std::uint64_t b = block_count(f);
    if (b == 1) return g(n);
    const double q = 1.0 / static_cast<double>(b), qc = static_cast<double>(b - 1) / static_cast<double>(b);
    const double mean = n * q, spread = 40.0 * std::sqrt(mean);
    const double top = std::min(n, std::ceil(mean + spread + 40.0));
    double sum = 0.0;
    for (double j = std::max(1.0, std::floor(mean - spread)), terms = 0; j <= top && terms < 4096; ++j, ++terms)
        sum += binomial_pmf(j, n, q, qc) * g(j);
    return sum;
}

}  // namespace

double layout_fpr_lower_bound(const LayoutFilter& f) {
    validate(f);
    const double n = static_cast<double>(f.n), k = f.k, B = static_cast<double>(f.block_bits);
    switch (f.layout) {
    case Layout::split_block: return 0.0;
    case Layout::partitioned: return std::pow(-std::expm1(n * std::log1p(-k / B)), k);  // 001 eq 19, exact here
    case Layout::standard:
    case Layout::blocked: break;
    }
    // p = Σ_j P(J = j)·f(j) (eq L5) and f(j) ≥ Jensen's bound for the block holding j items (standard:
    // one block, J = n). Sparse blocked filters need the bound per load: at the mean load it is far too
    // weak there.
    return load_mixture_partial(
        f, [&](double j) { return jensen_bound(set_given_load(j, k, B, f.hashing), k, B, f.hashing); });
}

double estimated_fpr(const LayoutFilter& f) {
    validate(f);
    const double k = f.k, B = static_cast<double>(f.block_bits);
    if (f.layout == Layout::split_block || f.layout == Layout::partitioned)
        return load_mixture_partial(
            f, [&](double j) { return std::pow(-std::expm1(j * std::log1p(-k / B)), k); });  // eq L4
    return load_mixture_partial(f, [&](double j) {
        const double x = B * set_given_load(j, k, B, f.hashing);  // E[X | J = j]
        if (f.hashing == Hashing::colliding) return std::pow(x / B, k);
        double v = 1.0;
        for (unsigned i = 0; i < f.k && v > 0.0; ++i) v *= std::max(0.0, x - i) / (B - i);
        return v;
    });
}

double block_fpr_given_load(const LayoutFilter& f, std::uint64_t j) {
    if (j == 0) return 0.0;
    switch (f.layout) {
    case Layout::standard:
    case Layout::blocked: return exact_fpr(Filter{f.block_bits, j, f.k, f.hashing});  // eq L2
    case Layout::split_block:
    case Layout::partitioned: {
        const double set = -std::expm1(static_cast<double>(j) *
                                       std::log1p(-static_cast<double>(f.k) / static_cast<double>(f.block_bits)));
        return std::pow(set, f.k);  // eq L4: (1 − (1 − k/B)^j)^k
    }
    }
    return 0.0;
}

}  // namespace bloomcalc
