// embind: the sizing solver (core/include/bloomcalc/fpr/sizing.hpp) and the FPR report its result carries, in
// every module (size-worker.js; an element that loads one module alone). Thin marshalling only.
#include <emscripten/bind.h>

#include "bindings/common.hpp"
#include "bindings/inputs.generated.hpp"
#include "bindings/results.generated.hpp"
#include "bloomcalc/fpr/sizing.hpp"

using namespace bcjs;
namespace bc = bloomcalc;

namespace {

val solve_sizing(val input) {
    return guarded([&] { return results::SizingResult(bc::solve_sizing(inputs::SizingInput(input))); });
}

}  // namespace

// Every module (CMakeLists.txt, COMMON_BINDING_SOURCES).
EMSCRIPTEN_BINDINGS(bloomcalc_sizing) { emscripten::function("solveSizing", &solve_sizing); }
