// Theorems 6 and 7 of 004: the optimal order of queries in the distributed cache of §VII.
#include "bloomcalc/paradox/cache_order.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <numeric>

#include "bloomcalc/error.hpp"
#include "bloomcalc/paradox/common.hpp"

namespace bloomcalc {

namespace {
void check(const CacheOrderInput& in) {
    if (in.probs.size() > 4096)
        throw RangeError("probs", "a list of at most 4096 probabilities", std::to_string(in.probs.size()) + " entries");
    for (double p : in.probs) checked_prior(p, "probs");
    if (in.costs.size() != in.probs.size())
        throw RangeError("costs", "a list as long as probs (" + std::to_string(in.probs.size()) + " entries)",
                         std::to_string(in.costs.size()) + " entries");
    for (double c : in.costs) checked_alpha(c, "costs");
    checked_alpha(in.special_cost, "specialCost");
}

double prob_of(const CacheOrderInput& in, int j) { return j < 0 ? 1.0 : in.probs[static_cast<std::size_t>(j)]; }
double cost_of(const CacheOrderInput& in, int j) {
    return j < 0 ? in.special_cost : in.costs[static_cast<std::size_t>(j)];
}
}  // namespace

double cache_order_cost(const CacheOrderInput& in, const std::vector<int>& order) {
    double reach = 1, total = 0;
    for (int j : order) {
        total += reach * cost_of(in, j);
        reach *= 1.0 - prob_of(in, j);
        if (reach == 0) break;
    }
    return total;
}

CacheOrderResult optimal_cache_order(const CacheOrderInput& in) {
    check(in);
    std::vector<int> order(in.probs.size());
    std::iota(order.begin(), order.end(), 0);
    order.push_back(-1);
    // Theorem 6: sort by p/τ, non-increasing. Compare p_a·τ_b with p_b·τ_a (no division).
    std::stable_sort(order.begin(), order.end(),
                     [&](int a, int b) { return prob_of(in, a) * cost_of(in, b) > prob_of(in, b) * cost_of(in, a); });
    CacheOrderResult r;
    double reach = 1;
    for (int j : order) {
        r.steps.push_back({j, prob_of(in, j), cost_of(in, j), reach});
        r.expected_cost += reach * cost_of(in, j);
        if (prob_of(in, j) >= 1.0) break;  // found surely: later queries are never sent
        reach *= 1.0 - prob_of(in, j);
    }
    const bool equal = !in.costs.empty() &&
                       std::all_of(in.costs.begin(), in.costs.end(), [&](double c) { return c == in.costs.front(); });
    r.theorem = equal ? 7 : 6;
    return r;
}

}  // namespace bloomcalc
