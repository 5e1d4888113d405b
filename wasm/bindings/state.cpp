// embind: a filter in use (core/include/bloomcalc/fpr/state.hpp), in bloomcalc.tools.wasm with the other issue-21
// questions (docs/decisions.md, "A third module"). Thin marshalling only; the error pattern of
// bindings/common.hpp.
#include <emscripten/bind.h>

#include "bindings/common.hpp"
#include "bindings/inputs.generated.hpp"
#include "bloomcalc/fpr/state.hpp"

using namespace bcjs;
namespace bc = bloomcalc;

namespace {

val estimate_of(const bc::ItemEstimate& e) { return Fields().add("estimate", e.estimate).add("low", e.low).add("high", e.high).done(); }
val optional_estimate(const std::optional<bc::ItemEstimate>& e) { return e ? estimate_of(*e) : val::null(); }

val state(val input) {
    return guarded([&] {
        const bc::StateResult r = bc::filter_state(inputs::StateInput(input));
        return Fields().add("m", r.m).add("k", r.k).add("bitsSet", r.bits_set).add("hashing", r.hashing).add("confidence", r.confidence)
            .add("fill", r.fill).add("fpr", r.fpr).add("n", estimate_of(r.n)).add("swamidassBaldi", r.swamidass_baldi).add("method", r.method)
            .add("p", r.target).add("itemsLeft", r.target ? finite_or_null(r.items_left) : val::null()).add("nB", optional_estimate(r.n_b))
            .add("nUnion", optional_estimate(r.n_union)).add("nIntersection", optional_estimate(r.n_intersection)).done();
    });
}

}  // namespace

EMSCRIPTEN_BINDINGS(bloomcalc_state) {
    emscripten::function("state", &state);
}
