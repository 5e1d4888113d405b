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
    return Fields().add("hashBits", h.hash_bits).add("log2ProbeSets", h.log2_probe_sets).add("floor", h.floor).add("fpr", h.fpr)
        .add("matters", h.matters).add("targetBelowFloor", h.target_below_floor).done();
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
