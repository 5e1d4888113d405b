// embind: counting-filter counter overflow (core/include/bloomcalc/counting/overflow.hpp), in bloomcalc.tools.wasm
// with the other issue-21 questions (docs/decisions.md, "A third module"). Thin marshalling only; the error pattern
// of bindings/common.hpp.
#include <emscripten/bind.h>

#include "bindings/common.hpp"
#include "bindings/inputs.generated.hpp"
#include "bloomcalc/counting/overflow.hpp"
#include "bloomcalc/error.hpp"

using namespace bcjs;
namespace bc = bloomcalc;

namespace {

// The overflow probability at b bits, or the smallest b for a target.
val overflow(val input) {
    return guarded([&] {
        const auto in = inputs::OverflowInput(input);
        const bc::OverflowResult r = bc::counter_overflow(in);
        return Fields().add("m", r.m).add("n", r.n).add("k", r.k).add("bits", r.bits).add("counterTail", r.counter_tail)
            .add("unionBound", r.union_bound).add("probability", r.probability).add("low", r.low).add("high", r.high)
            .add("method", r.method).add("target", in.target).done();
    });
}

}  // namespace

EMSCRIPTEN_BINDINGS(bloomcalc_overflow) {
    emscripten::function("overflow", &overflow);
}
