// embind: counting-filter counter overflow (core/include/bloomcalc/counting/overflow.hpp), in bloomcalc.tools.wasm
// with the other issue-21 questions (docs/decisions.md, "A third module"). Thin marshalling only; the error pattern
// of bindings/common.hpp.
#include <emscripten/bind.h>

#include "bindings/common.hpp"
#include "bindings/inputs.generated.hpp"
#include "bindings/results.generated.hpp"
#include "bloomcalc/counting/overflow.hpp"
#include "bloomcalc/error.hpp"

using namespace bcjs;
namespace bc = bloomcalc;

namespace {

// The overflow probability at b bits, or the smallest b for a target.
val overflow(val input) {
    return guarded([&] { return results::OverflowResult(bc::counter_overflow(inputs::OverflowInput(input))); });
}

}  // namespace

EMSCRIPTEN_BINDINGS(bloomcalc_overflow) { emscripten::function("overflow", &overflow); }
