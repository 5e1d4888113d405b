// embind: the recycling filters (core/include/bloomcalc/rbf/): the σ-bounded model, its curve, the N-bounded rules
// and the recommender, in bloomcalc.rbf.wasm. Thin marshalling only.
#include <emscripten/bind.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "bindings/common.hpp"
#include "bindings/inputs.generated.hpp"
#include "bloomcalc/error.hpp"
#include "bloomcalc/params.hpp"
#include "bloomcalc/rbf/large/rbf_method.hpp"
#include "bloomcalc/rbf/nbounded.hpp"
#include "bloomcalc/rbf/params.hpp"
#include "bloomcalc/rbf/recommend.hpp"
#include "bloomcalc/rbf/sigma_model.hpp"
#include "bloomcalc/units.hpp"

using namespace bcjs;
namespace bc = bloomcalc;

namespace {

val variant_val(const bc::RbfVariant& v) {
    val out = val::object();
    out.set("hashing", val(std::string(bc::to_string(v.hashing))));
    out.set("recycling", val(std::string(bc::to_string(v.recycling))));
    out.set("restart", val(std::string(bc::to_string(v.restart))));
    out.set("swap", val(std::string(bc::to_string(v.swap))));
    return out;
}

// What a caller of the synchronous rbf() can do instead of an exact fill beyond its bound.
constexpr const char* kRbfAsyncRemedy =
    "reduce m or k, or (Node) call rbfAsync() with the same input: it runs the exact fill on a worker thread without this bound";

void set_method(val& out, bc::RbfMethod method, double bound) {
    out.set("method", val(std::string(bc::to_string(method))));
    out.set("errorBound", method == bc::RbfMethod::exact ? val::null() : val(bound));  // mixed: the rows' largest
}

// For two phases m is the total memory. `bounded`: the synchronous call's bound on the exact fill's work (rbf); without it (rbfUnbounded) the caller
// runs it off the main thread and can stop it (rbfAsync: a worker thread, terminated on abort).
val rbf_with(val input, bool bounded) {
    return guarded([&] {
        const auto in = inputs::RbfInput(input);
        const auto plan = bounded ? bc::plan_sigma_model(in, bc::kMaxRbfExactWork, kRbfAsyncRemedy) : bc::plan_sigma_model(in, ~std::uint64_t{0});
        const std::uint64_t sigma = plan.checked(in.sigma);
        const bc::SigmaModel model(plan);
        val out = val::object();
        out.set("m", val(static_cast<double>(plan.memory)));
        out.set("bitsPerFilter", val(static_cast<double>(plan.M)));
        out.set("k", val(plan.k));
        out.set("sigma", val(static_cast<double>(sigma)));
        out.set("phases", val(plan.phases));
        out.set("variant", variant_val(plan.variant));
        double bound = 0;
        if (plan.phases == 1) {
            const auto r = model.one_phase(sigma, &bound);
            out.set("averageFpr", val(r.average_fpr));
            out.set("expectedMessages", val(r.expected_messages));
            out.set("messagesHeld", val(r.messages_held));
            if (!r.restart.empty()) out.set("restart", array_of(r.restart));
        } else {
            const auto r = model.two_phase(sigma, &bound);
            out.set("averageFpr", val(r.average_fpr));
            out.set("averageFprEq26", val(r.average_fpr_eq26));
            out.set("activeFpr", val(r.active_fpr));
            out.set("frozenFpr", val(r.frozen_fpr));
            out.set("expectedMessages", val(r.expected_messages));
            out.set("frozen", array_of(r.frozen));
            out.set("frozenFrom", val(static_cast<double>(r.frozen_from)));
        }
        set_method(out, plan.method, bound);
        return out;
    });
}

val rbf(val input) { return rbf_with(input, true); }
val rbf_unbounded(val input) { return rbf_with(input, false); }

// f¹_σ and E[N₀] at `points` values of σ spread over [σ_min, M − 1] (one fill), and f²_σ for two phases.
val sigma_curve(val input) {
    return guarded([&] {
        const auto in = inputs::SigmaCurveInput(input);
        const auto plan = bc::plan_sigma_model(in);
        const std::uint64_t points = plan.curve_points(in.points);  // refused before the fill
        const auto curve = bc::SigmaModel(plan).curve(points);
        val out = val::object();
        out.set("sigma", array_of(curve.sigma));
        out.set("averageFpr", array_of(curve.average_fpr));
        out.set("expectedMessages", array_of(curve.expected_messages));
        set_method(out, plan.method, curve.bound);
        return out;
    });
}

val n_bounded(val input) {
    return guarded([&] {
        const auto r = bc::n_bounded(inputs::NBoundedInput(input));
        val out = val::object();
        out.set("m", val(static_cast<double>(r.M)));
        out.set("k", val(r.k));
        out.set("N", val(static_cast<double>(r.N)));
        out.set("hashing", val(std::string(bc::to_string(r.hashing))));
        out.set("worstCase", val(r.worst_case));
        out.set("oracle", val(r.oracle));
        out.set("lowerBound", val(r.lower_bound));
        out.set("exact", val(r.exact));
        out.set("exactGivenCycleEnds", val(r.exact_given_cycle_ends));
        out.set("canFill", val(r.can_fill));
        out.set("fillProbability", val(r.fill_probability));
        out.set("exactOracle", val(r.exact_oracle));
        // Unbounded (no cycle ends) is null, never Infinity (docs/rbf.md, index.d.ts).
        out.set("expectedArrivals", finite_or_null(r.expected_arrivals));
        return out;
    });
}

val choice_val(const bc::RuleChoice& c) {
    val out = val::object();
    out.set("feasible", val(c.feasible));
    out.set("threshold", c.feasible ? val(c.threshold) : val::null());
    out.set("capacity", c.feasible ? val(c.capacity) : val::null());
    out.set("fpr", c.feasible ? val(c.fpr) : val::null());
    return out;
}

val best_val(const bc::BestChoice& b) {
    val out = choice_val(b.choice);
    out.set("k", b.choice.feasible ? val(b.k) : val::null());
    out.set("gainOverWorstCase", b.choice.feasible ? val(b.gain_over_worst_case) : val::null());
    return out;
}

bc::RecommendInput recommend_input(const val& input) { return bc::checked_input(inputs::RecommendInput(input)); }

std::function<bool(unsigned, unsigned)> progress_callback(const val& progress) {
    if (progress.isUndefined() || progress.isNull()) return {};
    return [progress](unsigned done, unsigned total) {
        // api.mjs's wrapper never throws and returns true (go on) or false (cancel).
        return progress(done, total).isTrue();
    };
}

val row_val(const bc::RecommendRow& row) {
    val r = val::object();
    r.set("k", val(row.k));
    r.set("onePhase", choice_val(row.one_phase));
    r.set("twoPhase", choice_val(row.two_phase));
    r.set("worstCase", choice_val(row.worst_case));
    r.set("oracle", choice_val(row.oracle));
    r.set("lowerBound", choice_val(row.lower_bound));
    set_method(r, row.method, row.error_bound);
    return r;
}

// A row as row_val wrote it (a pool worker's), back to the core for merge_recommendation: every field
// read through the checked readers (api.mjs checked and copied the rows first), range-checked by the core.
bc::RecommendRow row_of(const val& r, const std::string& at) {
    auto choice = [&](const char* name) {
        const std::string path = at + "." + name;
        const val c = object_field(r, name, path);
        bc::RuleChoice out;
        out.feasible = required_bool(c, "feasible", path + ".feasible");
        if (out.feasible)
            out.threshold = required_field_number(c, "threshold", path + ".threshold"),
            out.capacity = required_field_number(c, "capacity", path + ".capacity"),
            out.fpr = required_field_number(c, "fpr", path + ".fpr");
        return out;
    };
    bc::RecommendRow row;
    const double k = required_field_number(r, "k", at + ".k");
    row.k = k >= 1 && k <= bc::kMaxHashes && k == std::floor(k) ? static_cast<unsigned>(k) : 0;  // 0: refused by the core
    row.one_phase = choice("onePhase"), row.two_phase = choice("twoPhase");
    row.worst_case = choice("worstCase"), row.oracle = choice("oracle"), row.lower_bound = choice("lowerBound");
    if (field_kind(r, "method") != FieldKind::string) throw InputTypeError{at + ".method", "\"exact\" or \"asymptotic\""};
    row.method = bc::parse_rbf_method(r["method"].as<std::string>());
    row.error_bound = optional_number(r, "errorBound").value_or(0.0);
    return row;
}

val recommendation_val(const bc::Recommendation& rec) {
    val rows = val::array();
    for (const auto& row : rec.rows) rows.call<void>("push", row_val(row));
    val best = val::object();
    best.set("onePhase", best_val(rec.one_phase));
    best.set("twoPhase", best_val(rec.two_phase));
    best.set("worstCase", best_val(rec.worst_case));
    best.set("oracle", best_val(rec.oracle));
    best.set("lowerBound", best_val(rec.lower_bound));
    val out = val::object();
    out.set("m", val(static_cast<double>(rec.M)));
    out.set("p", val(rec.target));
    out.set("fpr", val(rec.target));  // older name of p, kept for scripts (docs/decisions.md)
    out.set("variant", variant_val(rec.variant));
    out.set("rows", rows);
    out.set("best", best);
    set_method(out, rec.method, rec.error_bound);
    return out;
}

// { m, p, kmax?, method?, hashing?, recycling?, restart?, swap? }, progress(done, total) → false cancels.
val recommend(val input, val progress) {
    return guarded([&] { return recommendation_val(bc::recommend(recommend_input(input), progress_callback(progress))); });
}

// The rows for k = kLo..kHi (a pool's share; the core clips to the k_max recommend uses).
val recommend_rows(val input, double k_lo, double k_hi, val progress) {
    return guarded([&] {
        const auto in = recommend_input(input);
        const auto lo = static_cast<unsigned>(bc::checked_integer(k_lo, "kLo", 1, bc::kMaxHashes));
        const auto hi = static_cast<unsigned>(bc::checked_integer(k_hi, "kHi", 1, bc::kMaxHashes));
        val rows = val::array();
        for (const auto& row : bc::recommend_rows(in, lo, hi, progress_callback(progress))) rows.call<void>("push", row_val(row));
        return rows;
    });
}

// { kMax, method, methods }: the rows a recommendation has (k = 1..kMax), for a pool to share out, the method of
// row kMax, and each row's (methods[k − 1]: the page's estimate of a run counts the exact fill's rows).
val recommend_plan(val input) {
    return guarded([&] {
        const auto in = recommend_input(input);
        const unsigned k_max = bc::recommend_k_max(in);
        val methods = val::array();
        for (unsigned k = 1; k <= k_max; ++k) methods.call<void>("push", std::string(bc::to_string(bc::recommend_method(in, k))));
        val out = val::object();
        out.set("kMax", val(k_max));
        out.set("method", val(std::string(bc::to_string(bc::recommend_method(in, k_max)))));
        out.set("methods", methods);
        return out;
    });
}

// The recommendation from every row (from any number of recommendRows calls, any order).
val merge_recommendation(val input, val rows) {
    return guarded([&] {
        const auto in = recommend_input(input);
        if (!rows.isArray()) throw InputTypeError{"rows", "the arrays recommendRows returned"};
        const unsigned n = rows["length"].as<unsigned>();
        const unsigned k_max = bc::recommend_k_max(in);
        if (n != k_max) throw bc::RangeError("rows", "one row for each k = 1.." + std::to_string(k_max), std::to_string(n) + " rows");
        std::vector<bc::RecommendRow> all;
        for (unsigned i = 0; i < n; ++i) {
            const std::string at = "rows[" + std::to_string(i) + "]";
            all.push_back(row_of(object_at(rows, i, at), at));
        }
        return recommendation_val(bc::merge_recommendation(in, all));  // checks every k once, every value in range
    });
}

}  // namespace

EMSCRIPTEN_BINDINGS(bloomcalc_rbf) {
    emscripten::function("rbf", &rbf);
    emscripten::function("rbfUnbounded", &rbf_unbounded);
    emscripten::function("sigmaCurve", &sigma_curve);
    emscripten::function("nBounded", &n_bounded);
    emscripten::function("recommend", &recommend);
    emscripten::function("recommendRows", &recommend_rows);
    emscripten::function("recommendPlan", &recommend_plan);
    emscripten::function("mergeRecommendation", &merge_recommendation);
}
