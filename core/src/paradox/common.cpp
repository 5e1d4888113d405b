// Validation and log-odds helpers shared by the paradox models of paper 004.
#include "bloomcalc/paradox/common.hpp"

#include <cmath>

#include "bloomcalc/error.hpp"
#include "bloomcalc/params.hpp"

namespace bloomcalc {

double checked_prior(double value, const std::string& name) {
    if (!(value >= 0.0 && value <= 1.0)) throw RangeError(name, "a probability in [0, 1]", show_number(value));
    return value;
}

double checked_alpha(double value, const std::string& name) {
    if (!(value > 0.0 && std::isfinite(value)))
        throw RangeError(name, "a finite number > 0 (cost of a false negative / cost of a false positive)",
                         show_number(value));
    return value;
}

double logit(double p) {
    if (p <= 0.0) return -INFINITY;
    if (p >= 1.0) return INFINITY;
    return std::log(p) - std::log1p(-p);
}

double logistic(double x) {
    if (x >= 0) return 1.0 / (1.0 + std::exp(-x));
    const double e = std::exp(x);
    return e / (1.0 + e);
}

std::vector<double> checked_counters(const std::vector<double>& values, std::size_t expected, double max,
                                     const std::string& name) {
    if (values.size() != expected)
        throw RangeError(name, "a list of k = " + std::to_string(expected) + " counters (one per hash function)",
                         std::to_string(values.size()) + " counters");
    const std::string range = "non-negative integers at most n = " + show_number(max);
    for (double v : values)
        if (!std::isfinite(v) || v < 0 || v != std::floor(v) || v > max) throw RangeError(name, range, show_number(v));
    return values;
}

}  // namespace bloomcalc
