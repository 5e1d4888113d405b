// embind: the hash-width floor (core/include/bloomcalc/libraries/hash_width.hpp), in bloomcalc.tools.wasm and in
// the main module (fpr, size and layoutSize take hashBits: wasm/api.mjs, withHashFloor). Thin marshalling only.
#include <emscripten/bind.h>

#include <cmath>
#include <string>

#include "bindings/common.hpp"
#include "bindings/inputs.generated.hpp"
#include "bindings/results.generated.hpp"
#include "bloomcalc/error.hpp"
#include "bloomcalc/layouts/layout.hpp"
#include "bloomcalc/layouts/layout_fpr.hpp"
#include "bloomcalc/libraries/hash_width.hpp"

using namespace bcjs;
namespace bc = bloomcalc;

namespace {

val hash_floor(val input) {
    return guarded([&] { return results::HashFloor(bc::hash_floor(inputs::HashFloorInput(input))); });
}

}  // namespace

EMSCRIPTEN_BINDINGS(bloomcalc_hash_width) { emscripten::function("hashFloor", &hash_floor); }
