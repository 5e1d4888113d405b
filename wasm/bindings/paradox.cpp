// embind: the Bloom paradox (paper 004; core/include/bloomcalc/paradox/): the posterior, counting filters, selective
// insertion and the cache order, in the paradox module (its simulation: paradox_sim.cpp). Thin marshalling only.
#include <emscripten/bind.h>

#include "bindings/common.hpp"
#include "bindings/inputs.generated.hpp"
#include "bindings/results.generated.hpp"
#include "bloomcalc/error.hpp"
#include "bloomcalc/paradox/bh_cbf.hpp"
#include "bloomcalc/paradox/bloom.hpp"
#include "bloomcalc/paradox/cache_order.hpp"
#include "bloomcalc/paradox/cbf.hpp"
#include "bloomcalc/paradox/selective.hpp"
#include "bloomcalc/params.hpp"

using namespace bcjs;
namespace bc = bloomcalc;

namespace {

val paradox(val input) {
    return guarded([&] { return results::ParadoxResult(bc::bloom_paradox(inputs::ParadoxInput(input))); });
}

val paradox_curve(val input) {  // Fig. 2(a): posterior for each prior, one FPR
    return guarded([&] { return array_of(bc::bloom_paradox_curve(inputs::ParadoxCurveInput(input))); });
}

val cbf(val input) {
    return guarded([&] { return results::CbfResult(bc::cbf_paradox(inputs::CbfInput(input))); });
}

val cbf_optimal_k(val input) {
    return guarded([&] { return results::CbfOptimalKResult(bc::cbf_optimal_k(inputs::CbfOptimalKInput(input))); });
}

val bh_cbf(val input) {
    return guarded([&] { return results::BhCbfResult(bc::bh_cbf_paradox(inputs::BhCbfInput(input))); });
}

val selective(val input) {  // one outcome per policy
    return guarded([&] {
        return results::list_of(bc::selective(inputs::SelectiveInput(input)),
                                [](const auto& o) { return results::SelectiveOutcome(o); });
    });
}

val cache_order(val input) {
    return guarded([&] { return results::OrderResult(bc::optimal_cache_order(inputs::OrderInput(input))); });
}

}  // namespace

EMSCRIPTEN_BINDINGS(bloomcalc_paradox) {
    emscripten::function("paradox", &paradox);
    emscripten::function("paradoxCurve", &paradox_curve);
    emscripten::function("cbf", &cbf);
    emscripten::function("cbfOptimalK", &cbf_optimal_k);
    emscripten::function("bhCbf", &bh_cbf);
    emscripten::function("selective", &selective);
    emscripten::function("cacheOrder", &cache_order);
}
