// The content of a (counting) quotient filter built for real, on seeded hashing: each key's p = q + r bit fingerprint
// split into its quotient (the home slot) and remainder, kept in quotient order as the filter's runs are; lookup,
// deletion of one copy and the count of copies compare both parts, as the filter does. The slot layout (shifted runs,
// the QF's three metadata bits, the cqf's blocks) is not built: it decides speed and bytes, not answers.
#pragma once

#include <cstdint>
#include <vector>

#include "bloomcalc/families/quotient/quotient.hpp"
#include "bloomcalc/sim/statistics.hpp"

namespace bloomcalc {

class QuotientFingerprints {
public:
    QuotientFingerprints(const QuotientShape& shape, std::uint64_t seed);
    bool insert(std::uint64_t key);  // false past the variant's load limit (cqf: QF_NO_SPACE)
    bool contains(std::uint64_t key) const;
    bool remove(std::uint64_t key);
    std::uint64_t count(std::uint64_t key) const;

private:
    std::uint64_t fingerprint(std::uint64_t key) const;  // quotient << r | remainder
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
QuotientSimResult simulate_quotient(const QuotientSimConfig& config);

}  // namespace bloomcalc
