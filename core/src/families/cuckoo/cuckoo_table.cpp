// The real cuckoo tables and their simulation (cuckoo_table.hpp). Slots hold fingerprints in 32-bit words (0: empty);
// the bytes reported are those the library allocates (cuckoo.hpp), not this array's.
#include "bloomcalc/families/cuckoo/cuckoo_table.hpp"

#include <cmath>
#include <utility>

#include "bloomcalc/error.hpp"
#include "bloomcalc/params.hpp"

namespace bloomcalc {

namespace {
constexpr std::uint64_t kAltMultiplier = 0x5bd1e995;  // both libraries' AltIndex / getAltHash
}

CuckooTable::CuckooTable(const CuckooShape& shape, std::uint64_t seed)
    : shape_(shape), salt_(mix64(seed ^ 0x2545f4914f6cdd1dULL)), rng_(seed ^ 0x9c6e2b5f0a4d3e71ULL) {
    tables_.emplace_back(static_cast<std::size_t>(shape_.buckets * shape_.bucket_size), 0u);
    buckets_.push_back(shape_.buckets);
}

CuckooTable::Probe CuckooTable::probe(std::uint64_t key) const {
    const std::uint64_t h = mix64(key * kGolden + salt_);
    if (shape_.library == CuckooLibrary::redisbloom)
        return {static_cast<std::uint32_t>(h % 255 + 1), h};  // getLookupParams
    // GenerateIndexTagHash: index from the upper 32 bits, tag from the lower f (0 becomes 1).
    const std::uint64_t mask = shape_.fingerprint_bits == 32 ? 0xffffffffULL : (1ULL << shape_.fingerprint_bits) - 1;
    std::uint32_t tag = static_cast<std::uint32_t>(h & mask);
    tag += (tag == 0);
    return {tag, (h >> 32) & (shape_.buckets - 1)};
}

std::uint64_t CuckooTable::alt(std::uint64_t index, std::uint32_t fp, std::uint64_t buckets) const {
    if (shape_.library == CuckooLibrary::redisbloom) return (index ^ (fp * kAltMultiplier)) % buckets;
    return static_cast<std::uint32_t>(index ^ static_cast<std::uint32_t>(fp * 0x5bd1e995u)) & (buckets - 1);
}

bool CuckooTable::insert_efficient(std::uint64_t index, std::uint32_t tag) {  // cuckoofilter.h AddImpl
    std::uint64_t cur = index;
    std::uint32_t curtag = tag;
    const unsigned b = shape_.bucket_size;
    for (unsigned count = 0; count < shape_.max_kicks; ++count) {
        std::uint32_t* slots = bucket(0, cur);
        for (unsigned j = 0; j < b; ++j)
            if (slots[j] == 0) {
                slots[j] = curtag;
                return true;
            }
        if (count > 0) std::swap(slots[rng_.next() % b], curtag);  // InsertTagToBucket's kickout: rand() % 4
        cur = alt(cur, curtag, shape_.buckets);
    }
    victim_index_ = cur, victim_tag_ = curtag, victim_used_ = true;
    return true;  // AddImpl returns Ok with the tag in the victim slot
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
    const Probe p = probe(key);
    if (shape_.library != CuckooLibrary::redisbloom) {
        if (victim_used_) return false;  // Add: NotEnoughSpace
        return insert_efficient(p.i1, p.fp);
    }
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
        bool ok = true;
        // RedisBloom: a grown filter is no longer the one sized, so its first growth ends the trial.
        for (std::uint64_t k = 0; k < keys && ok; ++k) ok = table.insert(k) && table.sub_filters() == 1;
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
