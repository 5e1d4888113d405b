// embind bindings: thin marshalling between JS values and the core's plain value types.
// No model logic here. A core exception becomes a JS RangeError (out of range, infeasible) or Error
// (unparseable text) carrying `parameter` and `validRange`; the module stays usable afterwards.
#include <emscripten/bind.h>
#include <emscripten/val.h>

#include <cmath>

#include <string>
#include <utility>
#include <vector>

#include "bloomcalc/cache_order.hpp"
#include "bloomcalc/error.hpp"
#include "bloomcalc/exact_fpr.hpp"
#include "bloomcalc/exact_fpr_table.hpp"
#include "bloomcalc/fpr_report.hpp"
#include "bloomcalc/paradox_bh_cbf.hpp"
#include "bloomcalc/paradox_bloom.hpp"
#include "bloomcalc/paradox_cbf.hpp"
#include "bloomcalc/paradox_selective.hpp"
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

// ---- the Bloom paradox (paper 004) ----------------------------------------------------------------

// A JS array of numbers (the API layer turns anything else into [NaN] so the core names it).
std::vector<double> numbers(const val& input, const char* name) {
    val v = input[name];
    std::vector<double> out;
    if (v.isUndefined() || v.isNull()) return out;
    const unsigned length = v["length"].as<unsigned>();
    for (unsigned i = 0; i < length; ++i) out.push_back(v[i].as<double>());
    return out;
}

double number_or_nan(const val& input, const char* name) {
    val v = input[name];
    if (v.isUndefined() || v.isNull()) return NAN;
    return v.as<double>();
}

val optional_val(const std::optional<double>& x) { return x ? val(*x) : val::null(); }
val finite_or_null(double x) { return std::isfinite(x) ? val(x) : val::null(); }

val array_of(const std::vector<double>& xs) {
    val out = val::array();
    for (double x : xs) out.call<void>("push", val(x));
    return out;
}

val paradox(val input) {
    return guarded([&] {
        bc::BloomParadoxInput in;
        in.prior = number_or_nan(input, "prior");
        in.alpha = number_or_nan(input, "alpha");
        in.fpr = optional_number(input, "fpr");
        in.bits_per_element = optional_number(input, "bpe");
        const bc::BloomParadoxResult r = bc::bloom_paradox(in);
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
        const std::vector<double> priors = numbers(input, "priors");
        bc::BloomParadoxInput in;
        in.alpha = number_or_nan(input, "alpha");
        in.fpr = optional_number(input, "fpr");
        in.bits_per_element = optional_number(input, "bpe");
        val posteriors = val::array();
        for (double p : priors) {
            in.prior = p;
            posteriors.call<void>("push", val(bc::bloom_paradox(in).posterior));
        }
        return posteriors;
    });
}

val cbf(val input) {
    return guarded([&] {
        bc::CbfInput in;
        in.counters = numbers(input, "counters");
        in.m = number_or_nan(input, "m");
        in.n = number_or_nan(input, "n");
        in.k = number_or_nan(input, "k");
        in.prior = number_or_nan(input, "prior");
        in.alpha = number_or_nan(input, "alpha");
        const bc::CbfResult r = bc::cbf_paradox(in);
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
        out.set("minProduct", optional_val(r.min_product));
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
    out.set("minProduct", optional_val(c.min_product));
    out.set("fpr", val(c.fpr));
    out.set("fnr", val(c.fnr));
    out.set("cost", val(c.cost));
    return out;
}

val cbf_optimal_k(val input) {
    return guarded([&] {
        const double kmax = input["kMax"].isUndefined() ? 16.0 : number_or_nan(input, "kMax");
        const bc::CbfOptimalK r = bc::cbf_optimal_k(number_or_nan(input, "m"), number_or_nan(input, "n"),
                                                    number_or_nan(input, "prior"), number_or_nan(input, "alpha"),
                                                    static_cast<unsigned>(bc::checked_integer(kmax, "kMax", 1, bc::kMaxHashes)));
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
        bc::BhCbfInput in;
        in.counters = numbers(input, "counters");
        in.sums = numbers(input, "sums");
        in.increments = numbers(input, "increments");
        in.sequence = numbers(input, "sequence");
        in.h = number_or_nan(input, "h");
        in.m = number_or_nan(input, "m");
        in.n = number_or_nan(input, "n");
        in.k = number_or_nan(input, "k");
        in.prior = number_or_nan(input, "prior");
        in.alpha = number_or_nan(input, "alpha");
        const bc::BhCbfResult r = bc::bh_cbf_paradox(in);
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
        bc::SelectiveInput in;
        in.classes = bc::make_prior_classes(numbers(input, "sizes"), numbers(input, "members"));
        in.m = number_or_nan(input, "m");
        in.alpha = number_or_nan(input, "alpha");
        const bool counting = !input["counting"].isUndefined() && input["counting"].as<bool>();
        const auto outcomes = counting ? bc::selective_cbf(in) : bc::selective_bloom(in);
        val out = val::array();
        for (const auto& o : outcomes) out.call<void>("push", outcome(o));
        return out;
    });
}

val cache_order(val input) {
    return guarded([&] {
        bc::CacheOrderInput in;
        in.probs = numbers(input, "probs");
        in.costs = numbers(input, "costs");
        in.special_cost = number_or_nan(input, "specialCost");
        const bc::CacheOrderResult r = bc::optimal_cache_order(in);
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

val limits() {
    val out = val::object();
    out.set("maxBits", val(static_cast<double>(bc::kMaxBits)));
    out.set("maxItems", val(static_cast<double>(bc::kMaxItems)));
    out.set("maxHashes", val(bc::kMaxHashes));
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
    emscripten::function("paradox", &paradox);
    emscripten::function("paradoxCurve", &paradox_curve);
    emscripten::function("cbf", &cbf);
    emscripten::function("cbfOptimalK", &cbf_optimal_k);
    emscripten::function("bhCbf", &bh_cbf);
    emscripten::function("selective", &selective);
    emscripten::function("cacheOrder", &cache_order);
}
