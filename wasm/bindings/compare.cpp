// embind: "Which filter?" (core/include/bloomcalc/families/compare.hpp), in bloomcalc.tools.wasm. Thin marshalling
// only: the input and result writers are generated (schema/inputs.mjs, schema/results.mjs); the error pattern of
// bindings/common.hpp.
#include <emscripten/bind.h>

#include "bindings/common.hpp"
#include "bindings/inputs.generated.hpp"
#include "bindings/results.generated.hpp"
#include "bloomcalc/families/compare.hpp"

using namespace bcjs;
namespace bc = bloomcalc;

namespace {

val compare(val input) {
    return guarded([&] { return results::CompareResult(bc::families::compare(inputs::CompareInput(input))); });
}

}  // namespace

EMSCRIPTEN_BINDINGS(bloomcalc_compare) { emscripten::function("compare", &compare); }
