// Every formula at one filter, with its signed relative error against the exact mean.
#include "bloomcalc/fpr/report.hpp"

#include "bloomcalc/fpr/exact_fpr.hpp"
#include "bloomcalc/fpr/formulas.hpp"

namespace bloomcalc {

FprReport compare_fpr(const Filter& f) {
    validate(f);
    FprReport r;
    r.filter = f;
    r.exact = exact_fpr(f);
    r.classic = classic_fpr(f);
    r.classic_distinct = f.k <= f.m ? classic_distinct_fpr(Filter{f.m, f.n, f.k, Hashing::distinct}) : 1.0;
    r.bloom1970 = bloom1970_fpr(f);
    auto rel = [&](double v) { return r.exact > 0 ? (v - r.exact) / r.exact : 0.0; };
    r.rel_err_classic = rel(r.classic);
    r.rel_err_classic_distinct = rel(r.classic_distinct);
    r.rel_err_bloom1970 = rel(r.bloom1970);
    r.bits_per_element = static_cast<double>(f.m) / static_cast<double>(f.n);
    return r;
}

}  // namespace bloomcalc
