// What each library really allocates for (n, p): its own sizing arithmetic, cited to its source file
// and function, on the layouts of docs/layouts.md, with the exact mean FPR of the filter it builds.
// docs/libraries.md.
//   guava        google/guava BloomFilter.java create(): m = (long)(−n ln p / ln²2) (optimalNumOfBits),
//                k = max(1, round(−ln p / ln 2)) (optimalNumOfHashFunctions(p)); LockFreeBitArray rounds m up
//                to whole 64-bit words. Standard filter, double hashing on murmur3_128's two 64-bit halves.
//   redisbloom   RedisBloom deps/bloom/bloom.c bloom_init with BF.RESERVE's options (src/rebloom.c
//                bfCreateChain: FORCE64 | NOROUND; NONSCALING keeps the error, src/sb.c SB_NewChain):
//                bpe = −ln p / 0.480453013918201, bits = (uint64)(n·bpe), bytes = ⌈bits/64⌉·8, m = 8·bytes,
//                k = ⌈0.693147180559945·bpe⌉. Standard filter, (a + i·b) mod m on two MurmurHash64A values.
//   bloom-filters Callidon/bloom-filters src/formulas.ts: m = ⌈−n ln p / ln²2⌉ (optimalFilterSize),
//                k = ⌈(m/n) ln 2⌉ (optimalHashes); src/bloom/bloom-filter.ts sets getDistinctIndices: k distinct bits.
//   hive         apache/orc java/core/src/java/org/apache/orc/util/BloomFilter.java (Hive's copy in storage-api
//                org/apache/hive/common/util/BloomFilter.java): nb = (int)(−n ln p / ln²2), m = nb + 64 − nb mod 64
//                (a whole word more when nb is already a multiple of 64), k = max(1, round((m/n) ln 2)).
//   clickhouse   ClickHouse src/Interpreters/BloomFilterHash.h calculationBestPractices(p): the smallest
//                bits per row b ≤ 19 and its k ≤ 15 from the lookup table of (1 − e^{−k/b})^k;
//                src/Storages/MergeTree/MergeTreeIndexGranuleBloomFilter.cpp: bytes = ⌈b·n/8⌉, m = 8·bytes;
//                each probe a separate seeded 64-bit hash (BloomFilter::addHashWithSeed).
//   hurst        hur.st/bloomfilter (Thomas Hurst's calculator): m = ⌈n ln p / ln(1/2^{ln 2})⌉,
//                k = round((m/n) ln 2). Standard filter, independent probes (the page's own model).
//   parquet      parquet-java BlockSplitBloomFilter.optimalNumOfBits + initBitset (presets.hpp), capped at the
//                writer's maximum (1 MiB by default). Split block B = 256, k = 8.
//   parquet-spec the Parquet format spec BloomFilter.md "Sizing an SBBF" table (bits per insert 6.0, 10.5,
//                16.9, 26.4, 41 for 10 % … 0.001 %), log-linear in ln p between its rows, whole 256-bit blocks.
//   arrow        Arrow C++ cpp/src/parquet/bloom_filter.h BlockSplitBloomFilter::OptimalNumOfBits: the same
//                formula, (uint32_t) truncation, at least 32 B, next power of two, at most 128 MiB; ndv is uint32.
//   rocksdb      RocksDB takes bits_per_key, not p: the smallest setting (in millibits) whose filter meets p
//                (FastLocalBloom, size_layout's rocksdb preset: CalculateSpace, ChooseNumProbes).
//   boost-block, boost-multiblock  boostorg/bloom include/boost/bloom/detail/core.hpp
//                filter_core(n, fpr) → unadjusted_capacity_for: the smallest c (bisection) with
//                fpr_for_c(c) ≤ p, fpr_for_c = max(Poisson-mixture estimate (docs/layouts.md A3 / A5), classic),
//                m = (size_t)(c·n) rounded up to whole blocks (requested_range, used_array_size).
#pragma once

#include <cmath>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "bloomcalc/layouts/layout.hpp"
#include "bloomcalc/libraries/hash_width.hpp"

namespace bloomcalc {

struct LibraryInfo {
    std::string name;         // "guava", …
    std::string label;        // "Guava BloomFilter.create"
    std::string source;       // repository, file and function of the sizing rule
    std::string rule;         // the rule in symbols
    std::string probes;       // how an item's bits are chosen (its real probe arithmetic)
    unsigned hash_bits = 64;  // width of the hash the whole probe set is a function of; 0: none (a calculator)
    std::string scheme;       // the layout simulation's hashScheme with this probe arithmetic (layout_sim.hpp)
};

// Every library, in the order the page's table shows them.
const std::vector<LibraryInfo>& libraries();
// By name; RangeError("library") listing the names.
const LibraryInfo& find_library(const std::string& name);

struct LibrarySizingInput {
    std::string library;
    double n = NAN, p = NAN;
    std::optional<double> k;          // Boost's K (the template argument); absent: the K Boost sizes smallest
    std::optional<double> max_bytes;  // parquet: the writer's maximum (default 1 MiB)
    std::optional<double> hash_bits;  // the hash width of hash_floor (32 or 64); absent: the library's own
};

struct LibrarySizing {
    LibraryInfo library;
    LayoutFilter filter;         // the filter the library builds, holding n items (m allocated bits, k, layout)
    std::uint64_t bytes = 0;     // memory of the bit array as allocated (RocksDB: + 5 bytes of metadata)
    double bits_per_key = 0;     // m/n
    double target = 0;           // p asked for
    double exact = 0;            // exact mean FPR of that filter at n items (docs/layouts.md)
    bool misses_target = false;  // exact > p
    std::string note;            // a cap or rounding that decided the size, in words ("" when none)
    std::optional<HashFloor> hash_floor;  // of hash_bits, or of the library's own width (none when it has none)
};

// The filter the library allocates for n items and target p, and its exact FPR. n in [1, 2^40] (Arrow:
// < 2^32, Hive: its int bit count), p in (0, 1); RangeError / InfeasibleError naming the parameter when
// the library itself would refuse or the filter leaves this calculator's range (k ≤ 64, m ≤ 2^40);
// hash_bits is checked first (RangeError naming hashBits).
LibrarySizing size_for_library(const LibrarySizingInput& in);

// ClickHouse's calculationBestPractices(p): (bits per row, k) from its lookup table.
struct BitsAndHashes {
    unsigned bits_per_row = 0, k = 0;
};
BitsAndHashes clickhouse_best_practices(double p);

// The Parquet spec's table: bits per insert for p (log-linear in ln p between rows).
double parquet_spec_bits_per_value(double p);

}  // namespace bloomcalc
