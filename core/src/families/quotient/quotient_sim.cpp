// The quotient filter's content (the tests' reference) and the simulation of the real filters (quotient_sim.hpp).
#include "bloomcalc/families/quotient/quotient_sim.hpp"

#include <algorithm>

#include "bloomcalc/params.hpp"
#include "bloomcalc/sim/hashing.hpp"

namespace bloomcalc {

QuotientFingerprints::QuotientFingerprints(const QuotientShape& shape, std::uint64_t seed)
    : shape_(shape), salt_(quotient_salt(seed)) {}

bool QuotientFingerprints::insert(std::uint64_t key) {
    if (!quotient_holds(shape_.variant, shape_.q, static_cast<double>(runs_.size() + 1))) return false;
    const std::uint64_t f = fingerprint(key);
    runs_.insert(std::upper_bound(runs_.begin(), runs_.end(), f), f);
    return true;
}

bool QuotientFingerprints::contains(std::uint64_t key) const {
    return std::binary_search(runs_.begin(), runs_.end(), fingerprint(key));
}

bool QuotientFingerprints::remove(std::uint64_t key) {
    const auto it = std::lower_bound(runs_.begin(), runs_.end(), fingerprint(key));
    if (it == runs_.end() || *it != fingerprint(key)) return false;
    runs_.erase(it);
    return true;
}

std::uint64_t QuotientFingerprints::count(std::uint64_t key) const {
    const auto range = std::equal_range(runs_.begin(), runs_.end(), fingerprint(key));
    return static_cast<std::uint64_t>(range.second - range.first);
}

namespace {

template <class Filter>
bool one_quotient_trial(const QuotientSimConfig& c, std::uint64_t t, std::uint64_t queries,
                        std::vector<double>& rates) {
    Filter f(c.shape, mix64(c.seed * kGolden + t));
    for (std::uint64_t k = 0; k < c.keys; ++k)
        if (!f.insert(k)) return false;
    std::uint64_t fp = 0;
    for (std::uint64_t q = 0; q < queries; ++q) fp += f.contains(c.keys + q);
    rates.push_back(static_cast<double>(fp) / static_cast<double>(queries));
    return true;
}

}  // namespace

QuotientSimResult simulate_quotient(const QuotientSimConfig& c) {
    checked_integer(static_cast<double>(c.keys), "keys", 1, std::uint64_t{1} << 26);
    checked_integer(static_cast<double>(c.trials), "trials", 2, std::uint64_t{1} << 20);
    checked_integer(static_cast<double>(c.queries), "queries", 0, std::uint64_t{1} << 32);
    const std::uint64_t queries = c.queries == 0 ? std::max<std::uint64_t>(4096, c.keys) : c.queries;
    QuotientSimResult r;
    std::vector<double> rates;
    const bool qf = c.shape.variant == QuotientVariant::quotient;
    for (std::uint64_t t = 0; t < c.trials; ++t)
        r.built += qf ? one_quotient_trial<QuotientFilter>(c, t, queries, rates)
                      : one_quotient_trial<CountingQuotientFilter>(c, t, queries, rates);
    r.construction_success = clopper_pearson_interval(r.built, c.trials, c.confidence);
    if (rates.size() >= 2) {
        r.fpr = batch_means(rates, c.confidence);
        r.fpr.interval = clipped_to_rates(r.fpr.interval);
    }
    return r;
}

}  // namespace bloomcalc
