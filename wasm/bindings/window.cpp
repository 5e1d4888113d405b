// embind: window sizing (core/include/bloomcalc/window/window.hpp), in bloomcalc.tools.wasm with the other
// issue-21 questions (docs/decisions.md, "A third module"). Thin marshalling only.
#include <emscripten/bind.h>

#include "bindings/common.hpp"
#include "bindings/inputs.generated.hpp"
#include "bindings/results.generated.hpp"
#include "bloomcalc/params.hpp"
#include "bloomcalc/window/window.hpp"

using namespace bcjs;
namespace bc = bloomcalc;

namespace {

val window(val input) {
    return guarded([&] { return results::WindowResult(bc::size_window(inputs::WindowInput(input))); });
}

}  // namespace

EMSCRIPTEN_BINDINGS(bloomcalc_window) { emscripten::function("window", &window); }
