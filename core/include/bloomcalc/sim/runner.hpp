// The simulation engine: a real structure driven by a message stream, measured in epochs, run in
// chunks so a caller (a Web Worker, a Node loop, a test) can report progress and cancel between
// chunks. Deterministic: the same configuration and seed give the same counts natively and in wasm.
// docs/simulation.md.
#pragma once

#include <cmath>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "bloomcalc/sim/hashing.hpp"
#include "bloomcalc/rbf/params.hpp"
#include "bloomcalc/sim/recycling_filter.hpp"
#include "bloomcalc/sim/statistics.hpp"
#include "bloomcalc/sim/streams.hpp"

namespace bloomcalc {

// bloom:     a standard Bloom filter, 001's experiment: fill a fresh filter with n new messages, then
//            look up `queries` new messages (each an arrival: a positive is a false positive); repeat.
// counting:  the same experiment on a counting Bloom filter (8-bit counters).
// sigma:     σ-bounded recycling filter (000/002 §IV).      two_phase: two-phase σ-bounded (§II-C, §IV-F1).
// n_real:    N-bounded, the real user counts bit-setting messages (§III).   n_oracle: the oracle user.
enum class Structure { bloom, counting, sigma, two_phase, n_real, n_oracle };
Structure parse_structure(
    const std::string& text);  // "bloom" | "counting" | "sigma" | "two-phase" | "n-real" | "n-oracle"
const char* to_string(Structure s);
bool is_recycling(Structure s);

// Budgets, checked before anything is allocated (docs/simulation.md, "Budgets").
constexpr std::uint64_t kSimMemoryBudget = std::uint64_t{256} << 20;  // bytes of filter + ground-truth state
constexpr std::uint64_t kSimMaxBits = std::uint64_t{1} << 31;         // m of one array (positions are 32-bit)
constexpr double kSimMaxProbes = 274877906944.0;                      // 2^38 bit probes ≈ 45 min native
constexpr std::uint64_t kSimMaxEpochs = std::uint64_t{1} << 20;
constexpr std::uint64_t kSimMaxArrivals = std::uint64_t{1} << 40;  // per epoch, and warm-up

struct SimConfig {
    Structure structure = Structure::bloom;
    std::uint64_t m = 0;  // bits of memory in all (two_phase: two arrays of ⌊m/2⌋ bits, as the rbf models' M)
    unsigned k = 0;       // probes per message
    HashScheme hashing = HashScheme::ideal_colliding;
    std::uint64_t n = 0;      // bloom/counting: messages per filter instance; n_real/n_oracle: N
    std::uint64_t sigma = 0;  // sigma/two_phase: σ
    Boundary boundary = Boundary::exceeds;
    bool retaining = false;
    SwapPoint swap =
        SwapPoint::after;       // two_phase: the frozen array with (after) or without (before) the trigger's bits
    StreamSpec stream;          // recycling structures only; bloom/counting query fresh messages
    std::uint64_t queries = 0;  // bloom/counting: lookups per filter instance (0: max(64, n))
    std::uint64_t epochs = 0;
    std::uint64_t arrivals = 0;           // counted arrivals per epoch (lookups, for bloom/counting)
    std::optional<std::uint64_t> warmup;  // W: each epoch's warm-up is W + J_e, J_e uniform in [0, W) (epoch_warmup)
    std::uint64_t seed = 1;
    double confidence = 0.99;
};

// The configuration as the JS side passes it: text for the choices, numbers as doubles (absent =
// default; a required one absent is NaN and reported by name). make_sim_config checks each number
// (finite, integral, in range: RangeError naming it) and then validate()s.
struct SimInput {
    std::string structure = "bloom", hashing = "colliding", boundary = "exceeds", stream = "fresh", swap = "after";
    bool retaining = false;
    double m = NAN, k = NAN, epochs = NAN, arrivals = NAN;
    std::optional<double> n, sigma, queries, warmup, seed, confidence, pool, new_fraction, window;
};
SimConfig make_sim_config(const SimInput& in);

// Validates every field (RangeError naming it) and the budgets (InfeasibleError naming the parameter
// to reduce); fills the defaults (queries, warmup). Returns the completed configuration.
SimConfig validate(const SimConfig& config);

// Bits of one array: m, or ⌊m/2⌋ for the two arrays of a two-phase filter.
std::uint64_t array_bits(const SimConfig& c);

// Work and memory a configuration needs (for the budgets and for progress).
double estimated_probes(const SimConfig& c);
std::uint64_t estimated_bytes(const SimConfig& c);

// A count or probability in a message, to 3 significant digits (%.3g).
std::string show_count(double x);

// Counts of one epoch. Averaging variants (002 §II-E), with "new" = not known to the filter:
//   count-instance = fp_first / new_arrivals, count-first = fp_first / arrivals,
//   count-each = fp_each / arrivals (every arrival of a message whose first arrival was a false positive).
struct EpochCounts {
    std::uint64_t arrivals = 0, new_arrivals = 0, fp_first = 0, fp_each = 0;
    std::uint64_t false_negatives = 0;  // arrivals of a message seen before, answered "new" (after a recycle)
    std::uint64_t recycles = 0;
    std::uint64_t counter_saturations = 0;  // counting: increments lost at the counter's maximum
};

// Epochs are independent (docs/simulation.md, "Workers"): epoch e starts a fresh structure, hash functions and
// stream from its own seed epoch_seed(seed, e), warms up for epoch_warmup(c, e) arrivals, then counts `arrivals`.
// So any split of the epochs over workers, merged in epoch order, gives the same counts.
std::uint64_t epoch_seed(std::uint64_t seed, std::uint64_t epoch);
// W + J_e with J_e uniform in [0, W) from the epoch's seed: a random phase, so the counted arrivals start from
// (nearly) the stationary state whatever the cycle length (docs/simulation.md, "Warm-up").
std::uint64_t epoch_warmup(const SimConfig& c, std::uint64_t epoch);

// Epochs first, first + stride, … (count of them; 0: to the last) of a run: a worker's share. A pool of w workers
// takes strides of w, so the epochs finish nearly in order and the running estimate grows smoothly.
struct EpochRange {
    std::uint64_t first = 0, count = 0, stride = 1;
};

struct SimProgress {
    bool done = false;
    std::uint64_t epochs_done = 0;
    std::uint64_t arrivals_done = 0;  // including warm-up
    std::uint64_t arrivals_total = 0;
    double probes = 0;        // bit probes so far
    double probes_total = 0;  // estimated
};

struct VariantEstimate {
    std::string name;  // "count-instance", "count-first", "count-each"
    BatchMeans batch;  // over epochs with a non-zero denominator
    std::uint64_t numerator = 0, denominator = 0;
    double pooled = 0;                // numerator / denominator
    std::optional<Interval> poisson;  // Garwood interval on the numerator / denominator (counts only)
};

// A model value for the configuration, when a model exists (see model_value below).
struct ModelValue {
    double value = 0;
    std::string name;                 // e.g. "exact mean FPR"
    std::string reference;            // e.g. "001 eqs 8, 17"
    bool exact_configuration = true;  // false: the model assumes something the run does not (e.g. ideal hashing)
    // false: the model is not the quantity measured (a recycling structure driven by a stream with repeats);
    // then there is no inside/outside verdict (model_inside_* stay false and the surfaces show none).
    bool applies = true;
    std::string note;
};

struct SimResult {
    SimConfig config;
    SimProgress progress;
    std::vector<EpochCounts> epochs;
    VariantEstimate count_instance, count_first, count_each;
    std::uint64_t recycles = 0, false_negatives = 0, counter_saturations = 0;
    std::optional<ModelValue> model;
    bool model_inside_t = false, model_inside_poisson = false;
};

// The model of a configuration, from a table keyed by structure (sim/runner.cpp, kModels): the exact
// mean FPR of 001 for bloom/counting, f¹_σ, the exact f²_σ and the exact N-bounded averages (docs/rbf.md).
std::optional<ModelValue> model_value(const SimConfig& c);

class SimRunner {
public:
    // Validates (and the range: inside [0, epochs), else a RangeError naming epochs); throws before allocating.
    explicit SimRunner(const SimConfig& config, EpochRange range = {});
    ~SimRunner();
    SimRunner(const SimRunner&) = delete;
    SimRunner& operator=(const SimRunner&) = delete;

    // Runs until about `probe_budget` more bit probes are done (at least one arrival) or the run is
    // complete; returns the progress. Cancelling is simply not calling run() again.
    SimProgress run(double probe_budget);
    SimProgress progress() const;
    const std::vector<EpochCounts>& epochs() const;
    // Takes the next epochs of the run, counted by workers (merged in epoch order), as if run here: for a runner
    // that does not run itself (a pool's lead). More epochs than the range holds: a RangeError naming epochs.
    SimProgress absorb(const std::vector<EpochCounts>& next, double probes);
    // The count-instance rate fp_first / new_arrivals (NaN without new arrivals) of each completed epoch from
    // `from` on (the running estimate's plot); `from` an integer in [0, epochs done], else a RangeError naming it.
    std::vector<double> epoch_rates(double from) const;
    // Statistics of the completed epochs (all of them once progress().done).
    SimResult result() const;

    struct Impl;

private:
    std::unique_ptr<Impl> impl_;
};

// Runs to completion (tests, CLI without progress).
SimResult simulate(const SimConfig& config);

// The statistics of a run's epochs, counted elsewhere (workers' ranges merged in epoch order); config validated.
SimResult summarize(const SimConfig& config, const std::vector<EpochCounts>& epochs);

}  // namespace bloomcalc
