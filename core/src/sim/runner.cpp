// The simulation engine (its configuration and validation: sim/config.cpp): the chunked run loops (one per kind of experiment,
// templated on the structure so the inner loop has no virtual calls), statistics and the model table.
#include "bloomcalc/sim/runner.hpp"

#include "bloomcalc/rbf/nbounded.hpp"
#include "bloomcalc/rbf/one_phase.hpp"
#include "bloomcalc/rbf/two_phase.hpp"

#include <algorithm>
#include <cmath>
#include <type_traits>
#include <variant>

#include "bloomcalc/error.hpp"
#include "bloomcalc/fpr/exact_fpr.hpp"
#include "bloomcalc/params.hpp"
#include "bloomcalc/sim/bloom_filter.hpp"
#include "bloomcalc/sim/counting_filter.hpp"
#include "bloomcalc/sim/prefetch.hpp"
#include "bloomcalc/sim/two_phase.hpp"

namespace bloomcalc {

// ---- the model table -----------------------------------------------------------------------------

namespace {

std::optional<ModelValue> bloom_model(const SimConfig& c) {
    const bool distinct = c.hashing == HashScheme::ideal_distinct;
    Filter f{c.m, c.n, c.k, distinct ? Hashing::distinct : Hashing::colliding};
    ModelValue v;
    v.value = exact_fpr(f);
    v.name = "exact mean FPR";
    v.reference = distinct ? "000 eq 17 (k distinct probes)" : "001 eqs 8, 17";
    if (c.hashing == HashScheme::double_hashing || c.hashing == HashScheme::enhanced_double) {
        v.exact_configuration = false;
        v.note =
            "the model assumes ideal colliding hashing; the run uses " + std::string(to_string(c.hashing)) + " hashing";
    }
    return v;
}

// The recycling models assume ideal hashing and a fresh stream (count-instance averaging, 000 §II-E). With
// repeats in the stream the FPR of new arrivals depends on the repeat pattern (a repeat known only to the frozen
// array still fills the active one; a pool's messages hash to the same bits in every cycle of the run), so the
// model does not apply and no verdict is given.
ModelValue recycling_value(const SimConfig& c, double value, const char* name, const char* reference) {
    ModelValue v;
    v.value = value;
    v.name = name;
    v.reference = reference;
    if (c.hashing == HashScheme::double_hashing || c.hashing == HashScheme::enhanced_double) {
        v.exact_configuration = false;
        v.note =
            "the model assumes ideal colliding hashing; the run uses " + std::string(to_string(c.hashing)) + " hashing";
    }
    if (c.stream.kind != StreamKind::fresh) {
        v.exact_configuration = false;
        v.applies = false;
        v.note = std::string(v.note.empty() ? "" : v.note + "; ") + "the model is for a fresh stream: with repeats (" +
                 to_string(c.stream.kind) + ") the FPR of new arrivals depends on the repeat pattern, so no verdict";
    }
    return v;
}

RbfVariant rbf_variant(const SimConfig& c) {
    RbfVariant v;
    v.hashing = c.hashing == HashScheme::ideal_distinct ? Hashing::distinct : Hashing::colliding;
    v.recycling = c.retaining ? Recycling::retaining : Recycling::nonretaining;
    v.restart = RestartLaw::exact;  // the structure re-inserts the very message that recycled it
    v.swap = c.swap;
    return v;
}

// Recycling at b ≥ σ is recycling at b > σ − 1.
std::uint64_t model_sigma(const SimConfig& c) { return c.boundary == Boundary::reaches ? c.sigma - 1 : c.sigma; }

// A simulation's model is computed in result(), between two chunks of the run: bounded to ~0.1 s so a cancel
// stays prompt (docs/simulation.md, "Budgets"): an exact fill of m·(k + 3) ≤ 2^22 with distinct hashing and
// ≤ 2^26 with colliding hashes (which switch to a closed form), k²·m ≤ 2^26 for the exact retaining law's k
// fills; beyond, no model rather than a wait. (The large-M method would serve large m, but it belongs to the
// recycling module: the simulation module stays within the embed budget, tests/js/size.test.mjs.)
constexpr std::uint64_t kSimModelWork = std::uint64_t{1} << 22;  // M·(k + 3) of a distinct-hashing fill

template <class Exact>
std::optional<ModelValue> fill_model(const SimConfig& c, std::uint64_t bits, const char* name, const char* reference) {
    try {
        const RbfVariant variant = rbf_variant(c);
        validate_rbf_exact_work(bits, c.k, variant.hashing, kSimModelWork);
        const double levels = static_cast<double>(bits) * (c.k + 3.0);
        if (variant.hashing == Hashing::colliding && levels > 16.0 * static_cast<double>(kSimModelWork))
            return std::nullopt;
        // The exact retaining law with colliding hashes: k fills of M levels, ~k²·M steps of ~1 ns.
        const bool k_fills = rbf_exact_curve_max_points(bits, variant) != ~std::uint64_t{0};
        if (k_fills &&
            static_cast<double>(c.k) * c.k * static_cast<double>(bits) > 16.0 * static_cast<double>(kSimModelWork))
            return std::nullopt;
        return recycling_value(c, Exact(bits, c.k, variant).at(model_sigma(c)).average_fpr, name, reference);
    } catch (const Error&) {
        return std::nullopt;  // outside the model's domain or its budget: no value rather than a wrong one or a wait
    }
}

std::optional<ModelValue> sigma_model(const SimConfig& c) {
    return fill_model<OnePhaseModel>(c, c.m, "long-term average FPR f¹_σ", "000 eqs 4–18");
}

std::optional<ModelValue> two_phase_model(const SimConfig& c) {
    return fill_model<TwoPhaseModel>(c, array_bits(c), "long-term average FPR f²_σ (exact)",
                                     "000 eqs 24–26, docs/rbf.md");
}

// The N-bounded averages within the simulation's model budget (~0.1 s; nBounded itself allows 2^27, ~0.6 s).
constexpr double kSimNBoundedWork = 16777216.0;  // 2^24 estimated multiply-adds
NBoundedResult sim_n_bounded(const SimConfig& c) {
    if (n_bounded_work(c.m, c.k, c.n) > kSimNBoundedWork)
        throw InfeasibleError("N", "within the simulation's model budget",
                              "the exact N-bounded averages would take too long");
    return n_bounded(c.m, c.k, rbf_variant(c).hashing, c.n);
}

std::optional<ModelValue> n_real_model(const SimConfig& c) {
    try {
        const auto r = sim_n_bounded(c);
        ModelValue v =
            recycling_value(c, r.exact_given_cycle_ends, "exact average FPR, real user", "000 §III, docs/rbf.md");
        if (r.can_fill) {
            // The long-run average is 1 (the filter fills and never recycles); a run measures the cycles that end
            // unless it meets a fill: a verdict only while that is unlikely within the run.
            const double cycles =
                static_cast<double>(c.epochs + 1) * static_cast<double>(c.arrivals) / r.expected_arrivals;
            v.name = "exact average FPR, real user, over cycles that end";
            if (r.fill_probability * cycles > 1e-6) v.applies = false, v.exact_configuration = false;
            v.note = std::string(v.note.empty() ? "" : v.note + "; ") +
                     "(N − 1)·k ≥ m: the filter can fill (P = " + show_count(r.fill_probability) +
                     " per cycle) and then never recycles, so the long-run average is 1";
        }
        return v;
    } catch (const Error&) {
        return std::nullopt;
    }
}

std::optional<ModelValue> n_oracle_model(const SimConfig& c) {
    try {
        const auto r = sim_n_bounded(c);
        return recycling_value(c, r.exact_oracle, "exact average FPR, oracle user", "000 eq 2 with 001's exact FPR");
    } catch (const Error&) {
        return std::nullopt;
    }
}

using ModelFn = std::optional<ModelValue> (*)(const SimConfig&);
struct ModelEntry {
    Structure structure;
    ModelFn model;
};
// One row per structure with a model.
const ModelEntry kModels[] =
    {
        {Structure::bloom, bloom_model},
        {Structure::counting, bloom_model},  // same membership answers as the Bloom filter
        {Structure::sigma, sigma_model},
        {Structure::two_phase, two_phase_model},
        {Structure::n_real, n_real_model},
        {Structure::n_oracle, n_oracle_model},
};

}  // namespace

std::optional<ModelValue> model_value(const SimConfig& c) {
    for (const ModelEntry& e : kModels)
        if (e.structure == c.structure) return e.model(c);
    return std::nullopt;
}

// ---- the engine ----------------------------------------------------------------------------------

std::uint64_t epoch_seed(std::uint64_t seed, std::uint64_t epoch) {
    return mix64(mix64(seed ^ 0x3c6ef372fe94f82bULL) + (epoch + 1) * kGolden);
}

std::uint64_t epoch_warmup(const SimConfig& c, std::uint64_t epoch) {
    const std::uint64_t w = c.warmup.value_or(0);
    if (w == 0) return 0;
    // J_e from a word of its own (the hash salt and the stream take others); mod W ≤ 2^40: bias < 2^-23
    return w + mix64(epoch_seed(c.seed, epoch) ^ 0x2545f4914f6cdd1dULL) % w;
}

struct SimRunner::Impl {
    SimConfig c;
    EpochRange range;
    Hasher hasher;
    std::optional<MessageStream> stream;
    std::variant<std::monostate, BloomFilter, CountingBloomFilter, SigmaRecyclingFilter, TwoPhaseFilter, NBoundedFilter>
        s;
    std::vector<EpochCounts> epochs;
    EpochCounts current;
    bool fresh_epoch = true;  // the next arrival starts an epoch (a new structure, hash functions and stream)
    std::uint64_t warm_left = 0;
    std::uint64_t arrivals_done = 0, arrivals_total = 0;
    double probes = 0;
    bool done = false;
    // bloom/counting: where the current filter instance is
    std::uint64_t next_fresh = 0, inserted = 0, queried = 0;

    static EpochRange checked(const SimConfig& c, EpochRange r) {
        const auto got = [&] {
            return std::to_string(r.first) + " + " + std::to_string(r.count) + " × " + std::to_string(r.stride);
        };
        if (r.stride < 1 || r.stride > c.epochs) throw RangeError("epochs", "a stride in [1, epochs]", got());
        if (r.count == 0 && r.first < c.epochs) r.count = (c.epochs - r.first + r.stride - 1) / r.stride;
        if (r.first >= c.epochs || r.count == 0 || r.count - 1 > (c.epochs - 1 - r.first) / r.stride)
            throw RangeError("epochs", "a range inside the run's " + std::to_string(c.epochs) + " epochs", got());
        return r;
    }
    std::uint64_t epoch_at(std::uint64_t i) const { return range.first + i * range.stride; }

    Impl(const SimConfig& config, EpochRange r)
        : c(config), range(checked(c, r)), hasher(c.hashing, static_cast<std::uint32_t>(array_bits(c)), c.k, c.seed) {
        for (std::uint64_t i = 0; i < range.count; ++i) arrivals_total += epoch_warmup(c, epoch_at(i)) + c.arrivals;
        epochs.reserve(static_cast<std::size_t>(range.count));
    }

    // Epoch e's own seed stream, a fresh structure and its warm-up (docs/simulation.md, "Workers").
    void begin_epoch() {
        const std::uint64_t e = epoch_at(epochs.size());
        const std::uint64_t seed = epoch_seed(c.seed, e);
        hasher = Hasher(c.hashing, static_cast<std::uint32_t>(array_bits(c)), c.k, seed);
        stream.reset();  // the old truth tables go before the new ones are allocated
        stream.emplace(c.stream, seed);
        switch (c.structure) {
        case Structure::bloom:  // the last epoch's filter emptied: at m = 2^30 one fill of 128 MiB, not a new array too
            if (auto* f = std::get_if<BloomFilter>(&s))
                f->clear();
            else
                s.emplace<BloomFilter>(c.m);
            break;
        case Structure::counting: s.emplace<CountingBloomFilter>(c.m); break;
        case Structure::sigma: s.emplace<SigmaRecyclingFilter>(c.m, c.sigma, c.boundary, c.retaining); break;
        case Structure::two_phase:
            s.emplace<TwoPhaseFilter>(array_bits(c), c.sigma, c.boundary, c.retaining, c.swap);
            break;
        case Structure::n_real: s.emplace<NBoundedFilter>(c.m, c.n, NUser::real); break;
        case Structure::n_oracle: s.emplace<NBoundedFilter>(c.m, c.n, NUser::oracle); break;
        }
        warm_left = epoch_warmup(c, e);
        next_fresh = inserted = queried = 0;
        ahead_size = ahead_next = 0;  // positions drawn ahead belong to the epoch that drew them
        fresh_epoch = false;
    }

    // Books a.arrivals arrivals (one, or a batch that ends neither the warm-up nor the epoch before its last); closes
    // the epoch when it is full (the run loop then returns: the next epoch starts anew).
    void count(const EpochCounts& a) {
        arrivals_done += a.arrivals;
        if (warm_left > 0) {
            warm_left -= a.arrivals;
            return;
        }
        current.arrivals += a.arrivals, current.new_arrivals += a.new_arrivals;
        current.fp_first += a.fp_first, current.fp_each += a.fp_each;
        current.false_negatives += a.false_negatives, current.recycles += a.recycles;
        if (current.arrivals == c.arrivals) {
            if (const auto* f = std::get_if<CountingBloomFilter>(&s)) current.counter_saturations = f->saturations();
            epochs.push_back(current);
            current = EpochCounts{};
            fresh_epoch = true;
            done = epochs.size() == range.count;
        }
    }

    // Batched probes (docs/simulation.md, "Batched probes"): the positions of up to kProbeBatch upcoming
    // arrivals are computed ahead and their lines requested (sim/prefetch.hpp), so the memory serves a batch's
    // k·kProbeBatch random lines at once instead of one arrival's after another. Arrivals are then processed one
    // at a time in order, exactly as without the batch: positions depend on the message id only, and a stream
    // draws ids from its RNG alone (MessageStream::draw); whether a message is known is decided at its arrival.
    // A batch never crosses the end of the warm-up, an epoch or a phase of a filter instance.
    Message ahead[kProbeBatch];
    std::uint32_t ahead_pos[kProbeBatch * kMaxHashes];
    unsigned ahead_size = 0, ahead_next = 0;

    std::uint64_t epoch_left() const { return warm_left > 0 ? warm_left : c.arrivals - current.arrivals; }

    // Positions of the next `size` arrivals (ahead[i].id drawn), their lines requested when the array is far.
    template <class F>
    void fill_ahead(const F& f, unsigned size) {
        const unsigned k = c.k;
        for (unsigned i = 0; i < size; ++i) hasher.positions(ahead[i].id, ahead_pos + i * k);
        if (f.far()) {
            keep(f.touch(ahead_pos, size * k));
        }
        ahead_size = size, ahead_next = 0;
    }

    // 001's experiment on a Bloom or counting filter: n insertions, then `queries` lookups of new messages.
    template <class F>
    void run_instances(F& f, double stop) {
        const unsigned k = c.k;
        do {
            if (ahead_next == ahead_size) {
                const std::uint64_t phase =
                    inserted < c.n ? c.n - inserted : std::min(c.queries - queried, epoch_left());
                const unsigned size = static_cast<unsigned>(std::min<std::uint64_t>(kProbeBatch, phase));
                for (unsigned i = 0; i < size; ++i) ahead[i].id = next_fresh + i;
                fill_ahead(f, size);
            }
            if constexpr (std::is_same_v<F, BloomFilter>)
                if (ahead_next == 0) {
                    batch(f);
                    continue;
                }
            const std::uint32_t* p = ahead_pos + ahead_next++ * k;
            ++next_fresh;
            if (inserted < c.n) {
                if constexpr (std::is_same_v<F, BloomFilter>)
                    f.insert(p, k);
                else
                    f.test_and_insert(p, k);
                probes += k;
                ++inserted;
                continue;
            }
            bool positive;
            if constexpr (std::is_same_v<F, BloomFilter>)
                positive = f.contains_all(p, k);
            else
                positive = f.contains(p, k);
            probes += k;
            EpochCounts a;
            a.arrivals = a.new_arrivals = 1;
            a.fp_first = a.fp_each = positive;
            count(a);
            if (++queried == c.queries) {
                if (!fresh_epoch) f.clear();  // else the next epoch empties or replaces it (begin_epoch)
                inserted = queried = 0;
            }
        } while (!fresh_epoch && probes < stop);
    }

    // A whole batch of the Bloom filter's arrivals, just drawn: fill_ahead's batch lies in one phase (insertions, or
    // lookups ending neither the filter's instance nor the epoch before its last), so these are the operations the
    // loop above does arrival by arrival, in the same order, booked at once.
    void batch(BloomFilter& f) {
        const unsigned k = c.k, size = ahead_size;
        if (inserted < c.n) {
            for (unsigned i = 0; i < size; ++i) f.insert(ahead_pos + i * k, k);
            inserted += size;
        } else {
            std::uint64_t positives = 0;
            for (unsigned i = 0; i < size; ++i) positives += f.contains_all(ahead_pos + i * k, k);
            EpochCounts a;
            a.arrivals = a.new_arrivals = size;
            a.fp_first = a.fp_each = positives;
            count(a);
            if ((queried += size) == c.queries) {
                if (!fresh_epoch) f.clear();  // else the next epoch empties it (begin_epoch)
                inserted = queried = 0;
            }
        }
        next_fresh += size;
        probes += static_cast<double>(k) * size;
        ahead_next = size;
    }

    // A recycling structure driven by the stream; every arrival is looked up and inserted. A batch's arrivals are
    // processed one after another and booked together: the batch ends neither the warm-up nor the epoch before its last.
    template <class F>
    void run_stream(F& f, double stop) {
        const unsigned k = c.k;
        const std::uint64_t span = std::is_same_v<F, TwoPhaseFilter> ? 1 : 0;
        const double per = std::is_same_v<F, TwoPhaseFilter> ? 2.0 * k : k;
        MessageStream& in = *stream;
        do {
            const unsigned size = static_cast<unsigned>(std::min<std::uint64_t>(kProbeBatch, epoch_left()));
            for (unsigned i = 0; i < size; ++i) ahead[i] = in.draw();
            fill_ahead(f, size);
            EpochCounts a;
            a.arrivals = size;
            if (in.fresh()) {  // every arrival new (never known, never seen): what is left of the loop below
                a.new_arrivals = size;
                for (unsigned i = 0; i < size; ++i) {
                    const Arrival r = f.arrive(ahead_pos + i * k, k, true);
                    a.fp_first += r.positive;
                    a.recycles += r.recycled;
                }
                a.fp_each = a.fp_first;
            } else {
                for (unsigned i = 0; i < size; ++i) {
                    Message& msg = ahead[i];
                    in.classify(msg, f.cycles(), span);
                    const Arrival r = f.arrive(ahead_pos + i * k, k, !msg.known);
                    a.new_arrivals += !msg.known;
                    a.fp_first += !msg.known && r.positive;
                    a.fp_each += msg.known ? msg.fp_flag : r.positive;
                    a.false_negatives += !msg.first_ever && !r.positive;
                    a.recycles += r.recycled;
                    const std::uint64_t stamp = f.cycles() - (r.recycled && !f.retains() ? 1 : 0);
                    in.record(msg, stamp, msg.known ? msg.fp_flag : r.positive);
                }
            }
            ahead_next = size;
            probes += per * size;
            count(a);
        } while (!fresh_epoch && probes < stop);
    }

    void run(double budget) {
        const double stop = probes + budget;
        do {
            if (done) return;
            if (fresh_epoch) begin_epoch();
            std::visit(
                [&](auto& f) {
                    using F = std::decay_t<decltype(f)>;
                    if constexpr (std::is_same_v<F, BloomFilter> || std::is_same_v<F, CountingBloomFilter>)
                        run_instances(f, stop);
                    else if constexpr (!std::is_same_v<F, std::monostate>)
                        run_stream(f, stop);
                },
                s);
        } while (probes < stop);
    }

    SimProgress progress() const {
        SimProgress p;
        p.done = done;
        p.epochs_done = epochs.size();
        p.arrivals_done = arrivals_done;
        p.arrivals_total = arrivals_total;
        p.probes = probes;
        p.probes_total = estimated_probes(c) * static_cast<double>(range.count) / static_cast<double>(c.epochs);
        return p;
    }
};

SimRunner::SimRunner(const SimConfig& config, EpochRange range)
    : impl_(std::make_unique<Impl>(validate(config), range)) {}
SimRunner::~SimRunner() = default;

SimProgress SimRunner::run(double probe_budget) {
    impl_->run(probe_budget);
    return impl_->progress();
}
SimProgress SimRunner::progress() const { return impl_->progress(); }
const std::vector<EpochCounts>& SimRunner::epochs() const { return impl_->epochs; }

SimProgress SimRunner::absorb(const std::vector<EpochCounts>& next, double probes) {
    Impl& s = *impl_;
    if (next.size() > s.range.count - s.epochs.size())
        throw RangeError("epochs", "at most the " + std::to_string(s.range.count - s.epochs.size()) + " epochs left",
                         std::to_string(next.size()));
    for (const EpochCounts& e : next)
        s.arrivals_done += epoch_warmup(s.c, s.epoch_at(s.epochs.size())) + e.arrivals, s.epochs.push_back(e);
    s.probes += probes;
    s.done = s.epochs.size() == s.range.count;
    return s.progress();
}

namespace {

VariantEstimate estimate(const char* name, const std::vector<EpochCounts>& epochs, double confidence,
                         std::uint64_t EpochCounts::*num, std::uint64_t EpochCounts::*den, bool poisson) {
    VariantEstimate v;
    v.name = name;
    std::vector<double> values;
    for (const EpochCounts& e : epochs) {
        v.numerator += e.*num, v.denominator += e.*den;
        if (e.*den > 0) values.push_back(static_cast<double>(e.*num) / static_cast<double>(e.*den));
    }
    v.batch = batch_means(values, confidence);
    v.batch.interval = clipped_to_rates(v.batch.interval);  // rates: never below 0 or above 1
    v.pooled = v.denominator ? static_cast<double>(v.numerator) / static_cast<double>(v.denominator) : 0;
    if (poisson && v.denominator) {
        const Interval i = poisson_interval(v.numerator, confidence);
        v.poisson = clipped_to_rates(
            Interval{i.low / static_cast<double>(v.denominator), i.high / static_cast<double>(v.denominator)});
    }
    return v;
}

}  // namespace

SimResult summarize(const SimConfig& config, const std::vector<EpochCounts>& epochs) {
    SimResult r;
    r.config = config;
    r.progress.done = epochs.size() == config.epochs;
    r.progress.epochs_done = epochs.size();
    r.epochs = epochs;
    const double conf = config.confidence;
    r.count_instance =
        estimate("count-instance", epochs, conf, &EpochCounts::fp_first, &EpochCounts::new_arrivals, true);
    r.count_first = estimate("count-first", epochs, conf, &EpochCounts::fp_first, &EpochCounts::arrivals, true);
    r.count_each = estimate("count-each", epochs, conf, &EpochCounts::fp_each, &EpochCounts::arrivals, false);
    for (const EpochCounts& e : epochs)
        r.recycles += e.recycles, r.false_negatives += e.false_negatives,
            r.counter_saturations += e.counter_saturations;
    r.model = model_value(config);
    if (r.model && r.model->applies && r.count_instance.batch.count >= 2) {
        const double v = r.model->value;
        r.model_inside_t = v >= r.count_instance.batch.interval.low && v <= r.count_instance.batch.interval.high;
        r.model_inside_poisson =
            r.count_instance.poisson && v >= r.count_instance.poisson->low && v <= r.count_instance.poisson->high;
    }
    return r;
}

SimResult SimRunner::result() const {
    SimResult r = summarize(impl_->c, impl_->epochs);
    r.progress = impl_->progress();
    return r;
}

SimResult simulate(const SimConfig& config) {
    SimRunner runner(config);
    while (!runner.run(1e9).done) {
    }
    return runner.result();
}

}  // namespace bloomcalc
