// Rates and exact intervals of a static filter's simulation.
#include "bloomcalc/families/static_sim.hpp"

namespace bloomcalc::families {

void finish(StaticSimResult& r) {
    if (r.attempts > 0) {
        r.construction_failure = static_cast<double>(r.failed_attempts) / static_cast<double>(r.attempts);
        r.construction_failure_interval = clopper_pearson_interval(r.failed_attempts, r.attempts, r.confidence);
    }
    if (r.lookups > 0) {
        r.fpr = static_cast<double>(r.false_positives) / static_cast<double>(r.lookups);
        r.fpr_interval = clopper_pearson_interval(r.false_positives, r.lookups, r.confidence);
    }
}

}  // namespace bloomcalc::families
