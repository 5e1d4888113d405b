// Recycling Bloom filters as real data structures (000/002 §II-D, §III, §IV): a filter that is
// cleared when it is "full enough", by the number of set bits (σ-bounded) or by a count of messages
// (N-bounded, for the real user or the oracle user). docs/simulation.md, "Structures".
#pragma once

#include <cstdint>
#include <string>

#include "bloomcalc/sim/bloom_filter.hpp"

namespace bloomcalc {

// When a σ-bounded filter recycles, judged after each insertion with b the number of set bits:
// exceeds: b > σ (the papers' rule, 000 §IV: states 0..σ); reaches: b ≥ σ (states 0..σ−1, the
// same filter as `exceeds` with σ − 1).
enum class Boundary { exceeds, reaches };
Boundary parse_boundary(const std::string& text);  // "exceeds" | "reaches"
const char* to_string(Boundary b);

// What one arrival did to a structure.
struct Arrival {
    bool positive = false;  // every probed bit was already set (in some checked filter): "seen before"
    bool recycled = false;  // the arrival triggered a recycle
};

// σ-bounded recycling filter. A message is tested, then inserted; if afterwards the set-bit count
// crosses the boundary the filter is cleared. Retaining: the triggering message's bits are then set
// in the fresh filter (it is the first message of the new cycle); non-retaining: it is forgotten.
class SigmaRecyclingFilter {
public:
    SigmaRecyclingFilter(std::uint64_t m, std::uint64_t sigma, Boundary boundary, bool retaining)
        : filter_(m), limit_(boundary == Boundary::exceeds ? sigma : sigma - 1), retaining_(retaining) {}

    Arrival arrive(const std::uint32_t* pos, unsigned k, bool /*is_new*/) {
        Arrival a;
        filter_.test_and_insert(pos, k, a.positive);
        if (filter_.set_bits() > limit_) {
            filter_.clear();
            if (retaining_) filter_.insert(pos, k);
            a.recycled = true;
            ++cycles_;
        }
        return a;
    }
    bool retains() const { return retaining_; }
    std::uint64_t cycles() const { return cycles_; }
    const BloomFilter& filter() const { return filter_; }
    std::uint64_t touch(const std::uint32_t* pos, unsigned count) const { return filter_.touch(pos, count); }
    bool far() const { return filter_.far(); }

private:
    BloomFilter filter_;
    std::uint64_t limit_;  // recycle when set bits > limit_
    bool retaining_;
    std::uint64_t cycles_ = 0;
};

// Who counts the N messages of an N-bounded filter (000/002 §III): the real user counts only
// messages that set at least one bit (a message setting none looks like a repeat); the oracle user
// counts every new message.
enum class NUser { real, oracle };

// N-bounded recycling filter: cleared right after the N-th counted message is inserted, so every
// cycle holds N counted messages and the next message starts a fresh filter.
class NBoundedFilter {
public:
    NBoundedFilter(std::uint64_t m, std::uint64_t n, NUser user) : filter_(m), n_(n), user_(user) {}

    Arrival arrive(const std::uint32_t* pos, unsigned k, bool is_new) {
        Arrival a;
        const unsigned fresh = filter_.test_and_insert(pos, k, a.positive);
        const bool counted = user_ == NUser::real ? fresh > 0 : is_new;
        if (counted && ++count_ == n_) {
            filter_.clear();
            count_ = 0;
            a.recycled = true;
            ++cycles_;
        }
        return a;
    }
    bool retains() const { return false; }
    std::uint64_t cycles() const { return cycles_; }
    std::uint64_t counted() const { return count_; }
    const BloomFilter& filter() const { return filter_; }
    std::uint64_t touch(const std::uint32_t* pos, unsigned count) const { return filter_.touch(pos, count); }
    bool far() const { return filter_.far(); }

private:
    BloomFilter filter_;
    std::uint64_t n_;
    NUser user_;
    std::uint64_t count_ = 0;
    std::uint64_t cycles_ = 0;
};

}  // namespace bloomcalc
