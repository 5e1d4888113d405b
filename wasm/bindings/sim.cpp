// embind: the simulation of the real structures (core/include/bloomcalc/sim/), driven chunk by chunk from JS, in
// the main module. Thin marshalling only.
#include <emscripten/bind.h>

#include <cmath>
#include <cstdint>
#include <memory>
#include <stdexcept>
#include <string>

#include "bindings/common.hpp"
#include "bindings/inputs.generated.hpp"
#include "bloomcalc/error.hpp"
#include "bloomcalc/sim/runner.hpp"
#include "bloomcalc/sim/statistics.hpp"
#include "bloomcalc/sim/streams.hpp"

using namespace bcjs;
namespace bc = bloomcalc;

namespace {

val variant_val(const bc::VariantEstimate& v) {
    val out = val::object();
    out.set("mean", val(v.batch.mean));
    out.set("sd", val(v.batch.sd));
    out.set("halfWidth", val(v.batch.half_width));
    out.set("interval", interval_val(v.batch.interval));
    out.set("epochsUsed", val(static_cast<double>(v.batch.count)));
    out.set("numerator", val(static_cast<double>(v.numerator)));
    out.set("denominator", val(static_cast<double>(v.denominator)));
    out.set("pooled", val(v.pooled));
    out.set("poisson", v.poisson ? interval_val(*v.poisson) : val::null());
    return out;
}

val config_val(const bc::SimConfig& c) {
    val out = val::object();
    out.set("structure", val(std::string(bc::to_string(c.structure))));
    out.set("m", val(static_cast<double>(c.m)));
    out.set("k", val(c.k));
    out.set("hashing", val(std::string(bc::to_string(c.hashing))));
    const bool has_n = c.structure != bc::Structure::sigma && c.structure != bc::Structure::two_phase;
    out.set("n", has_n ? val(static_cast<double>(c.n)) : val::null());
    out.set("sigma", has_n ? val::null() : val(static_cast<double>(c.sigma)));
    out.set("boundary", val(std::string(bc::to_string(c.boundary))));
    out.set("retaining", val(c.retaining));
    out.set("swap", c.structure == bc::Structure::two_phase ? val(std::string(bc::to_string(c.swap))) : val::null());
    out.set("stream", val(std::string(bc::to_string(c.stream.kind))));
    out.set("pool", c.stream.kind == bc::StreamKind::pool ? val(static_cast<double>(c.stream.pool)) : val::null());
    out.set("newFraction", c.stream.kind == bc::StreamKind::fading ? val(c.stream.new_fraction) : val::null());
    out.set("window", c.stream.kind == bc::StreamKind::fading ? val(static_cast<double>(c.stream.window)) : val::null());
    out.set("queries", bc::is_recycling(c.structure) ? val::null() : val(static_cast<double>(c.queries)));
    out.set("epochs", val(static_cast<double>(c.epochs)));
    out.set("arrivals", val(static_cast<double>(c.arrivals)));
    out.set("warmup", val(static_cast<double>(*c.warmup)));
    out.set("seed", val(static_cast<double>(c.seed)));
    out.set("confidence", val(c.confidence));
    return out;
}

val result_val(const bc::SimResult& r) {
    val out = val::object();
    out.set("config", config_val(r.config));
    out.set("done", val(r.progress.done));
    out.set("probes", val(r.progress.probes));
    const bc::VariantEstimate& ci = r.count_instance;
    out.set("mean", val(ci.batch.mean));
    out.set("halfWidth", val(ci.batch.half_width));
    out.set("interval", interval_val(ci.batch.interval));
    out.set("poisson", ci.poisson ? interval_val(*ci.poisson) : val::null());
    out.set("falsePositives", val(static_cast<double>(ci.numerator)));
    out.set("newArrivals", val(static_cast<double>(ci.denominator)));
    val variants = val::object();
    variants.set("countInstance", variant_val(r.count_instance));
    variants.set("countFirst", variant_val(r.count_first));
    variants.set("countEach", variant_val(r.count_each));
    out.set("variants", variants);
    val counts = val::object();
    const char* names[] = {"arrivals", "newArrivals", "fpFirst", "fpEach", "falseNegatives", "recycles"};
    std::uint64_t bc::EpochCounts::*fields[] = {&bc::EpochCounts::arrivals, &bc::EpochCounts::new_arrivals,
        &bc::EpochCounts::fp_first, &bc::EpochCounts::fp_each, &bc::EpochCounts::false_negatives, &bc::EpochCounts::recycles};
    for (int f = 0; f < 6; ++f) {
        val column = val::array();
        for (const bc::EpochCounts& e : r.epochs) column.call<void>("push", val(static_cast<double>(e.*fields[f])));
        counts.set(names[f], column);
    }
    out.set("epochCounts", counts);
    out.set("epochs", val(static_cast<double>(r.epochs.size())));
    out.set("recycles", val(static_cast<double>(r.recycles)));
    out.set("falseNegatives", val(static_cast<double>(r.false_negatives)));
    out.set("counterSaturations", val(static_cast<double>(r.counter_saturations)));
    if (r.model) {
        val model = val::object();
        model.set("value", val(r.model->value));
        model.set("name", val(r.model->name));
        model.set("reference", val(r.model->reference));
        model.set("exactConfiguration", val(r.model->exact_configuration));
        model.set("note", val(r.model->note));
        model.set("applies", val(r.model->applies));  // false: no verdict (a stream with repeats)
        model.set("insideT", r.model->applies ? val(r.model_inside_t) : val::null());
        model.set("insidePoisson", r.model->applies ? val(r.model_inside_poisson) : val::null());
        out.set("model", model);
    } else {
        out.set("model", val::null());
    }
    return out;
}

// A running simulation (Driven: common.hpp).
class Simulation : public Driven<bc::SimRunner> {
public:
    explicit Simulation(val input) : Driven([&] { return bc::make_sim_config(inputs::SimulationInput(input)); }) {}
    val epochRates(double from) const {
        return guarded([&] { return array_of(runner().epoch_rates(from)); });
    }
    val result() const {
        return guarded([&] { return result_val(runner().result()); });
    }
};

val simulation_config(val input) {
    return guarded([&] { return config_val(bc::make_sim_config(inputs::SimulationInput(input))); });
}

}  // namespace

EMSCRIPTEN_BINDINGS(bloomcalc_sim) {
    driven_methods(emscripten::class_<Simulation>("Simulation"))
        .function("epochRates", &Simulation::epochRates)
        .function("result", &Simulation::result);
    emscripten::function("simulationConfig", &simulation_config);
}
