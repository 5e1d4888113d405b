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
    val out = val::object();
    out.set("m", val(static_cast<double>(r.m)));
    out.set("k", val(r.k));
    if (sigma) {
        out.set("sigma", val(static_cast<double>(r.sigma)));
        out.set("delta", val(r.delta));
        out.set("tailMethod", val(r.tail_method));
    } else {
        out.set("n", val(static_cast<double>(r.n)));
    }
    out.set("fpr", val(r.fpr));
    out.set("meanCycle", val(r.mean_cycle));
    out.set("bytes", val(static_cast<double>((r.m + 7) / 8)));
    out.set("method", val(r.method));
    return out;
}

val window(val input) {
    return guarded([&] {
        const bc::WindowResult r = bc::size_window(inputs::WindowInput(input));
        val out = val::object();
        out.set("w", val(static_cast<double>(r.w)));
        out.set("p", val(r.p));
        out.set("delta", val(r.delta));
        out.set("hashing", val(std::string(bc::to_string(r.hashing))));
        out.set("nBounded", rule_of(r.n_bounded, false));
        out.set("sigmaBounded", rule_of(r.sigma_bounded, true));
        if (r.plain_m == 0) {
            out.set("plain", val::null());
        } else {
            val plain = val::object();
            plain.set("m", val(static_cast<double>(r.plain_m)));
            plain.set("k", val(r.plain_k));
            plain.set("fpr", val(r.plain_fpr));
            plain.set("bytes", val(static_cast<double>((r.plain_m + 7) / 8)));
            out.set("plain", plain);
        }
        return out;
    });
}

}  // namespace

EMSCRIPTEN_BINDINGS(bloomcalc_window) {
    emscripten::function("window", &window);
}
