// The Bloom paradox on the engine's structures: the chunked loop over filter instances and the ratio
// statistics. core/include/bloomcalc/paradox/sim.hpp; the input's validation is core/src/paradox/sim_config.cpp.
#include "bloomcalc/paradox/sim.hpp"

#include <algorithm>
#include <cmath>
#include <type_traits>
#include <variant>

#include "bloomcalc/error.hpp"
#include "bloomcalc/fpr/formulas.hpp"
#include "bloomcalc/paradox/bloom.hpp"
#include "bloomcalc/params.hpp"
#include "bloomcalc/sim/bloom_filter.hpp"
#include "bloomcalc/sim/counting_filter.hpp"
#include "bloomcalc/sim/hashing.hpp"
#include "bloomcalc/sim/statistics.hpp"

namespace bloomcalc {

double theorem1_posterior(double prior, double fpr) {
    BloomParadoxInput in;
    in.prior = prior;
    in.fpr = fpr;
    return bloom_paradox(in).posterior;
}

double estimated_probes(const ParadoxSimConfig& c) {
    return static_cast<double>(c.epochs) * (static_cast<double>(c.n) + static_cast<double>(c.queries)) * c.k;
}

struct ParadoxSimRunner::Impl {
    ParadoxSimConfig c;
    Hasher hasher;
    Rng rng;
    std::uint64_t prior_cut;  // a query is a member iff rng.next() < prior_cut (= P·2^64)
    std::variant<BloomFilter, CountingBloomFilter> f;
    std::vector<ParadoxEpochCounts> epochs;
    ParadoxEpochCounts current;
    std::uint64_t next_id = 0, base = 0, inserted = 0;
    double probes = 0;
    bool done = false;
    std::uint32_t pos[kMaxHashes];

    static std::variant<BloomFilter, CountingBloomFilter> make(const ParadoxSimConfig& c) {
        if (c.structure == Structure::counting) return CountingBloomFilter(c.m);
        return BloomFilter(c.m);
    }

    explicit Impl(const ParadoxSimConfig& config)
        : c(config),
          hasher(c.hashing, static_cast<std::uint32_t>(c.m), c.k, c.seed),
          rng(c.seed ^ 0xa0761d6478bd642fULL),
          prior_cut(static_cast<std::uint64_t>(std::ldexp(c.prior, 64))),  // prior < 1: below 2^64
          f(make(c)) {
        epochs.reserve(static_cast<std::size_t>(c.epochs));
    }

    template <class F>
    void loop(F& filter, double budget) {
        const unsigned k = c.k;
        const double stop = probes + budget;
        do {
            if (inserted < c.n) {  // a new instance: members get ids base .. base + n − 1
                if (inserted == 0) base = next_id;
                hasher.positions(next_id++, pos);
                if constexpr (std::is_same_v<F, BloomFilter>)
                    filter.insert(pos, k);
                else
                    filter.test_and_insert(pos, k);
                ++inserted;
                probes += k;
                continue;
            }
            const bool member = rng.next() < prior_cut;
            // a member uniformly among the n (Lemire's multiply-shift on 64 bits, n < 2^40); else a fresh id
            const std::uint64_t id = member ? base + mul_hi(rng.next(), c.n) : next_id++;
            hasher.positions(id, pos);
            bool positive;
            if constexpr (std::is_same_v<F, BloomFilter>)
                positive = filter.contains_all(pos, k);
            else
                positive = filter.contains(pos, k);
            probes += k;
            ++current.queries;
            current.member_queries += member;
            current.positives += positive;
            current.member_positives += member && positive;
            if (current.queries == c.queries) {
                epochs.push_back(current);
                current = ParadoxEpochCounts{};
                filter.clear();
                inserted = 0;
                done = epochs.size() == c.epochs;
            }
        } while (!done && probes < stop);
    }

    // floor(x·n / 2^64) for n < 2^40 without a 128-bit type.
    static std::uint64_t mul_hi(std::uint64_t x, std::uint64_t n) {
        const std::uint64_t xl = x & 0xffffffffULL, xh = x >> 32, nl = n & 0xffffffffULL, nh = n >> 32;
        const std::uint64_t ll = xl * nl, lh = xl * nh, hl = xh * nl, hh = xh * nh;
        const std::uint64_t mid = (ll >> 32) + (lh & 0xffffffffULL) + (hl & 0xffffffffULL);
        return hh + (lh >> 32) + (hl >> 32) + (mid >> 32);
    }

    void run(double budget) {
        if (done) return;
        std::visit([&](auto& filter) { loop(filter, budget); }, f);
    }

    SimProgress progress() const {
        SimProgress p;
        p.done = done;
        p.epochs_done = epochs.size();
        p.arrivals_done = epochs.size() * c.queries + current.queries;
        p.arrivals_total = c.epochs * c.queries;
        p.probes = probes;
        p.probes_total = estimated_probes(c);
        return p;
    }
};

ParadoxSimRunner::ParadoxSimRunner(const ParadoxSimConfig& config) : impl_(std::make_unique<Impl>(validate(config))) {}
ParadoxSimRunner::~ParadoxSimRunner() = default;
SimProgress ParadoxSimRunner::run(double probe_budget) {
    impl_->run(probe_budget);
    return impl_->progress();
}
SimProgress ParadoxSimRunner::progress() const { return impl_->progress(); }
const std::vector<ParadoxEpochCounts>& ParadoxSimRunner::epochs() const { return impl_->epochs; }

ParadoxSimResult ParadoxSimRunner::result() const {
    const Impl& s = *impl_;
    ParadoxSimResult r;
    r.config = s.c;
    r.progress = s.progress();
    r.epochs = s.epochs;
    for (const auto& e : s.epochs) {
        r.total.queries += e.queries, r.total.member_queries += e.member_queries;
        r.total.positives += e.positives, r.total.member_positives += e.member_positives;
    }
    r.epochs_used = s.epochs.size();
    if (r.total.positives > 0) {
        const double A = static_cast<double>(r.total.member_positives), B = static_cast<double>(r.total.positives);
        r.posterior = A / B;
        if (r.epochs_used >= 2) {
            const double E = static_cast<double>(r.epochs_used);
            double ss = 0;
            for (const auto& e : s.epochs) {
                const double d =
                    static_cast<double>(e.member_positives) - r.posterior * static_cast<double>(e.positives);
                ss += d * d;
            }
            const double se = std::sqrt(ss / (E - 1)) / (B / E) / std::sqrt(E);
            r.half_width = student_t_quantile((1 + s.c.confidence) / 2, E - 1) * se;
        }
    }
    // a probability: clipped to [0, 1] (one member positive in 18 472 positives gave [−8.5e-5, 1.9e-4])
    r.interval = clipped_to_rates(Interval{r.posterior - r.half_width, r.posterior + r.half_width});
    if (r.total.positives == 0) {
        r.interval = Interval{0, 1};  // nothing measured: no interval narrower than every probability
    } else {
        // The t interval collapses when few positives leave every residual 0 (all or none of them members:
        // [1, 1] from 1 positive). Joined with Clopper–Pearson on the member positives among the positives,
        // whose coverage is ≥ the confidence at any count, it is never narrower than the binomial's
        // uncertainty; with many positives the t interval (which also carries the between-filter spread) holds.
        const Interval cp = clopper_pearson_interval(r.total.member_positives, r.total.positives, s.c.confidence);
        r.interval = Interval{std::min(r.interval.low, cp.low), std::max(r.interval.high, cp.high)};
    }
    const std::uint64_t nonmember = r.total.queries - r.total.member_queries;
    r.measured_fpr =
        nonmember ? static_cast<double>(r.total.positives - r.total.member_positives) / static_cast<double>(nonmember)
                  : 0;
    r.fpr_model = *model_value(engine_config(s.c));
    const Filter filter{s.c.m, s.c.n, s.c.k,
                        s.c.hashing == HashScheme::ideal_distinct ? Hashing::distinct : Hashing::colliding};
    r.classic_fpr = classic_fpr(filter);
    r.theorem = theorem1_posterior(s.c.prior, r.fpr_model.value);
    r.theorem_classic = theorem1_posterior(s.c.prior, r.classic_fpr);
    const bool measured = r.total.positives > 0 && r.epochs_used >= 2;
    r.inside = measured && r.theorem >= r.interval.low && r.theorem <= r.interval.high;
    r.classic_inside = measured && r.theorem_classic >= r.interval.low && r.theorem_classic <= r.interval.high;
    if (const auto* cf = std::get_if<CountingBloomFilter>(&s.f)) r.counter_saturations = cf->saturations();
    return r;
}

ParadoxSimResult simulate_paradox(const ParadoxSimConfig& config) {
    ParadoxSimRunner runner(config);
    while (!runner.run(1e9).done) {
    }
    return runner.result();
}

}  // namespace bloomcalc
