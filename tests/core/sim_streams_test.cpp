// Streams, averaging variants, determinism, chunking and bad input of the simulation engine.
#include <catch2/catch.hpp>

#include <cstdint>
#include <string>

#include "bloomcalc/error.hpp"
#include "bloomcalc/sim_streams.hpp"
#include "sim_support.hpp"

using namespace bloomcalc;
using simtest::config;
using simtest::inside;

TEST_CASE("streams: fresh ids are new, pool ids stay in the pool, fading repeats recent messages", "[sim]") {
    MessageStream fresh(StreamSpec{}, 1);
    for (std::uint64_t i = 0; i < 100; ++i) {
        const Message m = fresh.next(0, 0);
        CHECK(m.id == i);
        CHECK(m.first_ever);
        CHECK_FALSE(m.known);
    }
    StreamSpec pool;
    pool.kind = StreamKind::pool;
    pool.pool = 10;
    MessageStream p(pool, 2);
    int firsts = 0;
    for (int i = 0; i < 1000; ++i) {
        const Message m = p.next(0, 0);
        REQUIRE(m.id < 10);
        firsts += m.first_ever;
        CHECK(m.known == !m.first_ever);  // one cycle: everything seen before is known
        p.record(m, 0, false);
    }
    CHECK(firsts == 10);
    StreamSpec fading;
    fading.kind = StreamKind::fading;
    fading.new_fraction = 0.25;
    fading.window = 100;
    MessageStream f(fading, 3);
    std::uint64_t newest = 0, fresh_count = 0;
    for (int i = 0; i < 40000; ++i) {
        const Message m = f.next(0, 0);
        if (m.first_ever) {
            CHECK(m.id == (fresh_count == 0 ? 0 : newest + 1));
            newest = m.id, ++fresh_count;
        } else {
            CHECK(newest - m.id < 100);
            CHECK(m.known);
        }
        f.record(m, 0, false);
    }
    CHECK(fresh_count == Approx(10000).margin(4 * 87));  // Binomial(40000, 1/4): sd ≈ 87
}

TEST_CASE("averaging variants with repeats: count-first ≤ count-each and count-first < count-instance", "[sim]") {
    // 002 §II-E: count-first counts a false positive once over all arrivals; count-each counts every
    // arrival of a message whose first arrival was one; count-instance only first arrivals (the largest).
    for (StreamKind kind : {StreamKind::pool, StreamKind::fading}) {
        SimConfig c = config(Structure::sigma, 64, 3, 30, 20000, 12);
        c.sigma = 40;
        c.stream.kind = kind;
        c.stream.pool = 100;
        c.stream.new_fraction = 0.3;
        c.stream.window = 200;
        const SimResult r = simulate(c);
        INFO(to_string(kind) << ": instance " << r.count_instance.batch.mean << ", first " << r.count_first.batch.mean
                             << ", each " << r.count_each.batch.mean);
        for (const EpochCounts& e : r.epochs) {
            CHECK(e.fp_first <= e.fp_each);
            CHECK(e.new_arrivals <= e.arrivals);
        }
        CHECK(r.count_first.batch.interval.high < r.count_instance.batch.interval.low);
        CHECK(r.count_each.batch.interval.high < r.count_instance.batch.interval.low);
        CHECK(r.false_negatives > 0);  // repeats of messages forgotten by a recycle
    }
}

TEST_CASE("count-instance does not depend on the repeat pattern (002 §II-E)", "[sim]") {
    // σ-bounded, non-retaining: the FPR of new arrivals is the same with a fresh stream and with a pool
    // of repeats (the chain only moves on new messages). Independent seeds, 99% intervals must overlap.
    SimConfig a = config(Structure::sigma, 64, 3, 40, 20000, 100);
    a.sigma = 40;
    SimConfig b = a;
    b.seed = 200;
    b.stream.kind = StreamKind::pool;
    b.stream.pool = 5000;
    b.arrivals = 40000;
    const SimResult ra = simulate(a), rb = simulate(b);
    INFO("fresh " << ra.count_instance.batch.mean << " ± " << ra.count_instance.batch.half_width << ", pool "
                  << rb.count_instance.batch.mean << " ± " << rb.count_instance.batch.half_width);
    CHECK(ra.count_instance.batch.interval.low <= rb.count_instance.batch.interval.high);
    CHECK(rb.count_instance.batch.interval.low <= ra.count_instance.batch.interval.high);
}

TEST_CASE("determinism: same seed same counts, chunk sizes do not matter, other seeds differ", "[sim]") {
    SimConfig c = config(Structure::two_phase, 300, 4, 4, 5000, 42);
    c.sigma = 150;
    c.stream.kind = StreamKind::fading;
    const SimResult whole = simulate(c);
    SimRunner chunked(c);
    int chunks = 0;
    while (!chunked.run(97).done) ++chunks;  // tiny budgets: thousands of chunks
    CHECK(chunks > 1000);
    const SimResult r = chunked.result();
    REQUIRE(r.epochs.size() == whole.epochs.size());
    for (std::size_t i = 0; i < r.epochs.size(); ++i) {
        CHECK(r.epochs[i].fp_first == whole.epochs[i].fp_first);
        CHECK(r.epochs[i].fp_each == whole.epochs[i].fp_each);
        CHECK(r.epochs[i].false_negatives == whole.epochs[i].false_negatives);
    }
    c.seed = 43;
    const SimResult other = simulate(c);
    bool differs = false;
    for (std::size_t i = 0; i < r.epochs.size(); ++i) differs |= other.epochs[i].fp_first != whole.epochs[i].fp_first;
    CHECK(differs);
}

TEST_CASE("bad input: named errors before anything runs", "[sim]") {
    auto param = [](SimConfig c) -> std::string {
        try {
            SimRunner r(c);
        } catch (const Error& e) {
            return e.parameter();
        }
        return "";
    };
    SimConfig ok = config(Structure::bloom, 1000, 7, 10, 1000, 1);
    ok.n = 100;
    CHECK(param(ok).empty());
    SimConfig c = ok;
    c.epochs = 0;
    CHECK(param(c) == "epochs");
    c.epochs = 1;
    CHECK(param(c) == "epochs");  // a t interval needs two epochs
    c = ok, c.arrivals = 0;
    CHECK(param(c) == "arrivals");
    c = ok, c.m = 0;
    CHECK(param(c) == "m");
    c = ok, c.m = (std::uint64_t{1} << 31) + 1;
    CHECK(param(c) == "m");
    c = ok, c.k = 65;
    CHECK(param(c) == "k");
    c = ok, c.n = 0;
    CHECK(param(c) == "n");
    c = ok, c.confidence = 1;
    CHECK(param(c) == "confidence");
    c = ok, c.stream.kind = StreamKind::pool;
    CHECK(param(c) == "stream");
    c = ok, c.arrivals = std::uint64_t{1} << 40;  // 10·2^40·7·… probes: over the time budget
    CHECK(param(c) == "arrivals");
    c = ok, c.structure = Structure::counting, c.m = std::uint64_t{1} << 30;  // 1 GiB of counters
    CHECK(param(c) == "m");
    c = ok, c.structure = Structure::two_phase, c.m = std::uint64_t{1} << 31;  // 2 × 256 MiB
    c.sigma = 100;
    CHECK(param(c) == "m");
    c = ok, c.structure = Structure::sigma, c.sigma = 1000;  // exceeds: σ ≤ m − 1
    CHECK(param(c) == "sigma");
    c.boundary = Boundary::reaches;
    CHECK(param(c).empty());
    c.sigma = 0;
    CHECK(param(c) == "sigma");
    c = ok, c.structure = Structure::n_real, c.retaining = true;
    CHECK(param(c) == "retaining");
    c = ok, c.structure = Structure::sigma, c.sigma = 10, c.stream.kind = StreamKind::fading, c.stream.new_fraction = 0;
    CHECK(param(c) == "newFraction");
    c.stream.new_fraction = 0.5, c.stream.window = 0;
    CHECK(param(c) == "window");
    c = ok, c.structure = Structure::sigma, c.sigma = 10, c.stream.kind = StreamKind::pool, c.stream.pool = kMaxPool + 1;
    CHECK(param(c) == "pool");
    CHECK_THROWS_AS(parse_structure("cuckoo"), RangeError);
    CHECK_THROWS_AS(parse_hash_scheme("md5"), RangeError);
    CHECK_THROWS_AS(parse_boundary("above"), RangeError);
    CHECK_THROWS_AS(parse_stream("zipf"), RangeError);
}
