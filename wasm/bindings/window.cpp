// embind: window sizing (core/include/bloomcalc/window/window.hpp), in bloomcalc.tools.wasm with the other
// issue-21 questions (docs/decisions.md, "A third module"). Thin marshalling only.
#include <emscripten/bind.h>

#include "bindings/common.hpp"
#include "bindings/inputs.generated.hpp"
#include "bloomcalc/params.hpp"
#include "bloomcalc/window/window.hpp"

using namespace bcjs;
namespace bc = bloomcalc;

namespace {

val rule_of(const bc::WindowRule& r, bool sigma) {
    Fields out;
    out.add("m", r.m).add("k", r.k);
    if (sigma) out.add("sigma", r.sigma).add("delta", r.delta).add("tailMethod", r.tail_method);
    else out.add("n", r.n);
    return out.add("fpr", r.fpr).add("meanCycle", r.mean_cycle).add("bytes", (r.m + 7) / 8).add("method", r.method)
        .add("certified", r.certified).done();
}

val plain_val(const bc::WindowResult& r) {
    if (r.plain_m == 0) return val::null();
    return Fields().add("m", r.plain_m).add("k", r.plain_k).add("fpr", r.plain_fpr).add("bytes", (r.plain_m + 7) / 8).done();
}

val window(val input) {
    return guarded([&] {
        const bc::WindowResult r = bc::size_window(inputs::WindowInput(input));
        return Fields().add("w", r.w).add("p", r.p).add("delta", r.delta).add("hashing", r.hashing).add("nBounded", rule_of(r.n_bounded, false))
            .add("sigmaBounded", rule_of(r.sigma_bounded, true)).add("plain", plain_val(r)).done();
    });
}

}  // namespace

EMSCRIPTEN_BINDINGS(bloomcalc_window) {
    emscripten::function("window", &window);
}
