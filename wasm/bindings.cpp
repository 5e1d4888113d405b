// embind bindings: thin marshalling between JS values and the core's plain value types. No model logic.
//
// ---- The error pattern (every binding follows it; see also the top of wasm/api.mjs) ----------------
// A JS exception must never unwind through wasm frames. One that does (val::throw_(), embind's
// BindingError on a mistyped argument, a throwing JS callback) skips the wasm epilogues: the stack
// pointer is not restored and the destructors of live vals and strings never run, so every error
// leaked stack, emval handles and heap until the module died. Therefore every binding:
//   1. takes `val` arguments that wasm/api.mjs has already checked and copied into plain objects, and
//      reads them only through the checked readers below (optional_number, string_or, optional_bool,
//      numbers, text_of), which throw a C++ InputTypeError instead of letting embind throw;
//   2. wraps its whole body in `guarded(...)`, which catches every C++ exception and RETURNS an error
//      record { __bloomcalcError: { name, message, parameter, validRange } } (a normal return: the
//      stack is restored and every val freed);
//   3. is called from JS only through api.mjs's `call()`, which turns the record into a JS RangeError,
//      TypeError or AbortError thrown from a small JS frame.
// JS callbacks called from C++ (progress) are wrapped in api.mjs so that they never throw: an exception
// is recorded, the wrapper returns false (cancel) and api.mjs rethrows it after the binding returned.
// A class (Simulation) is constructed with `new raw.X(input)`; its constructor never throws: it keeps
// the error record, which api.mjs reads with error() before using (or deleting) the object.
#include <emscripten/bind.h>
#include <emscripten/em_js.h>
#include <emscripten/emscripten.h>
#include <emscripten/stack.h>
#include <emscripten/val.h>

#include <malloc.h>

#include <cmath>
#include <functional>
#include <memory>
#include <new>
#include <string>
#include <utility>
#include <vector>
#include <algorithm>
#include <optional>

#include "bloomcalc/error.hpp"
#include "bloomcalc/fpr/exact_fpr.hpp"
#include "bloomcalc/fpr/exact_fpr_table.hpp"
#include "bloomcalc/layouts/layout_fpr.hpp"
#include "bloomcalc/layouts/layout_sim.hpp"
#include "bloomcalc/layouts/layout_sizing.hpp"
#include "bloomcalc/layouts/presets.hpp"
#include "bloomcalc/fpr/report.hpp"
#include "bloomcalc/rbf/large/large_models.hpp"
#include "bloomcalc/rbf/large/rbf_method.hpp"
#include "bloomcalc/rbf/nbounded.hpp"
#include "bloomcalc/rbf/sigma_model.hpp"
#include "bloomcalc/rbf/one_phase.hpp"
#include "bloomcalc/rbf/params.hpp"
#include "bloomcalc/rbf/recommend.hpp"
#include "bloomcalc/rbf/two_phase.hpp"
#include "bloomcalc/fpr/sizing.hpp"
#include "bloomcalc/units.hpp"
#include "bloomcalc/paradox/cache_order.hpp"
#include "bloomcalc/paradox/bh_cbf.hpp"
#include "bloomcalc/paradox/bloom.hpp"
#include "bloomcalc/paradox/cbf.hpp"
#include "bloomcalc/paradox/selective.hpp"
#include "bloomcalc/paradox/sim.hpp"
#include "bloomcalc/sim/runner.hpp"
#include "bindings/common.hpp"

using emscripten::val;
namespace bc = bloomcalc;

// ---- the hot path of every call and every error, each in one call into JS (EM_JS) ----------------

// The error record in ONE call into JS (building it with val::object() and set() took ~25 emval calls
// and most of an error's cost). Text is passed as (pointer, length): a NUL inside is kept.
EM_JS(emscripten::EM_VAL, bc_error_record,
      (const char* name, const char* message, int message_length, const char* parameter, int parameter_length,
       const char* range, int range_length),
      {
          const text = (p, n) => (p >>>= 0, UTF8Decoder ? UTF8Decoder.decode(HEAPU8.subarray(p, p + n)) : UTF8ArrayToString(HEAPU8, p, n));
          return Emval.toHandle({ __bloomcalcError: { name: UTF8ToString(name), message: text(message, message_length),
              parameter: text(parameter, parameter_length), validRange: text(range, range_length) } });
      });

// A field's type and, for a number, its value, in one call into JS (val's operator[], isNumber() and
// as<double>() took ~7 emval calls per field). 0: absent (undefined or null), 1: a number (in *out),
// 2: anything else.
EM_JS(int, bc_number_field, (emscripten::EM_VAL input, const char* name, double* out), {
    let v;
    try {
        v = Emval.toValue(input)[UTF8ToString(name)];
    } catch (e) {
        return 2;  // a getter that throws: never into wasm
    }
    if (v === undefined || v === null) return 0;
    if (typeof v !== 'number') return 2;
    HEAPF64[(out >>> 0) / 8] = v;
    return 1;
});

// A field's JS type (0 absent, 1 number, 2 string, 3 boolean, 4 object, 5 array, 6 other) and an array
// element's, without a throw into wasm (a getter that throws is "other").
EM_JS(int, bc_field_kind, (emscripten::EM_VAL input, const char* name, int index), {
    let v;
    try {
        const x = Emval.toValue(input);
        v = name ? x[UTF8ToString(name)] : x[index];
    } catch (e) {
        return 6;
    }
    if (v === undefined || v === null) return 0;
    if (typeof v === 'number') return 1;
    if (typeof v === 'string') return 2;
    if (typeof v === 'boolean') return 3;
    if (Array.isArray(v)) return 5;
    return typeof v === 'object' ? 4 : 6;
});

namespace bcjs {  // the error pattern and the checked readers, shared with wasm/bindings/*.cpp (common.hpp)

// Required numbers found absent during the current call: they reach the core as NaN, and the core's
// error for such a parameter is reworded "<name> is required" (not "got NaN").
std::vector<std::string>& absent_required() {
    static std::vector<std::string> names;
    return names;
}

std::string range_message(const bc::Error& e) {
    const auto& absent = absent_required();
    if (std::find(absent.begin(), absent.end(), e.parameter()) == absent.end()) return e.what();
    return e.parameter() + " is required (valid: " + e.valid_range() + ")";
}

// The error record, built by bc_error_record (one call into JS).
val error_record(const char* name, const std::string& message, const std::string& parameter, const std::string& range) {
    return val::take_ownership(bc_error_record(name, message.data(), static_cast<int>(message.size()), parameter.data(),
                                               static_cast<int>(parameter.size()), range.data(), static_cast<int>(range.size())));
}

// The error record of the exception being handled (called only from a catch block: `throw;` rethrows it).
// One out-of-line copy of the catch clauses, instead of one per binding (~35 KB of the module).
[[gnu::noinline]] val current_error_record() {
    try {
        throw;
    } catch (const InputTypeError& e) {
        return error_record("TypeError", e.parameter + " must be " + e.expected, e.parameter, e.expected);
    } catch (const bc::CancelledError&) {
        return error_record("AbortError", "cancelled", "", "");
    } catch (const bc::Error& e) {
        return error_record("RangeError", range_message(e), e.parameter(), e.valid_range());
    } catch (const std::bad_alloc&) {
        return error_record("RangeError", "out of memory: the request needs more than the module's 4 GiB", "", "");
    } catch (const std::exception& e) {
        return error_record("Error", e.what(), "", "");
    } catch (...) {
        return error_record("Error", "unknown error", "", "");
    }
}

// ---- the checked readers: absent means undefined or null --------------------------------------------

// A field read by bc_number_field (one call into JS).
std::optional<double> optional_number(const val& input, const char* name) {
    double value = 0;
    switch (bc_number_field(input.as_handle(), name, &value)) {
        case 0: return std::nullopt;
        case 1: return value;
        default: throw InputTypeError{name, "a number"};
    }
}

double required_number(const val& input, const char* name) {
    const auto v = optional_number(input, name);
    if (v) return *v;
    absent_required().emplace_back(name);
    return NAN;
}

std::string string_or(const val& input, const char* name, const char* fallback) {
    val v = input[name];
    if (v.isUndefined() || v.isNull()) return fallback;
    if (!v.isString()) throw InputTypeError{name, "a string"};
    return v.as<std::string>();
}

enum class FieldKind { absent, number, string, boolean, object, array, other };
FieldKind field_kind(const val& input, const char* name) { return static_cast<FieldKind>(bc_field_kind(input.as_handle(), name, 0)); }

// Required fields of a nested input (a pool's rows), named by their path ("rows[3].onePhase.fpr").
val object_field(const val& input, const char* name, const std::string& path) {
    if (field_kind(input, name) != FieldKind::object) throw InputTypeError{path, "an object"};
    return input[name];
}
val object_at(const val& array, unsigned i, const std::string& path) {
    if (static_cast<FieldKind>(bc_field_kind(array.as_handle(), nullptr, static_cast<int>(i))) != FieldKind::object)
        throw InputTypeError{path, "an object"};
    return array[i];
}
double required_field_number(const val& input, const char* name, const std::string& path) {
    double value = 0;
    if (bc_number_field(input.as_handle(), name, &value) != 1) throw InputTypeError{path, "a number"};
    return value;
}
bool required_bool(const val& input, const char* name, const std::string& path) {
    if (field_kind(input, name) != FieldKind::boolean) throw InputTypeError{path, "true or false"};
    return input[name].isTrue();
}

std::optional<bool> optional_bool(const val& input, const char* name) {
    val v = input[name];
    if (v.isUndefined() || v.isNull()) return std::nullopt;
    if (!v.isTrue() && !v.isFalse()) throw InputTypeError{name, "true or false"};
    return v.isTrue();
}

// A JS array of numbers (absent: empty).
std::vector<double> numbers(const val& input, const char* name) {
    val v = input[name];
    std::vector<double> out;
    if (v.isUndefined() || v.isNull()) return out;
    if (!v.isArray()) throw InputTypeError{name, "a list of numbers"};
    const unsigned length = v["length"].as<unsigned>();
    out.reserve(length);
    for (unsigned i = 0; i < length; ++i) {
        val x = v[i];
        if (!x.isNumber()) throw InputTypeError{name, "a list of numbers"};
        out.push_back(x.as<double>());
    }
    return out;
}

// A result that may be unbounded or absent: null, never ±∞ or NaN.
val finite_or_null(double x) { return std::isfinite(x) ? val(x) : val::null(); }
// Π(x, k): none, or beyond every double (no realisable product is answered positive): null either way.
val finite_optional(const std::optional<double>& x) { return x && std::isfinite(*x) ? val(*x) : val::null(); }

// A string argument passed as a val.
std::string text_of(const val& v, const char* name) {
    if (!v.isString()) throw InputTypeError{name, "a string"};
    return v.as<std::string>();
}

}  // namespace bcjs

using namespace bcjs;

namespace {

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


// { m, n, k, hashing? }
bc::Filter filter_input(const val& input) {
    return filter_of(required_number(input, "m"), required_number(input, "n"), required_number(input, "k"),
                     string_or(input, "hashing", "colliding"));
}

val compare_fpr(val input) {
    return guarded([&] { return to_val(bc::compare_fpr(filter_input(input))); });
}

val exact_fpr(val input) {
    return guarded([&] { return bc::exact_fpr(filter_input(input)); });
}

val exact_fpr_table(val input) {
    return guarded([&] { return bc::exact_fpr_table(filter_input(input)); });
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

val parse_count(val text, val parameter) {
    return guarded([&] { return bc::parse_count(text_of(text, "text"), text_of(parameter, "parameter")); });
}
val parse_bits(val text, val parameter) {
    return guarded([&] { return bc::parse_bits(text_of(text, "text"), text_of(parameter, "parameter")); });
}
val parse_probability(val text, val parameter) {
    return guarded([&] { return bc::parse_probability(text_of(text, "text"), text_of(parameter, "parameter")); });
}

val array_of(const std::vector<double>& values) {
    val out = val::array();
    for (double v : values) out.call<void>("push", val(v));
    return out;
}

bc::RbfVariant variant_of(const val& input) {
    bc::RbfVariant v;
    v.hashing = bc::parse_hashing(string_or(input, "hashing", "colliding"));
    v.recycling = bc::parse_recycling(string_or(input, "recycling", "nonretaining"));
    v.restart = bc::parse_restart(string_or(input, "restart", "exact"));
    v.swap = bc::parse_swap(string_or(input, "swap", "after"));
    return v;
}

double number_or(const val& input, const char* name, double fallback) {
    const auto v = optional_number(input, name);
    return v ? *v : fallback;
}

val variant_val(const bc::RbfVariant& v) {
    val out = val::object();
    out.set("hashing", val(std::string(bc::to_string(v.hashing))));
    out.set("recycling", val(std::string(bc::to_string(v.recycling))));
    out.set("restart", val(std::string(bc::to_string(v.restart))));
    out.set("swap", val(std::string(bc::to_string(v.swap))));
    return out;
}

// The method asked for (`method`: "exact" | "asymptotic" | "auto", default auto).
bc::RbfMethod requested_method(const val& input) { return bc::parse_rbf_method(string_or(input, "method", "auto")); }

// `phases`: 1 or 2 (default 1).
unsigned phases_of(const val& input) {
    const double phases = number_or(input, "phases", 1);
    if (phases != 1 && phases != 2) throw bc::RangeError("phases", "1 or 2", bc::show_number(phases));
    return static_cast<unsigned>(phases);
}

// The σ-bounded model's plan of { m, k, phases?, method?, variant fields } (m: the total memory); the exact fill's
// work within `exact_work_limit` (the synchronous calls' bound by default), its refusal ending with `remedy`.
bc::SigmaPlan sigma_plan_of(const val& input, std::uint64_t exact_work_limit = bc::kMaxRbfExactWork,
                            const std::string& remedy = "reduce m or k") {
    const auto variant = variant_of(input);
    const unsigned phases = phases_of(input);
    const std::uint64_t total = bc::checked_rbf_bits_any(required_number(input, "m"));
    const unsigned k = static_cast<unsigned>(bc::checked_integer(required_number(input, "k"), "k", 1, bc::kMaxHashes));
    return bc::plan_sigma_model(total, k, phases, variant, requested_method(input), exact_work_limit, remedy);
}

// What a caller of the synchronous rbf() can do instead of an exact fill beyond its bound.
constexpr const char* kRbfAsyncRemedy =
    "reduce m or k, or (Node) call rbfAsync() with the same input: it runs the exact fill on a worker thread without this bound";

void set_method(val& out, bc::RbfMethod method, double bound) {
    out.set("method", val(std::string(bc::to_string(method))));
    out.set("errorBound", method == bc::RbfMethod::exact ? val::null() : val(bound));  // mixed: the rows' largest
}

// { m, k, sigma, phases?: 1|2, method?, hashing?, recycling?, restart?, swap? }; for two phases m is the total memory.
// `bounded`: the synchronous call's bound on the exact fill's work (rbf); without it (rbfUnbounded) the caller
// runs it off the main thread and can stop it (rbfAsync: a worker thread, terminated on abort).
val rbf_with(val input, bool bounded) {
    return guarded([&] {
        const auto plan = bounded ? sigma_plan_of(input, bc::kMaxRbfExactWork, kRbfAsyncRemedy) : sigma_plan_of(input, ~std::uint64_t{0});
        const std::uint64_t sigma = plan.checked(required_number(input, "sigma"));
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
        const auto plan = sigma_plan_of(input);
        const double asked_points = number_or(input, "points", NAN);
        // At most 10^5 points; fewer where each σ costs a pass over the levels (the exact retaining law): the
        // default 200 shrinks to fit, an explicit count beyond is refused naming points.
        const std::uint64_t most = std::min<std::uint64_t>(100000, plan.max_curve_points());
        const auto points = std::isnan(asked_points) ? std::min<std::uint64_t>(200, most) : bc::checked_integer(asked_points, "points", 2, most);
        const bc::SigmaModel model(plan);
        std::vector<double> sigma, fpr, messages;
        double bound = 0;
        const double lo = static_cast<double>(plan.sigma_min()), hi = static_cast<double>(plan.M - 1);
        for (std::uint64_t i = 0; i < points; ++i) {
            const auto s = static_cast<std::uint64_t>(std::llround(lo + (hi - lo) * static_cast<double>(i) / static_cast<double>(points - 1)));
            if (!sigma.empty() && static_cast<double>(s) == sigma.back()) continue;
            double b = 0;
            const auto r = model.at(s, &b);
            bound = std::max(bound, b);
            sigma.push_back(static_cast<double>(s)), fpr.push_back(r.average_fpr), messages.push_back(r.expected_messages);
        }
        val out = val::object();
        out.set("sigma", array_of(sigma));
        out.set("averageFpr", array_of(fpr));
        out.set("expectedMessages", array_of(messages));
        set_method(out, plan.method, bound);
        return out;
    });
}

val n_bounded(val input) {
    return guarded([&] {
        const auto h = bc::parse_hashing(string_or(input, "hashing", "colliding"));
        const std::uint64_t M = bc::checked_rbf_bits_any(required_number(input, "m"));
        const unsigned k = static_cast<unsigned>(bc::checked_integer(required_number(input, "k"), "k", 1, bc::kMaxHashes));
        const double N = required_number(input, "N");
        const auto r = bc::n_bounded(M, k, h, static_cast<std::uint64_t>(bc::checked_integer(N, "N", 1, M)));
        val out = val::object();
        out.set("m", val(static_cast<double>(M)));
        out.set("k", val(k));
        out.set("N", val(static_cast<double>(r.N)));
        out.set("hashing", val(std::string(bc::to_string(h))));
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

bc::RecommendInput recommend_input(const val& input) {
    bc::RecommendInput in;
    in.variant = variant_of(input);
    in.M = bc::checked_rbf_bits_any(required_number(input, "m"));
    in.target = bc::checked_probability(required_number(input, "p"), "p");  // p: the target FPR (api.mjs maps the alias fpr)
    in.k_max = static_cast<unsigned>(bc::checked_integer(number_or(input, "kmax", 32), "kmax", 1, bc::kMaxHashes));
    in.method = bc::parse_rbf_method(string_or(input, "method", "auto"));
    return in;
}

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

// ---- the Bloom paradox (paper 004) ----------------------------------------------------------------


double number_or_nan(const val& input, const char* name) { return optional_number(input, name).value_or(NAN); }

val optional_val(const std::optional<double>& x) { return x ? val(*x) : val::null(); }


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
        const double kmax = optional_number(input, "kmax").value_or(16.0);
        const bc::CbfOptimalK r = bc::cbf_optimal_k(number_or_nan(input, "m"), number_or_nan(input, "n"),
                                                    number_or_nan(input, "prior"), number_or_nan(input, "alpha"),
                                                    static_cast<unsigned>(bc::checked_integer(kmax, "kmax", 1, bc::kMaxHashes)));
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
        const bool counting = optional_bool(input, "counting").value_or(false);
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

// ---- simulation ---------------------------------------------------------------------------------


bc::SimInput sim_input(const val& input) {
    bc::SimInput in;
    in.structure = string_or(input, "structure", "bloom");
    in.hashing = string_or(input, "hashing", "colliding");
    in.boundary = string_or(input, "boundary", "exceeds");
    in.stream = string_or(input, "stream", "fresh");
    in.retaining = optional_bool(input, "retaining").value_or(false);
    in.swap = string_or(input, "swap", "after");
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

// A running simulation: `new raw.Simulation(input)` (never throws: error() returns the error record, or
// undefined), then JS drives it chunk by chunk with run() and must delete() it.
class Simulation {
public:
    explicit Simulation(val input)
        : error_(guarded([&] {
              runner_ = std::make_unique<bc::SimRunner>(bc::make_sim_config(sim_input(input)));
              return val::undefined();
          })) {}
    val error() const { return error_; }
    val run(double probe_budget) {
        return guarded([&] { return progress_val(runner().run(probe_budget)); });
    }
    val progress() const {
        return guarded([&] { return progress_val(runner().progress()); });
    }
    // Count-instance rate of the epochs from `from` on (for the running-estimate plot). `from` is checked
    // before the cast: a negative, NaN, fractional or huge double to size_t is undefined behaviour.
    val epochRates(double from) const {
        return guarded([&] {
            const auto& e = runner().epochs();
            const double done = static_cast<double>(e.size());
            if (!(from >= 0 && from <= done && std::floor(from) == from))
                throw bc::RangeError("from", "an integer in [0, " + std::to_string(e.size()) + "] (the epochs done)", bc::show_number(from));
            val out = val::array();
            for (std::size_t i = static_cast<std::size_t>(from); i < e.size(); ++i)
                out.call<void>("push", val(e[i].new_arrivals ? static_cast<double>(e[i].fp_first) / static_cast<double>(e[i].new_arrivals) : NAN));
            return out;
        });
    }
    val result() const {
        return guarded([&] { return result_val(runner().result()); });
    }

private:
    bc::SimRunner& runner() const {
        if (!runner_) throw std::logic_error("the simulation was not created");
        return *runner_;
    }
    std::unique_ptr<bc::SimRunner> runner_;
    val error_;
};

val simulation_config(val input) {
    return guarded([&] { return config_val(bc::make_sim_config(sim_input(input))); });
}

// ---- the paradox on the simulation engine -------------------------------------------------------

bc::ParadoxSimInput paradox_sim_input(const val& input) {
    bc::ParadoxSimInput in;
    in.structure = string_or(input, "structure", "bloom");
    in.hashing = string_or(input, "hashing", "colliding");
    in.m = optional_number(input, "m").value_or(NAN);
    in.n = optional_number(input, "n").value_or(NAN);
    in.k = optional_number(input, "k").value_or(NAN);
    in.prior = optional_number(input, "prior").value_or(NAN);
    in.queries = optional_number(input, "queries").value_or(NAN);
    in.epochs = optional_number(input, "epochs").value_or(NAN);
    in.seed = optional_number(input, "seed");
    in.confidence = optional_number(input, "confidence");
    return in;
}

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
class ParadoxSimulation {
public:
    explicit ParadoxSimulation(val input)
        : error_(guarded([&] {
              runner_ = std::make_unique<bc::ParadoxSimRunner>(bc::make_paradox_sim_config(paradox_sim_input(input)));
              return val::undefined();
          })) {}
    val error() const { return error_; }
    val run(double probe_budget) {
        return guarded([&] { return progress_val(runner().run(probe_budget)); });
    }
    val progress() const {
        return guarded([&] { return progress_val(runner().progress()); });
    }
    val result() const {
        return guarded([&] { return paradox_sim_result_val(runner().result()); });
    }

private:
    bc::ParadoxSimRunner& runner() const {
        if (!runner_) throw std::logic_error("the simulation was not created");
        return *runner_;
    }
    std::unique_ptr<bc::ParadoxSimRunner> runner_;
    val error_;
};

// For the leak tests (tests/js/errors.test.mjs): the wasm stack pointer as seen inside a binding (the
// same frame every call, so equal values mean nothing leaked) and the bytes of heap in use.
val diagnostics() {
    val out = val::object();
    out.set("stackPointer", val(static_cast<double>(emscripten_stack_get_current())));
    out.set("heapInUse", val(static_cast<double>(mallinfo().uordblks)));
    return out;
}

val limits() {
    val out = val::object();
    out.set("maxBits", val(static_cast<double>(bc::kMaxBits)));
    out.set("maxItems", val(static_cast<double>(bc::kMaxItems)));
    out.set("maxHashes", val(bc::kMaxHashes));
    out.set("maxRbfBits", val(static_cast<double>(bc::kMaxRbfLargeBits)));
    out.set("maxRbfExactBits", val(static_cast<double>(bc::kMaxRbfBits)));
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

// ---- layouts: { layout?, preset?, m, n, k?, blockBits?, hashing? } ----------------------------------
bc::LayoutFilter layout_filter_of(const val& input) {
    bc::LayoutInput in;
    in.layout = string_or(input, "layout", "standard");
    in.preset = string_or(input, "preset", "");
    in.hashing = string_or(input, "hashing", "colliding");
    in.m = required_number(input, "m");
    in.n = required_number(input, "n");
    in.k = required_number(input, "k");
    in.block_bits = required_number(input, "blockBits");
    return bc::resolve_layout_filter(in);
}

val layout_filter_val(val out, const bc::LayoutFilter& f) {
    out.set("layout", val(std::string(bc::to_string(f.layout))));
    out.set("m", val(static_cast<double>(f.m)));
    out.set("n", val(static_cast<double>(f.n)));
    out.set("k", val(f.k));
    out.set("blockBits", val(static_cast<double>(f.block_bits)));
    out.set("hashing", val(std::string(bc::to_string(f.hashing))));
    return out;
}

val approximations_val(const std::vector<bc::Approximation>& list) {
    val out = val::array();
    for (const auto& a : list) {
        val item = val::object();
        item.set("name", val(a.name));
        item.set("label", val(a.label));
        item.set("reference", val(a.reference));
        item.set("value", val(a.value));
        item.set("relativeError", val(a.relative_error));
        out.call<void>("push", item);
    }
    return out;
}

val what_if_val(const std::vector<bc::WhatIf>& list) {
    val out = val::array();
    for (const auto& w : list) {
        val item = val::object();
        item.set("factor", val(w.factor));
        item.set("n", val(static_cast<double>(w.n)));
        item.set("fpr", val(w.fpr));
        out.call<void>("push", item);
    }
    return out;
}

val layout_fpr(val input) {
    return guarded([&] {
        const auto preset = string_or(input, "preset", "");
        const auto r = bc::layout_report(layout_filter_of(input), preset.empty() ? "" : bc::find_preset(preset).name);
        val out = layout_filter_val(val::object(), r.filter);
        out.set("preset", r.preset.empty() ? val::null() : val(r.preset));
        out.set("exact", val(r.exact));
        out.set("standardExact", val(r.standard_exact));
        out.set("blocks", val(static_cast<double>(r.blocks)));
        out.set("loadPerBlock", val(r.load_per_block));
        out.set("bitsPerKey", val(r.bits_per_key));
        out.set("approximations", approximations_val(r.approximations));
        out.set("whatIf", what_if_val(r.what_if));
        return out;
    });
}

val layout_exact_fpr(val input) {
    return guarded([&] { return bc::layout_exact_fpr(layout_filter_of(input)); });
}

val layout_mixture(val input) {
    return guarded([&] {
        const auto r = bc::layout_mixture_fpr(layout_filter_of(input));
        val out = val::object();
        out.set("fpr", val(r.fpr));
        out.set("jLow", val(static_cast<double>(r.j_low)));
        out.set("jHigh", val(static_cast<double>(r.j_high)));
        out.set("terms", val(static_cast<double>(r.terms)));
        out.set("tailBound", val(r.tail_bound));
        return out;
    });
}

val layout_size(val input) {
    return guarded([&] {
        bc::LayoutSizingInput in;
        in.n = required_number(input, "n");
        in.p = required_number(input, "p");
        in.layout = bc::parse_layout(string_or(input, "layout", "standard"));
        in.block_bits = optional_number(input, "blockBits");
        in.k = optional_number(input, "k");
        in.hashing = bc::parse_hashing(string_or(input, "hashing", "colliding"));
        in.preset = string_or(input, "preset", "");
        in.max_bytes = optional_number(input, "maxBytes");
        const auto r = bc::size_layout(in);
        val out = layout_filter_val(val::object(), r.filter);
        out.set("preset", r.preset.empty() ? val::null() : val(r.preset));
        out.set("target", val(r.target));
        out.set("fpr", val(r.fpr));
        out.set("meetsTarget", val(r.meets_target));
        out.set("bitsPerKey", val(r.bits_per_key));
        out.set("bytes", val(r.bytes));
        out.set("rounding", val(r.rounding));
        val standard = val::object();
        standard.set("m", val(static_cast<double>(r.standard.m)));
        standard.set("k", val(r.standard.k));
        standard.set("fpr", val(r.standard_fpr));
        standard.set("bitsPerKey", val(static_cast<double>(r.standard.m) / static_cast<double>(r.standard.n)));
        out.set("standard", standard);
        out.set("overhead", val(r.overhead));
        out.set("approximations", approximations_val(r.approximations));
        out.set("whatIf", what_if_val(r.what_if));
        if (r.parquet) {
            val w = val::object();
            w.set("optimalNumOfBits", val(static_cast<double>(r.parquet->optimal_bits)));
            w.set("bytes", val(static_cast<double>(r.parquet->bytes)));
            w.set("maxBytes", val(static_cast<double>(r.parquet->max_bytes)));
            w.set("fpr", val(r.parquet->fpr));
            w.set("meetsTarget", val(r.parquet->meets_target));
            out.set("parquetWriter", w);
        } else {
            out.set("parquetWriter", val::null());
        }
        out.set("rocksdbBitsPerKey", r.rocksdb_bits_per_key ? val(*r.rocksdb_bits_per_key) : val::null());
        return out;
    });
}

val simulate_layout(val input) {
    return guarded([&] {
        bc::LayoutSimConfig c;
        c.max_probes = bc::kLayoutSimSyncMaxProbes;  // one synchronous call: about 1 s at most
        c.filter = layout_filter_of(input);
        c.hashing = bc::parse_layout_hashing(string_or(input, "hashScheme", "ideal"));
        c.epochs = bc::checked_integer(number_or(input, "epochs", 32), "epochs", 2, std::uint64_t{1} << 20);
        c.queries = bc::checked_integer(number_or(input, "queries", 0), "queries", 0, std::uint64_t{1} << 40);
        c.seed = bc::checked_integer(number_or(input, "seed", 1), "seed", 0, (std::uint64_t{1} << 53) - 1);
        c.confidence = number_or(input, "confidence", 0.99);
        const auto r = bc::simulate_layout(c);
        val out = layout_filter_val(val::object(), r.config.filter);
        out.set("hashScheme", val(std::string(bc::to_string(r.config.hashing))));
        out.set("epochs", val(static_cast<double>(r.config.epochs)));
        out.set("queries", val(static_cast<double>(r.config.queries)));
        out.set("seed", val(static_cast<double>(r.config.seed)));
        out.set("confidence", val(r.config.confidence));
        val counts = val::array();
        for (auto fp : r.false_positives) counts.call<void>("push", val(static_cast<double>(fp)));
        out.set("falsePositives", counts);
        out.set("lookups", val(static_cast<double>(r.lookups)));
        out.set("totalFalsePositives", val(static_cast<double>(r.total_false_positives)));
        out.set("rate", val(r.rate));
        out.set("mean", val(r.batch.mean));
        out.set("halfWidth", val(r.batch.half_width));
        out.set("interval", interval_val(r.batch.interval));
        out.set("exact", val(r.exact));
        out.set("inside", val(r.inside));
        return out;
    });
}

val layout_presets() {
    val out = val::array();
    for (const auto& p : bc::presets()) {
        val item = val::object();
        item.set("name", val(p.name));
        item.set("label", val(p.label));
        item.set("reference", val(p.reference));
        item.set("layout", val(std::string(bc::to_string(p.layout))));
        item.set("blockBits", p.block_bits ? val(static_cast<double>(p.block_bits)) : val::null());
        item.set("wordBits", p.word_bits ? val(static_cast<double>(p.word_bits)) : val::null());
        item.set("k", p.k_rule == bc::PresetK::fixed ? val(p.k) : val::null());
        item.set("kRule", val(std::string(p.k_rule == bc::PresetK::fixed ? "fixed" : p.k_rule == bc::PresetK::rocksdb_rule ? "rocksdb" : "free")));
        out.call<void>("push", item);
    }
    return out;
}

}  // namespace

// Three modules are built from this file (CMakeLists.txt; docs/decisions.md, "Two modules" and "A third
// module"): the main one (bloomcalc.web.wasm: every calculator but the recycling filters and the library
// questions), with BLOOMCALC_MODULE_RBF the recycling filters' (bloomcalc.rbf.wasm: rbf, sigmaCurve, nBounded,
// recommend*) and with BLOOMCALC_MODULE_TOOLS the library questions' (bloomcalc.tools.wasm: the bindings of
// bindings/libraries.cpp alone). All have the parsers, solveSizing, limits and diagnostics; the link-time
// optimiser drops what a module does not register.
EMSCRIPTEN_BINDINGS(bloomcalc) {
    emscripten::function("solveSizing", &solve_sizing);
    emscripten::function("parseCount", &parse_count);
    emscripten::function("parseBits", &parse_bits);
    emscripten::function("parseProbability", &parse_probability);
    emscripten::function("limits", &limits);
    emscripten::function("diagnostics", &diagnostics);
#ifdef BLOOMCALC_MODULE_RBF
    emscripten::function("rbf", &rbf);
    emscripten::function("rbfUnbounded", &rbf_unbounded);
    emscripten::function("sigmaCurve", &sigma_curve);
    emscripten::function("nBounded", &n_bounded);
    emscripten::function("recommend", &recommend);
    emscripten::function("recommendRows", &recommend_rows);
    emscripten::function("recommendPlan", &recommend_plan);
    emscripten::function("mergeRecommendation", &merge_recommendation);
#elif !defined(BLOOMCALC_MODULE_TOOLS)
    emscripten::function("compareFpr", &compare_fpr);
    emscripten::function("exactFpr", &exact_fpr);
    emscripten::function("exactFprTable", &exact_fpr_table);
    emscripten::class_<Simulation>("Simulation")
        .constructor<val>()
        .function("error", &Simulation::error)
        .function("run", &Simulation::run)
        .function("progress", &Simulation::progress)
        .function("epochRates", &Simulation::epochRates)
        .function("result", &Simulation::result);
    emscripten::function("simulationConfig", &simulation_config);
    emscripten::class_<ParadoxSimulation>("ParadoxSimulation")
        .constructor<val>()
        .function("error", &ParadoxSimulation::error)
        .function("run", &ParadoxSimulation::run)
        .function("progress", &ParadoxSimulation::progress)
        .function("result", &ParadoxSimulation::result);
    emscripten::function("paradox", &paradox);
    emscripten::function("paradoxCurve", &paradox_curve);
    emscripten::function("cbf", &cbf);
    emscripten::function("cbfOptimalK", &cbf_optimal_k);
    emscripten::function("bhCbf", &bh_cbf);
    emscripten::function("selective", &selective);
    emscripten::function("cacheOrder", &cache_order);
    emscripten::function("layoutFpr", &layout_fpr);
    emscripten::function("layoutExactFpr", &layout_exact_fpr);
    emscripten::function("layoutMixture", &layout_mixture);
    emscripten::function("layoutSize", &layout_size);
    emscripten::function("simulateLayout", &simulate_layout);
    emscripten::function("layoutPresets", &layout_presets);
#endif
}
