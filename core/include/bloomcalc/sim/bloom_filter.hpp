// The standard Bloom filter as a real data structure: m bits in 64-bit words and a count of set bits.
#pragma once

#include <algorithm>
#include <cstdint>
#include <vector>

#include "bloomcalc/sim/prefetch.hpp"

namespace bloomcalc {

class BloomFilter {
public:
    explicit BloomFilter(std::uint64_t m) : m_(m), words_(static_cast<std::size_t>((m + 63) / 64), 0) {}

    std::uint64_t m() const { return m_; }
    std::uint64_t set_bits() const { return set_bits_; }

    // Requests the words of `count` positions (sim/prefetch.hpp); in wasm returns them OR-ed, for the caller's sink.
    std::uint64_t touch(const std::uint32_t* pos, unsigned count) const {
        const std::uint64_t* const words = words_.data();
        return touch_lines(count, [&](unsigned i) { return &words[pos[i] >> 6]; });
    }
    // Whether the array leaves the caches (then touch() before probing pays).
    bool far() const { return words_.size() * sizeof(std::uint64_t) > kCachedBytes; }

    // True when every position is already set (a positive: "seen before").
    bool contains(const std::uint32_t* pos, unsigned k) const {
        for (unsigned i = 0; i < k; ++i)
            if (!((words_[pos[i] >> 6] >> (pos[i] & 63)) & 1)) return false;
        return true;
    }

    // The same answer without an early exit: all k bits are read (branch-free), so a lookup costs
    // exactly k probes; this is the lookup the simulator uses and counts.
    bool contains_all(const std::uint32_t* pos, unsigned k) const {
        std::uint64_t all = 1;
        for (unsigned i = 0; i < k; ++i) all &= words_[pos[i] >> 6] >> (pos[i] & 63);
        return all & 1;
    }

    // Sets the positions; returns how many bits went from 0 to 1.
    unsigned insert(const std::uint32_t* pos, unsigned k) {
        unsigned fresh = 0;
        for (unsigned i = 0; i < k; ++i) {
            std::uint64_t& w = words_[pos[i] >> 6];
            const std::uint64_t bit = std::uint64_t{1} << (pos[i] & 63);
            fresh += (w & bit) == 0;
            w |= bit;
        }
        set_bits_ += fresh;
        return fresh;
    }

    // One pass of k probes: tests and sets. `was_positive` is true when every position was set
    // before this message (a repeated position cleared by nobody reads as set only if it was).
    unsigned test_and_insert(const std::uint32_t* pos, unsigned k, bool& was_positive) {
        const unsigned fresh = insert(pos, k);
        was_positive = fresh == 0;
        return fresh;
    }

    // Clears the given positions (those set; repeats are harmless): undoes an insertion whose new bits they are.
    void erase(const std::uint32_t* pos, unsigned n) {
        for (unsigned i = 0; i < n; ++i) {
            std::uint64_t& w = words_[pos[i] >> 6];
            const std::uint64_t bit = std::uint64_t{1} << (pos[i] & 63);
            set_bits_ -= (w & bit) != 0;
            w &= ~bit;
        }
    }

    void clear() {
        if (set_bits_ == 0) return;
        std::fill(words_.begin(), words_.end(), 0);
        set_bits_ = 0;
    }

    // Bit i (for tests).
    bool bit(std::uint64_t i) const { return (words_[static_cast<std::size_t>(i >> 6)] >> (i & 63)) & 1; }

private:
    std::uint64_t m_;
    std::vector<std::uint64_t> words_;
    std::uint64_t set_bits_ = 0;
};

}  // namespace bloomcalc
