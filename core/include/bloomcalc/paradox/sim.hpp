// The Bloom paradox on the simulation engine's real structures (004 §IV, Theorem 1): a Bloom (or
// counting) filter holds n members; each query is a member with probability P (the prior) and a fresh
// non-member otherwise; the measured Pr(x ∈ S | positive) is compared with Theorem 1's posterior
// P / (P + (1 − P)·F) at the filter's exact mean FPR F (the engine's model table). Run in chunks like
// SimRunner so a Web Worker can report progress and cancel. docs/paradox.md, docs/simulation.md.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "bloomcalc/sim/runner.hpp"

namespace bloomcalc {

struct ParadoxSimConfig {
    Structure structure = Structure::bloom;  // bloom or counting
    std::uint64_t m = 0;                     // bits (counters)
    std::uint64_t n = 0;                     // members inserted into each filter instance
    unsigned k = 0;
    HashScheme hashing = HashScheme::ideal_colliding;
    double prior = NAN;         // Pr(x ∈ S) of a query, in (0, 1)
    std::uint64_t queries = 0;  // lookups per filter instance (= per epoch)
    std::uint64_t epochs = 0;   // filter instances, ≥ 2
    std::uint64_t seed = 1;
    double confidence = 0.99;
};

// As the JS side passes it (absent required numbers are NaN and reported by name).
struct ParadoxSimInput {
    std::string structure = "bloom", hashing = "colliding";
    double m = NAN, n = NAN, k = NAN, prior = NAN, queries = NAN, epochs = NAN;
    std::optional<double> seed, confidence;
};
ParadoxSimConfig make_paradox_sim_config(const ParadoxSimInput& in);
// RangeError naming the field; InfeasibleError on the engine's memory and probe budgets.
ParadoxSimConfig validate(const ParadoxSimConfig& config);
double estimated_probes(const ParadoxSimConfig& c);
// The engine's configuration of the same filter (for its model table and memory estimate).
SimConfig engine_config(const ParadoxSimConfig& c);

// Counts of one epoch (one filter instance).
struct ParadoxEpochCounts {
    std::uint64_t queries = 0, member_queries = 0, positives = 0, member_positives = 0;
};

struct ParadoxSimResult {
    ParadoxSimConfig config;
    SimProgress progress;
    std::vector<ParadoxEpochCounts> epochs;
    ParadoxEpochCounts total;
    // Measured posterior: the ratio Σ member_positives / Σ positives over epochs (0 when no positive).
    // half_width: Student-t on the per-epoch residuals A_e − R·B_e (batch means of a ratio, delta method);
    // interval: that t interval clipped to [0, 1], joined with Clopper–Pearson on Σ member_positives of
    // Σ positives (small counts, where the t interval collapses); [0, 1] when no positive was observed.
    double posterior = 0, half_width = 0;
    Interval interval;
    std::uint64_t epochs_used = 0;  // epochs (all of them: an epoch without positives adds 0/0)
    double measured_fpr = 0;        // false positives / non-member queries (pooled)
    ModelValue fpr_model;           // the engine's model: exact mean FPR (001 eqs 8, 17)
    double classic_fpr = 0;         // (1 − e^{−kn/m})^k, the paper's model at real k
    double theorem = 0;             // Theorem 1's posterior at the exact FPR
    double theorem_classic = 0;     // … at the classic FPR (for comparison)
    bool inside = false;            // theorem ∈ interval
    bool classic_inside = false;
    std::uint64_t counter_saturations = 0;
};

class ParadoxSimRunner {
public:
    explicit ParadoxSimRunner(const ParadoxSimConfig& config);  // validates; throws before allocating
    ~ParadoxSimRunner();
    ParadoxSimRunner(const ParadoxSimRunner&) = delete;
    ParadoxSimRunner& operator=(const ParadoxSimRunner&) = delete;

    // About `probe_budget` more bit probes (at least one step), then the progress.
    SimProgress run(double probe_budget);
    SimProgress progress() const;
    const std::vector<ParadoxEpochCounts>& epochs() const;
    ParadoxSimResult result() const;  // statistics of the completed epochs

    struct Impl;

private:
    std::unique_ptr<Impl> impl_;
};

// Runs to completion.
ParadoxSimResult simulate_paradox(const ParadoxSimConfig& config);

// Theorem 1's posterior P / (P + (1 − P)·F) (via bloom_paradox).
double theorem1_posterior(double prior, double fpr);

}  // namespace bloomcalc
