// embind bindings: thin marshalling between JS values and the core's plain value types.
// No model logic here. A core exception becomes a JS RangeError (out of range, infeasible) or Error
// (unparseable text) carrying `parameter` and `validRange`; the module stays usable afterwards.
#include <emscripten/bind.h>
#include <emscripten/val.h>

#include <algorithm>
#include <cmath>
#include <optional>
#include <string>
#include <utility>

#include "bloomcalc/error.hpp"
#include "bloomcalc/exact_fpr.hpp"
#include "bloomcalc/exact_fpr_table.hpp"
#include "bloomcalc/fpr_report.hpp"
#include "bloomcalc/sim_runner.hpp"
#include "bloomcalc/sizing.hpp"
#include "bloomcalc/units.hpp"

using emscripten::val;
namespace bc = bloomcalc;

namespace {

// Runs f; a C++ exception is caught, the catch block left, and only then a JS error thrown, so no
// C++ exception object stays alive (TOOLCHAIN.md §3).
template <class F>
auto guarded(F&& f) -> decltype(f()) {
    const char* ctor = "Error";
    std::string message, parameter, range;
    try {
        return f();
    } catch (const bc::ParseError& e) {
        message = e.what(), parameter = e.parameter(), range = e.valid_range();
    } catch (const bc::Error& e) {
        ctor = "RangeError", message = e.what(), parameter = e.parameter(), range = e.valid_range();
    } catch (const std::exception& e) {
        message = e.what();
    }
    val error = val::global(ctor).new_(val(message));
    if (!parameter.empty()) {
        error.set("parameter", val(parameter));
        error.set("validRange", val(range));
    }
    error.throw_();
    __builtin_unreachable();
}

bc::Filter filter_of(double m, double n, double k, const std::string& hashing) {
    return bc::make_filter(m, n, k, bc::parse_hashing(hashing));
}

val to_val(const bc::FprReport& r) {
    val out = val::object();
    out.set("m", val(static_cast<double>(r.filter.m)));
    out.set("n", val(static_cast<double>(r.filter.n)));
    out.set("k", val(r.filter.k));
    out.set("hashing", val(std::string(bc::to_string(r.filter.hashing))));
    out.set("exact", val(r.exact));
    out.set("classic", val(r.classic));
    out.set("classicDistinct", val(r.classic_distinct));
    out.set("bloom1970", val(r.bloom1970));
    val rel = val::object();
    rel.set("classic", val(r.rel_err_classic));
    rel.set("classicDistinct", val(r.rel_err_classic_distinct));
    rel.set("bloom1970", val(r.rel_err_bloom1970));
    out.set("relativeError", rel);
    out.set("bitsPerElement", val(r.bits_per_element));
    return out;
}

val k_choice(const bc::KChoice& c) {
    val out = val::object();
    out.set("k", val(c.k));
    out.set("p", val(c.p));
    return out;
}

val to_val(const bc::SizingResult& r) {
    val out = val::object();
    out.set("solved", val(r.solved));
    out.set("m", val(static_cast<double>(r.filter.m)));
    out.set("n", val(static_cast<double>(r.filter.n)));
    out.set("k", val(r.filter.k));
    out.set("hashing", val(std::string(bc::to_string(r.filter.hashing))));
    out.set("p", val(r.p));
    out.set("target", r.target ? val(*r.target) : val::null());
    out.set("meetsTarget", val(r.meets_target));
    out.set("mIdeal", val(r.m_ideal));
    out.set("kIdeal", val(r.k_ideal));
    val choices = val::array();
    choices.call<void>("push", k_choice(r.k_lower));
    choices.call<void>("push", k_choice(r.k_upper));
    out.set("kChoices", choices);
    out.set("bitsPerElement", val(r.bits_per_element));
    val memory = val::object();
    memory.set("bytes", val(r.bytes));
    memory.set("KiB", val(r.bytes / 1024.0));
    memory.set("MiB", val(r.bytes / (1024.0 * 1024.0)));
    memory.set("GiB", val(r.bytes / (1024.0 * 1024.0 * 1024.0)));
    out.set("memory", memory);
    out.set("rounding", val(std::string(bc::to_string(r.rounding))));
    out.set("method", val(std::string(bc::to_string(r.method))));
    out.set("fpr", to_val(r.fpr));
    return out;
}

// A field of the sizing input: absent (undefined or null) or a number.
std::optional<double> optional_number(const val& input, const char* name) {
    val v = input[name];
    if (v.isUndefined() || v.isNull()) return std::nullopt;
    return v.as<double>();
}

std::string string_or(const val& input, const char* name, const char* fallback) {
    val v = input[name];
    if (v.isUndefined() || v.isNull()) return fallback;
    return v.as<std::string>();
}

val compare_fpr(double m, double n, double k, std::string hashing) {
    return guarded([&] { return to_val(bc::compare_fpr(filter_of(m, n, k, hashing))); });
}

double exact_fpr(double m, double n, double k, std::string hashing) {
    return guarded([&] { return bc::exact_fpr(filter_of(m, n, k, hashing)); });
}

double exact_fpr_table(double m, double n, double k, std::string hashing) {
    return guarded([&] { return bc::exact_fpr_table(filter_of(m, n, k, hashing)); });
}

val solve_sizing(val input) {
    return guarded([&] {
        bc::SizingInput in;
        in.n = optional_number(input, "n");
        in.p = optional_number(input, "p");
        in.m = optional_number(input, "m");
        in.k = optional_number(input, "k");
        in.rounding = bc::parse_rounding(string_or(input, "rounding", "none"));
        in.method = bc::parse_method(string_or(input, "method", "classic"));
        in.hashing = bc::parse_hashing(string_or(input, "hashing", "colliding"));
        return to_val(bc::solve_sizing(in));
    });
}

double parse_count(std::string text, std::string parameter) {
    return guarded([&] { return bc::parse_count(text, parameter); });
}
double parse_bits(std::string text, std::string parameter) {
    return guarded([&] { return bc::parse_bits(text, parameter); });
}
double parse_probability(std::string text, std::string parameter) {
    return guarded([&] { return bc::parse_probability(text, parameter); });
}

// ---- simulation ---------------------------------------------------------------------------------

std::optional<bool> optional_bool(const val& input, const char* name) {
    val v = input[name];
    if (v.isUndefined() || v.isNull()) return std::nullopt;
    return v.as<bool>();
}

bc::SimInput sim_input(const val& input) {
    bc::SimInput in;
    in.structure = string_or(input, "structure", "bloom");
    in.hashing = string_or(input, "hashing", "colliding");
    in.boundary = string_or(input, "boundary", "exceeds");
    in.stream = string_or(input, "stream", "fresh");
    in.retaining = optional_bool(input, "retaining").value_or(false);
    in.m = optional_number(input, "m").value_or(NAN);
    in.k = optional_number(input, "k").value_or(NAN);
    in.epochs = optional_number(input, "epochs").value_or(NAN);
    in.arrivals = optional_number(input, "arrivals").value_or(NAN);
    in.n = optional_number(input, "n");
    in.sigma = optional_number(input, "sigma");
    in.queries = optional_number(input, "queries");
    in.warmup = optional_number(input, "warmup");
    in.seed = optional_number(input, "seed");
    in.confidence = optional_number(input, "confidence");
    in.pool = optional_number(input, "pool");
    in.new_fraction = optional_number(input, "newFraction");
    in.window = optional_number(input, "window");
    return in;
}

val interval_val(const bc::Interval& i) {
    val out = val::object();
    out.set("low", val(i.low));
    out.set("high", val(i.high));
    return out;
}

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

val progress_val(const bc::SimProgress& p) {
    val out = val::object();
    out.set("done", val(p.done));
    out.set("epochsDone", val(static_cast<double>(p.epochs_done)));
    out.set("arrivalsDone", val(static_cast<double>(p.arrivals_done)));
    out.set("arrivalsTotal", val(static_cast<double>(p.arrivals_total)));
    out.set("probes", val(p.probes));
    out.set("probesTotal", val(p.probes_total));
    out.set("fraction", val(p.done ? 1.0 : std::min(1.0, p.probes / p.probes_total)));
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
        model.set("insideT", val(r.model_inside_t));
        model.set("insidePoisson", val(r.model_inside_poisson));
        out.set("model", model);
    } else {
        out.set("model", val::null());
    }
    return out;
}

// A running simulation. JS drives it chunk by chunk and must delete() it.
class Simulation {
public:
    explicit Simulation(const bc::SimConfig& c) : runner_(c) {}
    val run(double probe_budget) {
        return guarded([&] { return progress_val(runner_.run(probe_budget)); });
    }
    val progress() const { return progress_val(runner_.progress()); }
    // Count-instance rate of the epochs from `from` on (for the running-estimate plot).
    val epochRates(double from) const {
        val out = val::array();
        const auto& e = runner_.epochs();
        for (std::size_t i = static_cast<std::size_t>(std::max(0.0, from)); i < e.size(); ++i)
            out.call<void>("push", val(e[i].new_arrivals ? static_cast<double>(e[i].fp_first) / static_cast<double>(e[i].new_arrivals) : NAN));
        return out;
    }
    val result() const {
        return guarded([&] { return result_val(runner_.result()); });
    }

private:
    bc::SimRunner runner_;
};

Simulation* create_simulation(val input) {
    return guarded([&] { return new Simulation(bc::make_sim_config(sim_input(input))); });
}

val simulation_config(val input) {
    return guarded([&] { return config_val(bc::make_sim_config(sim_input(input))); });
}

val limits() {
    val out = val::object();
    out.set("maxBits", val(static_cast<double>(bc::kMaxBits)));
    out.set("maxItems", val(static_cast<double>(bc::kMaxItems)));
    out.set("maxHashes", val(bc::kMaxHashes));
    val sim = val::object();
    sim.set("maxBits", val(static_cast<double>(bc::kSimMaxBits)));
    sim.set("memoryBytes", val(static_cast<double>(bc::kSimMemoryBudget)));
    sim.set("maxProbes", val(bc::kSimMaxProbes));
    sim.set("maxEpochs", val(static_cast<double>(bc::kSimMaxEpochs)));
    sim.set("maxArrivals", val(static_cast<double>(bc::kSimMaxArrivals)));
    sim.set("maxPool", val(static_cast<double>(bc::kMaxPool)));
    sim.set("maxWindow", val(static_cast<double>(bc::kMaxWindow)));
    out.set("simulation", sim);
    return out;
}

}  // namespace

EMSCRIPTEN_BINDINGS(bloomcalc) {
    emscripten::function("compareFpr", &compare_fpr);
    emscripten::function("exactFpr", &exact_fpr);
    emscripten::function("exactFprTable", &exact_fpr_table);
    emscripten::function("solveSizing", &solve_sizing);
    emscripten::function("parseCount", &parse_count);
    emscripten::function("parseBits", &parse_bits);
    emscripten::function("parseProbability", &parse_probability);
    emscripten::function("limits", &limits);
    emscripten::class_<Simulation>("Simulation")
        .function("run", &Simulation::run)
        .function("progress", &Simulation::progress)
        .function("epochRates", &Simulation::epochRates)
        .function("result", &Simulation::result);
    emscripten::function("createSimulation", &create_simulation, emscripten::allow_raw_pointers());
    emscripten::function("simulationConfig", &simulation_config);
}
