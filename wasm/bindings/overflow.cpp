// embind: counting-filter counter overflow (core/include/bloomcalc/counting/overflow.hpp), in bloomcalc.tools.wasm
// with the other issue-21 questions (docs/decisions.md, "A third module"). Thin marshalling only; the error pattern
// of bindings/common.hpp.
#include <emscripten/bind.h>

#include "bindings/common.hpp"
#include "bloomcalc/counting/overflow.hpp"
#include "bloomcalc/error.hpp"

using namespace bcjs;
namespace bc = bloomcalc;

namespace {

// { m, n, k, bits? | target?, method? }: the overflow probability at b bits, or the smallest b for a target.
val overflow(val input) {
    return guarded([&] {
        const double m = required_number(input, "m"), n = required_number(input, "n"), k = required_number(input, "k");
        const auto bits = optional_number(input, "bits"), target = optional_number(input, "target");
        const std::string method = string_or(input, "method", "auto");
        if (bits && target) throw bc::RangeError("target", "absent when bits is given (bits: the probability at b bits; target: the smallest b)", "both");
        bc::OverflowResult r;
        if (target) r = bc::overflow_bits_for(m, n, k, *target);
        else r = bc::counter_overflow(m, n, k, bits ? *bits : required_number(input, "bits"), method);
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
        out.set("target", target ? val(*target) : val::null());
        return out;
    });
}

}  // namespace

EMSCRIPTEN_BINDINGS(bloomcalc_overflow) {
    emscripten::function("overflow", &overflow);
}
