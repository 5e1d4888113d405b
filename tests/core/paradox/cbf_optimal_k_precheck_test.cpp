// cbf_optimal_k decides every refusal before tabulating any k (a work counter shows none is tabulated),
// and its results are bit for bit those of the earlier code path (kept below as the reference): every
// counter pmf value computed from 0, each k tabulated in turn, the refusal found where it failed.
#include <catch2/catch.hpp>

#include <cmath>
#include <cstdio>
#include <random>
#include <string>
#include <vector>

#include "bloomcalc/binomial.hpp"
#include "bloomcalc/error.hpp"
#include "bloomcalc/paradox/cbf.hpp"

using namespace bloomcalc;

namespace {
// The earlier counter_pmf: every value from c = shift up, no skipping.
void reference_pmf(double n, double q, int shift, std::vector<double>& pmf, double& beyond) {
    const double trials = n - shift, mean = trials * q;
    const double cmax = std::min(n, std::ceil(mean + 12.0 * std::sqrt(mean + 1.0) + 30.0 + shift));
    if (cmax > 4194304.0)
        throw InfeasibleError("n", "an expected counter value n·k/m below about 2^22",
                              "the counter distribution is too wide to tabulate");
    pmf.assign(static_cast<std::size_t>(cmax) + 1, 0.0);
    double total = 0;
    for (std::size_t c = static_cast<std::size_t>(shift); c < pmf.size(); ++c) {
        pmf[c] = binomial_pmf(static_cast<double>(c) - shift, trials, q, 1.0 - q);
        total += pmf[c];
    }
    beyond = std::max(0.0, 1.0 - total);
}

CbfCostByK reference_cost(double m, double n, unsigned k, double prior, double alpha) {
    CbfCostByK out;
    out.k = k;
    out.min_product = cbf_min_product(m, n, k, prior, alpha);
    if (!out.min_product) {
        out.fpr = 0, out.fnr = 1;
    } else {
        std::vector<double> pmf0, pmf1;
        double beyond0, beyond1;
        reference_pmf(n, k / m, 0, pmf0, beyond0);
        reference_pmf(n, k / m, 1, pmf1, beyond1);
        out.fpr = product_tail(pmf0, beyond0, k, *out.min_product);
        out.fnr = std::max(0.0, 1.0 - product_tail(pmf1, beyond1, k, *out.min_product));
    }
    out.cost = (1.0 - prior) * out.fpr + alpha * prior * out.fnr;
    return out;
}

// The earlier cbf_optimal_k: tabulate k = 1, 2, … and refuse at the first k that fails.
CbfOptimalK reference_optimal_k(double m, double n, double prior, double alpha, unsigned k_max) {
    CbfOptimalK out;
    double best = INFINITY;
    for (unsigned k = 1; k <= std::min<double>(k_max, m); ++k) {
        try {
            out.by_k.push_back(reference_cost(m, n, k, prior, alpha));
        } catch (const InfeasibleError& e) {
            if (e.parameter() != "prior" || k == 1) throw;
            const double pi = cbf_min_product(m, n, k, prior, alpha).value_or(0);
            char at[96];
            std::snprintf(at, sizeof at, ": at k = %u the minimal counter product Π = %.3g exceeds 2^22 states", k, pi);
            throw InfeasibleError("kmax", "at most " + std::to_string(k - 1) + " for this m, n, prior and alpha" + at,
                                  std::to_string(k_max) + " is too large to tabulate the cost");
        }
        if (out.by_k.back().cost < best) best = out.by_k.back().cost, out.best_k = k;
    }
    return out;
}

template <class F>
std::string outcome(F f, CbfOptimalK& r) {
    try {
        r = f();
    } catch (const Error& e) {
        return e.parameter() + " | " + e.valid_range() + " | " + e.what();
    }
    return "ok";
}
}  // namespace

TEST_CASE("cbf_optimal_k refuses naming kmax before tabulating any k", "[paradox]") {
    // m = 2^40, n = 2^40/10, P = 0.5, α = 10^6: Π ≤ 2^22 up to some k, beyond it at a larger k ≤ 64; the
    // earlier code tabulated every smaller k first (0.85 s).
    const double m = 1099511627776.0, n = std::floor(m / 10);
    const std::uint64_t before = cbf_pmf_tabulations();
    try {
        cbf_optimal_k(m, n, 0.5, 1e6, 64);
        FAIL("no error");
    } catch (const InfeasibleError& e) {
        CHECK(e.parameter() == "kmax");
    }
    CHECK(cbf_pmf_tabulations() == before);
    // a counter pmf too wide (naming n) is refused before work too
    try {
        cbf_optimal_k(1000, 1099511627776.0, 0.125, 0.25, 8);
        FAIL("no error");
    } catch (const InfeasibleError& e) {
        CHECK(e.parameter() == "n");
    }
    CHECK(cbf_pmf_tabulations() == before);
    // the counter counts: an accepted call tabulates two pmfs (X = 0 and X = 1) per k
    cbf_optimal_k(7680, 1024, 1.0 / 1024, 5, 10);
    CHECK(cbf_pmf_tabulations() == before + 20);
}

TEST_CASE("cbf_optimal_k equals the earlier code path bit for bit on a seeded sweep", "[paradox][sweep]") {
    std::mt19937_64 rng(20261123);
    std::uniform_real_distribution<double> u(0, 1);
    int refused = 0, accepted = 0, skipping = 0;
    for (int i = 0; i < 120; ++i) {
        const double m = std::floor(std::exp2(4 + 36 * u(rng)));
        // n/m from 2^-16 to 2^9, and every other case 2^6 to 2^13 (counter means ≳ 1000: pmfs whose low
        // values underflow, so the new fill skips them)
        const double ratio = i % 2 ? std::exp2(-16 + 25 * u(rng)) : std::exp2(6 + 7 * u(rng));
        const double n = std::min(1099511627776.0, std::max(1.0, std::floor(m * ratio)));
        const double prior = std::exp2(-30 * u(rng)), alpha = std::exp2(-20 + 40 * u(rng));
        const unsigned kmax = 1 + static_cast<unsigned>(u(rng) * 12);
        INFO("m " << m << " n " << n << " prior " << prior << " alpha " << alpha << " kmax " << kmax);
        CbfOptimalK got, want;
        const std::string a = outcome([&] { return cbf_optimal_k(m, n, prior, alpha, kmax); }, got);
        const std::string b = outcome([&] { return reference_optimal_k(m, n, prior, alpha, kmax); }, want);
        if (a.find("steps, over 2^30") != std::string::npos) {
            ++refused;
            continue;
        }  // the new step bound
        REQUIRE(a == b);
        if (a != "ok") {
            ++refused;
            continue;
        }
        ++accepted;
        if (n * kmax / m > 1000) ++skipping;
        REQUIRE(got.best_k == want.best_k);
        REQUIRE(got.by_k.size() == want.by_k.size());
        for (std::size_t j = 0; j < got.by_k.size(); ++j) {
            CHECK(got.by_k[j].min_product == want.by_k[j].min_product);
            CHECK(got.by_k[j].fpr == want.by_k[j].fpr);
            CHECK(got.by_k[j].fnr == want.by_k[j].fnr);
            CHECK(got.by_k[j].cost == want.by_k[j].cost);
        }
    }
    // the sweep covers refusals, accepted tables, and tables where the fill skips underflowing values
    CHECK(refused >= 10);
    CHECK(accepted >= 50);
    CHECK(skipping >= 20);
}

TEST_CASE("cbf_optimal_k holds the product tables of all k to 2^30 steps, naming kmax", "[paradox]") {
    // m = 2^40, n = 2^34, P = 1/(1 + 2^36), α = 1: Π ≤ 2^22 up to k = 53, but tables of ~2^20 states for
    // many k took 2.0 s in wasm. The bound names the largest kmax within it, and that kmax is accepted.
    const double m = 1099511627776.0, n = m / 64, P = 1 / (1 + std::exp2(36));
    const std::uint64_t before = cbf_pmf_tabulations();
    unsigned largest = 0;
    try {
        cbf_optimal_k(m, n, P, 1, 53);
        FAIL("no error");
    } catch (const InfeasibleError& e) {
        CHECK(e.parameter() == "kmax");
        INFO(e.valid_range());
        CHECK(e.valid_range().find("steps, over 2^30") != std::string::npos);
        REQUIRE(std::sscanf(e.valid_range().c_str(), "at most %u ", &largest) == 1);
    }
    CHECK(cbf_pmf_tabulations() == before);
    CHECK(largest > 1);
    CHECK(largest < 53);
    CHECK(cbf_optimal_k(m, n, P, 1, largest).by_k.size() == largest);
}
