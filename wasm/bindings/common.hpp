// The error pattern and the checked readers of wasm/bindings.cpp (defined there, in namespace bcjs), for the
// binding files of one domain each (wasm/bindings/*.cpp). Every binding: takes `val` arguments api.mjs has
// checked, reads them only through these readers, and wraps its body in `guarded` (the top of bindings.cpp).
#pragma once

#include <emscripten/val.h>

#include <optional>
#include <string>
#include <vector>

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

std::optional<double> optional_number(const val& input, const char* name);
double required_number(const val& input, const char* name);  // absent: NaN, refused by the core by name
std::string string_or(const val& input, const char* name, const char* fallback);
std::optional<bool> optional_bool(const val& input, const char* name);
val finite_or_null(double x);  // null, never ±∞ or NaN

}  // namespace bcjs
