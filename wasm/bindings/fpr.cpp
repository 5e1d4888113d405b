// embind: the FPR of one filter (core/include/bloomcalc/fpr/), in the main module. Thin marshalling only.
#include <emscripten/bind.h>

#include <string>

#include "bindings/common.hpp"
#include "bindings/inputs.generated.hpp"
#include "bindings/results.generated.hpp"
#include "bloomcalc/fpr/exact_fpr.hpp"
#include "bloomcalc/fpr/exact_fpr_table.hpp"
#include "bloomcalc/fpr/report.hpp"
#include "bloomcalc/params.hpp"

using namespace bcjs;
namespace bc = bloomcalc;

namespace {

val compare_fpr(val input) {
    return guarded([&] { return results::FprReport(bc::compare_fpr(bc::make_filter(inputs::FprInput(input)))); });
}

val exact_fpr(val input) {
    return guarded([&] { return bc::exact_fpr(bc::make_filter(inputs::FilterInput(input))); });
}

val exact_fpr_table(val input) {
    return guarded([&] { return bc::exact_fpr_table(bc::make_filter(inputs::FilterInput(input))); });
}

}  // namespace

EMSCRIPTEN_BINDINGS(bloomcalc_fpr) {
    emscripten::function("compareFpr", &compare_fpr);
    emscripten::function("exactFpr", &exact_fpr);
    emscripten::function("exactFprTable", &exact_fpr_table);
}
