// The real Bloom filter of the simulator against the models (001's experiment: fill a fresh filter with
// n messages, look up new ones). The exact mean FPR must sit inside the 99% interval; the classic
// formula must be rejected at small m (001 eqs 3-4, Fig. 2). Seeds are fixed: the tests are deterministic.
#include <catch2/catch.hpp>

#include <cmath>
#include <cstdint>
#include <map>
#include <vector>

#include "bloomcalc/fpr/exact_fpr.hpp"
#include "bloomcalc/fpr/formulas.hpp"
#include "bloomcalc/sim/bloom_filter.hpp"
#include "bloomcalc/sim/counting_filter.hpp"
#include "sim/support.hpp"

using namespace bloomcalc;
using simtest::config;
using simtest::inside;

namespace {

// Exact FPR by enumeration of every hash outcome: (n + 1)·k independent positions in m bits
// (colliding), the last k are the lookup. Independent of exact_fpr's method.
double enumerate_colliding(unsigned m, unsigned n, unsigned k) {
    const unsigned total = (n + 1) * k;
    std::vector<unsigned> pos(total, 0);
    std::uint64_t positives = 0, outcomes = 0;
    while (true) {
        std::uint64_t filter = 0;
        for (unsigned i = 0; i < n * k; ++i) filter |= std::uint64_t{1} << pos[i];
        bool all = true;
        for (unsigned i = n * k; i < total; ++i) all = all && ((filter >> pos[i]) & 1);
        positives += all;
        ++outcomes;
        unsigned d = 0;
        while (d < total && ++pos[d] == m) pos[d++] = 0;
        if (d == total) break;
    }
    return static_cast<double>(positives) / static_cast<double>(outcomes);
}

}  // namespace

TEST_CASE("tiny Bloom filters: the simulator agrees with exact enumeration", "[sim]") {
    struct Case {
        unsigned m, n, k;
    };
    for (const Case t : {Case{2, 1, 2}, Case{4, 2, 2}, Case{5, 1, 3}, Case{6, 3, 1}}) {
        const double exact = enumerate_colliding(t.m, t.n, t.k);
        SimConfig c = config(Structure::bloom, t.m, t.k, 40, 20000, 11 + t.m);
        c.n = t.n;
        c.queries = 4;
        const SimResult r = simulate(c);
        INFO("m = " << t.m << ", n = " << t.n << ", k = " << t.k << ": simulated " << r.count_instance.batch.mean
                    << " ± " << r.count_instance.batch.half_width << ", enumerated " << exact);
        CHECK(exact == Approx(exact_fpr(Filter{t.m, t.n, t.k, Hashing::colliding})).epsilon(1e-12));
        CHECK(inside(r.count_instance.batch.interval, exact));
        CHECK(r.model_inside_t);
    }
    CHECK(enumerate_colliding(2, 1, 2) == 5.0 / 8.0);  // hand-derived (docs/models.md)
}

TEST_CASE("simulated small filters: exact inside the 99% interval, classic rejected", "[sim]") {
    SimConfig c = config(Structure::bloom, 32, 5, 200, 20000, 20260101);  // 001 Fig. 2's regime
    c.n = 4;
    c.queries = 64;
    const SimResult r = simulate(c);
    const double exact = exact_fpr(Filter{32, 4, 5, Hashing::colliding});
    const double classic = classic_fpr(Filter{32, 4, 5, Hashing::colliding});
    INFO("simulated " << r.count_instance.batch.mean << " ± " << r.count_instance.batch.half_width << ", exact "
                      << exact << ", classic " << classic);
    REQUIRE(r.model);
    CHECK(r.model->value == exact);
    CHECK(r.model_inside_t);
    CHECK(inside(r.count_instance.batch.interval, exact));
    CHECK_FALSE(inside(r.count_instance.batch.interval, classic));
    CHECK(inside(*r.count_instance.poisson, exact));
    CHECK_FALSE(inside(*r.count_instance.poisson, classic));
}

TEST_CASE("simulated distinct-hashing filters agree with the exact model, not the colliding one", "[sim]") {
    SimConfig c = config(Structure::bloom, 48, 4, 200, 15000, 7);
    c.n = 6;
    c.hashing = HashScheme::ideal_distinct;
    const SimResult r = simulate(c);
    const double exact = exact_fpr(Filter{48, 6, 4, Hashing::distinct});
    INFO("simulated " << r.count_instance.batch.mean << " ± " << r.count_instance.batch.half_width << ", exact "
                      << exact);
    CHECK(inside(r.count_instance.batch.interval, exact));
    CHECK_FALSE(inside(r.count_instance.batch.interval, exact_fpr(Filter{48, 6, 4, Hashing::colliding})));
}

TEST_CASE("simulated M = 1000 filter agrees with the exact model", "[sim]") {
    SimConfig c = config(Structure::bloom, 1000, 7, 100, 20000, 99);
    c.n = 100;
    c.queries = 500;
    const SimResult r = simulate(c);
    INFO("simulated " << r.count_instance.batch.mean << " ± " << r.count_instance.batch.half_width << ", exact "
                      << r.model->value);
    CHECK(r.model_inside_t);
    CHECK(r.model_inside_poisson);
}

TEST_CASE("double hashing sits measurably away from the ideal model at small m; enhanced double hashing does too",
          "[sim]") {
    // m = 64 with double hashing: h2 mod 64 even (half the messages) halves the distinct positions a
    // message can reach, so messages probe fewer distinct bits and the FPR differs from ideal hashing.
    for (HashScheme h : {HashScheme::double_hashing, HashScheme::enhanced_double}) {
        SimConfig c = config(Structure::bloom, 64, 8, 100, 20000, 5);
        c.n = 6;
        c.hashing = h;
        const SimResult r = simulate(c);
        INFO(to_string(h) << ": simulated " << r.count_instance.batch.mean << " ± " << r.count_instance.batch.half_width
                          << ", ideal model " << r.model->value);
        CHECK_FALSE(r.model->exact_configuration);
        CHECK_FALSE(r.model_inside_t);
    }
}

TEST_CASE("the counting filter answers like the Bloom filter and removes messages", "[sim]") {
    CountingBloomFilter cf(64);
    BloomFilter bf(64);
    std::uint32_t a[3] = {1, 5, 5}, b[3] = {5, 9, 60}, q[3] = {1, 9, 60};
    CHECK_FALSE(cf.test_and_insert(a, 3));
    CHECK_FALSE(cf.test_and_insert(b, 3));
    bf.insert(a, 3), bf.insert(b, 3);
    CHECK(cf.contains(q, 3) == bf.contains(q, 3));
    CHECK(cf.contains(q, 3));
    CHECK(cf.counter(5) == 3);
    cf.remove(a, 3);
    CHECK_FALSE(cf.contains(q, 3));  // bit 1 is gone
    CHECK(cf.contains(b, 3));        // no false negative for b
    CHECK(cf.counter(5) == 1);
    CHECK(cf.nonzero() == 3);
    // and as a structure of the engine: the same counts as the Bloom filter for the same seed
    SimConfig c = config(Structure::bloom, 128, 3, 5, 3000, 17);
    c.n = 20;
    const SimResult rb = simulate(c);
    c.structure = Structure::counting;
    const SimResult rc = simulate(c);
    for (std::size_t i = 0; i < rb.epochs.size(); ++i) CHECK(rb.epochs[i].fp_first == rc.epochs[i].fp_first);
    CHECK(rc.counter_saturations == 0);
}

TEST_CASE("counters saturate and stay", "[sim]") {
    CountingBloomFilter cf(4);
    std::uint32_t p[1] = {2};
    for (int i = 0; i < 300; ++i) cf.test_and_insert(p, 1);
    CHECK(cf.counter(2) == 255);
    CHECK(cf.saturations() == 300 - 255);
    cf.remove(p, 1);
    CHECK(cf.counter(2) == 255);
}

// A rare rate: one false positive in 20 epochs of 2 000 lookups. The symmetric t interval was [−4.8e-5, 1.5e-4],
// a negative probability; it is clipped to [0, 1] (the half-width stays the t half-width).
TEST_CASE("a rare false-positive rate's t interval does not reach below 0", "[sim]") {
    SimConfig c = config(Structure::bloom, 2000, 7, 20, 2000, 3);
    c.n = 100;
    const SimResult r = simulate(c);
    INFO("mean " << r.count_instance.batch.mean << " ± " << r.count_instance.batch.half_width);
    REQUIRE(r.count_instance.numerator > 0);
    CHECK(r.count_instance.batch.mean - r.count_instance.batch.half_width < 0);  // the case in point
    CHECK(r.count_instance.batch.interval.low == 0);
    CHECK(r.count_instance.batch.interval.high ==
          Approx(r.count_instance.batch.mean + r.count_instance.batch.half_width));
}
