// embind: the hash-width floor (core/include/bloomcalc/libraries/hash_width.hpp), in bloomcalc.tools.wasm and in
// the main module (fpr, size and layoutSize take hashBits: wasm/api.mjs, withHashFloor). Thin marshalling only.
#include <emscripten/bind.h>

#include <cmath>
#include <string>

#include "bindings/common.hpp"
#include "bindings/inputs.generated.hpp"
#include "bloomcalc/error.hpp"
#include "bloomcalc/layouts/layout.hpp"
#include "bloomcalc/layouts/layout_fpr.hpp"
#include "bloomcalc/libraries/hash_width.hpp"

namespace bcjs {

val hash_floor_val(const bloomcalc::HashFloor& h) {
    val out = val::object();
    out.set("hashBits", val(h.hash_bits));
    out.set("log2ProbeSets", val(h.log2_probe_sets));
    out.set("floor", val(h.floor));
    out.set("fpr", val(h.fpr));
    out.set("matters", val(h.matters));
    out.set("targetBelowFloor", val(h.target_below_floor));
    return out;
}

}  // namespace bcjs

using namespace bcjs;
namespace bc = bloomcalc;

namespace {

val hash_floor(val input) {
    return guarded([&] { return hash_floor_val(bc::hash_floor(inputs::HashFloorInput(input))); });
}

}  // namespace

EMSCRIPTEN_BINDINGS(bloomcalc_hash_width) {
    emscripten::function("hashFloor", &hash_floor);
}
