// The real cuckoo tables of cuckoo.hpp, on seeded hashing (sim/hashing.hpp): insertion with each library's kick
// rule, lookup, deletion, and the simulation measuring FPR and construction success with their intervals.
//   efficient  cuckoofilter.h AddImpl: try the first bucket, then the alternate; then up to kMaxCuckooCount
//              kicks, each evicting a random slot (singletable.h InsertTagToBucket: rand() % 4) of the bucket and
//              moving its tag to that tag's alternate bucket; a tag left over goes to the one victim slot (Add
//              still returns Ok) and every later Add returns NotEnoughSpace. Index = (hash >> 32) & (B − 1),
//              AltIndex = (index ^ (uint32)(tag·0x5bd1e995)) & (B − 1). Delete removes the first equal tag.
//   redisbloom cuckoo.c CuckooFilter_InsertFP: a free slot in either bucket of any sub-filter (newest first), else
//              Filter_KOInsert on the newest: maxIterations swaps, the victim slot index turning round the bucket,
//              rolled back on failure; then a new sub-filter of B·expansion^k buckets, or NoSpace when expansion is 0.
//              Index = hash % B, alternate = (index ^ fp·0x5bd1e995) % B.
#pragma once

#include <cstdint>
#include <vector>

#include "bloomcalc/families/cuckoo/cuckoo.hpp"
#include "bloomcalc/sim/hashing.hpp"
#include "bloomcalc/sim/statistics.hpp"

namespace bloomcalc {

class CuckooTable {
public:
    CuckooTable(const CuckooShape& shape, std::uint64_t seed);
    // false when the library reports the insertion failed (efficient: NotEnoughSpace; RedisBloom: NoSpace).
    bool insert(std::uint64_t key);
    // insert() of keys first … first + count − 1 in order, into the table as sized: how many went in before the
    // first that failed or (RedisBloom) needed a new sub-filter. The simulations' fast path; the same table after.
    std::uint64_t fill(std::uint64_t first, std::uint64_t count);
    bool contains(std::uint64_t key) const;
    bool remove(std::uint64_t key);  // removes one equal fingerprint from the key's buckets, if any
    std::uint64_t allocated_bytes() const;
    std::size_t sub_filters() const { return tables_.size(); }
    bool victim_used() const { return victim_used_; }

private:
    struct Probe {
        std::uint32_t fp;
        std::uint64_t i1;  // first bucket (efficient: in the one table; RedisBloom: the hash itself)
    };
    Probe probe(std::uint64_t key) const;
    std::uint64_t alt(std::uint64_t index, std::uint32_t fp, std::uint64_t buckets) const;
    bool insert_efficient(std::uint64_t bucket, std::uint32_t fp);
    bool kick_redis(std::size_t t, const Probe& p);
    std::uint32_t* bucket(std::size_t t, std::uint64_t i) {
        return &tables_[t][static_cast<std::size_t>(i * shape_.bucket_size)];
    }
    const std::uint32_t* bucket(std::size_t t, std::uint64_t i) const {
        return &tables_[t][static_cast<std::size_t>(i * shape_.bucket_size)];
    }

    CuckooShape shape_;
    std::uint64_t salt_;
    std::uint32_t tag_mask_;                          // efficient: the low f bits of the hash (GenerateIndexTagHash)
    Rng rng_;                                         // efficient's rand() for the evicted slot
    std::vector<std::vector<std::uint32_t>> tables_;  // RedisBloom's sub-filters; efficient has one
    std::vector<std::uint64_t> buckets_;              // B of each
    bool victim_used_ = false;
    std::uint64_t victim_index_ = 0;
    std::uint32_t victim_tag_ = 0;
};

struct CuckooSimConfig {
    CuckooShape shape;
    std::uint64_t keys = 0;     // inserted per trial (the capacity when 0)
    std::uint64_t trials = 32;  // tables built, each with fresh keys and seed
    std::uint64_t queries = 0;  // non-member lookups per built table; 0: max(4096, keys)
    std::uint64_t seed = 1;
    double confidence = 0.99;
};

struct CuckooSimResult {
    std::uint64_t built = 0;        // trials whose n insertions all succeeded
    Interval construction_success;  // Clopper–Pearson of built / trials
    BatchMeans fpr;                 // per built table (at least two), clipped to [0, 1]
    std::uint64_t false_positives = 0, lookups = 0;
    // Deleting non-members (min(queries, keys/64) per built table): the fraction that removed a fingerprint (the model:
    // the FPR, as a deletion succeeds exactly when the lookup would), and the members no longer found after them.
    std::uint64_t nonmember_deletes = 0, nonmember_deleted = 0, members_lost = 0;
    std::uint64_t max_allocated_bytes = 0;  // the largest table as allocated (RedisBloom: with its sub-filters)
};

// RangeError naming keys, trials (1..2^20), queries (0..2^32), or capacity when the table has more than 2^28 slots.
CuckooSimResult simulate_cuckoo(const CuckooSimConfig& config);

}  // namespace bloomcalc
