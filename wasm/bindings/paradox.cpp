// embind: the Bloom paradox (paper 004; core/include/bloomcalc/paradox/): the posterior, counting filters, selective
// insertion, the cache order and the paradox on the simulation engine, in the main module. Thin marshalling only.
#include <emscripten/bind.h>

#include <cmath>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include "bindings/common.hpp"
#include "bindings/inputs.generated.hpp"
#include "bloomcalc/error.hpp"
#include "bloomcalc/paradox/bh_cbf.hpp"
#include "bloomcalc/paradox/bloom.hpp"
#include "bloomcalc/paradox/cache_order.hpp"
#include "bloomcalc/paradox/cbf.hpp"
#include "bloomcalc/paradox/selective.hpp"
#include "bloomcalc/paradox/sim.hpp"
#include "bloomcalc/params.hpp"

using namespace bcjs;
namespace bc = bloomcalc;

namespace {

val paradox(val input) {
    return guarded([&] {
        const bc::BloomParadoxResult r = bc::bloom_paradox(inputs::ParadoxInput(input));
        val out = val::object();
        out.set("prior", val(r.prior));
        out.set("alpha", val(r.alpha));
        out.set("fpr", val(r.fpr));
        out.set("bitsPerElement", val(r.bits_per_element));
        out.set("posterior", val(r.posterior));
        out.set("posteriorComplement", val(r.posterior_complement));
        out.set("threshold", val(r.threshold));
        out.set("posteriorThreshold", val(r.posterior_threshold));
        out.set("paradox", val(r.paradox));
        out.set("decision", val(std::string(r.paradox ? "ignore" : "trust")));
        val costs = val::object();
        costs.set("trustGivenPositive", val(r.cost_trust_given_positive));
        costs.set("ignoreGivenPositive", val(r.cost_ignore_given_positive));
        costs.set("trust", val(r.cost_trust));
        costs.set("ignore", val(r.cost_ignore));
        costs.set("optimal", val(r.cost_optimal));
        out.set("costs", costs);
        out.set("positiveProbability", val(r.positive_probability));
        out.set("minBitsPerElement", optional_val(r.min_bits_per_element));
        return out;
    });
}

val paradox_curve(val input) {  // Fig. 2(a): posterior for each prior, one FPR
    return guarded([&] {
        return array_of(bc::bloom_paradox_curve(inputs::ParadoxCurveInput(input)));
    });
}

val cbf(val input) {
    return guarded([&] {
        const bc::CbfResult r = bc::cbf_paradox(inputs::CbfInput(input));
        val out = val::object();
        out.set("counters", array_of(r.counters));
        out.set("m", val(static_cast<double>(r.m)));
        out.set("n", val(static_cast<double>(r.n)));
        out.set("k", val(r.k));
        out.set("prior", val(r.prior));
        out.set("alpha", val(r.alpha));
        out.set("product", finite_or_null(r.product));
        out.set("logProduct", finite_or_null(r.log_product));
        out.set("logLikelihoodRatio", finite_or_null(r.log_likelihood_ratio));
        out.set("posterior", val(r.posterior));
        out.set("posteriorComplement", val(r.posterior_complement));
        out.set("posteriorThreshold", val(r.posterior_threshold));
        out.set("minProduct", finite_optional(r.min_product));
        out.set("decision", val(std::string(r.positive ? "positive" : "negative")));
        val costs = val::object();
        costs.set("positive", val(r.cost_positive));
        costs.set("negative", val(r.cost_negative));
        out.set("costs", costs);
        return out;
    });
}

val cost_by_k(const bc::CbfCostByK& c) {
    val out = val::object();
    out.set("k", val(c.k));
    out.set("minProduct", finite_optional(c.min_product));
    out.set("fpr", val(c.fpr));
    out.set("fnr", val(c.fnr));
    out.set("cost", val(c.cost));
    return out;
}

val cbf_optimal_k(val input) {
    return guarded([&] {
        const bc::CbfOptimalK r = bc::cbf_optimal_k(inputs::CbfOptimalKInput(input));
        val out = val::object();
        val rows = val::array();
        for (const auto& c : r.by_k) rows.call<void>("push", cost_by_k(c));
        out.set("byK", rows);
        out.set("bestK", val(r.best_k));
        return out;
    });
}

val bh_cbf(val input) {
    return guarded([&] {
        const bc::BhCbfResult r = bc::bh_cbf_paradox(inputs::BhCbfInput(input));
        val out = val::object();
        val ys = val::array();
        for (const auto& y : r.multiplicities) ys.call<void>("push", optional_val(y));
        out.set("multiplicities", ys);
        out.set("delta", val(r.delta));
        out.set("posterior", val(r.posterior));
        out.set("posteriorThreshold", val(r.posterior_threshold));
        out.set("decision", val(std::string(r.positive ? "positive" : "negative")));
        return out;
    });
}

val outcome(const bc::SelectiveOutcome& o) {
    val out = val::object();
    out.set("policy", val(std::string(bc::to_string(o.policy))));
    out.set("inserted", val(o.inserted));
    out.set("k", val(o.k));
    out.set("threshold", val(o.threshold));
    out.set("filterFpr", val(o.filter_fpr));
    out.set("falsePositives", val(o.false_positives));
    out.set("falseNegatives", val(o.false_negatives));
    out.set("fpr", val(o.fpr));
    out.set("fnr", val(o.fnr));
    out.set("cost", val(o.cost));
    val classes = val::array();
    for (const auto& c : o.classes) {
        val x = val::object();
        x.set("prior", val(c.prior));
        x.set("inserted", val(c.inserted));
        x.set("queried", val(c.queried));
        classes.call<void>("push", x);
    }
    out.set("classes", classes);
    return out;
}

val selective(val input) {
    return guarded([&] {
        val out = val::array();
        for (const auto& o : bc::selective(inputs::SelectiveInput(input))) out.call<void>("push", outcome(o));
        return out;
    });
}

val cache_order(val input) {
    return guarded([&] {
        const bc::CacheOrderResult r = bc::optimal_cache_order(inputs::OrderInput(input));
        val out = val::object();
        val order = val::array(), steps = val::array();
        for (const auto& s : r.steps) {
            val who = s.proxy < 0 ? val(std::string("special")) : val(s.proxy);
            order.call<void>("push", who);
            val step = val::object();
            step.set("proxy", who);
            step.set("prob", val(s.prob));
            step.set("cost", val(s.cost));
            step.set("reach", val(s.reach));
            steps.call<void>("push", step);
        }
        out.set("order", order);
        out.set("steps", steps);
        out.set("expectedCost", val(r.expected_cost));
        out.set("theorem", val(r.theorem));
        return out;
    });
}

// ---- the paradox on the simulation engine -------------------------------------------------------

val paradox_sim_result_val(const bc::ParadoxSimResult& r) {
    val out = val::object();
    val config = val::object();
    config.set("structure", val(std::string(bc::to_string(r.config.structure))));
    config.set("m", val(static_cast<double>(r.config.m)));
    config.set("n", val(static_cast<double>(r.config.n)));
    config.set("k", val(r.config.k));
    config.set("hashing", val(std::string(bc::to_string(r.config.hashing))));
    config.set("prior", val(r.config.prior));
    config.set("queries", val(static_cast<double>(r.config.queries)));
    config.set("epochs", val(static_cast<double>(r.config.epochs)));
    config.set("seed", val(static_cast<double>(r.config.seed)));
    config.set("confidence", val(r.config.confidence));
    out.set("config", config);
    out.set("done", val(r.progress.done));
    out.set("probes", val(r.progress.probes));
    out.set("epochs", val(static_cast<double>(r.epochs_used)));
    val posterior = val::object();
    const bool measured = r.total.positives > 0;  // no positive: no ratio, the interval is [0, 1]
    posterior.set("mean", measured ? val(r.posterior) : val::null());
    posterior.set("halfWidth", measured ? val(r.half_width) : val::null());
    posterior.set("low", val(r.interval.low));
    posterior.set("high", val(r.interval.high));
    out.set("posterior", posterior);
    out.set("theorem", val(r.theorem));
    out.set("inside", val(r.inside));
    out.set("theoremClassic", val(r.theorem_classic));
    out.set("classicInside", val(r.classic_inside));
    out.set("fpr", val(r.fpr_model.value));
    out.set("fprName", val(r.fpr_model.name));
    out.set("fprReference", val(r.fpr_model.reference));
    out.set("note", val(r.fpr_model.note));
    out.set("classicFpr", val(r.classic_fpr));
    out.set("measuredFpr", val(r.measured_fpr));
    val counts = val::object();
    counts.set("queries", val(static_cast<double>(r.total.queries)));
    counts.set("memberQueries", val(static_cast<double>(r.total.member_queries)));
    counts.set("positives", val(static_cast<double>(r.total.positives)));
    counts.set("memberPositives", val(static_cast<double>(r.total.member_positives)));
    counts.set("falsePositives", val(static_cast<double>(r.total.positives - r.total.member_positives)));
    out.set("counts", counts);
    out.set("counterSaturations", val(static_cast<double>(r.counter_saturations)));
    return out;
}

// A running paradox simulation, constructed and driven like Simulation; must be delete()d.
class ParadoxSimulation : public Driven<bc::ParadoxSimRunner> {
public:
    explicit ParadoxSimulation(val input) : Driven([&] { return bc::make_paradox_sim_config(inputs::ParadoxSimulationInput(input)); }) {}
    val result() const {
        return guarded([&] { return paradox_sim_result_val(runner().result()); });
    }
};

}  // namespace

EMSCRIPTEN_BINDINGS(bloomcalc_paradox) {
    emscripten::function("paradox", &paradox);
    emscripten::function("paradoxCurve", &paradox_curve);
    emscripten::function("cbf", &cbf);
    emscripten::function("cbfOptimalK", &cbf_optimal_k);
    emscripten::function("bhCbf", &bh_cbf);
    emscripten::function("selective", &selective);
    emscripten::function("cacheOrder", &cache_order);
    driven_methods(emscripten::class_<ParadoxSimulation>("ParadoxSimulation"))
        .function("result", &ParadoxSimulation::result);
}
