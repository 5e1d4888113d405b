// Scalable filters (core/src/libraries/scalable.cpp) against their definition, an independent per-link
// computation, Almeida et al.'s bound, and a real chain built as RedisBloom builds it. docs/scalable.md.
#include <catch2/catch.hpp>

#include <cmath>

#include "bloomcalc/error.hpp"
#include "bloomcalc/fpr/exact_fpr.hpp"
#include "bloomcalc/libraries/scalable.hpp"
#include "bloomcalc/sim/scalable_sim.hpp"
#include "parameter.hpp"

using namespace bloomcalc;

namespace {

ScalableInput chain(double p, double C, double n) {
    ScalableInput in;
    in.p = p, in.capacity = C, in.n = n;
    return in;
}

}  // namespace

TEST_CASE("Scalable: RedisBloom's defaults give links C·2^i at p·0.5^(i+1)", "[scalable]") {
    const auto r = scalable_filter(chain(0.01, 1000, 10000));
    REQUIRE(r.links.size() == 4);  // 1000 + 2000 + 4000 + 8000 ≥ 10 000 > 7000
    double expected_error = 0.005;
    std::uint64_t expected_capacity = 1000, filled = 0;
    for (const auto& l : r.links) {
        CHECK(l.capacity == expected_capacity);
        CHECK(l.error == Approx(expected_error).epsilon(1e-12));
        // each link is RedisBloom's BF.RESERVE filter for its capacity and error
        LibrarySizingInput in;
        in.library = "redisbloom", in.n = static_cast<double>(l.capacity), in.p = l.error;
        CHECK(l.filter.m == size_for_library(in).filter.m);
        filled += l.fill;
        expected_capacity *= 2, expected_error /= 2;
    }
    CHECK(filled == 10000);
    CHECK(r.links.back().fill == 3000);
    // Almeida et al. 2007 §4: the errors sum to at most p0/(1 − R) = p.
    CHECK(r.bound < 0.01);
    CHECK(r.bits == r.links[0].filter.m + r.links[1].filter.m + r.links[2].filter.m + r.links[3].filter.m);
}

TEST_CASE("Scalable: eq S1 against an independent per-link exact FPR; one link is one filter", "[scalable]") {
    const auto r = scalable_filter(chain(0.001, 5000, 40000));
    double miss = 1.0;
    for (const auto& l : r.links)  // exact_fpr (001 eqs 8, 17) on each link at its fill
        miss *= 1.0 - exact_fpr(Filter{l.filter.m, l.fill, l.filter.k, Hashing::colliding});
    CHECK(r.fpr == Approx(1.0 - miss).epsilon(1e-10));
    CHECK(r.fpr < r.bound);  // partly filled last link
    // n ≤ C: the chain is the first link alone, at error p(1 − R)
    const auto one = scalable_filter(chain(0.01, 1000, 700));
    REQUIRE(one.links.size() == 1);
    LibrarySizingInput in;
    in.library = "redisbloom", in.n = 1000, in.p = 0.005;
    const auto f = size_for_library(in);
    CHECK(one.fpr == Approx(exact_fpr(Filter{f.filter.m, 700, f.filter.k, Hashing::colliding})).epsilon(1e-12));
}

TEST_CASE("Scalable: the optimum R and S need no more bits than RedisBloom's defaults", "[scalable]") {
    const auto r = scalable_filter(chain(0.01, 1000, 100000));
    REQUIRE(r.optimum);
    CHECK(r.optimum->bits <= r.bits);
    auto other = chain(0.01, 1000, 100000);
    for (double R : {0.1, 0.5, 0.9})
        for (double S : {1.0, 2.0, 4.0, 8.0}) {
            other.ratio = R, other.growth = S, other.optimise = false;
            std::uint64_t bits = 0;
            try {
                bits = scalable_filter(other).bits;
            } catch (const InfeasibleError& e) {  // S = 1 needs 100 links: at small R the last has k > 64
                CHECK(e.parameter() == "n");
                continue;
            }
            CHECK(r.optimum->bits <= bits);
        }
    CHECK(r.optimum->fpr <= 0.01);
}

TEST_CASE("Scalable: bad input names its parameter", "[scalable]") {
    auto in = chain(0.01, 1000, 5000);
    in.ratio = 1;
    CHECK_THROWS_AS(scalable_filter(in), RangeError);
    in.ratio = 0.5, in.growth = 0.5;
    try {
        scalable_filter(in);
        FAIL("expected RangeError");
    } catch (const RangeError& e) {
        CHECK(e.parameter() == "growth");
    }
    in.growth = 1, in.capacity = 1, in.n = 1e6;  // a million links
    CHECK_THROWS_AS(scalable_filter(in), InfeasibleError);
    // The first link fails: what sized it is at fault (p for its error, capacity for its items), not n.
    auto tiny = chain(1e-300, 1, 1);
    CHECK(parameter_of([&] { scalable_filter(tiny); }) == "p");
    auto huge = chain(0.01, std::ldexp(1.0, 40), 1);
    CHECK(parameter_of([&] { scalable_filter(huge); }) == "capacity");
}

TEST_CASE("Scalable: a real chain built as RedisBloom builds it has the modelled FPR", "[scalable][sim]") {
    ScalableSimConfig c;
    c.chain = chain(0.01, 1000, 10000);
    c.epochs = 40, c.queries = 20000, c.seed = 21, c.confidence = 0.99;
    const auto r = simulate_scalable(c);
    CHECK(r.inside);  // eq S1 within the 99 % batch-means interval
    CHECK(r.batch.interval.high - r.batch.interval.low < 0.2 * r.model.fpr);
    // compounding: above the first link's error, below the bound p
    CHECK(r.model.fpr > 0.005);
    CHECK(r.model.fpr < 0.01);
}
