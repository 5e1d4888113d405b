// Real Bloom filters driven by random items (a test-only simulator; the product's engine comes with the
// simulation issue): the exact mean FPR must sit inside the 99% interval, the classic formula outside it
// at small m (001's experiment, eqs 3-4). Seeds are fixed, so the test is deterministic.
#include <catch2/catch.hpp>

#include <cmath>
#include <cstdint>
#include <algorithm>
#include <random>
#include <vector>

#include "bloomcalc/exact_fpr.hpp"
#include "bloomcalc/fpr_formulas.hpp"

using namespace bloomcalc;

namespace {

struct Estimate {
    double mean, half_width;  // 99% normal interval over independent filter instances
};

// One filter instance per trial: insert n items, then query `queries` fresh items; the observation is
// the fraction of false positives of that instance (the second experiment of 001 §2).
Estimate simulate(unsigned m, unsigned n, unsigned k, Hashing h, unsigned trials, unsigned queries, std::uint64_t seed) {
    std::mt19937_64 rng(seed);
    std::uniform_int_distribution<unsigned> bit(0, m - 1);
    std::vector<char> filter(m);
    std::vector<unsigned> probe(k);
    auto draw = [&] {  // k positions: with replacement (colliding) or k different bits (distinct)
        for (unsigned i = 0; i < k; ++i) {
            unsigned b;
            do b = bit(rng);
            while (h == Hashing::distinct && std::find(probe.begin(), probe.begin() + i, b) != probe.begin() + i);
            probe[i] = b;
        }
    };
    double sum = 0, sum2 = 0;
    for (unsigned t = 0; t < trials; ++t) {
        std::fill(filter.begin(), filter.end(), 0);
        for (unsigned item = 0; item < n; ++item) {
            draw();
            for (unsigned b : probe) filter[b] = 1;
        }
        unsigned positives = 0;
        for (unsigned q = 0; q < queries; ++q) {
            draw();
            bool all = true;
            for (unsigned b : probe) all = all && filter[b];
            positives += all;
        }
        const double x = static_cast<double>(positives) / queries;
        sum += x, sum2 += x * x;
    }
    const double mean = sum / trials;
    const double var = (sum2 - trials * mean * mean) / (trials - 1);
    return {mean, 2.5758 * std::sqrt(var / trials)};
}

}  // namespace

TEST_CASE("simulated small filters: exact inside the 99% interval, classic rejected", "[simulation]") {
    const unsigned m = 32, n = 4, k = 5;  // 001 Fig. 2's regime: small m, classic off by ~9%
    const Estimate e = simulate(m, n, k, Hashing::colliding, 40000, 64, 20260101);
    const double exact = exact_fpr(Filter{m, n, k, Hashing::colliding});
    const double classic = classic_fpr(Filter{m, n, k, Hashing::colliding});
    INFO("simulated " << e.mean << " ± " << e.half_width << ", exact " << exact << ", classic " << classic);
    CHECK(std::fabs(e.mean - exact) <= e.half_width);
    CHECK(std::fabs(e.mean - classic) > e.half_width);
}

TEST_CASE("simulated distinct-hashing filters agree with the exact model", "[simulation]") {
    const unsigned m = 48, n = 6, k = 4;
    const Estimate e = simulate(m, n, k, Hashing::distinct, 30000, 64, 7);
    const double exact = exact_fpr(Filter{m, n, k, Hashing::distinct});
    INFO("simulated " << e.mean << " ± " << e.half_width << ", exact " << exact);
    CHECK(std::fabs(e.mean - exact) <= e.half_width);
    // and the colliding model is a different number, outside the interval
    CHECK(std::fabs(e.mean - exact_fpr(Filter{m, n, k, Hashing::colliding})) > e.half_width);
}

TEST_CASE("simulated medium filter agrees with the exact model", "[simulation]") {
    const unsigned m = 1000, n = 100, k = 7;
    const Estimate e = simulate(m, n, k, Hashing::colliding, 4000, 512, 99);
    const double exact = exact_fpr(Filter{m, n, k, Hashing::colliding});
    INFO("simulated " << e.mean << " ± " << e.half_width << ", exact " << exact);
    CHECK(std::fabs(e.mean - exact) <= e.half_width);
}
