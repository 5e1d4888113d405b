// embind: filter layouts (core/include/bloomcalc/layouts/): blocked, sectorised and the presets' FPR, sizing and
// simulation, in the main module. Thin marshalling only.
#include <emscripten/bind.h>

#include <cstdint>
#include <string>
#include <vector>

#include "bindings/common.hpp"
#include "bindings/inputs.generated.hpp"
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

val approximations_val(const std::vector<bc::Approximation>& list) {
    val out = val::array();
    for (const auto& a : list)
        out.call<void>("push", Fields().add("name", a.name).add("label", a.label).add("reference", a.reference).add("value", a.value)
                                   .add("relativeError", a.relative_error).done());
    return out;
}

val what_if_val(const std::vector<bc::WhatIf>& list) {
    val out = val::array();
    for (const auto& w : list) out.call<void>("push", Fields().add("factor", w.factor).add("n", w.n).add("fpr", w.fpr).done());
    return out;
}

val preset_name(const std::string& name) { return name.empty() ? val::null() : val(name); }

val layout_fpr(val input) {
    return guarded([&] {
        const auto r = bc::layout_report(inputs::LayoutInput(input));
        Fields out;
        set_layout_filter(out, r.filter);
        return out.add("preset", preset_name(r.preset)).add("exact", r.exact).add("standardExact", r.standard_exact).add("blocks", r.blocks)
            .add("loadPerBlock", r.load_per_block).add("bitsPerKey", r.bits_per_key).add("approximations", approximations_val(r.approximations))
            .add("whatIf", what_if_val(r.what_if)).done();
    });
}

val layout_exact_fpr(val input) {
    return guarded([&] { return bc::layout_exact_fpr(layout_filter_of(input)); });
}

val layout_mixture(val input) {
    return guarded([&] {
        const auto r = bc::layout_mixture_fpr(layout_filter_of(input));
        return Fields().add("fpr", r.fpr).add("jLow", r.j_low).add("jHigh", r.j_high).add("terms", r.terms).add("tailBound", r.tail_bound).done();
    });
}

val parquet_writer_val(const std::optional<bc::ParquetWriter>& w) {
    if (!w) return val::null();
    return Fields().add("optimalNumOfBits", w->optimal_bits).add("bytes", w->bytes).add("maxBytes", w->max_bytes).add("fpr", w->fpr)
        .add("meetsTarget", w->meets_target).done();
}

val layout_size(val input) {
    return guarded([&] {
        const auto r = bc::size_layout(inputs::LayoutSizingInput(input));
        const auto& s = r.standard;
        const val standard = Fields().add("m", s.m).add("k", s.k).add("fpr", r.standard_fpr)
            .add("bitsPerKey", static_cast<double>(s.m) / static_cast<double>(s.n)).done();
        Fields out;
        set_layout_filter(out, r.filter);
        return out.add("preset", preset_name(r.preset)).add("target", r.target).add("fpr", r.fpr).add("meetsTarget", r.meets_target)
            .add("bitsPerKey", r.bits_per_key).add("bytes", r.bytes).add("rounding", r.rounding).add("standard", standard)
            .add("overhead", r.overhead).add("approximations", approximations_val(r.approximations)).add("whatIf", what_if_val(r.what_if))
            .add("parquetWriter", parquet_writer_val(r.parquet)).add("rocksdbBitsPerKey", r.rocksdb_bits_per_key).done();
    });
}

val simulate_layout(val input) {
    return guarded([&] {
        auto c = bc::layout_sim_config(inputs::LayoutSimulationInput(input));
        c.max_probes = bc::kLayoutSimSyncMaxProbes;  // one synchronous call: about 1 s at most
        const auto r = bc::simulate_layout(c);
        const val counts = val::array();
        for (auto fp : r.false_positives) counts.call<void>("push", val(static_cast<double>(fp)));
        Fields out;
        set_layout_filter(out, r.config.filter);
        return out.add("hashScheme", r.config.hashing).add("epochs", r.config.epochs).add("queries", r.config.queries).add("seed", r.config.seed)
            .add("confidence", r.config.confidence).add("falsePositives", counts).add("lookups", r.lookups)
            .add("totalFalsePositives", r.total_false_positives).add("rate", r.rate).add("mean", r.batch.mean).add("halfWidth", r.batch.half_width)
            .add("interval", interval_val(r.batch.interval)).add("exact", r.exact).add("inside", r.inside).done();
    });
}

val layout_presets() {
    val out = val::array();
    for (const auto& p : bc::presets()) {
        Fields item;
        item.add("name", p.name).add("label", p.label).add("reference", p.reference).add("layout", p.layout);
        set_block_bits(item, p.block_bits);
        const char* k_rule = p.k_rule == bc::PresetK::fixed ? "fixed" : p.k_rule == bc::PresetK::rocksdb_rule ? "rocksdb" : "free";
        item.add("wordBits", only_if(p.word_bits != 0, static_cast<double>(p.word_bits)))
            .add("k", only_if(p.k_rule == bc::PresetK::fixed, p.k)).add("kRule", k_rule);
        out.call<void>("push", item.done());
    }
    return out;
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
