// Theorem 1 (004 §IV) checked on the simulation engine's real Bloom/counting filters
// (core/src/paradox/sim.cpp): the measured Pr(x ∈ S | positive) with its 99 % Student-t interval
// (ratio of counts over epochs) must contain Theorem 1's posterior at the exact FPR, and must exclude
// wrong values that differ measurably: the posterior at the classic FPR, at the paper's model FPR
// (1/2)^{ln2·m/n}, and at a different prior. Small m (64 bits, 8 bits per element as in Fig. 2) so the
// exact and classic FPRs differ by 7 % and the run takes well under a second, also in wasm.
#include <catch2/catch.hpp>

#include "bloomcalc/error.hpp"
#include "bloomcalc/paradox/bloom.hpp"
#include "bloomcalc/paradox/sim.hpp"

using namespace bloomcalc;

namespace {

ParadoxSimConfig config(double prior, std::uint64_t seed, Structure s = Structure::bloom) {
    ParadoxSimConfig c;
    c.structure = s;
    c.m = 64, c.n = 8, c.k = 6, c.prior = prior;
    c.queries = 1000, c.epochs = 6000, c.seed = seed;
    return c;
}

bool inside(const ParadoxSimResult& r, double v) { return v >= r.interval.low && v <= r.interval.high; }

}  // namespace

TEST_CASE("engine simulation of the paradox: Theorem 1 at the exact FPR is inside, wrong values outside",
          "[paradox][sim]") {
    for (const auto& [prior, seed, wrong_prior] : {std::tuple{0.1, 1, 0.09}, std::tuple{0.5, 2, 0.47}}) {
        const ParadoxSimResult r = simulate_paradox(config(prior, static_cast<std::uint64_t>(seed)));
        const double paper = theorem1_posterior(prior, model_fpr_from_bits_per_element(64.0 / 8));
        const double other = theorem1_posterior(wrong_prior, r.fpr_model.value);
        INFO("P = " << prior << ": measured " << r.posterior << " ± " << r.half_width
                    << " (99 %), Theorem 1 at exact FPR " << r.fpr_model.value << ": " << r.theorem
                    << ", at classic FPR " << r.classic_fpr << ": " << r.theorem_classic
                    << ", at (1/2)^{ln2·b}: " << paper << ", at prior " << wrong_prior << ": " << other);
        REQUIRE(r.progress.done);
        REQUIRE(r.epochs_used == 6000);
        CHECK(r.total.queries == 6000000);
        CHECK(r.fpr_model.name == "exact mean FPR");
        CHECK(r.inside);
        CHECK(inside(r, r.theorem));
        CHECK_FALSE(r.classic_inside);
        CHECK_FALSE(inside(r, paper));
        CHECK_FALSE(inside(r, other));
        // the measured member fraction and FPR are the inputs of the posterior
        CHECK(std::fabs(static_cast<double>(r.total.member_queries) / r.total.queries - prior) < 0.002);
    }
}

TEST_CASE("engine simulation of the paradox: counting filter, chunks and determinism", "[paradox][sim]") {
    ParadoxSimConfig c = config(0.1, 7, Structure::counting);
    c.epochs = 500;
    const ParadoxSimResult a = simulate_paradox(c);
    ParadoxSimRunner chunked(c);
    std::uint64_t steps = 0;
    while (!chunked.run(5000).done) ++steps;
    const ParadoxSimResult b = chunked.result();
    CHECK(steps > 100);
    CHECK(a.total.positives == b.total.positives);
    CHECK(a.total.member_positives == b.total.member_positives);
    CHECK(a.posterior == b.posterior);
    CHECK(a.half_width == b.half_width);
    CHECK(a.counter_saturations == 0);
    // the same filters answer the same way as a Bloom filter with the same seed
    c.structure = Structure::bloom;
    const ParadoxSimResult bloom = simulate_paradox(c);
    CHECK(bloom.total.positives == a.total.positives);
    CHECK(bloom.total.member_positives == a.total.member_positives);
}

TEST_CASE("engine simulation of the paradox: inputs are checked by name", "[paradox][sim]") {
    auto parameter = [](ParadoxSimConfig c) {
        try {
            validate(c);
        } catch (const Error& e) {
            return e.parameter();
        }
        return std::string("none");
    };
    ParadoxSimConfig c = config(0.1, 1);
    CHECK(parameter(c) == "none");
    c.prior = 0;
    CHECK(parameter(c) == "prior");
    c.prior = 1;
    CHECK(parameter(c) == "prior");
    c = config(0.1, 1), c.epochs = 1;
    CHECK(parameter(c) == "epochs");
    c = config(0.1, 1), c.queries = 0;
    CHECK(parameter(c) == "queries");
    c = config(0.1, 1), c.k = 0;
    CHECK(parameter(c) == "k");
    c = config(0.1, 1), c.structure = Structure::sigma;
    CHECK(parameter(c) == "structure");
    c = config(0.1, 1), c.epochs = std::uint64_t{1} << 20, c.queries = std::uint64_t{1} << 20;
    CHECK(parameter(c) == "epochs");  // probe budget
    ParadoxSimInput in;
    in.m = 64, in.n = 8, in.k = 6, in.prior = 0.1, in.queries = 10, in.epochs = NAN;
    CHECK_THROWS_AS(make_paradox_sim_config(in), RangeError);
}

// One member positive among ~18 000 positives (the page's default filter, prior 1e-6): the t interval of the
// posterior reached below 0; it is clipped to [0, 1].
TEST_CASE("engine simulation of the paradox: a rare posterior's interval stays in [0, 1]", "[paradox][sim]") {
    ParadoxSimConfig c;
    c.m = 80, c.n = 8, c.k = 7, c.prior = 1e-6, c.queries = 1000, c.epochs = 2000, c.seed = 1;
    const ParadoxSimResult r = simulate_paradox(c);
    INFO(r.total.member_positives << " member positives of " << r.total.positives << ": " << r.posterior << " ± "
                                  << r.half_width);
    REQUIRE(r.total.member_positives > 0);
    CHECK(r.posterior - r.half_width < 0);  // the case in point
    CHECK(r.interval.low == 0);
    CHECK(r.interval.high <= 1);
}
