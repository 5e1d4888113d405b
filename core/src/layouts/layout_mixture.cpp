// The load mixture p = Σ_j P(J = j)·f(j) (docs/layouts.md, eq L5), its per-load terms with kept chains,
// and the bound on its work, decided from the inputs before any term is summed.
#include <algorithm>
#include <cmath>
#include <memory>
#include <string>
#include <vector>

#include "bloomcalc/binomial.hpp"
#include "bloomcalc/error.hpp"
#include "bloomcalc/fpr/exact_fpr.hpp"
#include "bloomcalc/layouts/layout_fpr.hpp"

namespace bloomcalc {

namespace {

bool chained(const LayoutFilter& f) { return f.layout == Layout::blocked || f.layout == Layout::standard; }

}  // namespace

// Chains built for the largest load (n) give every smaller load the same q(r) for the r ≤ its trials that
// its sums read (a chain's trials only cap r), so each value is block_fpr_given_load's, bit for bit.
BlockFprByLoad::BlockFprByLoad(const LayoutFilter& f) : f_(f) {
    if (!chained(f)) return;
    if (f.hashing == Hashing::colliding) {
        chains_.resize(f.k + 1);
        const double balls = static_cast<double>(f.k) * static_cast<double>(f.n);
        for (unsigned i = 1; i <= f.k; ++i)
            chains_[i] = std::make_unique<CoverageChain>(i, std::vector<double>{0.0, 1.0}, balls);
        return;
    }
    const DistinctOverlap o = distinct_overlap(f.k, static_cast<double>(f.block_bits));  // as exact_fpr's (000 eq 17)
    distinct_.hit = o.hit;
    distinct_.miss = o.miss;
    distinct_.targets = f.k;
    distinct_.hit_size.assign(f.k + 1, 0.0);
    for (unsigned h = 1; h <= f.k; ++h) distinct_.hit_size[h] = o.hyper[h] / o.hit;
    distinct_chain_ = std::make_unique<CoverageChain>(f.k, distinct_.hit_size, static_cast<double>(f.n));
}

BlockFprByLoad::~BlockFprByLoad() = default;

double BlockFprByLoad::at(std::uint64_t j) {
    if (j == 0 || !chained(f_)) return block_fpr_given_load(f_, j);
    if (f_.hashing == Hashing::colliding)
        return std::min(1.0, exact_colliding_kept(Filter{f_.block_bits, j, f_.k, f_.hashing}, chains_));
    CoverageInput in = distinct_;
    in.trials = static_cast<double>(j);
    return std::min(1.0, all_targets_set(in, *distinct_chain_));
}

// A chain step costs one multiply-add per state and target count: ~1/16 of a binomial term per state.
double BlockFprByLoad::work() const {
    if (distinct_chain_) {
        const double k = f_.k;
        return static_cast<double>(distinct_chain_->reads()) +
               (distinct_chain_->horizon() * k * (k + 3.0) / 2.0 + k * k * k) / 16.0;
    }
    double w = 0.0;
    for (std::size_t i = 1; i < chains_.size(); ++i)
        w += static_cast<double>(chains_[i]->reads()) + chains_[i]->horizon() * static_cast<double>(i) / 16.0;
    return w;
}

namespace {

constexpr double kTail = 1e-17;  // each tail of eq L5 is cut below this fraction of the sum

// The loads' binomial, P(J = j) = Binomial(n, 1/b)(j), and its ratios (docs/layouts.md, eq L5).
struct Loads {
    double n, q, qc;
    std::uint64_t count;  // n as an integer
    double pmf(std::uint64_t j) const { return binomial_pmf(static_cast<double>(j), n, q, qc); }
    std::uint64_t mode() const {
        return std::min<std::uint64_t>(count, static_cast<std::uint64_t>(std::floor((n + 1.0) * q)));
    }
    // The upward sum's bound on Σ_{i>j} P(i) after load j (1 when not yet geometric); 0 at j = n.
    double above(std::uint64_t j) const {
        if (j >= count) return 0.0;
        const double jd = static_cast<double>(j);
        const double ratio = (n - (jd + 1.0)) / (jd + 2.0) * q / qc;  // P(j+2)/P(j+1)
        return ratio < 1.0 ? pmf(j + 1) / (1.0 - ratio) : 1.0;
    }
    // The downward sum's bound on Σ_{i<low} P(i) (times f(low) ≤ 1 in the sum).
    double below(std::uint64_t low) const {
        const double ld = static_cast<double>(low);
        const double ratio = low >= 2 ? (ld - 1.0) / (n - ld + 2.0) * qc / q : 0.0;  // P(low−2)/P(low−1)
        return ratio < 1.0 ? pmf(low - 1) / (1.0 - ratio) : 1.0;
    }
};

Loads loads_of(const LayoutFilter& f) {
    const std::uint64_t b = block_count(f);
    return Loads{static_cast<double>(f.n), 1.0 / static_cast<double>(b),
                 static_cast<double>(b - 1) / static_cast<double>(b), f.n};
}

// A lower bound on f(j): split-block its closed form (eq L4); blocked Jensen's bound for one block of B bits
// holding j items (eq L6), from the chance s that a given bit is set.
double per_load_lower_bound(const LayoutFilter& f, std::uint64_t j) {
    if (!chained(f)) return block_fpr_given_load(f, j);
    const double k = f.k, B = static_cast<double>(f.block_bits), jd = static_cast<double>(j);
    const double log_clear = f.hashing == Hashing::colliding ? k * std::log1p(-1.0 / B) : std::log1p(-k / B);
    const double s = -std::expm1(jd * log_clear);
    if (f.hashing == Hashing::colliding) return std::pow(s, k);
    return std::pow(std::max(0.0, B * s - (k - 1.0)) / (B - (k - 1.0)), k);
}

// Smallest j in [lo, hi] with done(j), done monotone (false … true) and done(hi) true.
template <class P>
std::uint64_t first_true(std::uint64_t lo, std::uint64_t hi, P&& done) {
    while (lo < hi) {
        const std::uint64_t mid = lo + (hi - lo) / 2;
        if (done(mid))
            hi = mid;
        else
            lo = mid + 1;
    }
    return lo;
}

// The terms r that all_targets_set reads for `targets` targets, T trials hitting them with probability x
// (1 − x = miss): its window [lo, hi] = mean ± (40σ + 40); the complement sum stops once the chain's
// 1 − q(r) < 1e-18, by r = H + 1 with H ≤ ln(2e18·targets)/−ln(1 − c) (union bound over the targets,
// each missed by one touching trial with probability 1 − c); the direct sum, run only when the
// complement exceeds 1/2, stops past the mean once its geometric tail b(r)/(1 − ρ) ≤ 1e-20 of the sum so
// far, which is then at least half of the whole, ≥ `least` (found by bisection: b falls past the mean).
struct Window {
    double lo, hi, stop;
};
Window window(double T, double x, double miss, double least) {
    const double mean = T * x, sd = std::sqrt(mean * miss);
    Window w;
    w.lo = std::max(0.0, std::floor(mean - 40.0 * sd - 40.0));
    w.hi = std::min(T, std::ceil(mean + 40.0 * sd + 40.0));
    const auto top = static_cast<std::uint64_t>(T);
    const auto from = std::min(top, static_cast<std::uint64_t>(std::ceil(mean + 1.0)));
    w.stop = static_cast<double>(first_true(from, top, [&](std::uint64_t r) {
        if (r >= top) return true;
        const double rd = static_cast<double>(r), b = binomial_pmf(rd, T, x, miss);
        const double ratio = (T - rd) / (rd + 1.0) * x / miss;
        return b == 0.0 || (ratio < 1.0 && b / (1.0 - ratio) <= 0.5e-20 * least);
    }));
    return w;
}

double horizon_bound(double targets, double cover) {
    if (cover >= 1.0) return 1.0;
    return std::ceil(std::log(2e18 * targets) / -std::log1p(-cover)) + 1.0;
}

// Reads of one all_targets_set call at any load in [j_low, j_high] for `targets` targets, each trial
// hitting them with probability x; `trials_per_item` = k (colliding: balls) or 1 (distinct: items);
// `unset_low` bounds P(some target unset) at j_low from above (union bound), deciding the direct sum;
// `least` ≤ P(all targets set) at every load in range.
struct Reads {
    double per_load = 0, chain = 0;  // terms read by one call; chain steps × states/16 (once, the chain is kept)
};
Reads reads_bound(double j_low, double j_high, double trials_per_item, double x, double miss, double targets,
                  double cover, double unset_low, double least, double states) {
    const Window low = window(trials_per_item * j_low, x, miss, least),
                 high = window(trials_per_item * j_high, x, miss, least);
    // lo(mean) = mean − 40√(mean·miss) − 40 falls, then rises (from mean = 400·miss): its least over the loads.
    const double lo = trials_per_item * j_low * x >= 400.0 * miss ? low.lo : 0.0;
    const double horizon = horizon_bound(targets, cover);
    Reads r;
    // At least r = lo is read (it may already lie past the horizon: a saturated block).
    r.per_load = std::max(1.0, std::min(high.hi, horizon + 1.0) - lo + 1.0);
    double last = high.hi;  // the last r read
    if (unset_low > 0.49) {
        last = std::max({high.hi, high.stop, targets});
        r.per_load += last - lo + 1.0;
    }
    r.chain = std::min(horizon, last) * states / 16.0;
    return r;
}

// Terms read per load, and the kept chains' steps (besides the k + 32 per load counted for the load's
// weight and its target-set weights).
Reads chain_reads(const LayoutFilter& f, std::uint64_t j_low, std::uint64_t j_high) {
    Reads total;
    if (!chained(f)) return total;
    const double k = f.k, B = static_cast<double>(f.block_bits);
    const double jl = static_cast<double>(std::max<std::uint64_t>(j_low, 1)), jh = static_cast<double>(j_high);
    if (f.hashing == Hashing::distinct) {
        const DistinctOverlap o = distinct_overlap(f.k, B);
        double mean_hit = 0.0;  // E[targets an item covers | it touches]
        for (unsigned h = 1; h <= f.k; ++h) mean_hit += h * (o.hyper[h] / o.hit);
        const double unset = k * std::exp(jl * std::log1p(-k / B));  // P(a given bit unset) = (1 − k/B)^j
        CoverageInput least;                                         // P(the k targets set) at the least load
        least.trials = jl;
        least.hit = o.hit;
        least.miss = o.miss;
        least.targets = f.k;
        least.hit_size.assign(f.k + 1, 0.0);
        for (unsigned h = 1; h <= f.k; ++h) least.hit_size[h] = o.hyper[h] / o.hit;
        total = reads_bound(jl, jh, 1.0, o.hit, o.miss, k, mean_hit / k, unset, all_targets_set(least),
                            k * (k + 3.0) / 2.0);
        total.chain += k * k * k / 16.0;  // its step matrix
        return total;
    }
    // exact_colliding_kept sums i = k … 1 and skips an i whose weight is below 1e-20 of the running sum,
    // which after the first i (`top`) is at least weight·P(top targets set), least at the least load:
    // that one coverage sum is computed here (a lower bound in closed form, e.g. from splitting the balls
    // into groups, is ~10^80 too small at B = 2^20 and would count three times the target-set sizes).
    const auto probes = distinct_probe_counts(f.k, B);
    unsigned top = f.k;
    while (top > 1 && probes[top] == 0.0) --top;
    CoverageInput least;
    least.trials = k * jl;
    least.hit = top / B;
    least.miss = (B - top) / B;
    least.targets = top;
    least.hit_size = {0.0, 1.0};
    const double least_set = all_targets_set(least);  // ≤ P(i targets set) for every i ≤ top and load in range
    const double first = 0.5 * probes[top] * least_set;
    for (unsigned i = top; i >= 1; --i) {
        if (probes[i] == 0.0 || (i < top && probes[i] < 1e-20 * first)) continue;
        const double unset = i * std::exp(k * jl * std::log1p(-1.0 / B));  // P(a given bit unset) = (1 − 1/B)^kj
        const Reads r = reads_bound(jl, jh, k, i / B, (B - i) / B, i, 1.0 / i, unset, least_set, i);
        total.per_load += r.per_load;
        total.chain += r.chain;
    }
    return total;
}

}  // namespace

MixtureWork mixture_work_estimate(const LayoutFilter& f) {
    validate(f);
    MixtureWork w;
    if (block_count(f) == 1) {
        w.j_low = w.j_high = f.n;
    } else {
        const Loads L = loads_of(f);
        const std::uint64_t mode = L.mode(), first = std::min<std::uint64_t>(f.n, std::max<std::uint64_t>(mode, 1));
        // The sum after its first non-empty load is at least P(j)·(a lower bound on f(j)) there.
        const double floor_sum = 0.5 * L.pmf(first) * per_load_lower_bound(f, first);
        if (floor_sum > 0.0) {
            w.j_high = first_true(first, f.n, [&](std::uint64_t j) { return L.above(j) <= kTail * floor_sum; });
            // The largest low ≤ mode whose bound is small enough (low = 0 stops anyway).
            const auto from_top = first_true(0, mode, [&](std::uint64_t d) {
                const std::uint64_t low = mode - d;
                return low == 0 || L.below(low) <= kTail * floor_sum;
            });
            w.j_low = mode - from_top;
        } else {  // f underflows at the first load: no tail bound helps, every load may be visited
            w.j_low = 0;
            w.j_high = f.n;
        }
    }
    w.loads = static_cast<double>(w.j_high - w.j_low) + 1.0;
    const Reads r = chain_reads(f, w.j_low, w.j_high);
    w.per_load = f.k + 32.0 + r.per_load;
    w.chain = r.chain;
    w.total = w.loads * w.per_load + w.chain;
    return w;
}

LoadMixture layout_mixture_fpr(const LayoutFilter& f, double work_budget) {
    validate(f);
    const MixtureWork estimate = mixture_work_estimate(f);
    if (estimate.total > work_budget)
        throw InfeasibleError(
            "n",
            "at most " + show_number(work_budget) +
                " terms for the load mixture (loads × terms per load); lower n or the block bits B, or use "
                "layoutExactFpr, which gives the same value at any size",
            "about " + show_number(estimate.loads) + " loads × " + show_number(std::round(estimate.per_load)) +
                " terms (blocks of " +
                show_number(std::round(static_cast<double>(f.n) / static_cast<double>(block_count(f)))) +
                " items on average)");
    LoadMixture out;
    out.work_estimate = estimate.total;
    BlockFprByLoad by_load(f);
    auto load_fpr = [&](std::uint64_t j) {
        out.work += f.k + 32.0;
        return by_load.at(j);
    };
    auto finish = [&] {
        out.work += by_load.work();
        return out;
    };
    if (block_count(f) == 1) {  // one block: J = n
        out.fpr = load_fpr(f.n);
        out.j_low = out.j_high = f.n;
        out.terms = 1;
        return finish();
    }
    const Loads L = loads_of(f);
    auto pmf = [&](std::uint64_t j) { return L.pmf(j); };
    const std::uint64_t mode = L.mode();
    double sum = 0.0, up_bound = 0.0, down_bound = 0.0;

    // Upward from the mode: P(i+1)/P(i) = (n − i)/(i + 1)·q/(1 − q) decreases in i and is < 1 above the mode.
    std::uint64_t j = mode;
    double f_mode = 0.0;
    for (;; ++j) {
        const double pj = pmf(j);
        const double fj = load_fpr(j);
        if (j == mode) f_mode = fj;
        sum += pj * fj;
        ++out.terms;
        if (j == f.n) {
            up_bound = 0.0;
            break;
        }
        const double next = pmf(j + 1);
        up_bound = L.above(j);
        if (sum > 0.0 && up_bound <= kTail * sum) break;
        if (next == 0.0 && sum > 0.0) {
            up_bound = 0.0;
            break;
        }
    }
    out.j_high = j;

    // Downward: Σ_{i<j} P(i)f(i) ≤ f(j)·Σ_{i<j} P(i) ≤ f(j)·P(j−1)/(1 − ρ'), ρ' = P(j−2)/P(j−1) < 1 below the mode.
    std::uint64_t low = mode;
    double f_low = f_mode;
    while (low > 0) {
        const double prev = pmf(low - 1);
        down_bound = f_low * L.below(low);
        if (down_bound <= kTail * sum) break;
        --low;
        f_low = load_fpr(low);
        sum += prev * f_low;
        ++out.terms;
        if (f_low == 0.0) {
            down_bound = 0.0;
            break;
        }
    }
    if (low == 0) down_bound = 0.0;
    out.j_low = low;
    out.fpr = std::min(1.0, sum);
    out.tail_bound = sum > 0.0 ? (up_bound + down_bound) / sum : 0.0;
    return finish();
}

}  // namespace bloomcalc
