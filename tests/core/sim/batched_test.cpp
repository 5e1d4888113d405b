// Batched probes change speed, never the sequence of events (docs/simulation.md, "Batched probes"): every
// structure's counts, every count of every epoch, equal a one-at-a-time reference loop's (sim/reference_loop.hpp),
// run whole and in tiny chunks, across hashing schemes and streams, with arrays in the caches and beyond them
// (m > 2^23 bits: the lines are requested ahead), and epochs, warm-ups and phases not multiples of the batch.
#include <catch2/catch.hpp>

#include <sstream>
#include <string>

#include "sim/reference_loop.hpp"
#include "sim/support.hpp"

using namespace bloomcalc;

namespace {

std::string show(const EpochCounts& e) {
    std::ostringstream o;
    o << "{arrivals " << e.arrivals << ", new " << e.new_arrivals << ", fp_first " << e.fp_first << ", fp_each "
      << e.fp_each << ", false negatives " << e.false_negatives << ", recycles " << e.recycles << "}";
    return o.str();
}

// The engine, whole and in chunks of `chunk` probes, against the reference; returns the reference's epochs.
simtest::Reference check_identical(const SimConfig& c, double chunk) {
    const simtest::Reference ref = simtest::ReferenceLoop(c).run();
    const SimResult whole = simulate(c);
    SimRunner chunked(c);
    while (!chunked.run(chunk).done) {
    }
    for (const auto* epochs : {&whole.epochs, &chunked.epochs()}) {
        REQUIRE(epochs->size() == ref.epochs.size());
        for (std::size_t i = 0; i < ref.epochs.size(); ++i) {
            const EpochCounts &e = (*epochs)[i], &r = ref.epochs[i];
            INFO("epoch " << i << ": engine " << show(e) << ", reference " << show(r));
            CHECK(e.arrivals == r.arrivals);
            CHECK(e.new_arrivals == r.new_arrivals);
            CHECK(e.fp_first == r.fp_first);
            CHECK(e.fp_each == r.fp_each);
            CHECK(e.false_negatives == r.false_negatives);
            CHECK(e.recycles == r.recycles);
            CHECK(e.counter_saturations == r.counter_saturations);
        }
    }
    CHECK(whole.counter_saturations == ref.counter_saturations);
    return ref;
}

const HashScheme kSchemes[] = {HashScheme::ideal_colliding, HashScheme::ideal_distinct, HashScheme::double_hashing,
                               HashScheme::enhanced_double};

std::uint64_t total(const simtest::Reference& r, std::uint64_t EpochCounts::*field) {
    std::uint64_t s = 0;
    for (const EpochCounts& e : r.epochs) s += e.*field;
    return s;
}

}  // namespace

TEST_CASE("batched probes, bloom: every count of every epoch equals the one-at-a-time loop", "[sim][batched]") {
    for (const HashScheme h : kSchemes)
        for (const std::uint64_t m : {std::uint64_t{1000}, std::uint64_t{1} << 24}) {
            SimConfig c = simtest::config(Structure::bloom, m, 7, 5, 1003, 7);
            c.hashing = h;
            c.n = m < 10000 ? m / 10 + 5 : 20005;  // insertion phases not a multiple of the batch
            c.queries = 777;
            c.warmup = 101;
            INFO(to_string(h) << ", m = " << m);
            const auto ref = check_identical(c, 61);
            if (m < 10000)
                CHECK(total(ref, &EpochCounts::fp_first) >
                      0);  // the comparison saw positives (the large filter is sparse)
        }
}

TEST_CASE("batched probes, counting: counts and saturations equal the one-at-a-time loop", "[sim][batched][sweep]") {
    for (const std::uint64_t m : {std::uint64_t{64}, std::uint64_t{3000}, std::uint64_t{1} << 24}) {
        SimConfig c = simtest::config(Structure::counting, m, 5, 4, 509, 3);
        c.n = m < 100 ? 3500 : m / 10;  // m = 64: 3500·5 increments saturate counters
        c.queries = 300;
        INFO("m = " << m);
        const auto ref = check_identical(c, 13);
        if (m == 64) CHECK(ref.counter_saturations > 0);
    }
}

TEST_CASE("batched probes, sigma: every count of every epoch equals the one-at-a-time loop", "[sim][batched]") {
    for (const StreamKind s : {StreamKind::fresh, StreamKind::pool, StreamKind::fading})
        for (const bool retaining : {false, true})
            for (const Boundary b : {Boundary::exceeds, Boundary::reaches}) {
                SimConfig c = simtest::config(Structure::sigma, 2000, 4, 4, 3001, 11);
                c.sigma = 700;
                c.retaining = retaining, c.boundary = b;
                c.stream.kind = s;
                c.stream.pool = 1500;
                c.hashing = s == StreamKind::pool ? HashScheme::enhanced_double : HashScheme::ideal_colliding;
                INFO(to_string(s) << ", retaining " << retaining << ", " << to_string(b));
                const auto ref = check_identical(c, 29);
                CHECK(total(ref, &EpochCounts::recycles) > 10);
                if (s != StreamKind::fresh) CHECK(total(ref, &EpochCounts::false_negatives) > 0);
            }
    SimConfig large =
        simtest::config(Structure::sigma, std::uint64_t{1} << 24, 7, 3, 50001, 5);  // lines requested ahead
    large.sigma = 100000;  // a cycle of about 14 300 arrivals (k = 7): three recycles in each epoch's fresh filter
    large.warmup = 7;
    CHECK(total(check_identical(large, 1000), &EpochCounts::recycles) > 2 * large.epochs);
}

TEST_CASE("batched probes, two-phase: every count of every epoch equals the one-at-a-time loop", "[sim][batched]") {
    for (const StreamKind s : {StreamKind::fresh, StreamKind::fading})
        for (const SwapPoint swap : {SwapPoint::after, SwapPoint::before})
            for (const bool retaining : {false, true}) {
                SimConfig c = simtest::config(Structure::two_phase, 3000, 3, 4, 2501, 17);
                c.sigma = 500;
                c.swap = swap, c.retaining = retaining;
                c.stream.kind = s;
                c.hashing = HashScheme::ideal_distinct;
                INFO(to_string(s) << ", swap " << (swap == SwapPoint::after ? "after" : "before") << ", retaining "
                                  << retaining);
                CHECK(total(check_identical(c, 23), &EpochCounts::recycles) > 10);
            }
    SimConfig large = simtest::config(Structure::two_phase, std::uint64_t{1} << 25, 7, 3, 40001, 5);
    large.sigma = 150000;
    large.swap = SwapPoint::before;
    CHECK(total(check_identical(large, 1000), &EpochCounts::recycles) > 3);
}

TEST_CASE("batched probes, N-bounded (real and oracle user): every count equals the one-at-a-time loop",
          "[sim][batched]") {
    for (const Structure st : {Structure::n_real, Structure::n_oracle})
        for (const StreamKind s : {StreamKind::fresh, StreamKind::pool, StreamKind::fading}) {
            SimConfig c = simtest::config(st, 1500, 4, 4, 2003, 23);
            c.n = 200;
            c.stream.kind = s;
            c.stream.pool = 400;
            c.stream.window = 300;
            c.hashing = HashScheme::double_hashing;
            INFO(to_string(st) << ", " << to_string(s));
            CHECK(total(check_identical(c, 31), &EpochCounts::recycles) > 10);
        }
}
