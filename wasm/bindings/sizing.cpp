// embind: the sizing solver (core/include/bloomcalc/fpr/sizing.hpp) and the FPR report its result carries, in
// every module (size-worker.js; an element that loads one module alone). Thin marshalling only.
#include <emscripten/bind.h>

#include "bindings/common.hpp"
#include "bindings/inputs.generated.hpp"
#include "bloomcalc/fpr/report.hpp"
#include "bloomcalc/fpr/sizing.hpp"

using namespace bcjs;
namespace bc = bloomcalc;

namespace {

val k_choice(const bc::KChoice& c) { return Fields().add("k", c.k).add("p", c.p).done(); }

val to_val(const bc::SizingResult& r) {
    Fields out;
    out.add("solved", r.solved);
    set_filter(out, r.filter);
    const val choices = val::array();
    choices.call<void>("push", k_choice(r.k_lower));
    choices.call<void>("push", k_choice(r.k_upper));
    const double b = r.bytes;
    const val memory = Fields().add("bytes", b).add("KiB", b / 1024.0).add("MiB", b / (1024.0 * 1024.0)).add("GiB", b / (1024.0 * 1024.0 * 1024.0)).done();
    return out.add("p", r.p).add("target", r.target).add("meetsTarget", r.meets_target).add("mIdeal", r.m_ideal).add("kIdeal", r.k_ideal)
        .add("kChoices", choices).add("bitsPerElement", r.bits_per_element).add("memory", memory).add("rounding", r.rounding)
        .add("method", r.method).add("fpr", fpr_report_val(r.fpr)).done();
}

val solve_sizing(val input) {
    return guarded([&] { return to_val(bc::solve_sizing(inputs::SizingInput(input))); });
}

}  // namespace

// Every module (CMakeLists.txt, COMMON_BINDING_SOURCES).
EMSCRIPTEN_BINDINGS(bloomcalc_sizing) {
    emscripten::function("solveSizing", &solve_sizing);
}
