// The simulation engine's recycling structures against the recycling models (docs/rbf.md): inside the 99%
// interval at the papers' setup (M = 1000) and at small M, where the variant and boundary choices differ
// measurably and the wrong model must fall outside.
#include <catch2/catch.hpp>

#include "bloomcalc/rbf/large/large_models.hpp"
#include "bloomcalc/rbf/nbounded.hpp"
#include "bloomcalc/rbf/one_phase.hpp"
#include "bloomcalc/rbf/two_phase.hpp"
#include "bloomcalc/sim/runner.hpp"
#include "sim/support.hpp"

using namespace bloomcalc;
using simtest::config;
using simtest::inside;

namespace {
SimResult run_checked(const SimConfig& c) {
    const SimResult r = simulate(c);
    REQUIRE(r.model);
    INFO(to_string(c.structure) << ": simulated " << r.count_instance.batch.mean << " ± "
                                << r.count_instance.batch.half_width << ", model " << r.model->value << " ("
                                << r.model->name << ")");
    CHECK(r.model_inside_t);
    return r;
}
}  // namespace

TEST_CASE("recycling models inside the simulation's 99% interval at M = 1000", "[sim][rbf]") {
    SimConfig a = config(Structure::sigma, 1000, 3, 20, 40000, 11);
    a.sigma = 600;
    run_checked(a);
    SimConfig b = config(Structure::sigma, 1000, 4, 20, 40000, 12);
    b.sigma = 500;
    b.retaining = true;
    b.hashing = HashScheme::ideal_distinct;
    run_checked(b);
    SimConfig c = config(Structure::two_phase, 1000, 3, 20, 40000, 13);  // 1000 bits in two arrays of 500
    c.sigma = 300;
    run_checked(c);
    SimConfig d = config(Structure::n_real, 1000, 7, 20, 40000, 14);
    d.n = 150;
    run_checked(d);
    SimConfig e = config(Structure::n_oracle, 1000, 7, 20, 40000, 15);
    e.n = 150;
    run_checked(e);
}

TEST_CASE("small M: the matching variant is inside, the others outside", "[sim][rbf]") {
    const std::uint64_t M = 32;
    const unsigned k = 3;
    const std::uint64_t sigma = 16;
    auto f1 = [&](Recycling r, std::uint64_t s) {
        RbfVariant v;
        v.recycling = r;
        return OnePhaseModel(M, k, v).at(s).average_fpr;
    };
    for (bool retaining : {false, true})
        for (Boundary boundary : {Boundary::exceeds, Boundary::reaches}) {
            SimConfig c =
                config(Structure::sigma, M, k, 30, 60000, 21 + retaining * 2 + (boundary == Boundary::reaches));
            c.sigma = sigma;
            c.retaining = retaining;
            c.boundary = boundary;
            const SimResult r = run_checked(c);
            const Recycling mine = retaining ? Recycling::retaining : Recycling::nonretaining;
            const Recycling other = retaining ? Recycling::nonretaining : Recycling::retaining;
            const std::uint64_t s = boundary == Boundary::reaches ? sigma - 1 : sigma;
            const std::uint64_t s_other = boundary == Boundary::reaches ? sigma : sigma - 1;
            CHECK_FALSE(inside(r.count_instance.batch.interval, f1(other, s)));
            CHECK_FALSE(inside(r.count_instance.batch.interval, f1(mine, s_other)));
        }
    // N-bounded: the real user's exact value, not the paper's lower bound f_a nor the oracle's.
    SimConfig n = config(Structure::n_real, 64, 4, 30, 60000, 31);
    n.n = 15;  // N·k < M: with N·k ≥ M the filter can fill before N counted messages and never recycle (exact = 1)
    const SimResult r = run_checked(n);
    const auto nb = n_bounded(64, 4, Hashing::colliding, 15);
    CHECK_FALSE(inside(r.count_instance.batch.interval, nb.lower_bound));
    CHECK_FALSE(inside(r.count_instance.batch.interval, nb.exact_oracle));
}

TEST_CASE("every variant has a model and a simulation: hashing x recycling x phases x swap", "[sim][rbf]") {
    // 2 hashings × 2 recyclings × (one phase + two phases × 2 swap points) = 12 structures (the swap point does
    // not exist for one phase). M = 40 bits in all, k = 2: small enough that the retaining two-phase overlap
    // matters (the independent-filter form of eq 24 misses it and must fall outside).
    unsigned seed = 300;
    for (HashScheme hs : {HashScheme::ideal_colliding, HashScheme::ideal_distinct})
        for (bool retaining : {false, true})
            for (int variant = 0; variant < 3; ++variant) {
                const bool two = variant > 0;
                const std::uint64_t M = 40, sigma = two ? 12 : 25;
                SimConfig c = config(two ? Structure::two_phase : Structure::sigma, M, 2, 20, 100000, ++seed);
                c.sigma = sigma;
                c.hashing = hs;
                c.retaining = retaining;
                c.swap = variant == 2 ? SwapPoint::before : SwapPoint::after;
                INFO(to_string(hs) << (retaining ? " retaining" : " nonretaining")
                                   << (two ? " two-phase swap " : " one-phase ") << (two ? to_string(c.swap) : ""));
                const SimResult r = run_checked(c);
                REQUIRE(r.model->applies);
                if (two && retaining) {
                    RbfVariant v;
                    v.hashing = hs == HashScheme::ideal_distinct ? Hashing::distinct : Hashing::colliding;
                    v.recycling = Recycling::retaining, v.restart = RestartLaw::eq10, v.swap = c.swap;
                    const double independent = TwoPhaseModel(M / 2, 2, v).at(sigma).average_fpr;
                    INFO("independent-filter form " << independent);
                    CHECK_FALSE(inside(r.count_instance.batch.interval, independent));
                }
            }
}

TEST_CASE("retaining, exact restart law, beyond the exact model (k·M > 2^24): the large-M model inside",
          "[sim][rbf][large]") {
    // k = 16, 2^21 bits per array: the exact model refuses (k fills of M levels) and the simulation reports no model
    // value there (its module carries the exact models only); the large-M method (docs/rbf.md#large-m-exact-law)
    // must lie inside the simulation's 99 % interval. f ≈ 1e-3 and 1e-2, ~40 cycles per run.
    RbfVariant v;
    v.recycling = Recycling::retaining, v.restart = RestartLaw::exact, v.swap = SwapPoint::before;
    SimConfig one = config(Structure::sigma, 1u << 21, 16, 20, 400000, 41);
    one.sigma = 3u << 19;  // 0.75 M
    one.retaining = true;
    const SimResult a = simulate(one);
    const double f1 = LargeOnePhaseModel(one.m, one.k, v).at(one.sigma).average_fpr;
    INFO("one phase: simulated " << a.count_instance.batch.mean << " ± " << a.count_instance.batch.half_width
                                 << ", large-M " << f1);
    CHECK(inside(a.count_instance.batch.interval, f1));
    SimConfig two = config(Structure::two_phase, 1u << 22, 16, 20, 400000, 42);  // two arrays of 2^21
    two.sigma = 3u << 19;                                                        // 0.75 of an array
    two.retaining = true;
    two.swap = SwapPoint::before;
    const SimResult b = simulate(two);
    const double f2 = LargeTwoPhaseModel(array_bits(two), two.k, v).at(two.sigma).average_fpr;
    INFO("two phases, swap before: simulated " << b.count_instance.batch.mean << " ± "
                                               << b.count_instance.batch.half_width << ", large-M " << f2);
    CHECK(inside(b.count_instance.batch.interval, f2));
}
