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
    return Fields()
        .add("hashing", v.hashing)
        .add("recycling", v.recycling)
        .add("restart", v.restart)
        .add("swap", v.swap)
        .done();
}

// What a caller of the synchronous rbf() can do instead of an exact fill beyond its bound.
constexpr const char* kRbfAsyncRemedy =
    "reduce m or k, or (Node) call rbfAsync() with the same input: it runs the exact fill on a worker thread without "
    "this bound";

Fields& set_method(Fields& out, bc::RbfMethod method, double bound) {
    return out.add("method", method)
        .add("errorBound", only_if(method != bc::RbfMethod::exact, bound));  // mixed: the rows' largest
}

// For two phases m is the total memory. `bounded`: the synchronous call's bound on the exact fill's work (rbf); without it (rbfUnbounded) the caller
// runs it off the main thread and can stop it (rbfAsync: a worker thread, terminated on abort).
val rbf_with(val input, bool bounded) {
    return guarded([&] {
        const auto in = inputs::RbfInput(input);
        const auto plan = bounded ? bc::plan_sigma_model(in, bc::kMaxRbfExactWork, kRbfAsyncRemedy)
                                  : bc::plan_sigma_model(in, ~std::uint64_t{0});
        const std::uint64_t sigma = plan.checked(in.sigma);
        const bc::SigmaModel model(plan);
        Fields out;
        out.add("m", plan.memory)
            .add("bitsPerFilter", plan.M)
            .add("k", plan.k)
            .add("sigma", sigma)
            .add("phases", plan.phases)
            .add("variant", variant_val(plan.variant));
        double bound = 0;
        if (plan.phases == 1) {
            const auto r = model.one_phase(sigma, &bound);
            out.add("averageFpr", r.average_fpr)
                .add("expectedMessages", r.expected_messages)
                .add("messagesHeld", r.messages_held);
            if (!r.restart.empty()) out.add("restart", array_of(r.restart));
        } else {
            const auto r = model.two_phase(sigma, &bound);
            out.add("averageFpr", r.average_fpr)
                .add("averageFprEq26", r.average_fpr_eq26)
                .add("activeFpr", r.active_fpr)
                .add("frozenFpr", r.frozen_fpr)
                .add("expectedMessages", r.expected_messages)
                .add("frozen", array_of(r.frozen))
                .add("frozenFrom", r.frozen_from);
        }
        return set_method(out, plan.method, bound).done();
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
        Fields out;
        out.add("sigma", array_of(curve.sigma))
            .add("averageFpr", array_of(curve.average_fpr))
            .add("expectedMessages", array_of(curve.expected_messages));
        return set_method(out, plan.method, curve.bound).done();
    });
}

val n_bounded(val input) {
    return guarded([&] {
        const auto r = bc::n_bounded(inputs::NBoundedInput(input));
        // expectedArrivals: unbounded (no cycle ends) is null, never Infinity (docs/rbf.md, index.d.ts).
        return Fields()
            .add("m", r.M)
            .add("k", r.k)
            .add("N", r.N)
            .add("hashing", r.hashing)
            .add("worstCase", r.worst_case)
            .add("oracle", r.oracle)
            .add("lowerBound", r.lower_bound)
            .add("exact", r.exact)
            .add("exactGivenCycleEnds", r.exact_given_cycle_ends)
            .add("canFill", r.can_fill)
            .add("fillProbability", r.fill_probability)
            .add("exactOracle", r.exact_oracle)
            .add("expectedArrivals", finite_or_null(r.expected_arrivals))
            .done();
    });
}

Fields& set_choice(Fields& out, const bc::RuleChoice& c) {
    return out.add("feasible", c.feasible)
        .add("threshold", only_if(c.feasible, c.threshold))
        .add("capacity", only_if(c.feasible, c.capacity))
        .add("fpr", only_if(c.feasible, c.fpr));
}
val choice_val(const bc::RuleChoice& c) {
    Fields out;
    return set_choice(out, c).done();
}

val best_val(const bc::BestChoice& b) {
    Fields out;
    return set_choice(out, b.choice)
        .add("k", only_if(b.choice.feasible, b.k))
        .add("gainOverWorstCase", only_if(b.choice.feasible, b.gain_over_worst_case))
        .done();
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
    Fields out;
    out.add("k", row.k)
        .add("onePhase", choice_val(row.one_phase))
        .add("twoPhase", choice_val(row.two_phase))
        .add("worstCase", choice_val(row.worst_case))
        .add("oracle", choice_val(row.oracle))
        .add("lowerBound", choice_val(row.lower_bound));
    return set_method(out, row.method, row.error_bound).done();
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
    row.k =
        k >= 1 && k <= bc::kMaxHashes && k == std::floor(k) ? static_cast<unsigned>(k) : 0;  // 0: refused by the core
    row.one_phase = choice("onePhase"), row.two_phase = choice("twoPhase");
    row.worst_case = choice("worstCase"), row.oracle = choice("oracle"), row.lower_bound = choice("lowerBound");
    if (field_kind(r, "method") != FieldKind::string)
        throw InputTypeError{at + ".method", "\"exact\" or \"asymptotic\""};
    row.method = bc::parse_rbf_method(r["method"].as<std::string>());
    row.error_bound = optional_number(r, "errorBound").value_or(0.0);
    return row;
}

val recommendation_val(const bc::Recommendation& rec) {
    const val rows = val::array();
    for (const auto& row : rec.rows) rows.call<void>("push", row_val(row));
    const val best = Fields()
                         .add("onePhase", best_val(rec.one_phase))
                         .add("twoPhase", best_val(rec.two_phase))
                         .add("worstCase", best_val(rec.worst_case))
                         .add("oracle", best_val(rec.oracle))
                         .add("lowerBound", best_val(rec.lower_bound))
                         .done();
    Fields out;
    out.add("m", rec.M)
        .add("p", rec.target)
        .add("fpr", rec.target)  // fpr: older name of p, kept for scripts (docs/decisions.md)
        .add("variant", variant_val(rec.variant))
        .add("rows", rows)
        .add("best", best);
    return set_method(out, rec.method, rec.error_bound).done();
}

// { m, p, kmax?, method?, hashing?, recycling?, restart?, swap? }, progress(done, total) → false cancels.
val recommend(val input, val progress) {
    return guarded(
        [&] { return recommendation_val(bc::recommend(recommend_input(input), progress_callback(progress))); });
}

// The rows for k = kLo..kHi (a pool's share; the core clips to the k_max recommend uses).
val recommend_rows(val input, double k_lo, double k_hi, val progress) {
    return guarded([&] {
        const auto in = recommend_input(input);
        const auto lo = static_cast<unsigned>(bc::checked_integer(k_lo, "kLo", 1, bc::kMaxHashes));
        const auto hi = static_cast<unsigned>(bc::checked_integer(k_hi, "kHi", 1, bc::kMaxHashes));
        val rows = val::array();
        for (const auto& row : bc::recommend_rows(in, lo, hi, progress_callback(progress)))
            rows.call<void>("push", row_val(row));
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
        for (unsigned k = 1; k <= k_max; ++k)
            methods.call<void>("push", std::string(bc::to_string(bc::recommend_method(in, k))));
        return Fields()
            .add("kMax", k_max)
            .add("method", bc::recommend_method(in, k_max))
            .add("methods", methods)
            .done();
    });
}

// The recommendation from every row (from any number of recommendRows calls, any order).
val merge_recommendation(val input, val rows) {
    return guarded([&] {
        const auto in = recommend_input(input);
        if (!rows.isArray()) throw InputTypeError{"rows", "the arrays recommendRows returned"};
        const unsigned n = rows["length"].as<unsigned>();
        const unsigned k_max = bc::recommend_k_max(in);
        if (n != k_max)
            throw bc::RangeError("rows", "one row for each k = 1.." + std::to_string(k_max),
                                 std::to_string(n) + " rows");
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
