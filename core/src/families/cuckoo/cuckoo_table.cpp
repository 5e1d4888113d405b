// The real cuckoo tables and their simulation (cuckoo_table.hpp). Slots hold fingerprints in 32-bit words (0: empty);
// the bytes reported are those the library allocates (cuckoo.hpp), not this array's.
#include "bloomcalc/families/cuckoo/cuckoo_table.hpp"

#include <cmath>
#include <cstring>
#include <utility>

#include "bloomcalc/error.hpp"
#include "bloomcalc/params.hpp"

namespace bloomcalc {

namespace {
constexpr std::uint64_t kAltMultiplier = 0x5bd1e995;  // both libraries' AltIndex / getAltHash
}

CuckooTable::CuckooTable(const CuckooShape& shape, std::uint64_t seed)
    : shape_(shape),
      salt_(mix64(seed ^ 0x2545f4914f6cdd1dULL)),
      tag_mask_(shape.fingerprint_bits >= 32 ? 0xffffffffu : (1u << shape.fingerprint_bits) - 1),
      rng_(seed ^ 0x9c6e2b5f0a4d3e71ULL) {
    tables_.emplace_back(static_cast<std::size_t>(shape_.buckets * shape_.bucket_size), 0u);
    buckets_.push_back(shape_.buckets);
}

CuckooTable::Probe CuckooTable::probe(std::uint64_t key) const {
    const std::uint64_t h = mix64(key * kGolden + salt_);
    if (shape_.library == CuckooLibrary::redisbloom)
        return {static_cast<std::uint32_t>(h % 255 + 1), h};  // getLookupParams
    // GenerateIndexTagHash: index from the upper 32 bits, tag from the lower f (0 becomes 1).
    std::uint32_t tag = static_cast<std::uint32_t>(h) & tag_mask_;
    tag += (tag == 0);
    return {tag, (h >> 32) & (shape_.buckets - 1)};
}

std::uint64_t CuckooTable::alt(std::uint64_t index, std::uint32_t fp, std::uint64_t buckets) const {
    if (shape_.library == CuckooLibrary::redisbloom) return (index ^ (fp * kAltMultiplier)) % buckets;
    return static_cast<std::uint32_t>(index ^ static_cast<std::uint32_t>(fp * 0x5bd1e995u)) & (buckets - 1);
}

namespace {

// cuckoofilter.h AddImpl on buckets of four 32-bit slots (singletable.h InsertTagToBucket), on locals: the stores into
// the slots could otherwise alias the table's unsigned members and reload them on every kick (this loop is most of
// compare()'s time, model only, at n = 10^9). False when the kicks ran out, the tag left over in (index, tag).
inline bool add_impl(std::uint32_t* table, std::uint32_t mask, unsigned max_kicks, Rng& rng, std::uint32_t& index,
                     std::uint32_t& tag) {
    std::uint32_t cur = index, curtag = tag;
    for (unsigned count = 0; count < max_kicks; ++count) {
        std::uint32_t* slots = table + 4 * std::uint64_t{cur};
        // The first empty slot without a branch per slot: a zero 32-bit lane of two words sets its top bit (a lane
        // above a zero one may be set too, by the borrow, so only the lowest set bit is trusted).
        std::uint64_t w0, w1;
        std::memcpy(&w0, slots, 8);
        std::memcpy(&w1, slots + 2, 8);
        constexpr std::uint64_t ones = 0x0000000100000001ULL, tops = 0x8000000080000000ULL;
        const std::uint64_t z0 = (w0 - ones) & ~w0 & tops, z1 = (w1 - ones) & ~w1 & tops;
        const std::uint64_t z = z0 >> 31 | z1 >> 29;                   // slots 0, 1, 2, 3 at bits 0, 32, 2, 34
        const auto empty = static_cast<unsigned>((z | z >> 31) & 15);  // bit j: slot j (or one above an empty one)
        if (empty != 0) {
            slots[__builtin_ctz(empty)] = curtag;
            return true;
        }
        if (count > 0) std::swap(slots[rng.next() & 3], curtag);  // the kickout: rand() % 4
        cur = (cur ^ curtag * 0x5bd1e995u) & mask;                // AltIndex, in 32 bits
    }
    index = cur, tag = curtag;
    return false;
}

}  // namespace

bool CuckooTable::insert_efficient(std::uint64_t index, std::uint32_t tag) {
    static_assert(kEfficientBucketSize == 4, "add_impl reads four slots");
    auto cur = static_cast<std::uint32_t>(index);  // < B ≤ 2^32 (cuckoo_shape)
    if (!add_impl(tables_[0].data(), static_cast<std::uint32_t>(shape_.buckets - 1), shape_.max_kicks, rng_, cur, tag))
        victim_index_ = cur, victim_tag_ = tag, victim_used_ = true;
    return true;  // AddImpl returns Ok with the tag in the victim slot
}

std::uint64_t CuckooTable::fill(std::uint64_t first, std::uint64_t count) {
    if (shape_.library == CuckooLibrary::redisbloom) {
        for (std::uint64_t k = 0; k < count; ++k)
            if (!insert(first + k) || tables_.size() > 1) return k;
        return count;
    }
    // insert() for each key, with the table's fields in locals for the whole run.
    std::uint32_t* const table = tables_[0].data();
    const auto mask = static_cast<std::uint32_t>(shape_.buckets - 1);
    const unsigned max_kicks = shape_.max_kicks;
    const std::uint64_t salt = salt_;
    const std::uint32_t tag_mask = tag_mask_;
    Rng rng = rng_;
    std::uint64_t k = 0;
    for (; k < count && !victim_used_; ++k) {
        const std::uint64_t h = mix64((first + k) * kGolden + salt);  // probe()
        std::uint32_t tag = static_cast<std::uint32_t>(h) & tag_mask;
        tag += (tag == 0);
        auto index = static_cast<std::uint32_t>(h >> 32) & mask;
        if (!add_impl(table, mask, max_kicks, rng, index, tag))
            victim_index_ = index, victim_tag_ = tag, victim_used_ = true;
    }
    rng_ = rng;
    return k;  // the key at k (if any) found the victim slot taken: NotEnoughSpace
}

bool CuckooTable::kick_redis(std::size_t t, const Probe& p) {  // cuckoo.c Filter_KOInsert
    const std::uint64_t B = buckets_[t];
    const unsigned b = shape_.bucket_size;
    std::uint32_t fp = p.fp;
    unsigned victim = 0;
    std::uint64_t ii = p.i1 % B;
    for (unsigned counter = 0; counter < shape_.max_kicks; ++counter) {
        std::swap(bucket(t, ii)[victim], fp);
        ii = alt(ii, fp, B);
        std::uint32_t* slots = bucket(t, ii);
        for (unsigned j = 0; j < b; ++j)
            if (slots[j] == 0) {
                slots[j] = fp;
                return true;
            }
        victim = (victim + 1) % b;
    }
    for (unsigned counter = 0; counter < shape_.max_kicks; ++counter) {  // the roll back
        victim = (victim + b - 1) % b;
        ii = alt(ii, fp, B);
        std::swap(bucket(t, ii)[victim], fp);
    }
    return false;
}

bool CuckooTable::insert(std::uint64_t key) {
    if (shape_.library != CuckooLibrary::redisbloom) {
        if (victim_used_) return false;  // Add: NotEnoughSpace
        const Probe p = probe(key);
        return insert_efficient(p.i1, p.fp);
    }
    const Probe p = probe(key);
    for (;;) {  // CuckooFilter_InsertFP
        for (std::size_t t = tables_.size(); t-- > 0;) {
            const std::uint64_t B = buckets_[t];
            for (const std::uint64_t i : {p.i1 % B, alt(p.i1, p.fp, B)}) {
                std::uint32_t* slots = bucket(t, i);
                for (unsigned j = 0; j < shape_.bucket_size; ++j)
                    if (slots[j] == 0) {
                        slots[j] = p.fp;
                        return true;
                    }
            }
        }
        if (kick_redis(tables_.size() - 1, p)) return true;
        if (shape_.expansion == 0) return false;  // NoSpace
        // CuckooFilter_Grow: numBuckets · expansion^numFilters.
        std::uint64_t B = shape_.buckets;
        for (std::size_t k = 0; k < tables_.size(); ++k) B *= shape_.expansion;
        tables_.emplace_back(static_cast<std::size_t>(B * shape_.bucket_size), 0u);  // ≤ 2^28 slots checked
        buckets_.push_back(B);
    }
}

bool CuckooTable::contains(std::uint64_t key) const {
    const Probe p = probe(key);
    for (std::size_t t = 0; t < tables_.size(); ++t) {
        const std::uint64_t B = buckets_[t];
        const std::uint64_t i1 = shape_.library == CuckooLibrary::redisbloom ? p.i1 % B : p.i1;
        const std::uint64_t i2 = alt(p.i1, p.fp, B);
        if (victim_used_ && victim_tag_ == p.fp && (victim_index_ == i1 || victim_index_ == i2)) return true;
        for (const std::uint64_t i : {i1, i2})
            for (unsigned j = 0; j < shape_.bucket_size; ++j)
                if (bucket(t, i)[j] == p.fp) return true;
    }
    return false;
}

bool CuckooTable::remove(std::uint64_t key) {
    const Probe p = probe(key);
    for (std::size_t t = tables_.size(); t-- > 0;) {  // RedisBloom: newest first; efficient: its one table
        const std::uint64_t B = buckets_[t];
        const std::uint64_t i1 = shape_.library == CuckooLibrary::redisbloom ? p.i1 % B : p.i1;
        for (const std::uint64_t i : {i1, alt(p.i1, p.fp, B)}) {
            std::uint32_t* slots = bucket(t, i);
            for (unsigned j = 0; j < shape_.bucket_size; ++j)
                if (slots[j] == p.fp) {
                    slots[j] = 0;
                    if (victim_used_) {  // cuckoofilter.h Delete: TryEliminateVictim
                        victim_used_ = false;
                        insert_efficient(victim_index_, victim_tag_);
                    }
                    return true;
                }
        }
        if (victim_used_ && victim_tag_ == p.fp && (victim_index_ == i1 || victim_index_ == alt(p.i1, p.fp, B))) {
            victim_used_ = false;
            return true;
        }
    }
    return false;
}

std::uint64_t CuckooTable::allocated_bytes() const {
    std::uint64_t bytes = shape_.allocated_bytes;
    for (std::size_t t = 1; t < tables_.size(); ++t) bytes += buckets_[t] * shape_.bucket_size;  // RedisBloom's growth
    return bytes;
}

CuckooSimResult simulate_cuckoo(const CuckooSimConfig& c) {
    const std::uint64_t keys = c.keys == 0 ? c.shape.capacity : c.keys;
    checked_integer(static_cast<double>(keys), "keys", 1, std::uint64_t{1} << 32);
    checked_integer(static_cast<double>(c.trials), "trials", 1, std::uint64_t{1} << 20);
    checked_integer(static_cast<double>(c.queries), "queries", 0, std::uint64_t{1} << 32);
    const std::uint64_t queries = c.queries == 0 ? std::max<std::uint64_t>(4096, keys) : c.queries;
    if (c.shape.buckets * c.shape.bucket_size > (std::uint64_t{1} << 28))
        throw RangeError("capacity", "a table of at most 2^28 slots to simulate",
                         std::to_string(c.shape.buckets * c.shape.bucket_size));
    CuckooSimResult r;
    std::vector<double> rates;
    for (std::uint64_t trial = 0; trial < c.trials; ++trial) {
        CuckooTable table(c.shape, mix64(c.seed * kGolden + trial));
        const bool ok = table.fill(0, keys) == keys;  // RedisBloom: its first growth ends the trial too
        r.max_allocated_bytes = std::max(r.max_allocated_bytes, table.allocated_bytes());
        if (!ok) continue;
        ++r.built;
        if (queries < 2) continue;
        std::uint64_t fp = 0;
        for (std::uint64_t q = 0; q < queries; ++q) fp += table.contains(keys + q);  // ids ≥ keys: non-members
        r.false_positives += fp, r.lookups += queries;
        rates.push_back(static_cast<double>(fp) / static_cast<double>(queries));
        const std::uint64_t deletes = std::min<std::uint64_t>(queries, keys / 64);  // few: the table stays as built
        for (std::uint64_t q = 0; q < deletes; ++q) r.nonmember_deleted += table.remove(keys + q);
        r.nonmember_deletes += deletes;
        for (std::uint64_t k = 0; k < keys; ++k) r.members_lost += !table.contains(k);
    }
    r.construction_success = clopper_pearson_interval(r.built, c.trials, c.confidence);
    if (rates.size() >= 2) {
        r.fpr = batch_means(rates, c.confidence);
        r.fpr.interval = clipped_to_rates(r.fpr.interval);
    }
    return r;
}

}  // namespace bloomcalc
