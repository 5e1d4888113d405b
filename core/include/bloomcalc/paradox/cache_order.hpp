// Distributed cache (004 §VII): in which order proxy i should query the other proxies and the special
// proxy that holds everything, to minimise the expected cost until the element is found.
#pragma once

#include <string>
#include <vector>

namespace bloomcalc {

struct CacheOrderInput {
    std::vector<double> probs;  // p_{i,j}: success probability of each regular proxy, in [0, 1]
    std::vector<double> costs;  // τ_{i,j} > 0, one per proxy
    double special_cost = 0;    // ψ_i > 0: the special proxy always succeeds
};

struct CacheStep {
    int proxy = -1;  // index into probs, or -1 for the special proxy
    double prob = 1, cost = 0;
    double reach = 1;  // probability that this query is sent (all earlier ones failed)
};

struct CacheOrderResult {
    std::vector<CacheStep> steps;  // the queries in order, ending with the first that surely succeeds
    double expected_cost = 0;
    int theorem = 6;  // 7 when all regular costs are equal (the simple case), else 6
};

// Theorem 6: non-increasing p/τ, the special proxy with 1/ψ; stop at the first query with p = 1.
// Ties keep the proxies' order, the special proxy after regular proxies of equal ratio.
CacheOrderResult optimal_cache_order(const CacheOrderInput& in);

// Expected cost of querying in `order` (indices into probs, −1 = special) until one succeeds.
double cache_order_cost(const CacheOrderInput& in, const std::vector<int>& order);

}  // namespace bloomcalc
