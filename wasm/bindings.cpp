// embind bindings: thin marshalling between JS values and the core's plain value types.
// No model logic here. A core exception becomes a JS RangeError (out of range, infeasible) or Error
// (unparseable text) carrying `parameter` and `validRange`; the module stays usable afterwards.
#include <emscripten/bind.h>
#include <emscripten/val.h>

#include <string>
#include <utility>

#include "bloomcalc/error.hpp"
#include "bloomcalc/exact_fpr.hpp"
#include "bloomcalc/exact_fpr_table.hpp"
#include "bloomcalc/fpr_report.hpp"
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
}
