// Epochs on workers (issue 34 item 2): each epoch its own seed stream and warm-up, so any split of the epochs gives
// the whole run's counts; the per-epoch warm-up's random phase keeps the estimate unbiased (docs/simulation.md).
#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdint>
#include <vector>

#include "bloomcalc/error.hpp"
#include "bloomcalc/rbf/nbounded.hpp"
#include "sim/support.hpp"

using namespace bloomcalc;
using simtest::config;
using simtest::inside;

// Issue 34 item 2: epochs run on any number of workers. Each epoch draws its own seed stream from (seed, epoch)
// and starts a fresh structure, so an epoch range run alone gives that range of the whole run, bit for bit.
TEST_CASE("epochs split over workers: every split gives the whole run's counts, epoch by epoch", "[sim][workers]") {
    std::vector<SimConfig> cases;
    SimConfig sigma = config(Structure::sigma, 500, 3, 7, 3000, 11);
    sigma.sigma = 200;
    cases.push_back(sigma);
    SimConfig two = config(Structure::two_phase, 600, 4, 5, 2000, 12);
    two.sigma = 150, two.stream.kind = StreamKind::pool, two.stream.pool = 300;
    cases.push_back(two);
    SimConfig real = config(Structure::n_real, 400, 3, 6, 2500, 13);
    real.n = 60;
    cases.push_back(real);
    SimConfig counting = config(Structure::counting, 300, 4, 5, 700, 14);
    counting.n = 90, counting.queries = 200;  // 700 lookups: an instance cut at each epoch's end
    cases.push_back(counting);
    for (const SimConfig& c : cases) {
        INFO(to_string(c.structure));
        const SimResult whole = simulate(c);
        for (std::uint64_t workers : {1, 2, 3}) {
            // contiguous shares, merged by concatenation
            std::vector<EpochCounts> merged;
            const std::uint64_t share = (c.epochs + workers - 1) / workers;
            for (std::uint64_t first = 0; first < c.epochs; first += share) {
                SimRunner part(c, EpochRange{first, std::min(share, c.epochs - first)});
                while (!part.run(1e9).done) {
                }
                merged.insert(merged.end(), part.epochs().begin(), part.epochs().end());
            }
            // strides of `workers` (the pools' split), merged round-robin into a lead runner that runs nothing
            std::vector<std::vector<EpochCounts>> strided;
            for (std::uint64_t w = 0; w < workers; ++w) {
                SimRunner part(c, EpochRange{w, 0, workers});
                while (!part.run(997).done) {
                }
                strided.push_back(part.epochs());
            }
            SimRunner lead(c);
            for (std::uint64_t e = 0; e < c.epochs; ++e) lead.absorb({strided[e % workers][e / workers]}, 1);
            CHECK(lead.progress().done);
            CHECK(lead.progress().arrivals_done == lead.progress().arrivals_total);
            REQUIRE(merged.size() == whole.epochs.size());
            for (const auto& run : {merged, lead.epochs()}) {
                REQUIRE(run.size() == whole.epochs.size());
                for (std::size_t i = 0; i < run.size(); ++i) {
                    INFO("workers " << workers << ", epoch " << i);
                    CHECK(run[i].arrivals == whole.epochs[i].arrivals);
                    CHECK(run[i].new_arrivals == whole.epochs[i].new_arrivals);
                    CHECK(run[i].fp_first == whole.epochs[i].fp_first);
                    CHECK(run[i].fp_each == whole.epochs[i].fp_each);
                    CHECK(run[i].false_negatives == whole.epochs[i].false_negatives);
                    CHECK(run[i].recycles == whole.epochs[i].recycles);
                    CHECK(run[i].counter_saturations == whole.epochs[i].counter_saturations);
                }
            }
            const SimResult r = lead.result();
            CHECK(r.count_instance.batch.mean == whole.count_instance.batch.mean);
            CHECK(r.count_instance.batch.half_width == whole.count_instance.batch.half_width);
            CHECK(r.counter_saturations == whole.counter_saturations);
            CHECK(summarize(c, merged).count_each.pooled == whole.count_each.pooled);
        }
        // an epoch alone is that epoch of the run: its counts are a function of (seed, epoch) only
        SimRunner alone(c, EpochRange{c.epochs - 1, 1});
        while (!alone.run(1e9).done) {
        }
        CHECK(alone.epochs().front().fp_first == whole.epochs.back().fp_first);
        CHECK(alone.epochs().front().recycles == whole.epochs.back().recycles);
    }
}

TEST_CASE("an epoch range is checked: inside [0, epochs), named", "[sim][workers]") {
    SimConfig c = config(Structure::bloom, 1000, 3, 4, 100, 1);
    c.n = 50;
    for (EpochRange bad :
         {EpochRange{4, 1}, EpochRange{2, 3}, EpochRange{0, 5}, EpochRange{0, 3, 2}, EpochRange{0, 1, 0}}) {
        try {
            SimRunner runner(c, bad);
            FAIL("no error for the range " << bad.first << " + " << bad.count);
        } catch (const RangeError& error) {
            CHECK(error.parameter() == "epochs");
        }
    }
    SimRunner lead(c);
    CHECK_THROWS_AS(lead.absorb(std::vector<EpochCounts>(5), 0), RangeError);
}

// The oracle user's cycle is exactly N arrivals of a fresh stream: a periodic chain, the hardest case for a warm-up.
// An epoch of 1.5 cycles started at a fixed phase (the warm-up W = 10 cycles, no jitter) averages the first half
// of a cycle twice (low FPR): biased low. With J uniform in [0, W) the phase is uniform, so the estimate is the
// exact oracle average (000 eq 2, rbf/nbounded.hpp) within the 99 % interval.
TEST_CASE("per-epoch warm-up: the random phase makes a periodic chain's estimate unbiased", "[sim][workers]") {
    const std::uint64_t m = 200, n = 40;
    const unsigned k = 3;
    const double exact = n_bounded(m, k, Hashing::colliding, n).exact_oracle;
    SimConfig c = config(Structure::n_oracle, m, k, 20000, 60, 21);
    c.n = n;
    c.warmup = 400;
    const SimResult r = simulate(c);
    INFO("simulated " << r.count_instance.batch.mean << " ± " << r.count_instance.batch.half_width << ", exact "
                      << exact);
    CHECK(inside(r.count_instance.batch.interval, exact));
    // the warm-ups are W + J_e, J_e spread over [0, W)
    std::uint64_t low = ~std::uint64_t{0}, high = 0;
    for (std::uint64_t e = 0; e < 1000; ++e)
        low = std::min(low, epoch_warmup(c, e)), high = std::max(high, epoch_warmup(c, e));
    CHECK(low < 410);
    CHECK(high > 790);
    CHECK(high < 800);
}
