// embind: the hash-width floor (core/include/bloomcalc/libraries/hash_width.hpp), in bloomcalc.tools.wasm and in
// the main module (fpr, size and layoutSize take hashBits: wasm/api.mjs, withHashFloor). Thin marshalling only.
#include <emscripten/bind.h>

#include <cmath>
#include <string>

#include "bindings/common.hpp"
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

// { layout?, m, n, k, blockBits?, hashing?, hashBits, ideal?, p? }: ideal absent → the layout's exact FPR.
val hash_floor(val input) {
    return guarded([&] {
        const auto filter = bc::make_layout_filter(bc::parse_layout(string_or(input, "layout", "standard")), required_number(input, "m"),
                                                   required_number(input, "n"), required_number(input, "k"),
                                                   optional_number(input, "blockBits").value_or(NAN),
                                                   bc::parse_hashing(string_or(input, "hashing", "colliding")));
        const unsigned bits = bc::checked_hash_bits(required_number(input, "hashBits"));
        const auto ideal = optional_number(input, "ideal");
        const double f = ideal ? bc::checked_probability(*ideal, "ideal") : bc::layout_exact_fpr(filter);
        return hash_floor_val(bc::hash_floor(filter, f, bits, optional_number(input, "p").value_or(NAN)));
    });
}

}  // namespace

EMSCRIPTEN_BINDINGS(bloomcalc_hash_width) {
    emscripten::function("hashFloor", &hash_floor);
}
