// What every binding file (wasm/bindings/<domain>.cpp, one per core/ folder) shares: the error pattern, the
// checked readers of JS input and the writers of small results, defined in common.cpp (namespace bcjs). The
// rules are at the top of common.cpp: every binding takes `val` arguments api.mjs has checked, reads its input
// through the reader generated from the schema (inputs.generated.hpp: inputs::<Type>), and wraps its body in
// `guarded`.
#pragma once

#include <emscripten/bind.h>
#include <emscripten/val.h>

#include <cstdint>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

namespace bloomcalc {
struct Interval;
struct LayoutFilter;
struct SimProgress;
}  // namespace bloomcalc

namespace bcjs {

using emscripten::val;

// A field of the wrong JS type (api.mjs checks first; this is the second line of defence).
struct InputTypeError {
    std::string parameter, expected;
};

// Required numbers found absent during the current call (reworded "<name> is required").
std::vector<std::string>& absent_required();
// The error record of the exception being handled (called only from a catch block).
val current_error_record();

// Runs f and returns its result as a val, or the error record of any exception it threw (never throws).
template <class F>
val guarded(F&& f) {
    absent_required().clear();
    try {
        return val(f());
    } catch (...) {
        return current_error_record();
    }
}

// ---- the checked readers: absent means undefined or null ------------------------------------------------
std::optional<double> optional_number(const val& input, const char* name);
double required_number(const val& input, const char* name);  // absent: NaN, refused by the core by name
std::optional<bool> optional_bool(const val& input, const char* name);
std::vector<double> numbers(const val& input, const char* name);  // a list of numbers (absent: empty)
std::string text_of(const val& v, const char* name);              // a string argument passed as a val

// ---- the typed field readers of the generated readers (wasm/bindings/inputs.generated.hpp) ---------------
// JS hands each binding a complete input (wasm/api.mjs fills every default the schema declares), and the
// generated reader copies each field into the core's input struct once, the overload chosen by the member's
// type. A field absent (undefined or null) keeps the member's own default in the core struct (which
// tests/js/schema.test.mjs holds to the schema's), except a number read by `required` (the schema's required
// numbers, and those without a default) held as a plain double: NaN, and the core's error naming it says
// "<name> is required".
void field(const val& input, const char* name, double& out);
void field(const val& input, const char* name, std::optional<double>& out);
bool field(const val& input, const char* name, std::string& out);  // present?
void field(const val& input, const char* name, bool& out);
void field(const val& input, const char* name, std::vector<double>& out);
void required(const val& input, const char* name, double& out);
inline void required(const val& input, const char* name, std::optional<double>& out) { field(input, name, out); }
// A named choice: the text, parsed by the core's parser of its enum (the overloads: bindings/choices.hpp).
template <class E>
void choice(const val& input, const char* name, E& out, E (*parse)(const std::string&)) {
    std::string text;
    if (field(input, name, text)) out = parse(text);
}

// Fields of a nested input (a pool's rows), named by their path ("rows[3].onePhase.fpr").
enum class FieldKind { absent, number, string, boolean, object, array, other };
FieldKind field_kind(const val& input, const char* name);
val object_field(const val& input, const char* name, const std::string& path);
val object_at(const val& array, unsigned i, const std::string& path);
double required_field_number(const val& input, const char* name, const std::string& path);
bool required_bool(const val& input, const char* name, const std::string& path);

// ---- the writers -------------------------------------------------------------------------------------
// A result object written field by field in the order JS sees it: Fields().add("low", i.low).add("high", i.high)
// .done(). A value is a number (counts as doubles), a flag, a text, a named choice (the core's to_string), an
// optional number (none: null) or a val. Each add is one out-of-line call: no temporary val at the call site (the
// embed size budget).
class Fields {
public:
    Fields();
    explicit Fields(val out) : out_(std::move(out)) {}  // adds to an object begun
    Fields& add(const char* name, double x);
    Fields& add(const char* name, bool x);
    Fields& add(const char* name, const char* text);
    Fields& add(const char* name, const std::string& text);
    Fields& add(const char* name, const std::optional<double>& x);
    Fields& add(const char* name, const val& v);
    template <class T, std::enable_if_t<std::is_integral_v<T> && !std::is_same_v<T, bool>, int> = 0>
    Fields& add(const char* name, T x) {
        return add(name, static_cast<double>(x));
    }
    template <class E, std::enable_if_t<std::is_enum_v<E>, int> = 0>
    Fields& add(const char* name, E choice) {
        return add(name, to_string(choice));  // the core's name of the choice (argument-dependent lookup)
    }
    val done() const { return out_; }

private:
    val out_;
};

// x where the condition holds, else none (written null).
inline std::optional<double> only_if(bool condition, double x) {
    return condition ? std::optional<double>(x) : std::nullopt;
}
val finite_or_null(double x);                         // null, never ±∞ or NaN
val finite_optional(const std::optional<double>& x);  // none or not finite: null
val optional_val(const std::optional<double>& x);     // none: null
val array_of(const std::vector<double>& values);
// A layout filter (the layouts' results, librarySize's): layout, m, n, k, the block size B, hashing; a standard
// filter's block (m) named, or null where `standard_block` is false (librarySize).
void set_layout_filter(Fields& out, const bloomcalc::LayoutFilter& f, bool standard_block = true);
void set_block_bits(Fields& out, std::uint64_t block_bits);  // B; 0: null (none to name)
val interval_val(const bloomcalc::Interval& i);              // { low, high }
val progress_val(const bloomcalc::SimProgress& p);           // a simulation's progress (both simulation classes)

// ---- a computation JS drives chunk by chunk (Simulation, ParadoxSimulation) ---------------------------
// `new raw.X(input)` never throws: it keeps the error record, which api.mjs reads with error() before using the
// object; then run(budget) until progress().done, result(), and delete(). `Runner` is a core runner
// (run(budget), progress(), result()).
template <class Runner>
class Driven {
public:
    val error() const { return error_; }
    val run(double probe_budget) {
        return guarded([&] { return progress_val(runner().run(probe_budget)); });
    }
    val progress() const {
        return guarded([&] { return progress_val(runner().progress()); });
    }

protected:
    // make_config() returns the config; the runner is Runner(config, more...) (a simulation's epoch range).
    template <class MakeConfig, class... More>
    explicit Driven(MakeConfig&& make_config, More&&... more)
        : error_(guarded([&] {
              runner_ = std::make_unique<Runner>(make_config(), more()...);
              return val::undefined();
          })) {}
    Runner& runner() const {
        if (!runner_) throw std::logic_error("the simulation was not created");
        return *runner_;
    }

private:
    std::unique_ptr<Runner> runner_;  // before error_: the constructor's guarded call sets it
    val error_;
};

// Registers a Driven class's constructor, error, run and progress; the caller adds result (and more).
template <class D>
const emscripten::class_<D>& driven_methods(const emscripten::class_<D>& c) {
    return c.template constructor<val>()
        .function("error", static_cast<val (D::*)() const>(&D::error))
        .function("run", static_cast<val (D::*)(double)>(&D::run))
        .function("progress", static_cast<val (D::*)() const>(&D::progress));
}

}  // namespace bcjs
