// Loader's algorithm: b(x; n, p) = exp(δ(n) − δ(x) − δ(n−x) − D(x, np) − D(n−x, nq)) / √(2πx(n−x)/n),
// δ the Stirling remainder and D the deviance; every part is computed to a few ulps.
#include "bloomcalc/binomial.hpp"

#include <cmath>

namespace bloomcalc {

namespace {
constexpr double kLn2Pi = 1.837877066409345483560659472811;  // log(2π)

// δ(n) for n = 0..15 (δ(0) unused); checked against long double in tests/core/binomial_test.cpp.
constexpr double kStirlingErrorSmall[16] = {
    0.0,
    0.0810614667953272582196702,
    0.0413406959554092940938221,
    0.02767792568499833914878929,
    0.02079067210376509311152277,
    0.01664469118982119216319487,
    0.01387612882307074799874573,
    0.01189670994589177009505572,
    0.010411265261972096497478567,
    0.009255462182712732917728637,
    0.008330563433362871256469318,
    0.007573675487951840794972024,
    0.006942840107209529865664152,
    0.006408994188004207068439631,
    0.005951370112758847735624416,
    0.005554733551962801371038690,
};
}  // namespace

double stirling_error(double n) {
    constexpr double S0 = 1.0 / 12, S1 = 1.0 / 360, S2 = 1.0 / 1260, S3 = 1.0 / 1680, S4 = 1.0 / 1188;
    if (n <= 15.0) return kStirlingErrorSmall[static_cast<int>(n)];
    const double nn = n * n;
    if (n > 500) return (S0 - S1 / nn) / n;
    if (n > 80) return (S0 - (S1 - S2 / nn) / nn) / n;
    if (n > 35) return (S0 - (S1 - (S2 - S3 / nn) / nn) / nn) / n;
    return (S0 - (S1 - (S2 - (S3 - S4 / nn) / nn) / nn) / nn) / n;
}

double binomial_deviance(double x, double np) {
    if (std::fabs(x - np) < 0.1 * (x + np)) {
        // Series in v = (x − np)/(x + np): every term has the sign of the first, no cancellation.
        double v = (x - np) / (x + np);
        double s = (x - np) * v;
        double ej = 2 * x * v;
        v *= v;
        for (int j = 1; j < 1000; ++j) {
            ej *= v;
            const double s1 = s + ej / (2 * j + 1);
            if (s1 == s) return s1;
            s = s1;
        }
        return s;
    }
    return x * std::log(x / np) + np - x;
}

double binomial_pmf(double x, double n, double p, double q) {
    if (x < 0 || x > n) return 0.0;
    if (p == 0.0) return x == 0 ? 1.0 : 0.0;
    if (q == 0.0) return x == n ? 1.0 : 0.0;
    if (x == 0) return std::exp(p < 0.1 ? -binomial_deviance(n, n * q) - n * p : n * std::log(q));
    if (x == n) return std::exp(q < 0.1 ? -binomial_deviance(n, n * p) - n * q : n * std::log(p));
    const double lc = stirling_error(n) - stirling_error(x) - stirling_error(n - x) - binomial_deviance(x, n * p) -
                      binomial_deviance(n - x, n * q);
    const double lf = kLn2Pi + std::log(x) + std::log1p(-x / n);
    return std::exp(lc - 0.5 * lf);
}

}  // namespace bloomcalc
