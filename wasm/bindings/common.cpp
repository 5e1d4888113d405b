// The error pattern, the checked readers and the writers every binding file shares (common.hpp), and the
// bindings every module registers: the parsers, limits and diagnostics.
//
// ---- The error pattern (every binding follows it; see also the top of wasm/api.mjs) ----------------
// A JS exception must never unwind through wasm frames. One that does (val::throw_(), embind's
// BindingError on a mistyped argument, a throwing JS callback) skips the wasm epilogues: the stack
// pointer is not restored and the destructors of live vals and strings never run, so every error
// leaked stack, emval handles and heap until the module died. Therefore every binding:
//   1. takes `val` arguments that wasm/api.mjs has already checked and copied into plain objects (every default
//      filled), and reads them only through the checked readers below (common.hpp): the reader generated from the
//      schema (inputs.generated.hpp), whose `field` overloads copy each field into the core's input struct, or
//      text_of; they throw a C++ InputTypeError instead of letting embind throw (not embind's value_object, whose
//      conversion of a field of the wrong type throws a JS exception through the wasm frames: no `.parameter`,
//      and the leak above);
//   2. wraps its whole body in `guarded(...)`, which catches every C++ exception and RETURNS an error
//      record { __bloomcalcError: { name, message, parameter, validRange } } (a normal return: the
//      stack is restored and every val freed);
//   3. is called from JS only through api.mjs's `call()`, which turns the record into a JS RangeError,
//      TypeError or AbortError thrown from a small JS frame.
// JS callbacks called from C++ (progress) are wrapped in api.mjs so that they never throw: an exception
// is recorded, the wrapper returns false (cancel) and api.mjs rethrows it after the binding returned.
// A class (Simulation) is constructed with `new raw.X(input)`; its constructor never throws: it keeps
// the error record, which api.mjs reads with error() before using (or deleting) the object.
#include "bindings/common.hpp"

#include <emscripten/bind.h>
#include <emscripten/em_js.h>
#include <emscripten/emscripten.h>
#include <emscripten/stack.h>

#include <malloc.h>

#include <algorithm>
#include <cmath>
#include <new>

#include "bindings/inputs.generated.hpp"

#include "bloomcalc/error.hpp"
#include "bloomcalc/layouts/layout.hpp"
#include "bloomcalc/params.hpp"
#include "bloomcalc/rbf/large/rbf_method.hpp"
#include "bloomcalc/rbf/params.hpp"
#include "bloomcalc/sim/runner.hpp"
#include "bloomcalc/sim/statistics.hpp"
#include "bloomcalc/sim/streams.hpp"
#include "bloomcalc/units.hpp"

namespace bc = bloomcalc;

// ---- the hot path of every call and every error, each in one call into JS (EM_JS) ----------------

// The EM_JS bodies are JavaScript: clang-format would break them (=== into == =, => into = >, >>>= into >> >=).
// clang-format off

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
// clang-format on

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
                                               static_cast<int>(parameter.size()), range.data(),
                                               static_cast<int>(range.size())));
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

FieldKind field_kind(const val& input, const char* name) {
    return static_cast<FieldKind>(bc_field_kind(input.as_handle(), name, 0));
}

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

// ---- the typed field readers of the generated readers (common.hpp) -------------------------------------

void field(const val& input, const char* name, double& out) {
    if (const auto v = optional_number(input, name)) out = *v;
}
void required(const val& input, const char* name, double& out) { out = required_number(input, name); }
void field(const val& input, const char* name, std::optional<double>& out) { out = optional_number(input, name); }
bool field(const val& input, const char* name, std::string& out) {
    val v = input[name];
    if (v.isUndefined() || v.isNull()) return false;
    if (!v.isString()) throw InputTypeError{name, "a string"};
    out = v.as<std::string>();
    return true;
}
void field(const val& input, const char* name, bool& out) {
    if (const auto v = optional_bool(input, name)) out = *v;
}
void field(const val& input, const char* name, std::vector<double>& out) { out = numbers(input, name); }

Fields::Fields() : out_(val::object()) {}
[[gnu::noinline]] Fields& Fields::add(const char* name, double x) { return add(name, val(x)); }
[[gnu::noinline]] Fields& Fields::add(const char* name, bool x) { return add(name, val(x)); }
[[gnu::noinline]] Fields& Fields::add(const char* name, const char* text) { return add(name, val(std::string(text))); }
[[gnu::noinline]] Fields& Fields::add(const char* name, const std::string& text) { return add(name, val(text)); }
[[gnu::noinline]] Fields& Fields::add(const char* name, const std::optional<double>& x) {
    return add(name, optional_val(x));
}
[[gnu::noinline]] Fields& Fields::add(const char* name, const val& v) {
    out_.set(name, v);
    return *this;
}

// A result that may be unbounded or absent: null, never ±∞ or NaN.
val finite_or_null(double x) { return std::isfinite(x) ? val(x) : val::null(); }
// Π(x, k): none, or beyond every double (no realisable product is answered positive): null either way.
val finite_optional(const std::optional<double>& x) { return x && std::isfinite(*x) ? val(*x) : val::null(); }
val optional_val(const std::optional<double>& x) { return x ? val(*x) : val::null(); }

val array_of(const std::vector<double>& values) {
    val out = val::array();
    for (double v : values) out.call<void>("push", val(v));
    return out;
}

// The writers echoing an input's fields into a result name each as the input does (names::, from the schema).
void set_block_bits(Fields& out, std::uint64_t block_bits) {
    out.add(names::block_bits, only_if(block_bits != 0, static_cast<double>(block_bits)));
}

void set_layout_filter(Fields& out, const bc::LayoutFilter& f, bool standard_block) {
    out.add(names::layout, f.layout).add(names::m, f.m).add(names::n, f.n).add(names::k, f.k);
    set_block_bits(out, standard_block || f.layout != bc::Layout::standard ? f.block_bits : 0);
    out.add(names::hashing, f.hashing);
}

val interval_val(const bc::Interval& i) { return Fields().add("low", i.low).add("high", i.high).done(); }

val progress_val(const bc::SimProgress& p) {
    return Fields()
        .add("done", p.done)
        .add("epochsDone", p.epochs_done)
        .add("arrivalsDone", p.arrivals_done)
        .add("arrivalsTotal", p.arrivals_total)
        .add("probes", p.probes)
        .add("probesTotal", p.probes_total)
        .add("fraction", p.done ? 1.0 : std::min(1.0, p.probes / p.probes_total))
        .done();
}

// A string argument passed as a val.
std::string text_of(const val& v, const char* name) {
    if (!v.isString()) throw InputTypeError{name, "a string"};
    return v.as<std::string>();
}

}  // namespace bcjs

using namespace bcjs;

namespace {

val parse_count(val text, val parameter) {
    return guarded([&] { return bc::parse_count(text_of(text, "text"), text_of(parameter, "parameter")); });
}
val parse_bits(val text, val parameter) {
    return guarded([&] { return bc::parse_bits(text_of(text, "text"), text_of(parameter, "parameter")); });
}
val parse_probability(val text, val parameter) {
    return guarded([&] { return bc::parse_probability(text_of(text, "text"), text_of(parameter, "parameter")); });
}

// For the leak tests (tests/js/errors.test.mjs): the wasm stack pointer as seen inside a binding (the
// same frame every call, so equal values mean nothing leaked) and the bytes of heap in use.
val diagnostics() {
    return Fields().add("stackPointer", emscripten_stack_get_current()).add("heapInUse", mallinfo().uordblks).done();
}

val limits() {
    const val simulation = Fields()
                               .add("maxBits", bc::kSimMaxBits)
                               .add("memoryBytes", bc::kSimMemoryBudget)
                               .add("maxProbes", bc::kSimMaxProbes)
                               .add("maxEpochs", bc::kSimMaxEpochs)
                               .add("maxArrivals", bc::kSimMaxArrivals)
                               .add("maxPool", bc::kMaxPool)
                               .add("maxWindow", bc::kMaxWindow)
                               .done();
    return Fields()
        .add("maxBits", bc::kMaxBits)
        .add("maxItems", bc::kMaxItems)
        .add("maxHashes", bc::kMaxHashes)
        .add("maxRbfBits", bc::kMaxRbfLargeBits)
        .add("maxRbfExactBits", bc::kMaxRbfBits)
        .add("simulation", simulation)
        .done();
}

}  // namespace

// Every module (CMakeLists.txt, COMMON_BINDING_SOURCES): api.mjs reads limits and the parsers from whichever
// modules an instance loaded.
EMSCRIPTEN_BINDINGS(bloomcalc_common) {
    emscripten::function("parseCount", &parse_count);
    emscripten::function("parseBits", &parse_bits);
    emscripten::function("parseProbability", &parse_probability);
    emscripten::function("limits", &limits);
    emscripten::function("diagnostics", &diagnostics);
}
