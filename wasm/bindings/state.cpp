// embind: a filter in use (core/include/bloomcalc/fpr/state.hpp), in bloomcalc.tools.wasm with the other issue-21
// questions (docs/decisions.md, "A third module"). Thin marshalling only; the error pattern of
// bindings/common.hpp.
#include <emscripten/bind.h>

#include "bindings/common.hpp"
#include "bindings/inputs.generated.hpp"
#include "bindings/results.generated.hpp"
#include "bloomcalc/fpr/state.hpp"

using namespace bcjs;
namespace bc = bloomcalc;

namespace {

val state(val input) {
    return guarded([&] { return results::StateResult(bc::filter_state(inputs::StateInput(input))); });
}

}  // namespace

EMSCRIPTEN_BINDINGS(bloomcalc_state) { emscripten::function("state", &state); }
