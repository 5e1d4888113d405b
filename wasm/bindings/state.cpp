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

val estimate_of(const bc::ItemEstimate& e) {
    val out = val::object();
    out.set("estimate", val(e.estimate));
    out.set("low", val(e.low));
    out.set("high", val(e.high));
    return out;
}
val optional_estimate(const std::optional<bc::ItemEstimate>& e) { return e ? estimate_of(*e) : val::null(); }

val state(val input) {
    return guarded([&] {
        const bc::StateResult r = bc::filter_state(inputs::StateInput(input));
        val out = val::object();
        out.set("m", val(static_cast<double>(r.m)));
        out.set("k", val(r.k));
        out.set("bitsSet", val(static_cast<double>(r.bits_set)));
        out.set("hashing", val(std::string(bc::to_string(r.hashing))));
        out.set("confidence", val(r.confidence));
        out.set("fill", val(r.fill));
        out.set("fpr", val(r.fpr));
        out.set("n", estimate_of(r.n));
        out.set("swamidassBaldi", val(r.swamidass_baldi));
        out.set("method", val(r.method));
        out.set("p", r.target ? val(*r.target) : val::null());
        out.set("itemsLeft", r.target ? finite_or_null(r.items_left) : val::null());
        out.set("nB", optional_estimate(r.n_b));
        out.set("nUnion", optional_estimate(r.n_union));
        out.set("nIntersection", optional_estimate(r.n_intersection));
        return out;
    });
}

}  // namespace

EMSCRIPTEN_BINDINGS(bloomcalc_state) {
    emscripten::function("state", &state);
}
