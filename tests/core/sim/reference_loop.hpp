// The simulator's arrival loop one arrival at a time, as it was before batched probes (docs/simulation.md,
// "Batched probes"): the reference the engine's counts must equal bit for bit, every count of every epoch.
// It hashes each message at its arrival, asks the stream for the next message only then, and looks up with
// the early-exit lookups (BloomFilter::contains), so nothing of the engine's batching is shared.
#pragma once

#include <cstdint>
#include <type_traits>
#include <vector>

#include "bloomcalc/params.hpp"
#include "bloomcalc/sim/bloom_filter.hpp"
#include "bloomcalc/sim/counting_filter.hpp"
#include "bloomcalc/sim/recycling_filter.hpp"
#include "bloomcalc/sim/runner.hpp"
#include "bloomcalc/sim/two_phase.hpp"

namespace simtest {

struct Reference {
    std::vector<bloomcalc::EpochCounts> epochs;
    std::uint64_t counter_saturations = 0;
};

class ReferenceLoop {
public:
    explicit ReferenceLoop(const bloomcalc::SimConfig& config)
        : c_(bloomcalc::validate(config)),
          hasher_(c_.hashing, static_cast<std::uint32_t>(bloomcalc::array_bits(c_)), c_.k, c_.seed) {}

    // Epoch by epoch, each from its own seed with a fresh structure, hash functions, stream and warm-up
    // (bloomcalc::epoch_seed, epoch_warmup: docs/simulation.md, "Workers").
    Reference run() {
        for (std::uint64_t e = 0; e < c_.epochs; ++e) {
            seed_ = bloomcalc::epoch_seed(c_.seed, e);
            hasher_ = bloomcalc::Hasher(c_.hashing, static_cast<std::uint32_t>(bloomcalc::array_bits(c_)), c_.k, seed_);
            warm_ = bloomcalc::epoch_warmup(c_, e);
            epoch();
        }
        return out_;
    }

private:
    void epoch() {
        using namespace bloomcalc;
        switch (c_.structure) {
        case Structure::bloom: {
            BloomFilter f(c_.m);
            instances(f);
            break;
        }
        case Structure::counting: {
            CountingBloomFilter f(c_.m);
            instances(f);
            out_.epochs.back().counter_saturations = f.saturations();
            out_.counter_saturations += f.saturations();
            break;
        }
        case Structure::sigma: {
            SigmaRecyclingFilter f(c_.m, c_.sigma, c_.boundary, c_.retaining);
            stream(f, 0);
            break;
        }
        case Structure::two_phase: {
            TwoPhaseFilter f(array_bits(c_), c_.sigma, c_.boundary, c_.retaining, c_.swap);
            stream(f, 1);
            break;
        }
        case Structure::n_real:
        case Structure::n_oracle: {
            NBoundedFilter f(c_.m, c_.n, c_.structure == Structure::n_real ? NUser::real : NUser::oracle);
            stream(f, 0);
            break;
        }
        }
    }

    // Books one arrival; true when the epoch is complete.
    bool count(const bloomcalc::EpochCounts& a) {
        if (warm_ > 0) return --warm_, false;
        cur_.arrivals += a.arrivals, cur_.new_arrivals += a.new_arrivals, cur_.fp_first += a.fp_first,
            cur_.fp_each += a.fp_each;
        cur_.false_negatives += a.false_negatives, cur_.recycles += a.recycles;
        if (cur_.arrivals < c_.arrivals) return false;
        out_.epochs.push_back(cur_), cur_ = bloomcalc::EpochCounts{};
        return true;
    }

    // Early exit at the first clear bit or zero counter.
    bool contains(const bloomcalc::BloomFilter& f) const { return f.contains(pos_, c_.k); }
    bool contains(const bloomcalc::CountingBloomFilter& f) const {
        for (unsigned i = 0; i < c_.k; ++i)
            if (f.counter(pos_[i]) == 0) return false;
        return true;
    }

    template <class F>
    void instances(F& f) {
        std::uint64_t id = 0;
        for (;;) {
            for (std::uint64_t i = 0; i < c_.n; ++i) {
                hasher_.positions(id++, pos_);
                if constexpr (std::is_same_v<F, bloomcalc::BloomFilter>)
                    f.insert(pos_, c_.k);
                else
                    f.test_and_insert(pos_, c_.k);
            }
            for (std::uint64_t q = 0; q < c_.queries; ++q) {
                hasher_.positions(id++, pos_);
                bloomcalc::EpochCounts a;
                a.arrivals = a.new_arrivals = 1;
                a.fp_first = a.fp_each = contains(f);
                if (count(a)) return;
            }
            f.clear();
        }
    }

    template <class F>
    void stream(F& f, std::uint64_t span) {
        bloomcalc::MessageStream s(c_.stream, seed_);
        for (;;) {
            const bloomcalc::Message msg = s.next(f.cycles(), span);
            hasher_.positions(msg.id, pos_);
            const bloomcalc::Arrival r = f.arrive(pos_, c_.k, !msg.known);
            bloomcalc::EpochCounts a;
            a.arrivals = 1;
            a.new_arrivals = !msg.known;
            a.fp_first = !msg.known && r.positive;
            a.fp_each = msg.known ? msg.fp_flag : r.positive;
            a.false_negatives = !msg.first_ever && !r.positive;
            a.recycles = r.recycled;
            s.record(msg, f.cycles() - (r.recycled && !f.retains() ? 1 : 0), msg.known ? msg.fp_flag : r.positive);
            if (count(a)) return;
        }
    }

    bloomcalc::SimConfig c_;
    bloomcalc::Hasher hasher_;
    std::uint64_t seed_ = 0, warm_ = 0;
    bloomcalc::EpochCounts cur_;
    Reference out_;
    std::uint32_t pos_[bloomcalc::kMaxHashes];
};

}  // namespace simtest
