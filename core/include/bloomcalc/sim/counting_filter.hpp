// Counting Bloom filter (Fan, Cao, Almeida, Broder 2000): one 8-bit counter per position instead of a
// bit, so messages can be removed. Counters saturate at 255 and then stay there (a saturated counter
// is never decremented, so no false negative can arise from an overflow); saturations are counted.
#pragma once

#include <algorithm>
#include <cstdint>
#include <vector>

#include "bloomcalc/sim/prefetch.hpp"

namespace bloomcalc {

class CountingBloomFilter {
public:
    static constexpr std::uint8_t kMaxCount = 255;

    explicit CountingBloomFilter(std::uint64_t m) : counters_(static_cast<std::size_t>(m), 0) {}

    std::uint64_t m() const { return counters_.size(); }
    std::uint64_t nonzero() const { return nonzero_; }
    std::uint64_t saturations() const { return saturations_; }
    std::uint8_t counter(std::uint64_t i) const { return counters_[static_cast<std::size_t>(i)]; }

    std::uint64_t touch(const std::uint32_t* pos, unsigned count) const {
        const std::uint8_t* const counters = counters_.data();
        return touch_lines(count, [&](unsigned i) { return &counters[pos[i]]; });
    }
    bool far() const { return counters_.size() > kCachedBytes; }

    // All k counters are read (no early exit: a branch on random data mispredicts and serialises the loads).
    bool contains(const std::uint32_t* pos, unsigned k) const {
        bool all = true;
        for (unsigned i = 0; i < k; ++i) all &= counters_[pos[i]] != 0;
        return all;
    }

    // Increments each probed counter (a repeated position twice); returns true when every counter
    // was non-zero before (a positive). Branch-free: flags and sums instead of tests.
    bool test_and_insert(const std::uint32_t* pos, unsigned k) {
        bool positive = true;
        for (unsigned i = 0; i < k; ++i) {
            std::uint8_t& c = counters_[pos[i]];
            const bool zero = c == 0, full = c == kMaxCount;
            positive &= !zero;
            nonzero_ += zero;
            saturations_ += full;
            c = static_cast<std::uint8_t>(c + !full);
        }
        return positive;
    }

    // Decrements each probed counter of a message that was inserted; saturated counters stay.
    void remove(const std::uint32_t* pos, unsigned k) {
        for (unsigned i = 0; i < k; ++i) {
            std::uint8_t& c = counters_[pos[i]];
            if (c == 0 || c == kMaxCount) continue;
            if (--c == 0) --nonzero_;
        }
    }

    void clear() {
        std::fill(counters_.begin(), counters_.end(), std::uint8_t{0});
        nonzero_ = 0;
    }

private:
    std::vector<std::uint8_t> counters_;
    std::uint64_t nonzero_ = 0;
    std::uint64_t saturations_ = 0;
};

}  // namespace bloomcalc
