// SimRunner::epoch_rates: the running estimate's plot, once per chunk (cold: CORE_COLD_SOURCES).
#include <cmath>
#include <string>
#include <vector>

#include "bloomcalc/error.hpp"
#include "bloomcalc/params.hpp"
#include "bloomcalc/sim/runner.hpp"

namespace bloomcalc {

std::vector<double> SimRunner::epoch_rates(double from) const {
    const auto& e = epochs();
    // Checked before the cast: a negative, NaN, fractional or huge double to size_t is undefined behaviour.
    if (!(from >= 0 && from <= static_cast<double>(e.size()) && std::floor(from) == from))
        throw RangeError("from", "an integer in [0, " + std::to_string(e.size()) + "] (the epochs done)",
                         show_number(from));
    std::vector<double> out;
    for (std::size_t i = static_cast<std::size_t>(from); i < e.size(); ++i)
        out.push_back(e[i].new_arrivals ? static_cast<double>(e[i].fp_first) / static_cast<double>(e[i].new_arrivals)
                                        : NAN);
    return out;
}

}  // namespace bloomcalc
