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
        val out = val::object();
        out.set("m", val(static_cast<double>(r.m)));
        out.set("n", val(static_cast<double>(r.n)));
        out.set("k", val(r.k));
        out.set("bits", val(r.bits));
        out.set("counterTail", val(r.counter_tail));
        out.set("unionBound", val(r.union_bound));
        out.set("probability", val(r.probability));
        out.set("low", val(r.low));
        out.set("high", val(r.high));
        out.set("method", val(r.method));
        out.set("target", optional_val(in.target));
        return out;
    });
}

}  // namespace

EMSCRIPTEN_BINDINGS(bloomcalc_overflow) {
    emscripten::function("overflow", &overflow);
}
