// embind: the simulation of the real structures (core/include/bloomcalc/sim/), driven chunk by chunk from JS, in
// the main module. Thin marshalling only.
#include <emscripten/bind.h>

#include <cmath>
#include <cstdint>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include "bindings/common.hpp"
#include "bindings/inputs.generated.hpp"
#include "bloomcalc/error.hpp"
#include "bloomcalc/params.hpp"
#include "bloomcalc/sim/runner.hpp"
#include "bloomcalc/sim/statistics.hpp"
#include "bloomcalc/sim/streams.hpp"

using namespace bcjs;
namespace bc = bloomcalc;

namespace {

// An epoch range's numbers come from the pool's own code (wasm/sim-pool.mjs), checked again by the core.
std::uint64_t as_count(double x) { return bc::checked_integer(x, "epochs", 0, bc::kSimMaxEpochs); }

val poisson_val(const std::optional<bc::Interval>& i) { return i ? interval_val(*i) : val::null(); }

val variant_val(const bc::VariantEstimate& v) {
    return Fields()
        .add("mean", v.batch.mean)
        .add("sd", v.batch.sd)
        .add("halfWidth", v.batch.half_width)
        .add("interval", interval_val(v.batch.interval))
        .add("epochsUsed", v.batch.count)
        .add("numerator", v.numerator)
        .add("denominator", v.denominator)
        .add("pooled", v.pooled)
        .add("poisson", poisson_val(v.poisson))
        .done();
}

val config_val(const bc::SimConfig& c) {
    const bool has_n = c.structure != bc::Structure::sigma && c.structure != bc::Structure::two_phase;
    const auto& s = c.stream;
    return Fields()
        .add("structure", c.structure)
        .add("m", c.m)
        .add("k", c.k)
        .add("hashing", c.hashing)
        .add("n", only_if(has_n, c.n))
        .add("sigma", only_if(!has_n, c.sigma))
        .add("boundary", c.boundary)
        .add("retaining", c.retaining)
        .add("swap", c.structure == bc::Structure::two_phase ? val(std::string(bc::to_string(c.swap))) : val::null())
        .add("stream", s.kind)
        .add("pool", only_if(s.kind == bc::StreamKind::pool, s.pool))
        .add("newFraction", only_if(s.kind == bc::StreamKind::fading, s.new_fraction))
        .add("window", only_if(s.kind == bc::StreamKind::fading, s.window))
        .add("queries", only_if(!bc::is_recycling(c.structure), c.queries))
        .add("epochs", c.epochs)
        .add("arrivals", c.arrivals)
        .add("warmup", *c.warmup)
        .add("seed", c.seed)
        .add("confidence", c.confidence)
        .done();
}

val model_val(const bc::SimResult& r) {
    if (!r.model) return val::null();
    const auto& m = *r.model;  // applies false: no verdict (a stream with repeats)
    return Fields()
        .add("value", m.value)
        .add("name", m.name)
        .add("reference", m.reference)
        .add("exactConfiguration", m.exact_configuration)
        .add("note", m.note)
        .add("applies", m.applies)
        .add("insideT", m.applies ? val(r.model_inside_t) : val::null())
        .add("insidePoisson", m.applies ? val(r.model_inside_poisson) : val::null())
        .done();
}

// The per-epoch counts, a column per field (a result's epochCounts; what a pool's worker hands its lead).
constexpr const char* kCountNames[] = {"arrivals",       "newArrivals", "fpFirst",           "fpEach",
                                       "falseNegatives", "recycles",    "counterSaturations"};
constexpr std::uint64_t bc::EpochCounts::*kCountFields[] = {
    &bc::EpochCounts::arrivals,           &bc::EpochCounts::new_arrivals,
    &bc::EpochCounts::fp_first,           &bc::EpochCounts::fp_each,
    &bc::EpochCounts::false_negatives,    &bc::EpochCounts::recycles,
    &bc::EpochCounts::counter_saturations};

val counts_val(const std::vector<bc::EpochCounts>& epochs) {
    Fields counts;
    for (int f = 0; f < 7; ++f) {
        val column = val::array();
        for (const bc::EpochCounts& e : epochs) column.call<void>("push", val(static_cast<double>(e.*kCountFields[f])));
        counts.add(kCountNames[f], column);
    }
    return counts.done();
}

std::vector<bc::EpochCounts> counts_of(val columns) {
    std::vector<bc::EpochCounts> epochs(columns["arrivals"]["length"].as<std::size_t>());
    for (int f = 0; f < 7; ++f) {
        const val column = columns[kCountNames[f]];
        for (std::size_t i = 0; i < epochs.size(); ++i)
            epochs[i].*kCountFields[f] = static_cast<std::uint64_t>(column[i].as<double>());
    }
    return epochs;
}

val result_val(const bc::SimResult& r) {
    const bc::VariantEstimate& ci = r.count_instance;
    const val variants = Fields()
                             .add("countInstance", variant_val(r.count_instance))
                             .add("countFirst", variant_val(r.count_first))
                             .add("countEach", variant_val(r.count_each))
                             .done();
    return Fields()
        .add("config", config_val(r.config))
        .add("done", r.progress.done)
        .add("probes", r.progress.probes)
        .add("mean", ci.batch.mean)
        .add("halfWidth", ci.batch.half_width)
        .add("interval", interval_val(ci.batch.interval))
        .add("poisson", poisson_val(ci.poisson))
        .add("falsePositives", ci.numerator)
        .add("newArrivals", ci.denominator)
        .add("variants", variants)
        .add("epochCounts", counts_val(r.epochs))
        .add("epochs", r.epochs.size())
        .add("recycles", r.recycles)
        .add("falseNegatives", r.false_negatives)
        .add("counterSaturations", r.counter_saturations)
        .add("model", model_val(r))
        .done();
}

// A running simulation (Driven: common.hpp).
class Simulation : public Driven<bc::SimRunner> {
public:
    explicit Simulation(val input) : Driven([&] { return bc::make_sim_config(inputs::SimulationInput(input)); }) {}
    // A pool worker's share: epochs first, first + stride, … (count of them).
    Simulation(val input, double first, double count, double stride)
        : Driven([&] { return bc::make_sim_config(inputs::SimulationInput(input)); },
                 [&] {
                     return bc::EpochRange{as_count(first), as_count(count), as_count(stride)};
                 }) {}
    // A pool's lead takes its workers' epochs in order (their epochCounts) and their bit probes.
    val absorb(val columns, double probes) {
        return guarded([&] { return progress_val(runner().absorb(counts_of(columns), probes)); });
    }
    val epochRates(double from) const {
        return guarded([&] { return array_of(runner().epoch_rates(from)); });
    }
    val result() const {
        return guarded([&] { return result_val(runner().result()); });
    }
    // The counts of the completed epochs from `from` on (a pool worker sends them to its lead as they complete).
    val epochCounts(double from) const {
        return guarded([&] {
            const auto& e = runner().epochs();
            const auto i = static_cast<std::size_t>(bc::checked_integer(from, "from", 0, e.size()));
            return counts_val(std::vector<bc::EpochCounts>(e.begin() + i, e.end()));
        });
    }
};

// The completed configuration, and the bytes of state one run of it holds (the page's pool: each worker its own copy).
val simulation_config(val input) {
    return guarded([&] {
        const bc::SimConfig c = bc::make_sim_config(inputs::SimulationInput(input));
        val out = config_val(c);
        out.set("stateBytes", static_cast<double>(bc::estimated_bytes(c)));
        return out;
    });
}

}  // namespace

EMSCRIPTEN_BINDINGS(bloomcalc_sim) {
    driven_methods(emscripten::class_<Simulation>("Simulation"))
        .constructor<val, double, double, double>()
        .function("absorb", &Simulation::absorb)
        .function("epochCounts", &Simulation::epochCounts)
        .function("epochRates", &Simulation::epochRates)
        .function("result", &Simulation::result);
    emscripten::function("simulationConfig", &simulation_config);
}
