// embind: the sizing solver (core/include/bloomcalc/fpr/sizing.hpp) and the FPR report its result carries, in
// every module (size-worker.js; an element that loads one module alone). Thin marshalling only.
#include <emscripten/bind.h>

#include <string>

#include "bindings/common.hpp"
#include "bindings/inputs.generated.hpp"
#include "bloomcalc/fpr/report.hpp"
#include "bloomcalc/fpr/sizing.hpp"

using namespace bcjs;
namespace bc = bloomcalc;

namespace {

val k_choice(const bc::KChoice& c) {
    val out = val::object();
    out.set("k", val(c.k));
    out.set("p", val(c.p));
    return out;
}

val to_val(const bc::SizingResult& r) {
    val out = val::object();
    out.set("solved", val(r.solved));
    set_filter(out, r.filter);
    out.set("p", val(r.p));
    out.set("target", r.target ? val(*r.target) : val::null());
    out.set("meetsTarget", val(r.meets_target));
    out.set("mIdeal", val(r.m_ideal));
    out.set("kIdeal", val(r.k_ideal));
    val choices = val::array();
    choices.call<void>("push", k_choice(r.k_lower));
    choices.call<void>("push", k_choice(r.k_upper));
    out.set("kChoices", choices);
    out.set("bitsPerElement", val(r.bits_per_element));
    val memory = val::object();
    memory.set("bytes", val(r.bytes));
    memory.set("KiB", val(r.bytes / 1024.0));
    memory.set("MiB", val(r.bytes / (1024.0 * 1024.0)));
    memory.set("GiB", val(r.bytes / (1024.0 * 1024.0 * 1024.0)));
    out.set("memory", memory);
    out.set("rounding", val(std::string(bc::to_string(r.rounding))));
    out.set("method", val(std::string(bc::to_string(r.method))));
    out.set("fpr", fpr_report_val(r.fpr));
    return out;
}

val solve_sizing(val input) {
    return guarded([&] { return to_val(bc::solve_sizing(inputs::SizingInput(input))); });
}

}  // namespace

// Every module (CMakeLists.txt, COMMON_BINDING_SOURCES).
EMSCRIPTEN_BINDINGS(bloomcalc_sizing) {
    emscripten::function("solveSizing", &solve_sizing);
}
