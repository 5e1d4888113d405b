// The quotient filters of quotient.hpp built for real, slot for slot, on the seeded fingerprint of quotient_sim.hpp.
//   QuotientFilter          Bender et al., VLDB 2012 §3: one bit array of 2^q slots of r + 3 bits, ⌈2^q(r + 3)/8⌉
//                           bytes; slot i at bit i(r + 3): is_occupied, is_continuation, is_shifted, then the r-bit
//                           remainder (bits least significant first, bytes little-endian). Runs in quotient order,
//                           clusters wrapping round the end of the array; a run's remainders kept sorted.
//   CountingQuotientFilter  Pandey et al., SIGMOD 2017 §3–4, splatlab/cqf src/gqf.c: qf_init's bytes, 128 of
//                           qfmetadata (allocated, unused: the counts are members here), then ⌈xnslots/64⌉ packed
//                           blocks (include/gqf_int.h qfblock) of an 8-bit offset, the occupieds and runends words
//                           and 64 r-bit remainders; no wrap-around (the xnslots − 2^q overflow slots), rank and
//                           select to find a run's end. Copies of a fingerprint are repeated remainders, one slot
//                           each, not gqf.c's counter encoding (encode_counter): docs/families.md, "Quotient".
// Both refuse an insertion past the variant's load limit (quotient_holds), as QuotientFingerprints does.
#pragma once

#include <cstdint>
#include <vector>

#include "bloomcalc/families/quotient/quotient.hpp"

namespace bloomcalc {

// The salt of a seed and a key's p = q + r bit fingerprint, quotient << r | remainder (the filters and
// QuotientFingerprints share them, so all three answer alike).
std::uint64_t quotient_salt(std::uint64_t seed);
std::uint64_t quotient_fingerprint(const QuotientShape& shape, std::uint64_t salt, std::uint64_t key);

class QuotientFilter {
public:
    // RangeError naming q when the shape is not the QF's, or its 2^q slots are more than 2^28.
    QuotientFilter(const QuotientShape& shape, std::uint64_t seed);
    bool insert(std::uint64_t key);  // false past n ≤ 0.75·2^q
    bool contains(std::uint64_t key) const;
    bool remove(std::uint64_t key);  // one copy
    std::uint64_t count(std::uint64_t key) const;
    std::uint64_t size() const { return stored_; }
    const std::vector<std::uint8_t>& bytes() const { return bits_; }  // the slots, exactly quotient_shape()'s bytes

    static constexpr unsigned kOccupied = 1, kContinuation = 2, kShifted = 4;  // a slot's low three bits

private:
    unsigned meta(std::uint64_t i) const;
    void set_meta(std::uint64_t i, unsigned m);
    std::uint64_t rem(std::uint64_t i) const;
    void set_rem(std::uint64_t i, std::uint64_t v);
    std::uint64_t next(std::uint64_t i) const { return (i + 1) & mask_; }
    std::uint64_t run_start(std::uint64_t fq) const;

    QuotientShape shape_;
    std::uint64_t salt_, mask_;
    std::uint64_t stored_ = 0;
    std::vector<std::uint8_t> bits_;
};

class CountingQuotientFilter {
public:
    // RangeError naming q when the shape is not the cqf's, or its 2^q slots are more than 2^28.
    CountingQuotientFilter(const QuotientShape& shape, std::uint64_t seed);
    bool insert(std::uint64_t key);  // false at QF_NO_SPACE (gqf.c qf_insert's 0.95·nslots, or no empty slot)
    bool contains(std::uint64_t key) const;
    bool remove(std::uint64_t key);  // one copy
    std::uint64_t count(std::uint64_t key) const;
    std::uint64_t size() const { return occupied_slots_; }
    const std::vector<std::uint8_t>& bytes() const { return bytes_; }  // metadata and blocks, quotient_shape()'s bytes

private:
    std::uint8_t* block(std::uint64_t b) { return bytes_.data() + kCqfMetadataBytes + b * block_bytes_; }
    const std::uint8_t* block(std::uint64_t b) const { return bytes_.data() + kCqfMetadataBytes + b * block_bytes_; }
    std::uint64_t occupieds(std::uint64_t b) const;
    std::uint64_t runends(std::uint64_t b) const;
    void set_occupieds(std::uint64_t b, std::uint64_t w);
    void set_runends(std::uint64_t b, std::uint64_t w);
    bool is_occupied(std::uint64_t i) const { return occupieds(i / 64) >> (i % 64) & 1; }
    bool is_runend(std::uint64_t i) const { return runends(i / 64) >> (i % 64) & 1; }
    void set_runend(std::uint64_t i, bool v);
    std::uint64_t slot(std::uint64_t i) const;
    void set_slot(std::uint64_t i, std::uint64_t v);
    std::uint64_t block_offset(std::uint64_t b) const;
    std::uint64_t run_end(std::uint64_t i) const;
    std::uint64_t offset_lower_bound(std::uint64_t i) const;
    std::uint64_t first_empty_slot(std::uint64_t from) const;
    std::uint64_t run_start(std::uint64_t fq) const { return fq == 0 ? 0 : run_end(fq - 1) + 1; }
    void update_offsets(std::uint64_t first_block, std::uint64_t last_block);

    QuotientShape shape_;
    std::uint64_t salt_, block_bytes_, nblocks_;
    std::uint64_t occupied_slots_ = 0;  // qfmetadata noccupied_slots
    std::vector<std::uint8_t> bytes_;
};

}  // namespace bloomcalc
