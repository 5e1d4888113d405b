// The quotient filter and the counting quotient filter built for real (quotient_filter.hpp).
#include "bloomcalc/families/quotient/quotient_filter.hpp"

#include <algorithm>
#include <cstring>
#include <string>

#include "bloomcalc/error.hpp"
#include "bloomcalc/sim/hashing.hpp"

namespace bloomcalc {

namespace {

std::uint64_t low_bits(unsigned width) { return width >= 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << width) - 1; }

// Bits [bit, bit + width) of a little-endian byte array of `size` bytes (width ≤ 64): one unaligned 64-bit word
// when it holds them and lies inside the array (x86-64 and wasm are little-endian), else byte by byte.
std::uint64_t get_field(const std::uint8_t* data, std::uint64_t size, std::uint64_t bit, unsigned width) {
    const std::uint64_t byte = bit / 8;
    const unsigned shift = bit % 8;
    if (shift + width <= 64 && byte + 8 <= size) {
        std::uint64_t w;
        std::memcpy(&w, data + byte, 8);
        return (w >> shift) & low_bits(width);
    }
    std::uint64_t v = data[byte] >> shift;
    for (unsigned got = 8 - shift, k = 1; got < width; got += 8, ++k) v |= std::uint64_t{data[byte + k]} << got;
    return v & low_bits(width);
}

void set_field(std::uint8_t* data, std::uint64_t size, std::uint64_t bit, unsigned width, std::uint64_t value) {
    const std::uint64_t byte = bit / 8;
    const unsigned shift = bit % 8;
    value &= low_bits(width);
    if (shift + width <= 64 && byte + 8 <= size) {
        std::uint64_t w;
        std::memcpy(&w, data + byte, 8);
        w = (w & ~(low_bits(width) << shift)) | value << shift;
        std::memcpy(data + byte, &w, 8);
        return;
    }
    for (unsigned done = 0; done < width;) {
        const std::uint64_t at = bit + done;
        const unsigned s = at % 8, n = std::min(8 - s, width - done);
        const auto m = static_cast<std::uint8_t>(((1u << n) - 1) << s);
        data[at / 8] = static_cast<std::uint8_t>((data[at / 8] & ~m) | ((value >> done) << s & m));
        done += n;
    }
}

void check_shape(const QuotientShape& shape, QuotientVariant variant) {
    if (shape.variant != variant || shape.q == 0 || shape.slots != std::uint64_t{1} << shape.q)
        throw RangeError("q", std::string("a shape from quotient_shape for the ") + to_string(variant) + " filter",
                         "another variant's shape");
    if (shape.q > 28) throw RangeError("q", "at most 28 (2^28 slots) to build", "q = " + std::to_string(shape.q));
}

int popcount(std::uint64_t x) { return __builtin_popcountll(x); }
// The rank-th (0-based) set bit of x, 64 when x has fewer (gqf.c bitselect; halves by popcount, then bit by bit).
unsigned select_bit(std::uint64_t x, unsigned rank) {
    unsigned pos = 0;
    for (const unsigned w : {32u, 16u, 8u}) {
        const auto c = static_cast<unsigned>(popcount(x & ((std::uint64_t{1} << w) - 1)));
        if (rank >= c) rank -= c, x >>= w, pos += w;
    }
    for (; x; x >>= 1, ++pos)
        if ((x & 1) && rank-- == 0) return pos;
    return 64;
}
std::uint64_t through(unsigned bit) { return bit >= 63 ? ~std::uint64_t{0} : (std::uint64_t{2} << bit) - 1; }

}  // namespace

std::uint64_t quotient_salt(std::uint64_t seed) { return mix64(seed ^ 0x3c6ef372fe94f82bULL); }

std::uint64_t quotient_fingerprint(const QuotientShape& shape, std::uint64_t salt, std::uint64_t key) {
    return mix64(key * kGolden + salt) >> (64 - (shape.q + shape.r));  // the upper p bits: quotient, remainder
}

// ---- QuotientFilter (Bender et al. §3) ----

QuotientFilter::QuotientFilter(const QuotientShape& shape, std::uint64_t seed)
    : shape_(shape), salt_(quotient_salt(seed)), mask_(shape.slots - 1) {
    check_shape(shape, QuotientVariant::quotient);
    bits_.assign(static_cast<std::size_t>(shape.bytes), 0);
}

unsigned QuotientFilter::meta(std::uint64_t i) const {
    return static_cast<unsigned>(get_field(bits_.data(), bits_.size(), i * (shape_.r + 3), 3));
}
void QuotientFilter::set_meta(std::uint64_t i, unsigned m) {
    set_field(bits_.data(), bits_.size(), i * (shape_.r + 3), 3, m);
}
std::uint64_t QuotientFilter::rem(std::uint64_t i) const {
    return get_field(bits_.data(), bits_.size(), i * (shape_.r + 3) + 3, shape_.r);
}
void QuotientFilter::set_rem(std::uint64_t i, std::uint64_t v) {
    set_field(bits_.data(), bits_.size(), i * (shape_.r + 3) + 3, shape_.r, v);
}

// Bender §3 (lookup): back to the cluster's start (the first slot not shifted), then forward, one run for each
// occupied quotient passed, to the slot where quotient fq's run starts (or would start).
std::uint64_t QuotientFilter::run_start(std::uint64_t fq) const {
    std::uint64_t b = fq;
    while (meta(b) & kShifted) b = (b - 1) & mask_;
    std::uint64_t s = b;
    while (b != fq) {
        do s = next(s);
        while (meta(s) & kContinuation);
        do b = next(b);
        while (!(meta(b) & kOccupied));
    }
    return s;
}

bool QuotientFilter::insert(std::uint64_t key) {
    if (!quotient_holds(QuotientVariant::quotient, shape_.q, static_cast<double>(stored_ + 1))) return false;
    const std::uint64_t f = quotient_fingerprint(shape_, salt_, key), fq = f >> shape_.r, fr = f & low_bits(shape_.r);
    ++stored_;
    const unsigned home = meta(fq);
    if (home == 0) {  // an empty slot has its three bits clear (§3): the remainder goes home
        set_meta(fq, kOccupied);
        set_rem(fq, fr);
        return true;
    }
    set_meta(fq, home | kOccupied);
    const std::uint64_t start = run_start(fq);
    std::uint64_t pos = start;
    if (home & kOccupied) {  // fq's run exists: keep it sorted, the new remainder before the first not smaller
        while (rem(pos) < fr) {
            pos = next(pos);
            if (!(meta(pos) & kContinuation)) break;  // past the run's end: append
        }
    }
    // Bender §3 (insert): the remainder goes to pos, everything from pos to the next empty slot one slot right, each
    // moved remainder marked shifted; the run's old first remainder, when displaced, becomes a continuation.
    std::uint64_t carry_rem = fr;
    unsigned carry_meta = (pos != start ? kContinuation : 0) | (pos != fq ? kShifted : 0);
    for (std::uint64_t i = pos;; i = next(i)) {
        const unsigned m = meta(i);
        const std::uint64_t r = rem(i);
        set_meta(i, (m & kOccupied) | carry_meta);
        set_rem(i, carry_rem);
        if (m == 0) break;  // it was empty
        carry_rem = r;
        carry_meta = (m & kContinuation) | kShifted;
        if (i == pos && pos == start && (home & kOccupied)) carry_meta |= kContinuation;
    }
    return true;
}

bool QuotientFilter::contains(std::uint64_t key) const { return count(key) > 0; }

std::uint64_t QuotientFilter::count(std::uint64_t key) const {
    const std::uint64_t f = quotient_fingerprint(shape_, salt_, key), fq = f >> shape_.r, fr = f & low_bits(shape_.r);
    if (!(meta(fq) & kOccupied)) return 0;
    std::uint64_t found = 0;
    std::uint64_t s = run_start(fq);
    do {
        const std::uint64_t r = rem(s);
        if (r > fr) break;  // the run is sorted
        found += r == fr;
        s = next(s);
    } while (meta(s) & kContinuation);
    return found;
}

bool QuotientFilter::remove(std::uint64_t key) {
    const std::uint64_t f = quotient_fingerprint(shape_, salt_, key), fq = f >> shape_.r, fr = f & low_bits(shape_.r);
    if (!(meta(fq) & kOccupied)) return false;
    const std::uint64_t start = run_start(fq);
    std::uint64_t pos = start;
    while (rem(pos) != fr) {
        if (rem(pos) > fr) return false;
        pos = next(pos);
        if (!(meta(pos) & kContinuation)) return false;
    }
    --stored_;
    const bool run_emptied = pos == start && !(meta(next(pos)) & kContinuation);
    if (run_emptied) set_meta(fq, meta(fq) & ~kOccupied);
    // Bender §3 (delete): every remainder after pos up to the next empty slot or the next one at home moves one slot
    // left; a run's first remainder landing on its quotient's slot is no longer shifted. cur_q follows the quotient
    // of the run being moved: the next occupied slot after the last one at each new run.
    std::uint64_t hole = pos, cur_q = fq;
    bool first = true;
    for (;;) {
        const std::uint64_t n = next(hole);
        const unsigned m = meta(n);
        if (!(m & kContinuation) && !(m & kShifted)) break;  // empty, or a run at home: stays
        unsigned moved;
        if (!(m & kContinuation)) {  // the first remainder of the next run
            do cur_q = next(cur_q);
            while (!(meta(cur_q) & kOccupied));
            moved = hole != cur_q ? kShifted : 0;
        } else if (first && pos == start) {  // fq's second remainder becomes its run's first
            moved = hole != fq ? kShifted : 0;
        } else {
            moved = kContinuation | kShifted;
        }
        set_meta(hole, (meta(hole) & kOccupied) | moved);
        set_rem(hole, rem(n));
        hole = n;
        first = false;
    }
    set_meta(hole, meta(hole) & kOccupied);
    set_rem(hole, 0);
    return true;
}

// ---- CountingQuotientFilter (splatlab/cqf src/gqf.c) ----

CountingQuotientFilter::CountingQuotientFilter(const QuotientShape& shape, std::uint64_t seed)
    : shape_(shape), salt_(quotient_salt(seed)), block_bytes_(17 + 64 * std::uint64_t{shape.r} / 8) {
    check_shape(shape, QuotientVariant::counting_quotient);
    nblocks_ = (shape.xnslots + 63) / 64;  // gqf.c qf_init
    bytes_.assign(static_cast<std::size_t>(kCqfMetadataBytes + nblocks_ * block_bytes_), 0);
}

std::uint64_t CountingQuotientFilter::occupieds(std::uint64_t b) const {
    std::uint64_t w;
    std::memcpy(&w, block(b) + 1, 8);
    return w;
}
std::uint64_t CountingQuotientFilter::runends(std::uint64_t b) const {
    std::uint64_t w;
    std::memcpy(&w, block(b) + 9, 8);
    return w;
}
void CountingQuotientFilter::set_occupieds(std::uint64_t b, std::uint64_t w) { std::memcpy(block(b) + 1, &w, 8); }
void CountingQuotientFilter::set_runends(std::uint64_t b, std::uint64_t w) { std::memcpy(block(b) + 9, &w, 8); }
void CountingQuotientFilter::set_runend(std::uint64_t i, bool v) {
    const std::uint64_t bit = std::uint64_t{1} << (i % 64);
    set_runends(i / 64, v ? runends(i / 64) | bit : runends(i / 64) & ~bit);
}

std::uint64_t CountingQuotientFilter::slot(std::uint64_t i) const {
    const std::uint64_t at = kCqfMetadataBytes + (i / 64) * block_bytes_ + 17;
    return get_field(bytes_.data() + at, bytes_.size() - at, (i % 64) * shape_.r, shape_.r);
}
void CountingQuotientFilter::set_slot(std::uint64_t i, std::uint64_t v) {
    const std::uint64_t at = kCqfMetadataBytes + (i / 64) * block_bytes_ + 17;
    set_field(bytes_.data() + at, bytes_.size() - at, (i % 64) * shape_.r, shape_.r, v);
}

// gqf.c block_offset: the 8-bit offset, or when it saturated (255), the distance recomputed from the run ends.
std::uint64_t CountingQuotientFilter::block_offset(std::uint64_t b) const {
    const std::uint8_t stored = block(b)[0];
    if (stored < 255) return stored;
    return run_end(64 * b - 1) - 64 * b + 1;
}

// gqf.c run_end: the end of the run of the last occupied quotient ≤ i (i itself when that run ends before i), by the
// rank of i among its block's occupieds and the select of that rank among the runends past the block's offset
// (Pandey et al. §3).
std::uint64_t CountingQuotientFilter::run_end(std::uint64_t i) const {
    const std::uint64_t b = i / 64;
    const unsigned o = i % 64;
    const std::uint64_t offset = block_offset(b);
    const int rank = popcount(occupieds(b) & through(o));
    if (rank == 0) return offset <= o ? i : 64 * b + offset - 1;
    std::uint64_t rb = b + offset / 64;
    std::uint64_t ignore = low_bits(offset % 64);
    auto k = static_cast<unsigned>(rank - 1);
    for (;;) {
        const std::uint64_t ends = runends(rb) & ~ignore;
        const auto c = static_cast<unsigned>(popcount(ends));
        if (k < c) return std::max(64 * rb + select_bit(ends, k), i);
        k -= c;
        ++rb;
        ignore = 0;
    }
}

// gqf.c offset_lower_bound: how many slots from i on runs of quotients ≤ i still fill; 0 exactly when slot i is empty.
std::uint64_t CountingQuotientFilter::offset_lower_bound(std::uint64_t i) const {
    const std::uint64_t b = i / 64;
    const unsigned o = i % 64;
    const unsigned stored = block(b)[0];
    const int occ = popcount(occupieds(b) & through(o));
    if (stored <= o) return static_cast<std::uint64_t>(occ - popcount((runends(b) & low_bits(o)) >> stored));
    return stored - o + static_cast<std::uint64_t>(occ);
}

// gqf.c find_first_empty_slot; xnslots when none is left (QF_NO_SPACE).
std::uint64_t CountingQuotientFilter::first_empty_slot(std::uint64_t from) const {
    while (from < shape_.xnslots) {
        const std::uint64_t t = offset_lower_bound(from);
        if (t == 0) return from;
        from += t;
    }
    return shape_.xnslots;
}

bool CountingQuotientFilter::insert(std::uint64_t key) {
    // gqf.c qf_insert: QF_NO_SPACE once noccupied_slots >= 0.95·nslots
    if (!quotient_holds(QuotientVariant::counting_quotient, shape_.q, static_cast<double>(occupied_slots_ + 1)))
        return false;
    const std::uint64_t f = quotient_fingerprint(shape_, salt_, key), fq = f >> shape_.r, fr = f & low_bits(shape_.r);
    const std::uint64_t home_bit = std::uint64_t{1} << (fq % 64);
    if (offset_lower_bound(fq) == 0) {  // gqf.c insert1: the home slot is empty
        set_runend(fq, true);
        set_slot(fq, fr);
        set_occupieds(fq / 64, occupieds(fq / 64) | home_bit);
        ++occupied_slots_;
        return true;
    }
    const std::uint64_t end = run_end(fq);
    std::uint64_t at = end + 1;  // a new run goes after the run ending at or past fq
    const bool occupied = is_occupied(fq);
    if (occupied) {  // a copy or a new remainder: kept sorted within the run, before the first not smaller
        at = run_start(fq);
        while (at <= end && slot(at) < fr) ++at;
    }
    const std::uint64_t empty = first_empty_slot(end + 1);
    if (empty >= shape_.xnslots) return false;  // gqf.c insert1: QF_NO_SPACE (never below the load limit for q ≤ 6)
    // gqf.c shift_remainders, shift_runends: [at, empty) one slot right
    for (std::uint64_t j = empty; j > at; --j) {
        set_slot(j, slot(j - 1));
        set_runend(j, is_runend(j - 1));
    }
    set_slot(at, fr);
    if (!occupied) {
        set_runend(at, true);  // insert1 operation 0: a run of its own
    } else if (at > end) {
        set_runend(at - 1, false);  // operation 1: appended, the run's end moves
        set_runend(at, true);
    } else {
        set_runend(at, false);  // operation 2: inside the run
    }
    // insert1: every block from the one after fq's to the empty slot's holds one more slot of earlier runs
    for (std::uint64_t b = fq / 64 + 1; b <= empty / 64; ++b)
        if (block(b)[0] < 255) ++block(b)[0];
    set_occupieds(fq / 64, occupieds(fq / 64) | home_bit);
    ++occupied_slots_;
    return true;
}

bool CountingQuotientFilter::contains(std::uint64_t key) const { return count(key) > 0; }

std::uint64_t CountingQuotientFilter::count(std::uint64_t key) const {
    const std::uint64_t f = quotient_fingerprint(shape_, salt_, key), fq = f >> shape_.r, fr = f & low_bits(shape_.r);
    if (!is_occupied(fq)) return 0;
    std::uint64_t found = 0;
    for (std::uint64_t i = run_start(fq);; ++i) {  // gqf.c qf_count_key_value
        const std::uint64_t r = slot(i);
        if (r > fr) break;
        found += r == fr;
        if (is_runend(i)) break;
    }
    return found;
}

// Offsets of blocks first..last from the run ends, in order (run_end(64b − 1) reads block b − 1's offset): gqf.c
// remove_replace_slots_and_shift_remainders_and_runends_and_offsets, saturating at 255 as insert1 does.
void CountingQuotientFilter::update_offsets(std::uint64_t first, std::uint64_t last) {
    for (std::uint64_t b = first; b <= last && b < nblocks_; ++b) {
        const std::uint64_t spill = run_end(64 * b - 1) - (64 * b - 1);
        block(b)[0] = static_cast<std::uint8_t>(std::min<std::uint64_t>(spill, 255));
    }
}

bool CountingQuotientFilter::remove(std::uint64_t key) {
    const std::uint64_t f = quotient_fingerprint(shape_, salt_, key), fq = f >> shape_.r, fr = f & low_bits(shape_.r);
    if (!is_occupied(fq)) return false;
    const std::uint64_t start = run_start(fq);
    std::uint64_t pos = start;
    for (;; ++pos) {
        const std::uint64_t r = slot(pos);
        if (r == fr) break;
        if (r > fr || is_runend(pos)) return false;
    }
    const bool was_end = is_runend(pos);
    if (was_end && pos > start) set_runend(pos - 1, true);  // the run's new last slot
    if (was_end && pos == start) set_occupieds(fq / 64, occupieds(fq / 64) & ~(std::uint64_t{1} << (fq % 64)));
    // _remove: the slots after pos move one left, run by run, until an empty slot or a run at its quotient
    std::uint64_t hole = pos, cur_q = fq;
    bool next_starts_run = was_end;
    while (hole + 1 < shape_.xnslots) {
        if (next_starts_run) {  // the next run's quotient: the next occupied one after cur_q; it moves if ≤ hole
            std::uint64_t q = cur_q + 1;
            while (q <= hole && !is_occupied(q)) ++q;
            if (q > hole) break;
            cur_q = q;
        }
        set_slot(hole, slot(hole + 1));
        next_starts_run = is_runend(hole + 1);
        set_runend(hole, next_starts_run);
        ++hole;
    }
    set_slot(hole, 0);
    set_runend(hole, false);
    --occupied_slots_;
    update_offsets(fq / 64 + 1, hole / 64 + 1);
    return true;
}

}  // namespace bloomcalc
