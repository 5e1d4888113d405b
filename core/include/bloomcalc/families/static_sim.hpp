// What a simulation of a static filter (built once from its whole key set: xor, binary fuse, ribbon) measures:
// each trial draws n fresh keys, builds the filter with the library's retry rule, and looks up keys never
// inserted. Per seed, a construction attempt succeeds or fails (Clopper–Pearson interval on attempts); the FPR is
// the share of positive lookups (Clopper–Pearson on all lookups: given a built filter, each non-member's answer
// depends only on its own hash). docs/families.md, "Simulation".
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "bloomcalc/sim/hashing.hpp"
#include "bloomcalc/sim/statistics.hpp"

namespace bloomcalc::families {

struct StaticSimResult {
    std::uint64_t trials = 0;                // filters built (each from n fresh keys)
    std::uint64_t attempts = 0;              // seeds tried over all trials
    std::uint64_t failed_attempts = 0;       // seeds whose construction failed
    std::uint64_t failed_builds = 0;         // trials that exhausted the library's retry limit
    double construction_failure = 0;         // failed_attempts / attempts: per seed
    Interval construction_failure_interval;  // its Clopper–Pearson interval at `confidence`
    std::uint64_t lookups = 0, false_positives = 0;
    double fpr = 0;
    Interval fpr_interval;    // Clopper–Pearson at `confidence`
    std::uint64_t bytes = 0;  // memory as allocated (the fingerprint array)
    double confidence = 0.99;
};

// Fills the rates and intervals from the counts.
void finish(StaticSimResult& r);

// The trials of every static filter's simulation, added to r's counts (then finish(r)): per trial n distinct fresh
// keys (a bijective mix of distinct ids, salted from `seed`); build(keys) returns whether a seed succeeded within the
// library's limit, filter.attempts() the seeds it tried; then `lookups` keys never inserted.
template <class Filter, class Build>
void run_static_trials(const Filter& filter, std::size_t n, std::uint64_t trials, std::uint64_t lookups,
                       std::uint64_t seed, Build build, StaticSimResult& r) {
    Rng rng(seed);
    std::vector<std::uint64_t> set(n);
    for (std::uint64_t trial = 0; trial < trials; ++trial) {
        const std::uint64_t salt = rng.next();
        for (std::size_t i = 0; i < n; ++i) set[i] = mix64(salt + i);
        const bool built = build(set);
        ++r.trials;
        r.attempts += filter.attempts();
        r.failed_attempts += built ? filter.attempts() - 1 : filter.attempts();
        if (!built) {
            ++r.failed_builds;
            continue;
        }
        for (std::uint64_t i = 0; i < lookups; ++i) r.false_positives += filter.contains(mix64(salt + n + i));
        r.lookups += lookups;
    }
}

}  // namespace bloomcalc::families
