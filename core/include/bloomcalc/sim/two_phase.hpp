// Two-phase recycling Bloom filter (002 §II-C, §IV-F1): two arrays of ⌊M/2⌋ bits (M the total memory), one
// active, one frozen. Messages are inserted into the active array; a lookup checks both. When the active array
// crosses the σ boundary it becomes the frozen one (the old frozen array is discarded) and a cleared array
// becomes active; with retaining, the triggering message is also set in the new active array. Swap `after`:
// the frozen array keeps the triggering message's bits (insert, then check); `before` (000 eq 24): it is the
// active array as the triggering message found it (that message's new bits are taken out again).
#pragma once

#include <cstdint>

#include "bloomcalc/rbf/params.hpp"
#include "bloomcalc/sim/bloom_filter.hpp"
#include "bloomcalc/sim/recycling_filter.hpp"

namespace bloomcalc {

class TwoPhaseFilter {
public:
    // m: bits of EACH array.
    TwoPhaseFilter(std::uint64_t m, std::uint64_t sigma, Boundary boundary, bool retaining,
                   SwapPoint swap = SwapPoint::after)
        : a_(m),
          b_(m),
          limit_(boundary == Boundary::exceeds ? sigma : sigma - 1),
          retaining_(retaining),
          before_(swap == SwapPoint::before) {}

    // Every arrival is inserted into the active array, also one found only in the frozen array (so a
    // live message survives the next recycle); the active array then evolves exactly as a one-phase
    // σ-bounded filter driven by the same messages.
    Arrival arrive(const std::uint32_t* pos, unsigned k, bool /*is_new*/) {
        Arrival a;
        BloomFilter& act = active();
        const bool in_frozen = frozen().contains_all(pos, k);
        std::uint32_t fresh[64];  // swap before: the positions this message sets (k ≤ 64)
        unsigned n_fresh = 0;
        if (before_)
            for (unsigned i = 0; i < k; ++i) {  // branch-free: written always, kept when the bit was clear
                fresh[n_fresh] = pos[i];
                n_fresh += !act.bit(pos[i]);
            }
        bool in_active = false;
        act.test_and_insert(pos, k, in_active);
        a.positive = in_active || in_frozen;
        if (act.set_bits() > limit_) {
            frozen().clear();
            if (before_) act.erase(fresh, n_fresh);  // the frozen array as the message found it
            active_is_a_ = !active_is_a_;            // the full array is now frozen, the cleared one active
            if (retaining_) active().insert(pos, k);
            a.recycled = true;
            ++cycles_;
        }
        return a;
    }
    bool retains() const { return retaining_; }
    std::uint64_t cycles() const { return cycles_; }
    // Both arrays: a lookup reads the frozen one, an insertion the active one.
    std::uint64_t touch(const std::uint32_t* pos, unsigned count) const {
        return a_.touch(pos, count) | b_.touch(pos, count);
    }
    bool far() const { return a_.far(); }
    const BloomFilter& active() const { return active_is_a_ ? a_ : b_; }
    const BloomFilter& frozen() const { return active_is_a_ ? b_ : a_; }

private:
    BloomFilter& active() { return active_is_a_ ? a_ : b_; }
    BloomFilter& frozen() { return active_is_a_ ? b_ : a_; }
    BloomFilter a_, b_;
    std::uint64_t limit_;
    bool retaining_, before_;
    bool active_is_a_ = true;
    std::uint64_t cycles_ = 0;
};

}  // namespace bloomcalc
