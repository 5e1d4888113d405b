// embind: the Bloom paradox (paper 004; core/include/bloomcalc/paradox/): the posterior, counting filters, selective
// insertion and the cache order, in the paradox module (its simulation: paradox_sim.cpp). Thin marshalling only.
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
#include "bloomcalc/params.hpp"

using namespace bcjs;
namespace bc = bloomcalc;

namespace {

val paradox(val input) {
    return guarded([&] {
        const bc::BloomParadoxResult r = bc::bloom_paradox(inputs::ParadoxInput(input));
        const val costs = Fields().add("trustGivenPositive", r.cost_trust_given_positive).add("ignoreGivenPositive", r.cost_ignore_given_positive)
            .add("trust", r.cost_trust).add("ignore", r.cost_ignore).add("optimal", r.cost_optimal).done();
        return Fields().add("prior", r.prior).add("alpha", r.alpha).add("fpr", r.fpr).add("bitsPerElement", r.bits_per_element)
            .add("posterior", r.posterior).add("posteriorComplement", r.posterior_complement).add("threshold", r.threshold)
            .add("posteriorThreshold", r.posterior_threshold).add("paradox", r.paradox).add("decision", r.paradox ? "ignore" : "trust")
            .add("costs", costs).add("positiveProbability", r.positive_probability).add("minBitsPerElement", r.min_bits_per_element).done();
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
        const val costs = Fields().add("positive", r.cost_positive).add("negative", r.cost_negative).done();
        return Fields().add("counters", array_of(r.counters)).add("m", r.m).add("n", r.n).add("k", r.k).add("prior", r.prior)
            .add("alpha", r.alpha).add("product", finite_or_null(r.product)).add("logProduct", finite_or_null(r.log_product))
            .add("logLikelihoodRatio", finite_or_null(r.log_likelihood_ratio)).add("posterior", r.posterior)
            .add("posteriorComplement", r.posterior_complement).add("posteriorThreshold", r.posterior_threshold)
            .add("minProduct", finite_optional(r.min_product)).add("decision", r.positive ? "positive" : "negative").add("costs", costs).done();
    });
}

val cost_by_k(const bc::CbfCostByK& c) {
    return Fields().add("k", c.k).add("minProduct", finite_optional(c.min_product)).add("fpr", c.fpr).add("fnr", c.fnr).add("cost", c.cost).done();
}

val cbf_optimal_k(val input) {
    return guarded([&] {
        const bc::CbfOptimalK r = bc::cbf_optimal_k(inputs::CbfOptimalKInput(input));
        const val rows = val::array();
        for (const auto& c : r.by_k) rows.call<void>("push", cost_by_k(c));
        return Fields().add("byK", rows).add("bestK", r.best_k).done();
    });
}

val bh_cbf(val input) {
    return guarded([&] {
        const bc::BhCbfResult r = bc::bh_cbf_paradox(inputs::BhCbfInput(input));
        const val ys = val::array();
        for (const auto& y : r.multiplicities) ys.call<void>("push", optional_val(y));
        return Fields().add("multiplicities", ys).add("delta", r.delta).add("posterior", r.posterior)
            .add("posteriorThreshold", r.posterior_threshold).add("decision", r.positive ? "positive" : "negative").done();
    });
}

val outcome(const bc::SelectiveOutcome& o) {
    const val classes = val::array();
    for (const auto& c : o.classes)
        classes.call<void>("push", Fields().add("prior", c.prior).add("inserted", c.inserted).add("queried", c.queried).done());
    return Fields().add("policy", o.policy).add("inserted", o.inserted).add("k", o.k).add("threshold", o.threshold).add("filterFpr", o.filter_fpr)
        .add("falsePositives", o.false_positives).add("falseNegatives", o.false_negatives).add("fpr", o.fpr).add("fnr", o.fnr)
        .add("cost", o.cost).add("classes", classes).done();
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
        const val order = val::array(), steps = val::array();
        for (const auto& s : r.steps) {
            const val who = s.proxy < 0 ? val(std::string("special")) : val(s.proxy);
            order.call<void>("push", who);
            steps.call<void>("push", Fields().add("proxy", who).add("prob", s.prob).add("cost", s.cost).add("reach", s.reach).done());
        }
        return Fields().add("order", order).add("steps", steps).add("expectedCost", r.expected_cost).add("theorem", r.theorem).done();
    });
}

}  // namespace

EMSCRIPTEN_BINDINGS(bloomcalc_paradox) {
    emscripten::function("paradox", &paradox);
    emscripten::function("paradoxCurve", &paradox_curve);
    emscripten::function("cbf", &cbf);
    emscripten::function("cbfOptimalK", &cbf_optimal_k);
    emscripten::function("bhCbf", &bh_cbf);
    emscripten::function("selective", &selective);
    emscripten::function("cacheOrder", &cache_order);
}
