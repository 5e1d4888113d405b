// The content of a (counting) quotient filter on seeded hashing: each key's p = q + r bit fingerprint split into its
// quotient (the home slot) and remainder, kept in quotient order as the filter's runs are; lookup, deletion of one
// copy and the count of copies compare both parts, as the filter does. The tests' reference for the filters built
// slot for slot (quotient_filter.hpp), which the simulation measures.
#pragma once

#include <cstdint>
#include <vector>

#include "bloomcalc/families/quotient/quotient.hpp"
#include "bloomcalc/families/quotient/quotient_filter.hpp"
#include "bloomcalc/sim/statistics.hpp"

namespace bloomcalc {

class QuotientFingerprints {
public:
    QuotientFingerprints(const QuotientShape& shape, std::uint64_t seed);
    bool insert(std::uint64_t key);  // false past the variant's load limit (cqf: QF_NO_SPACE)
    bool contains(std::uint64_t key) const;
    bool remove(std::uint64_t key);
    std::uint64_t count(std::uint64_t key) const;
    const std::vector<std::uint64_t>& fingerprints() const { return runs_; }  // quotient << r | remainder, sorted

private:
    std::uint64_t fingerprint(std::uint64_t key) const { return quotient_fingerprint(shape_, salt_, key); }
    QuotientShape shape_;
    std::uint64_t salt_;
    std::vector<std::uint64_t> runs_;  // sorted: by quotient, then remainder
};

struct QuotientSimConfig {
    QuotientShape shape;
    std::uint64_t keys = 0, trials = 32, queries = 0, seed = 1;  // queries 0: max(4096, keys)
    double confidence = 0.99;
};
struct QuotientSimResult {
    std::uint64_t built = 0;
    Interval construction_success;
    BatchMeans fpr;
};
// FPR and construction success of the real filter of the shape's variant (QuotientFilter, CountingQuotientFilter).
// RangeError naming keys, trials, queries, or q when the table has more than 2^28 slots.
QuotientSimResult simulate_quotient(const QuotientSimConfig& config);

}  // namespace bloomcalc
