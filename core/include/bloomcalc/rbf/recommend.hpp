// The recommender (000/002 §V-B, V-C): for memory M and a target long-term average FPR f*, per k the largest
// recycle threshold each rule allows and the expected messages per cycle it gives.
#pragma once

#include <cmath>
#include <cstdint>
#include <functional>
#include <vector>

#include "bloomcalc/rbf/large/rbf_method.hpp"
#include "bloomcalc/rbf/params.hpp"

namespace bloomcalc {

struct RuleChoice {
    bool feasible = false;  // some threshold meets f*
    double threshold = 0;   // σ (bits) for the σ-bounded rules, N (messages) for the N-bounded ones
    double capacity = 0;    // expected new-message arrivals per cycle at that threshold (E[N₀], or N)
    double fpr = 0;         // the rule's average FPR at that threshold
};

struct RecommendRow {
    unsigned k = 0;
    RbfMethod method = RbfMethod::exact;  // what computed the σ rules of this row
    double error_bound = 0;               // large-M method: bound on the relative error of its FPRs and E[N₀]
    RuleChoice one_phase;                 // σ-bounded, M bits (f¹_σ, eq 18; E[N₀], eq 23)
    RuleChoice two_phase;    // σ-bounded, two filters of ⌊M/2⌋ bits (f²_σ exact; E[N₀] of the active filter)
    RuleChoice worst_case;   // N-bounded, eq 1 (f_w)
    RuleChoice oracle;       // N-bounded, eq 2 (f_o)
    RuleChoice lower_bound;  // N-bounded, eq 3 (f_a)
};

struct BestChoice {
    unsigned k = 0;
    RuleChoice choice;
    double gain_over_worst_case = 0;  // capacity / best worst-case capacity − 1
};

struct Recommendation {
    std::uint64_t M = 0;
    double target = 0;
    RbfVariant variant;
    std::vector<RecommendRow> rows;  // k = 1..k_max
    BestChoice one_phase, two_phase, worst_case, oracle, lower_bound;
    // exact or asymptotic when every row used that method, mixed when they differ (auto with kmax > 32 at
    // 2^16 < M ≤ 2^24: the large-M method to k = 32, the exact fill above); each row names its own.
    RbfMethod method = RbfMethod::exact;
    double error_bound = 0;  // the largest row bound: it holds for every row (the exact rows' is 0)
};

struct RecommendInput {
    std::uint64_t M = 0;
    double target = 0;  // f* in (0, 1)
    unsigned k_max = 32;
    RbfVariant variant;
    RbfMethod method = RbfMethod::automatic;
};

// A recommendation as the surfaces ask it (recommend, recommendPlan, recommendRows, mergeRecommendation): m the
// memory, p the target f*, kmax the largest k tried; checked_input gives the RecommendInput (RangeError naming
// "m" (≤ 2^40), "p" (in (0, 1)) or "kmax" (1..64)).
struct RecommendRequest : RbfVariant {
    double m = NAN, p = NAN, kmax = 32;
    RbfMethod method = RbfMethod::automatic;
};
RecommendInput checked_input(const RecommendRequest& request);

// `progress(done, total)` is called after each k; returning false cancels (CancelledError).
Recommendation recommend(const RecommendInput& in, const std::function<bool(unsigned, unsigned)>& progress = {});

// The same in parts, for a pool of workers (each k is independent): the rows for k = k_lo..k_hi (clipped to
// the k_max that recommend() uses), and the recommendation from every row (any order).
std::vector<RecommendRow> recommend_rows(const RecommendInput& in, unsigned k_lo, unsigned k_hi,
                                         const std::function<bool(unsigned, unsigned)>& progress = {});
Recommendation merge_recommendation(const RecommendInput& in, std::vector<RecommendRow> rows);
namespace detail {
// The rows as the exact method computed them before issue 13's speed-ups (one compensated addition per level,
// the two-phase half filter filled up to its one-phase σ, eq 1 by pow): the reference that the tests and
// bench/bench_rbf.cpp compare the fast path with. Rows of the large-M method are the same in both.
std::vector<RecommendRow> recommend_rows_reference(const RecommendInput& in, unsigned k_lo, unsigned k_hi);
}  // namespace detail
// The k_max recommend() uses for `in` (k ≤ M/2), after validating `in`.
unsigned recommend_k_max(const RecommendInput& in);
// The method of the row k (RangeError as recommend would throw it).
RbfMethod recommend_method(const RecommendInput& in, unsigned k);

}  // namespace bloomcalc
