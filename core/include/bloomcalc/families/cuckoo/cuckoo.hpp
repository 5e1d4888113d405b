// Cuckoo filters as their libraries size them (Fan, Andersen, Kaminsky, Mitzenmacher, CoNEXT 2014):
// the bucket count each library allocates for a capacity, the bytes, the exact FPR of a lookup at n keys
// under ideal hashing (the library's reserved fingerprint value and its alternate-bucket arithmetic kept),
// the cache lines a lookup reads, and the rows of the "Which filter?" table. docs/families.md, "Cuckoo filter".
//   efficient            efficient/cuckoofilter src/cuckoofilter.h CuckooFilter(max_num_keys): assoc = 4,
//                        buckets = upperpower2(max(1, n / 4)), doubled when n / buckets / 4 > 0.96;
//                        TagHash: tag = hash & (2^f − 1), tag += (tag == 0); kMaxCuckooCount = 500 kicks, one
//                        victim slot. src/singletable.h: (4f + 7) / 8 bytes per bucket, f ∈ {2, 4, 8, 12, 16, 32}.
//   efficient-semisort   the same filter on src/packedtable.h (semi-sorting, b = 4): (3 + f − 4)·4 bits per
//                        bucket rounded to bytes, plus 7 bytes; f ∈ {5, 6, 7, 8, 9, 13, 17}.
//   redisbloom           RedisBloom src/cuckoo.c CuckooFilter_Init: buckets = getNextN2(capacity / bucketSize)
//                        (at least 1), 1 byte per slot, fp = hash % 255 + 1 (8 bits, 0 reserved);
//                        CF.RESERVE defaults (src/config.c): bucketSize 2, maxIterations 20, expansion 1.
#pragma once

#include <cmath>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "bloomcalc/families/row.hpp"

namespace bloomcalc {

enum class CuckooLibrary { efficient, efficient_semisort, redisbloom };
CuckooLibrary parse_cuckoo_library(const std::string& text);  // "efficient" | "efficient-semisort" | "redisbloom"
const char* to_string(CuckooLibrary l);

constexpr unsigned kEfficientMaxKicks = 500;  // cuckoofilter.h kMaxCuckooCount
constexpr unsigned kEfficientBucketSize = 4;  // cuckoofilter.h assoc, singletable.h kTagsPerBucket
constexpr unsigned kRedisDefaultBucketSize = 2, kRedisDefaultMaxIterations = 20, kRedisDefaultExpansion = 1;

// One cuckoo table as the library allocates it for `capacity` keys.
struct CuckooShape {
    CuckooLibrary library = CuckooLibrary::efficient;
    unsigned fingerprint_bits = 12;  // f (RedisBloom: 8, 255 values)
    unsigned bucket_size = 4;        // b
    unsigned max_kicks = kEfficientMaxKicks;
    unsigned expansion = 0;             // RedisBloom's growth factor of a new sub-filter (0: none)
    std::uint64_t capacity = 0;         // the keys the table was asked for
    std::uint64_t buckets = 0;          // B, a power of two
    std::uint64_t size_in_bytes = 0;    // what the library reports (SizeInBytes; RedisBloom: B·b)
    std::uint64_t allocated_bytes = 0;  // with the padding allocated beside it (singletable kPaddingBuckets)
};

// The table each library allocates for `capacity` keys with f fingerprint bits and b slots per bucket
// (efficient: b = 4 only; RedisBloom: f = 8 only, b in [1, 255], max_kicks in [1, 65535]). RangeError naming
// capacity, fingerprintBits, bucketSize or maxIterations; InfeasibleError naming capacity when efficient's 32-bit
// index (hash >> 32) could not reach the buckets.
CuckooShape cuckoo_shape(CuckooLibrary library, double capacity, double fingerprint_bits, double bucket_size,
                         double max_kicks = NAN, double expansion = NAN);

// The exact mean FPR of a lookup of a non-member in a table holding n keys (no victim), ideal hashing:
// FPR = Σ_t P(t)·[1 − (1 − P(t)·c_t/B)^n], the sum over fingerprint values t: a stored key matches only when its
// fingerprint is t and its first bucket is one of the query's two (the pair is then the same); c_t = 2 buckets, or
// 1 when the alternate bucket is the bucket itself (t·0x5bd1e995 ≡ 0 mod B). efficient: P(1) = 2/2^f (tag 0 becomes
// 1), P(t) = 1/2^f for t ≥ 2; RedisBloom: P(t) = 1/255. Tags are grouped by (P, c), so the sum costs O(1).
double cuckoo_fpr(const CuckooShape& shape, double n);

// The cache lines one negative lookup reads: two bucket reads (efficient reads 8 bytes from a bucket's first byte),
// each straddling a 64-byte line with the fraction of buckets whose offset puts it across one (array 64-aligned).
double cuckoo_cache_lines(const CuckooShape& shape);

// The probability that n insertions into the table fail (efficient: an Add returns NotEnoughSpace, the victim
// slot having been used by an earlier one; RedisBloom: an insertion needs a new sub-filter or, with expansion 0,
// returns NoSpace), estimated by simulating the real table (cuckoo_table.hpp) at min(B, 2^12) buckets and the same
// load, kCuckooFailureTrials trials, seed 1.
constexpr unsigned kCuckooFailureTrials = 32;
double cuckoo_construction_failure(const CuckooShape& shape, double n);

struct CuckooSizingOptions {
    std::optional<CuckooLibrary> library;    // absent: every library
    std::optional<double> fingerprint_bits;  // absent: the smallest the library supports that meets p
    std::optional<double> bucket_size;       // RedisBloom only (absent: 2)
    std::optional<double> max_iterations;    // RedisBloom only (absent: 20)
};

// One row per library (or the one asked for): the table the library allocates with capacity n, its FPR at n keys.
std::vector<FamilyRow> size_cuckoo(double n, double p, const CuckooSizingOptions& options = {});
// One row per library: the largest fingerprint the library supports whose table for n keys fits in max_bytes
// (the lowest FPR in that memory); none when even the smallest does not fit.
std::vector<FamilyRow> best_cuckoo_in(double max_bytes, double n, const CuckooSizingOptions& options = {});

}  // namespace bloomcalc
