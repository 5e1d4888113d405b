// embind: what each library allocates and scalable filters (core/include/bloomcalc/libraries/), in
// bloomcalc.tools.wasm (hashFloor: hash_width.cpp). Thin marshalling only.
#include <emscripten/bind.h>

#include <cmath>
#include <string>

#include "bindings/common.hpp"
#include "bindings/inputs.generated.hpp"
#include "bindings/results.generated.hpp"
#include "bloomcalc/error.hpp"
#include "bloomcalc/layouts/layout.hpp"
#include "bloomcalc/libraries/hash_width.hpp"
#include "bloomcalc/libraries/library_sizing.hpp"
#include "bloomcalc/libraries/scalable.hpp"

using namespace bcjs;
namespace bc = bloomcalc;

namespace {

// A library's name (under `name_key`), label, source, rule and probes.
Fields& library_fields(Fields& out, const bc::LibraryInfo& l, const char* name_key) {
    return out.add(name_key, l.name).add("label", l.label).add("source", l.source).add("rule", l.rule).add("probes", l.probes);
}

val library_info_val(const bc::LibraryInfo& l) {
    Fields out;
    library_fields(out, l, "name").add("hashBits", only_if(l.hash_bits != 0, l.hash_bits)).add("hashScheme", l.scheme);
    return out.done();
}

val libraries() {
    val out = val::array();
    for (const auto& l : bc::libraries()) out.call<void>("push", library_info_val(l));
    return out;
}

val library_size(val input) {
    return guarded([&] {
        const auto r = bc::size_for_library(inputs::LibrarySizeInput(input));
        Fields out;
        library_fields(out, r.library, "library").add("hashScheme", r.library.scheme);
        set_layout_filter(out, r.filter, false);  // a standard filter's block not named
        return out.add("bytes", r.bytes).add("bitsPerKey", r.bits_per_key).add("target", r.target).add("exact", r.exact)
            .add("missesTarget", r.misses_target).add("note", r.note.empty() ? val::null() : val(r.note))
            .add("hashFloor", r.hash_floor ? results::HashFloor(*r.hash_floor) : val::null()).done();
    });
}

val optimum_val(const std::optional<bc::ScalableOptimum>& o) {
    if (!o) return val::null();
    return Fields().add("ratio", o->ratio).add("growth", o->growth).add("bits", o->bits).add("links", o->links).add("fpr", o->fpr).done();
}

val scalable(val input) {
    return guarded([&] {
        const auto in = inputs::ScalableInput(input);
        const auto r = bc::scalable_filter(in);
        const val links = val::array();
        for (const auto& l : r.links)
            links.call<void>("push", Fields().add("capacity", l.capacity).add("error", l.error).add("m", l.filter.m).add("k", l.filter.k)
                                         .add("bytes", l.bytes).add("fill", l.fill).add("fpr", l.fpr).done());
        return Fields().add("p", in.p).add("capacity", in.capacity).add("ratio", in.ratio).add("growth", in.growth).add("n", in.n)
            .add("library", in.library).add("fpr", r.fpr).add("bits", r.bits).add("bytes", r.bytes).add("bound", r.bound)
            .add("missesTarget", r.misses_target).add("links", links).add("optimum", optimum_val(r.optimum)).done();
    });
}

}  // namespace

EMSCRIPTEN_BINDINGS(bloomcalc_libraries) {
    emscripten::function("libraries", &libraries);
    emscripten::function("librarySize", &library_size);
    emscripten::function("scalable", &scalable);
}
