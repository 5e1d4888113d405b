// embind: filter layouts (core/include/bloomcalc/layouts/): blocked, sectorised and the presets' FPR, sizing and
// simulation, in the main module. Thin marshalling only.
#include <emscripten/bind.h>

#include "bindings/common.hpp"
#include "bindings/inputs.generated.hpp"
#include "bindings/results.generated.hpp"
#include "bloomcalc/error.hpp"
#include "bloomcalc/layouts/layout_fpr.hpp"
#include "bloomcalc/layouts/layout_sim.hpp"
#include "bloomcalc/layouts/layout_sizing.hpp"
#include "bloomcalc/layouts/presets.hpp"

using namespace bcjs;
namespace bc = bloomcalc;

namespace {

// ---- layouts: a layout or a preset, m, n, k, the block size B, hashing (LayoutInput) -----------------
bc::LayoutFilter layout_filter_of(const val& input) { return bc::resolve_layout_filter(inputs::LayoutInput(input)); }

val layout_fpr(val input) {
    return guarded([&] { return results::LayoutReport(bc::layout_report(inputs::LayoutInput(input))); });
}

val layout_exact_fpr(val input) {
    return guarded([&] { return bc::layout_exact_fpr(layout_filter_of(input)); });
}

val layout_mixture(val input) {
    return guarded([&] { return results::LayoutMixture(bc::layout_mixture_fpr(layout_filter_of(input))); });
}

val layout_size(val input) {
    return guarded([&] { return results::LayoutSizingResult(bc::size_layout(inputs::LayoutSizingInput(input))); });
}

val simulate_layout(val input) {
    return guarded([&] {
        auto c = bc::layout_sim_config(inputs::LayoutSimulationInput(input));
        c.max_probes = bc::kLayoutSimSyncMaxProbes;  // one synchronous call: about 1 s at most
        return results::LayoutSimulationResult(bc::simulate_layout(c));
    });
}

val layout_presets() {
    return results::list_of(bc::presets(), [](const auto& p) { return results::LayoutPresetInfo(p); });
}

}  // namespace

EMSCRIPTEN_BINDINGS(bloomcalc_layouts) {
    emscripten::function("layoutFpr", &layout_fpr);
    emscripten::function("layoutExactFpr", &layout_exact_fpr);
    emscripten::function("layoutMixture", &layout_mixture);
    emscripten::function("layoutSize", &layout_size);
    emscripten::function("simulateLayout", &simulate_layout);
    emscripten::function("layoutPresets", &layout_presets);
}
