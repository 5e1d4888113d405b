// embind: what each library allocates and scalable filters (core/include/bloomcalc/libraries/), in
// bloomcalc.tools.wasm (hashFloor: hash_width.cpp). Thin marshalling only.
#include <emscripten/bind.h>

#include <cmath>
#include <string>

#include "bindings/common.hpp"
#include "bindings/inputs.generated.hpp"
#include "bloomcalc/error.hpp"
#include "bloomcalc/layouts/layout.hpp"
#include "bloomcalc/libraries/hash_width.hpp"
#include "bloomcalc/libraries/library_sizing.hpp"
#include "bloomcalc/libraries/scalable.hpp"

using namespace bcjs;
namespace bc = bloomcalc;

namespace {

// A library's name (under `name_key`), label, source, rule and probes.
void set_library(val& out, const bc::LibraryInfo& l, const char* name_key) {
    out.set(name_key, val(l.name));
    out.set("label", val(l.label));
    out.set("source", val(l.source));
    out.set("rule", val(l.rule));
    out.set("probes", val(l.probes));
}

val library_info_val(const bc::LibraryInfo& l) {
    val out = val::object();
    set_library(out, l, "name");
    out.set("hashBits", l.hash_bits ? val(l.hash_bits) : val::null());
    out.set("hashScheme", val(l.scheme));
    return out;
}

void set_filter(val& out, const bc::LayoutFilter& f) {
    out.set("layout", val(std::string(bc::to_string(f.layout))));
    out.set("m", val(static_cast<double>(f.m)));
    out.set("n", val(static_cast<double>(f.n)));
    out.set("k", val(f.k));
    out.set("blockBits", f.layout == bc::Layout::standard ? val::null() : val(static_cast<double>(f.block_bits)));
    out.set("hashing", val(std::string(bc::to_string(f.hashing))));
}

val libraries() {
    val out = val::array();
    for (const auto& l : bc::libraries()) out.call<void>("push", library_info_val(l));
    return out;
}

val library_size(val input) {
    return guarded([&] {
        const auto r = bc::size_for_library(inputs::LibrarySizeInput(input));
        val out = val::object();
        set_library(out, r.library, "library");
        out.set("hashScheme", val(r.library.scheme));
        set_filter(out, r.filter);
        out.set("bytes", val(static_cast<double>(r.bytes)));
        out.set("bitsPerKey", val(r.bits_per_key));
        out.set("target", val(r.target));
        out.set("exact", val(r.exact));
        out.set("missesTarget", val(r.misses_target));
        out.set("note", r.note.empty() ? val::null() : val(r.note));
        out.set("hashFloor", r.hash_floor ? hash_floor_val(*r.hash_floor) : val::null());
        return out;
    });
}

val scalable(val input) {
    return guarded([&] {
        const auto in = inputs::ScalableInput(input);
        const auto r = bc::scalable_filter(in);
        val out = val::object();
        out.set("p", val(in.p));
        out.set("capacity", val(in.capacity));
        out.set("ratio", val(in.ratio));
        out.set("growth", val(in.growth));
        out.set("n", val(in.n));
        out.set("library", val(in.library));
        out.set("fpr", val(r.fpr));
        out.set("bits", val(static_cast<double>(r.bits)));
        out.set("bytes", val(static_cast<double>(r.bytes)));
        out.set("bound", val(r.bound));
        out.set("missesTarget", val(r.misses_target));
        val links = val::array();
        for (const auto& l : r.links) {
            val link = val::object();
            link.set("capacity", val(static_cast<double>(l.capacity)));
            link.set("error", val(l.error));
            link.set("m", val(static_cast<double>(l.filter.m)));
            link.set("k", val(l.filter.k));
            link.set("bytes", val(static_cast<double>(l.bytes)));
            link.set("fill", val(static_cast<double>(l.fill)));
            link.set("fpr", val(l.fpr));
            links.call<void>("push", link);
        }
        out.set("links", links);
        if (r.optimum) {
            val o = val::object();
            o.set("ratio", val(r.optimum->ratio));
            o.set("growth", val(r.optimum->growth));
            o.set("bits", val(static_cast<double>(r.optimum->bits)));
            o.set("links", val(static_cast<double>(r.optimum->links)));
            o.set("fpr", val(r.optimum->fpr));
            out.set("optimum", o);
        } else {
            out.set("optimum", val::null());
        }
        return out;
    });
}

}  // namespace

EMSCRIPTEN_BINDINGS(bloomcalc_libraries) {
    emscripten::function("libraries", &libraries);
    emscripten::function("librarySize", &library_size);
    emscripten::function("scalable", &scalable);
}
