// Selective Bloom filter insertion and query (004 §IV-C) and the selective CBF (004 §V-B, §VIII-B),
// evaluated exactly in expectation per class of uniform prior (004 §IV-D).
#include "bloomcalc/paradox/selective.hpp"

#include <algorithm>
#include <cmath>
#include <numeric>

#include "bloomcalc/error.hpp"
#include "bloomcalc/params.hpp"
#include "bloomcalc/paradox/bloom.hpp"
#include "bloomcalc/paradox/cbf.hpp"
#include "bloomcalc/paradox/common.hpp"

namespace bloomcalc {

const char* to_string(SelectivePolicy p) {
    switch (p) {
    case SelectivePolicy::none: return "none";
    case SelectivePolicy::insertion: return "insertion";
    case SelectivePolicy::query: return "query";
    case SelectivePolicy::both: return "both";
    }
    return "none";
}

std::vector<PriorClass> paper_table2_classes() {
    std::vector<PriorClass> out;
    for (int i = 1; i <= 13; ++i) out.push_back({std::ldexp(1.0, i + 10), 256});
    return out;
}

std::vector<PriorClass> make_prior_classes(const std::vector<double>& sizes, const std::vector<double>& members) {
    if (sizes.size() != members.size())
        throw RangeError("members", "a list as long as sizes (" + std::to_string(sizes.size()) + " entries)",
                         std::to_string(members.size()) + " entries");
    std::vector<PriorClass> out;
    for (std::size_t i = 0; i < sizes.size(); ++i) out.push_back({sizes[i], members[i]});
    return out;
}

namespace {

struct Checked {
    std::vector<PriorClass> classes;
    std::vector<std::size_t> by_prior;  // class indices, largest prior first (stable)
    double m = 0, alpha = 1, n = 0, N = 0;
};

Checked check(const SelectiveInput& in) {
    Checked c;
    if (in.classes.empty()) throw RangeError("classes", "a non-empty list of classes", "an empty list");
    c.m = static_cast<double>(checked_integer(in.m, "m", 1, kMaxBits));
    c.alpha = checked_alpha(in.alpha);
    for (const PriorClass& k : in.classes) {
        const double N = static_cast<double>(checked_integer(k.size, "sizes", 1, kMaxItems));
        const double n = static_cast<double>(checked_integer(k.members, "members", 0, kMaxItems));
        if (n > N) throw RangeError("members", "at most the class size", std::to_string(static_cast<long long>(n)));
        c.classes.push_back({N, n});
        c.n += n, c.N += N;
    }
    if (c.n < 1) throw RangeError("members", "a total of at least 1 member", "0");
    if (c.n >= c.N) throw RangeError("members", "fewer in total than the universe (some non-members)", "all elements");
    c.by_prior.resize(c.classes.size());
    std::iota(c.by_prior.begin(), c.by_prior.end(), 0);
    std::stable_sort(c.by_prior.begin(), c.by_prior.end(), [&](std::size_t a, std::size_t b) {
        return c.classes[a].members * c.classes[b].size > c.classes[b].members * c.classes[a].size;
    });
    return c;
}

const double kLn2 = std::log(2.0);

unsigned k_for(double m, double n) {
    if (n <= 0) return 1;
    const double k = std::round(kLn2 * m / n);
    return static_cast<unsigned>(std::min(64.0, std::max(1.0, k)));
}

// Mean FPR with k hash functions over their own m/k bits each, n elements: bits of different
// sub-arrays are independent, so the mean FPR is exactly (1 − (1 − k/m)^n)^k.
double partitioned_fpr(double m, double n, unsigned k) {
    if (n <= 0) return 0.0;
    return std::pow(-std::expm1(n * std::log1p(-static_cast<double>(k) / m)), static_cast<double>(k));
}

// P₀ for a load of n elements in m bits (Theorem 1 / §IV-C); with nothing inserted, 0.
double threshold_for(double m, double n, double alpha) {
    if (n <= 0) return 0.0;
    return paradox_threshold_bpe(m / n, alpha);
}

double prior_of(const PriorClass& k) { return k.members / k.size; }

// Selective insertion (§IV-C): elements in decreasing prior; the j-th is inserted iff its prior is
// ≥ P₀(j). P₀ grows with the load and priors fall, so the inserted elements are a prefix and
// n* = max{j : prior_j ≥ P₀(j)}: every inserted element then satisfies prior ≥ P₀(n*).
std::vector<double> selective_insertion(const Checked& c) {
    std::vector<double> inserted(c.classes.size(), 0.0);
    double n = 0;
    for (std::size_t idx : c.by_prior) {
        const double p = prior_of(c.classes[idx]);
        const double members = c.classes[idx].members;
        if (members == 0) continue;
        if (p < threshold_for(c.m, n + 1, c.alpha)) break;
        // largest t ≤ members with p ≥ P₀(n + t): bisection on the monotone condition
        double lo = 1, hi = members;
        while (lo < hi) {
            const double mid = std::floor((lo + hi + 1) / 2);
            if (p >= threshold_for(c.m, n + mid, c.alpha))
                lo = mid;
            else
                hi = mid - 1;
        }
        inserted[idx] = lo;
        n += lo;
        if (lo < members) break;
    }
    return inserted;
}

SelectiveOutcome evaluate(const Checked& c, SelectivePolicy policy, const std::vector<double>& inserted,
                          const std::vector<bool>& queried, double threshold) {
    SelectiveOutcome o;
    o.policy = policy;
    o.inserted = std::accumulate(inserted.begin(), inserted.end(), 0.0);
    o.k = k_for(c.m, o.inserted);
    o.threshold = threshold;
    o.filter_fpr = partitioned_fpr(c.m, o.inserted, o.k);
    for (std::size_t i = 0; i < c.classes.size(); ++i) {
        const PriorClass& k = c.classes[i];
        o.classes.push_back({prior_of(k), inserted[i], queried[i]});
        if (queried[i]) {
            o.false_positives += (k.size - k.members) * o.filter_fpr;
            // a queried member that was not inserted is still answered positive w.p. FPR
            o.false_negatives += (k.members - inserted[i]) * (1.0 - o.filter_fpr);
        } else {
            o.false_negatives += k.members;
        }
    }
    o.fpr = o.false_positives / (c.N - c.n);
    o.fnr = o.false_negatives / c.n;
    o.cost = o.false_positives + c.alpha * o.false_negatives;
    return o;
}

}  // namespace

std::vector<SelectiveOutcome> selective_bloom(const SelectiveInput& in) {
    const Checked c = check(in);
    const std::size_t L = c.classes.size();
    std::vector<double> all(L);
    for (std::size_t i = 0; i < L; ++i) all[i] = c.classes[i].members;
    const std::vector<bool> every(L, true);
    const double p0_all = threshold_for(c.m, c.n, c.alpha);
    auto query_set = [&](double p0) {  // Theorem 1: query iff prior ≥ P₀
        std::vector<bool> q(L);
        for (std::size_t i = 0; i < L; ++i) q[i] = prior_of(c.classes[i]) >= p0;
        return q;
    };
    const std::vector<double> sel = selective_insertion(c);
    const double n_star = std::accumulate(sel.begin(), sel.end(), 0.0);
    const double p0_star = threshold_for(c.m, n_star, c.alpha);
    return {
        evaluate(c, SelectivePolicy::none, all, every, p0_all),
        evaluate(c, SelectivePolicy::insertion, sel, every, p0_star),
        evaluate(c, SelectivePolicy::query, all, query_set(p0_all), p0_all),
        evaluate(c, SelectivePolicy::both, sel, query_set(p0_star), p0_star),
    };
}

std::vector<SelectiveOutcome> selective_cbf(const SelectiveInput& in) {
    const Checked c = check(in);
    const std::size_t L = c.classes.size();
    std::vector<double> all(L);
    for (std::size_t i = 0; i < L; ++i) all[i] = c.classes[i].members;
    SelectiveOutcome plain = evaluate(c, SelectivePolicy::none, all, std::vector<bool>(L, true), 0.0);
    // The selective CBF answers by Theorem 4 on the counters of each query (its minimal product
    // Π depends on the class's prior): rates from the exact distribution of the counter product.
    SelectiveOutcome sel;
    sel.policy = SelectivePolicy::query;
    sel.inserted = c.n;
    sel.k = plain.k;
    sel.filter_fpr = plain.filter_fpr;
    for (std::size_t i = 0; i < L; ++i) {
        const PriorClass& k = c.classes[i];
        const double p = prior_of(k);
        const CbfCostByK r = cbf_cost_for_k(c.m, c.n, sel.k, p, c.alpha);
        sel.classes.push_back({p, k.members, true});
        sel.false_positives += (k.size - k.members) * r.fpr;
        sel.false_negatives += k.members * r.fnr;
    }
    sel.fpr = sel.false_positives / (c.N - c.n);
    sel.fnr = sel.false_negatives / c.n;
    sel.cost = sel.false_positives + c.alpha * sel.false_negatives;
    return {plain, sel};
}

std::vector<SelectiveOutcome> selective(const SelectiveRequest& request) {
    SelectiveInput in;
    in.classes = make_prior_classes(request.sizes, request.members);
    in.m = request.m, in.alpha = request.alpha;
    return request.counting ? selective_cbf(in) : selective_bloom(in);
}

}  // namespace bloomcalc
