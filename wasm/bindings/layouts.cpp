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

// ---- layouts: { layout?, preset?, m, n, k?, blockBits?, hashing? } ----------------------------------
bc::LayoutFilter layout_filter_of(const val& input) { return bc::resolve_layout_filter(inputs::LayoutInput(input)); }

val layout_filter_val(val out, const bc::LayoutFilter& f) {
    out.set("layout", val(std::string(bc::to_string(f.layout))));
    out.set("m", val(static_cast<double>(f.m)));
    out.set("n", val(static_cast<double>(f.n)));
    out.set("k", val(f.k));
    out.set("blockBits", val(static_cast<double>(f.block_bits)));
    out.set("hashing", val(std::string(bc::to_string(f.hashing))));
    return out;
}

val approximations_val(const std::vector<bc::Approximation>& list) {
    val out = val::array();
    for (const auto& a : list) {
        val item = val::object();
        item.set("name", val(a.name));
        item.set("label", val(a.label));
        item.set("reference", val(a.reference));
        item.set("value", val(a.value));
        item.set("relativeError", val(a.relative_error));
        out.call<void>("push", item);
    }
    return out;
}

val what_if_val(const std::vector<bc::WhatIf>& list) {
    val out = val::array();
    for (const auto& w : list) {
        val item = val::object();
        item.set("factor", val(w.factor));
        item.set("n", val(static_cast<double>(w.n)));
        item.set("fpr", val(w.fpr));
        out.call<void>("push", item);
    }
    return out;
}

val layout_fpr(val input) {
    return guarded([&] {
        const auto r = bc::layout_report(inputs::LayoutInput(input));
        val out = layout_filter_val(val::object(), r.filter);
        out.set("preset", r.preset.empty() ? val::null() : val(r.preset));
        out.set("exact", val(r.exact));
        out.set("standardExact", val(r.standard_exact));
        out.set("blocks", val(static_cast<double>(r.blocks)));
        out.set("loadPerBlock", val(r.load_per_block));
        out.set("bitsPerKey", val(r.bits_per_key));
        out.set("approximations", approximations_val(r.approximations));
        out.set("whatIf", what_if_val(r.what_if));
        return out;
    });
}

val layout_exact_fpr(val input) {
    return guarded([&] { return bc::layout_exact_fpr(layout_filter_of(input)); });
}

val layout_mixture(val input) {
    return guarded([&] {
        const auto r = bc::layout_mixture_fpr(layout_filter_of(input));
        val out = val::object();
        out.set("fpr", val(r.fpr));
        out.set("jLow", val(static_cast<double>(r.j_low)));
        out.set("jHigh", val(static_cast<double>(r.j_high)));
        out.set("terms", val(static_cast<double>(r.terms)));
        out.set("tailBound", val(r.tail_bound));
        return out;
    });
}

val layout_size(val input) {
    return guarded([&] {
        const auto r = bc::size_layout(inputs::LayoutSizingInput(input));
        val out = layout_filter_val(val::object(), r.filter);
        out.set("preset", r.preset.empty() ? val::null() : val(r.preset));
        out.set("target", val(r.target));
        out.set("fpr", val(r.fpr));
        out.set("meetsTarget", val(r.meets_target));
        out.set("bitsPerKey", val(r.bits_per_key));
        out.set("bytes", val(r.bytes));
        out.set("rounding", val(r.rounding));
        val standard = val::object();
        standard.set("m", val(static_cast<double>(r.standard.m)));
        standard.set("k", val(r.standard.k));
        standard.set("fpr", val(r.standard_fpr));
        standard.set("bitsPerKey", val(static_cast<double>(r.standard.m) / static_cast<double>(r.standard.n)));
        out.set("standard", standard);
        out.set("overhead", val(r.overhead));
        out.set("approximations", approximations_val(r.approximations));
        out.set("whatIf", what_if_val(r.what_if));
        if (r.parquet) {
            val w = val::object();
            w.set("optimalNumOfBits", val(static_cast<double>(r.parquet->optimal_bits)));
            w.set("bytes", val(static_cast<double>(r.parquet->bytes)));
            w.set("maxBytes", val(static_cast<double>(r.parquet->max_bytes)));
            w.set("fpr", val(r.parquet->fpr));
            w.set("meetsTarget", val(r.parquet->meets_target));
            out.set("parquetWriter", w);
        } else {
            out.set("parquetWriter", val::null());
        }
        out.set("rocksdbBitsPerKey", r.rocksdb_bits_per_key ? val(*r.rocksdb_bits_per_key) : val::null());
        return out;
    });
}

val simulate_layout(val input) {
    return guarded([&] {
        auto c = bc::layout_sim_config(inputs::LayoutSimulationInput(input));
        c.max_probes = bc::kLayoutSimSyncMaxProbes;  // one synchronous call: about 1 s at most
        const auto r = bc::simulate_layout(c);
        val out = layout_filter_val(val::object(), r.config.filter);
        out.set("hashScheme", val(std::string(bc::to_string(r.config.hashing))));
        out.set("epochs", val(static_cast<double>(r.config.epochs)));
        out.set("queries", val(static_cast<double>(r.config.queries)));
        out.set("seed", val(static_cast<double>(r.config.seed)));
        out.set("confidence", val(r.config.confidence));
        val counts = val::array();
        for (auto fp : r.false_positives) counts.call<void>("push", val(static_cast<double>(fp)));
        out.set("falsePositives", counts);
        out.set("lookups", val(static_cast<double>(r.lookups)));
        out.set("totalFalsePositives", val(static_cast<double>(r.total_false_positives)));
        out.set("rate", val(r.rate));
        out.set("mean", val(r.batch.mean));
        out.set("halfWidth", val(r.batch.half_width));
        out.set("interval", interval_val(r.batch.interval));
        out.set("exact", val(r.exact));
        out.set("inside", val(r.inside));
        return out;
    });
}

val layout_presets() {
    val out = val::array();
    for (const auto& p : bc::presets()) {
        val item = val::object();
        item.set("name", val(p.name));
        item.set("label", val(p.label));
        item.set("reference", val(p.reference));
        item.set("layout", val(std::string(bc::to_string(p.layout))));
        item.set("blockBits", p.block_bits ? val(static_cast<double>(p.block_bits)) : val::null());
        item.set("wordBits", p.word_bits ? val(static_cast<double>(p.word_bits)) : val::null());
        item.set("k", p.k_rule == bc::PresetK::fixed ? val(p.k) : val::null());
        item.set("kRule", val(std::string(p.k_rule == bc::PresetK::fixed ? "fixed" : p.k_rule == bc::PresetK::rocksdb_rule ? "rocksdb" : "free")));
        out.call<void>("push", item);
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
