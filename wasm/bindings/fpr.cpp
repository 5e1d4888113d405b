// embind: the FPR of one filter (core/include/bloomcalc/fpr/), in the main module. Thin marshalling only.
#include <emscripten/bind.h>

#include <string>

#include "bindings/common.hpp"
#include "bloomcalc/fpr/exact_fpr.hpp"
#include "bloomcalc/fpr/exact_fpr_table.hpp"
#include "bloomcalc/fpr/report.hpp"
#include "bloomcalc/params.hpp"

using namespace bcjs;
namespace bc = bloomcalc;

namespace {

// { m, n, k, hashing? }
bc::Filter filter_input(const val& input) {
    return bc::make_filter(required_number(input, "m"), required_number(input, "n"), required_number(input, "k"),
                           bc::parse_hashing(string_or(input, "hashing", "colliding")));
}

val compare_fpr(val input) {
    return guarded([&] { return fpr_report_val(bc::compare_fpr(filter_input(input))); });
}

val exact_fpr(val input) {
    return guarded([&] { return bc::exact_fpr(filter_input(input)); });
}

val exact_fpr_table(val input) {
    return guarded([&] { return bc::exact_fpr_table(filter_input(input)); });
}

}  // namespace

EMSCRIPTEN_BINDINGS(bloomcalc_fpr) {
    emscripten::function("compareFpr", &compare_fpr);
    emscripten::function("exactFpr", &exact_fpr);
    emscripten::function("exactFprTable", &exact_fpr_table);
}
