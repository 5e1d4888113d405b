// embind: what each library allocates and scalable filters (core/include/bloomcalc/libraries/), in
// bloomcalc.tools.wasm (hashFloor: hash_width.cpp). Thin marshalling only.
#include <emscripten/bind.h>

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

val libraries() {
    return results::list_of(bc::libraries(), [](const auto& l) { return results::LibraryInfo(l); });
}

val library_size(val input) {
    return guarded([&] { return results::LibrarySizeResult(bc::size_for_library(inputs::LibrarySizeInput(input))); });
}

val scalable(val input) {
    return guarded([&] { return results::ScalableResult(bc::scalable_filter(inputs::ScalableInput(input))); });
}

}  // namespace

EMSCRIPTEN_BINDINGS(bloomcalc_libraries) {
    emscripten::function("libraries", &libraries);
    emscripten::function("librarySize", &library_size);
    emscripten::function("scalable", &scalable);
}
