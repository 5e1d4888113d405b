// Binomial probabilities with full relative precision for n up to 2^53 (Loader's saddle-point form).
#pragma once

namespace bloomcalc {

// Stirling-series remainder: log(n!) − log(√(2πn)·(n/e)^n), for integer n ≥ 1.
double stirling_error(double n);

// x·log(x/np) + np − x, the deviance term, computed without cancellation when x ≈ np.
double binomial_deviance(double x, double np);

// P(X = x) for X ~ Binomial(n, p); q = 1 − p is passed separately so it keeps its own precision.
// Catherine Loader, "Fast and accurate computation of binomial probabilities", 2000.
double binomial_pmf(double x, double n, double p, double q);

}  // namespace bloomcalc
