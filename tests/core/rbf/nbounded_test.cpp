// N-bounded real user when the filter can fill ((N − 1)·k ≥ M, issue 10 item 5): the long-run average, the
// average over cycles that end and the fill probability, against the real filter over bit SETS (every probe
// tuple enumerated) with the same conditioning; and the work bound, refused before anything runs.
#include <catch2/catch.hpp>

#include <cmath>
#include <map>
#include <tuple>
#include <vector>

#include "bloomcalc/error.hpp"
#include "bloomcalc/rbf/nbounded.hpp"
#include "parameter.hpp"

using namespace bloomcalc;

namespace {

bool close(double a, double b, double rel = 1e-12) {
    return std::fabs(a - b) <= rel * std::max(std::fabs(a), std::fabs(b));
}

struct SetTruth {
    double given = 0, fill = 0;
};

// Counted messages over bit sets: from set S (not full) the uncounted false positives before the next counted
// message have mean ρ(S)/(1 − ρ(S)) and the counted one moves to S | mask (mask ⊄ S) with P(mask)/(1 − ρ(S)).
// Forward d_c(S) = P(B_c = S), backward g_c(S) = P(the cycle ends | B_c = S), then
// given = Σ d g ρ/(1−ρ) / Σ d g (1 + ρ/(1−ρ)), fill = 1 − g_0(∅).
SetTruth bitset_n_bounded(unsigned M, unsigned k, unsigned N) {
    const unsigned full = (1u << M) - 1;
    std::vector<std::pair<unsigned, double>> probes;
    unsigned total = 1;
    for (unsigned i = 0; i < k; ++i) total *= M;
    for (unsigned code = 0; code < total; ++code) {
        unsigned c = code, mask = 0;
        for (unsigned i = 0; i < k; ++i) mask |= 1u << (c % M), c /= M;
        probes.push_back({mask, 1.0 / total});
    }
    auto rho = [&](unsigned S) {
        double r = 0;
        for (auto [mask, p] : probes)
            if ((mask & ~S) == 0) r += p;
        return r;
    };
    std::vector<std::map<unsigned, double>> d(N);
    d[0][0] = 1.0;
    for (unsigned c = 0; c + 1 < N; ++c)
        for (auto [S, p] : d[c]) {
            if (S == full) continue;
            const double stay = rho(S);
            for (auto [mask, q] : probes)
                if (mask & ~S) d[c + 1][S | mask] += p * q / (1 - stay);
        }
    std::vector<std::map<unsigned, double>> g(N);
    for (unsigned c = N; c-- > 0;)
        for (auto [S, p] : d[c]) {
            (void)p;
            if (S == full) {
                g[c][S] = 0;
                continue;
            }
            if (c + 1 == N) {
                g[c][S] = 1;
                continue;
            }
            const double stay = rho(S);
            double h = 0;
            for (auto [mask, q] : probes)
                if (mask & ~S) h += q / (1 - stay) * g[c + 1][S | mask];
            g[c][S] = h;
        }
    double num = 0, den = 0;
    for (unsigned c = 0; c < N; ++c)
        for (auto [S, p] : d[c]) {
            if (S == full) continue;
            const double r = rho(S) / (1 - rho(S));
            num += p * g[c][S] * r;
            den += p * g[c][S] * (1 + r);
        }
    return {num / den, 1 - g[0][0]};
}

}  // namespace

TEST_CASE("N-bounded, the filter can fill: long-run 1, the average given the cycle ends, exact fill probability",
          "[rbf][nbounded]") {
    for (auto [M, k, N] : {std::tuple<unsigned, unsigned, unsigned>{5, 2, 4}, {5, 2, 5}, {6, 3, 3}, {6, 2, 4}}) {
        const auto truth = bitset_n_bounded(M, k, N);
        const auto r = n_bounded(M, k, Hashing::colliding, N);
        INFO("M=" << M << " k=" << k << " N=" << N << ": given " << r.exact_given_cycle_ends << " vs " << truth.given
                  << " (relative " << std::fabs(r.exact_given_cycle_ends / truth.given - 1) << "), fill "
                  << r.fill_probability << " vs " << truth.fill << " (relative "
                  << std::fabs(r.fill_probability / truth.fill - 1) << ")");
        REQUIRE(r.can_fill);
        CHECK(r.exact == 1.0);
        CHECK(close(r.exact_given_cycle_ends, truth.given));
        CHECK(close(r.fill_probability, truth.fill));
    }
    // (N − 1)·k < M: the N-th counted message recycles whatever it sets: cannot fill, both averages agree.
    const auto no = n_bounded(100, 10, Hashing::colliding, 10);
    CHECK_FALSE(no.can_fill);
    CHECK(no.fill_probability == 0.0);
    CHECK(no.exact == no.exact_given_cycle_ends);
    // Can fill, however rarely (the probability underflows): decided exactly, not by a tail cut-off.
    const auto rare = n_bounded(1000, 10, Hashing::colliding, 200);
    CHECK(rare.can_fill);
    CHECK(rare.exact == 1.0);
    CHECK(rare.exact_given_cycle_ends == Approx(0.0604857732141).epsilon(1e-9));
    CHECK(n_bounded(1000, 10, Hashing::colliding, 101).can_fill);  // 100·10 = M: the 101st message finds it full
    CHECK_FALSE(n_bounded(1000, 10, Hashing::colliding, 100).can_fill);
}

TEST_CASE("N-bounded: work above the bound is refused by name before anything runs", "[rbf][nbounded][errors]") {
    try {
        n_bounded(std::uint64_t{1} << 20, 10, Hashing::colliding, 100000);  // ~1.5e10 operations
        FAIL("no error");
    } catch (const InfeasibleError& e) {
        CHECK(e.parameter() == "N");
    }
    CHECK(n_bounded_work(std::uint64_t{1} << 20, 10, 100000) > 1e10);
    CHECK(n_bounded_work(1000, 10, 200) < 1e7);
    // Narrow windows (M = 2^40) still cost each message its bookkeeping: N = 2^22, k = 1 took 5.3 s in wasm
    // and is refused; N = 2^19 (0.5 s) is accepted.
    const std::uint64_t huge = std::uint64_t{1} << 40;
    CHECK_THROWS_AS(n_bounded(huge, 1, Hashing::colliding, std::uint64_t{1} << 22), InfeasibleError);
    CHECK(n_bounded_work(huge, 1, std::uint64_t{1} << 19) < 134217728.0);
}

TEST_CASE("N-bounded: the surfaces' input, m, k and 1 ≤ N ≤ m checked as numbers", "[rbf][nbounded][errors]") {
    NBoundedInput in;
    in.m = 1000, in.k = 5, in.N = 100;
    const auto r = n_bounded(in);
    const auto same = n_bounded(1000, 5, Hashing::colliding, 100);
    CHECK(r.M == 1000);
    CHECK(r.k == 5);
    CHECK(r.N == 100);
    CHECK(r.exact == same.exact);
    for (double N : {0.0, 1001.0, 2.5, double(NAN)}) {
        in.N = N;
        CHECK(parameter_of([&] { n_bounded(in); }) == "N");
    }
    in.N = 100, in.k = 0;
    CHECK(parameter_of([&] { n_bounded(in); }) == "k");
    in.k = 5, in.m = -1;
    CHECK(parameter_of([&] { n_bounded(in); }) == "m");
}
