// Each library's own sizing arithmetic (header: the rules and their sources), then the exact FPR of the
// filter it builds under its layout (docs/libraries.md).
#include "bloomcalc/libraries/library_sizing.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <string>
#include <utility>
#include <vector>

#include "bloomcalc/error.hpp"
#include "bloomcalc/layouts/approximations.hpp"
#include "bloomcalc/layouts/layout_fpr.hpp"
#include "bloomcalc/layouts/layout_sizing.hpp"
#include "bloomcalc/layouts/presets.hpp"
#include "bloomcalc/params.hpp"

namespace bloomcalc {

namespace {

constexpr double kLn2 = 0.6931471805599453;  // Math.log(2)

// Java's (long) / (int) of a double: truncation toward zero, saturating, NaN → 0.
std::int64_t java_long(double x) {
    if (std::isnan(x)) return 0;
    if (x >= 9.2233720368547758e18) return std::numeric_limits<std::int64_t>::max();
    if (x <= -9.2233720368547758e18) return std::numeric_limits<std::int64_t>::min();
    return static_cast<std::int64_t>(x);
}
std::int64_t java_int(double x) { return std::clamp<std::int64_t>(java_long(x), -2147483648LL, 2147483647LL); }
// Math.round (Java and JavaScript): ⌊x + 1/2⌋.
double java_round(double x) { return std::floor(x + 0.5); }

std::uint64_t ceil_div(std::uint64_t a, std::uint64_t b) { return a / b + (a % b != 0); }

// The filter the library built: checked against this calculator's range (m ≤ 2^40, k ≤ 64), the
// parameter named being what the user can change.
LayoutFilter built(Layout layout, double m, std::uint64_t n, double k, std::uint64_t block_bits, Hashing hashing) {
    if (!(m >= 1) || m > static_cast<double>(kMaxBits))
        throw InfeasibleError("n", "fewer items: this library would allocate " + show_number(m) + " bits, beyond 2^40",
                              show_number(static_cast<double>(n)));
    if (!(k >= 1) || k > kMaxHashes)
        throw InfeasibleError("p", "a target for which the library's k is at most 64", "k = " + show_number(k));
    LayoutFilter f;
    f.layout = layout;
    f.m = static_cast<std::uint64_t>(m);
    f.n = n;
    f.k = static_cast<unsigned>(k);
    f.block_bits = block_bits ? block_bits : f.m;
    f.hashing = hashing;
    validate(f);
    return f;
}

LayoutFilter standard(double m, std::uint64_t n, double k, Hashing hashing = Hashing::colliding) {
    return built(Layout::standard, m, n, k, 0, hashing);
}

// Boost's unadjusted_capacity_for(n, fpr), as written in include/boost/bloom/detail/core.hpp: a bracket
// from the classic lower bound widened by 1.5×, then bisection to the last representable midpoint.
double boost_unadjusted_capacity(Layout layout, unsigned k, std::uint64_t block_bits, std::uint64_t n, double fpr) {
    BoostFprForC fpr_for_c(layout, k, block_bits);
    const double nd = static_cast<double>(n);
    const double eps = 1.0 / 18446744073709551615.0;
    const double c_max = 18446744073709549568.0 / nd;  // SIZE_MAX as a double that casts back
    const double d = 1.0 - std::pow(fpr, 1.0 / k);
    if (d == 0.0) return 0.0;
    const double l = std::log(d);
    if (l == 0.0) return c_max * nd;
    double c0 = std::min(k / -l, c_max), c1 = c0;
    if (fpr_for_c(c1) > fpr) {
        do {
            const double cn = c1 * 1.5;
            if (cn > c_max) return c_max * nd;
            c0 = c1;
            c1 = cn;
        } while (fpr_for_c(c1) > fpr);
    } else {
        do {
            const double cn = c0 / 1.5;
            c1 = c0;
            c0 = cn;
        } while (fpr_for_c(c0) < fpr);
    }
    double cm;
    while ((cm = c0 + (c1 - c0) / 2) > c0 && cm < c1 && c1 - c0 >= eps) {
        if (fpr_for_c(cm) > fpr)
            c0 = cm;
        else
            c1 = cm;
    }
    return std::floor(cm * nd);  // (std::size_t)(cm*n)
}

// capacity_for: whole blocks (requested_range with stride = the block, used_array_size).
std::uint64_t boost_capacity(Layout layout, unsigned k, std::uint64_t n, double p) {
    const std::uint64_t B = layout == Layout::blocked ? 64 : 64 * std::uint64_t{k};
    const double m = boost_unadjusted_capacity(layout, k, B, n, p);
    if (m > static_cast<double>(kMaxBits)) return kMaxBits + 1;  // beyond the range; refused by built()
    return std::max<std::uint64_t>(1, ceil_div(static_cast<std::uint64_t>(m), B)) * B;
}

struct SpecRow {
    double bits, p;
};
constexpr SpecRow kParquetSpecTable[] = {{6.0, 0.1}, {10.5, 0.01}, {16.9, 0.001}, {26.4, 0.0001}, {41.0, 0.00001}};

// What a library's rule is given (n and p checked) and what it allocates: the filter, the bytes (0: ⌈m/8⌉) and a
// note on a cap or rounding that decided the size.
struct Ask {
    const LibrarySizingInput& in;
    std::uint64_t n;
    double nd, p;
};
struct Allocated {
    LayoutFilter filter;
    std::uint64_t bytes = 0;
    std::string note;
};

// boost-block, boost-multiblock: the K asked for, else the K for which Boost allocates least.
Allocated boost_allocation(const Ask& a, Layout layout) {
    Allocated out;
    unsigned best_k = 0;
    std::uint64_t best_m = 0;
    if (a.in.k) {
        best_k = static_cast<unsigned>(checked_integer(*a.in.k, "k", 1, kMaxHashes));
        best_m = boost_capacity(layout, best_k, a.n, a.p);
    } else {
        for (unsigned k = 1; k <= 32; ++k) {
            // Boost's estimate is never below the classic formula, whose inverse −k/ln(1 − p^{1/k}) bits per
            // item is a floor on its capacity: a K whose floor is already above the best size cannot win.
            if (best_k != 0 &&
                -static_cast<double>(k) / std::log1p(-std::pow(a.p, 1.0 / k)) * a.nd >= static_cast<double>(best_m))
                continue;
            const std::uint64_t m = boost_capacity(layout, k, a.n, a.p);
            if (best_k == 0 || m < best_m) best_k = k, best_m = m;
        }
        out.note = "K = " + std::to_string(best_k) + ": the template argument for which Boost allocates least";
    }
    const std::uint64_t B = layout == Layout::blocked ? 64 : 64 * std::uint64_t{best_k};
    out.filter = built(layout, static_cast<double>(best_m), a.n, best_k, B, Hashing::colliding);
    return out;
}

// Each library: what the page shows of it (name, label, source, rule, probes, hash width, the simulation's scheme)
// and its sizing rule, as its source file writes it (the header cites each).
struct Library {
    LibraryInfo info;
    Allocated (*allocate)(const Ask&);
};

const std::vector<Library>& table() {
    static const std::vector<Library> all = {
        {{"guava", "Guava BloomFilter.create",
          "google/guava guava/src/com/google/common/hash/BloomFilter.java: create, optimalNumOfBits, "
          "optimalNumOfHashFunctions(p); BloomFilterStrategies.LockFreeBitArray",
          "m = 64·⌈(long)(−n ln p / ln²2) / 64⌉, k = max(1, round(−ln p / ln 2))",
          "MURMUR128_MITZ_64: (h1 + i·h2 & Long.MAX_VALUE) mod m on murmur3_128's two 64-bit halves", 64, "guava"},
         [](const Ask& a) {
             const std::int64_t bits = java_long(-a.nd * std::log(a.p) / (kLn2 * kLn2));
             if (bits <= 0)
                 throw RangeError("p", "a target for which Guava's optimalNumOfBits is positive (it refuses 0 bits)",
                                  show_number(a.p));
             const double k = std::max(1.0, java_round(-std::log(a.p) / kLn2));
             return Allocated{
                 standard(64.0 * static_cast<double>(ceil_div(static_cast<std::uint64_t>(bits), 64)), a.n, k), 0, {}};
         }},
        {{"redisbloom", "RedisBloom BF.RESERVE … NONSCALING",
          "RedisBloom deps/bloom/bloom.c: bloom_init, calc_bpe; src/rebloom.c bfCreateChain (FORCE64 | NOROUND); "
          "src/sb.c SB_NewChain",
          "bpe = −ln p / ln²2, m = 64·⌈(uint64)(n·bpe) / 64⌉, k = ⌈ln 2 · bpe⌉",
          "(a + i·b) mod m, a and b MurmurHash64A (b seeded with a)", 64, "redisbloom"},
         [](const Ask& a) {
             const double bpe = std::fabs(std::log(a.p) / 0.480453013918201);
             const double raw = a.nd * bpe;
             std::uint64_t bits = raw >= 1.8446744073709552e19 ? ~std::uint64_t{0} : static_cast<std::uint64_t>(raw);
             if (bits == 0) bits = 1;
             return Allocated{
                 standard(64.0 * static_cast<double>(ceil_div(bits, 64)), a.n, std::ceil(0.693147180559945 * bpe)),
                 0,
                 {}};
         }},
        {{"bloom-filters", "bloom-filters (npm) BloomFilter.create",
          "Callidon/bloom-filters src/formulas.ts: optimalFilterSize, optimalHashes; src/bloom/bloom-filter.ts create, "
          "getDistinctIndices",
          "m = ⌈−n ln p / ln²2⌉, k = ⌈(m/n) ln 2⌉, k distinct bits", "k distinct indices from double hashing of XXH64",
          64, "ideal"},
         [](const Ask& a) {
             const double m = std::ceil(-((a.nd * std::log(a.p)) / std::pow(std::log(2.0), 2)));
             const double k = std::ceil((m / a.nd) * std::log(2.0));
             if (k > m)
                 throw InfeasibleError("p", "a target for which bloom-filters' k ≤ m (it draws k distinct bits)",
                                       show_number(a.p));
             return Allocated{standard(m, a.n, k, Hashing::distinct), 0, {}};
         }},
        {{"hive", "Hive / ORC BloomFilter",
          "apache/orc java/core/src/java/org/apache/orc/util/BloomFilter.java (Hive storage-api "
          "org/apache/hive/common/util/BloomFilter.java): constructor, optimalNumOfBits, optimalNumOfHashFunctions",
          "nb = (int)(−n ln p / ln²2), m = nb + 64 − nb mod 64, k = max(1, round((m/n) ln 2))",
          "(h1 + i·h2) in 32-bit int arithmetic on Murmur3.hash64's halves, i = 1..k, negatives flipped, mod m", 64,
          "orc"},
         [](const Ask& a) {
             const std::int64_t nb = java_int(-a.nd * std::log(a.p) / (std::log(2.0) * std::log(2.0)));
             if (nb > 2147483647LL - 64)
                 throw InfeasibleError("n",
                                       "fewer items: Hive's bit count nb + 64 − nb mod 64 must fit a Java int (< 2^31)",
                                       show_number(a.nd));
             const std::int64_t m = nb + (64 - nb % 64);
             const double k = std::max(1.0, java_round(static_cast<double>(m) / a.nd * std::log(2.0)));
             return Allocated{standard(static_cast<double>(m), a.n, k), 0,
                              nb % 64 == 0 ? "a whole 64-bit word added: nb is already a multiple of 64" : ""};
         }},
        {{"clickhouse", "ClickHouse bloom_filter index",
          "ClickHouse src/Interpreters/BloomFilterHash.h calculationBestPractices; "
          "src/Storages/MergeTree/MergeTreeIndexGranuleBloomFilter.cpp",
          "(b, k) from the lookup table of (1 − e^(−k/b))^k, b ≤ 19, k ≤ 15; m = 8·⌈b·n/8⌉",
          "k seeded 64-bit hashes Hash128to64(hash, seed_i) mod m (BloomFilter::addHashWithSeed)", 64, "ideal"},
         [](const Ask& a) {
             const BitsAndHashes bk = clickhouse_best_practices(a.p);
             const std::uint64_t bytes = ceil_div(std::uint64_t{bk.bits_per_row} * a.n, 8);
             return Allocated{standard(8.0 * static_cast<double>(bytes), a.n, bk.k),
                              8 * ceil_div(bytes, 8),  // the filter's words (UInt64)
                              a.p < 0.000109
                                  ? "below the lookup table: its last row searched (19 bits per row, k = 13) is used"
                                  : ""};
         }},
        {{"hurst", "hur.st Bloom filter calculator", "hur.st/bloomfilter (Thomas Hurst's calculator page)",
          "m = ⌈n ln p / ln(1/2^(ln 2))⌉, k = round((m/n) ln 2)",
          "independent probes (the page's model; no implementation)", 0, "ideal"},
         [](const Ask& a) {
             const double m = std::ceil((a.nd * std::log(a.p)) / std::log(1.0 / std::pow(2.0, std::log(2.0))));
             return Allocated{standard(m, a.n, java_round((m / a.nd) * std::log(2.0))), 0, {}};
         }},
        {{"parquet", "Parquet writer (parquet-java)",
          "apache/parquet-java parquet-column .../values/bloomfilter/BlockSplitBloomFilter.java: optimalNumOfBits, "
          "initBitset; ParquetProperties.DEFAULT_MAX_BLOOM_FILTER_BYTES",
          "m = −8n / ln(1 − p^(1/8)) (int), `& ~256` rounding, ≥ 32 B, next power of two, ≤ the writer's maximum (1 "
          "MiB)",
          "split block: block = ((h >> 32)·b) >> 32, bit (uint32(h)·SALT_i) >> 27 in word i, h = XXH64", 64, "parquet"},
         [](const Ask& a) {
             const std::uint64_t max_bytes =
                 a.in.max_bytes ? checked_parquet_max_bytes(*a.in.max_bytes) : kParquetDefaultMaxBytes;
             const std::uint64_t bytes = parquet_writer_bytes(a.n, a.p, max_bytes);
             const std::int64_t asked = parquet_optimal_num_of_bits(a.n, a.p) / 8;
             return Allocated{
                 built(Layout::split_block, 8.0 * static_cast<double>(bytes), a.n, 8, 256, Hashing::colliding), bytes,
                 static_cast<std::uint64_t>(asked) > max_bytes
                     ? "capped at the writer's maximum, " + std::to_string(max_bytes) + " bytes"
                     : ""};
         }},
        {{"parquet-spec", "Parquet format spec table",
          "apache/parquet-format BloomFilter.md, \"Sizing an SBBF\" (bits per insert 6.0, 10.5, 16.9, 26.4, 41 for 10 "
          "%, 1 %, 0.1 %, 0.01 %, 0.001 %)",
          "c(p) from the table, log-linear in ln p between rows; m = 256·⌈c·n / 256⌉",
          "split block: block = ((h >> 32)·b) >> 32, bit (uint32(h)·SALT_i) >> 27 in word i, h = XXH64", 64, "parquet"},
         [](const Ask& a) {
             const double blocks = std::ceil(parquet_spec_bits_per_value(a.p) * a.nd / 256.0);
             return Allocated{built(Layout::split_block, 256.0 * blocks, a.n, 8, 256, Hashing::colliding), 0, {}};
         }},
        {{"arrow", "Arrow C++ (parquet) BlockSplitBloomFilter",
          "apache/arrow cpp/src/parquet/bloom_filter.h: BlockSplitBloomFilter::OptimalNumOfBits",
          "m = −8n / ln(1 − p^(1/8)) (uint32), ≥ 256 bits, next power of two, ≤ 128 MiB",
          "split block (the Parquet spec), h = XXH64", 64, "parquet"},
         [](const Ask& a) {
             if (a.n > 4294967295ULL)
                 throw RangeError("n", "an integer in [1, 2^32 − 1]: Arrow's ndv is a uint32_t", show_number(a.nd));
             constexpr double max_bits = static_cast<double>(kParquetUpperBoundBytes << 3);
             const double m = -8.0 * a.nd / std::log(1.0 - std::pow(a.p, 1.0 / 8));
             std::uint64_t bits =
                 (m < 0 || m > max_bits) ? kParquetUpperBoundBytes << 3 : static_cast<std::uint64_t>(m);
             bits = std::max<std::uint64_t>(bits, kParquetMinBytes << 3);
             std::uint64_t pow2 = 1;
             while (pow2 < bits) pow2 <<= 1;
             bits = std::min<std::uint64_t>(pow2, kParquetUpperBoundBytes << 3);
             return Allocated{built(Layout::split_block, static_cast<double>(bits), a.n, 8, 256, Hashing::colliding), 0,
                              m > max_bits ? "capped at 128 MiB (kMaximumBloomFilterBytes)" : ""};
         }},
        {{"rocksdb", "RocksDB FastLocalBloom (format_version 5)",
          "facebook/rocksdb util/bloom_impl.h FastLocalBloomImpl (ChooseNumProbes, AddHash); "
          "table/block_based/filter_policy.cc CalculateSpace",
          "bits_per_key is the user's setting: the smallest (in millibits) whose filter meets p; bytes = "
          "64·⌈n·millibits/8000/64⌉ + 5",
          "cache line FastRange32(lower 32 bits, lines); probes h = upper 32 bits, bit h >> 23, h *= 0x9e3779b9", 64,
          "rocksdb"},
         [](const Ask& a) {
             LayoutSizingInput s;
             s.n = a.nd, s.p = a.p, s.preset = "rocksdb";
             const LayoutSizing sized = size_layout(s);
             Allocated out{sized.filter, static_cast<std::uint64_t>(sized.bytes), {}};
             if (sized.rocksdb_bits_per_key) {  // millibits: three decimals exactly (no printf in the wasm module)
                 const auto millibits = static_cast<std::uint64_t>(std::llround(*sized.rocksdb_bits_per_key * 1000));
                 const std::string frac = std::to_string(1000 + millibits % 1000).substr(1);
                 out.note = "bits_per_key = " + std::to_string(millibits / 1000) + "." + frac;
             }
             return out;
         }},
        {{"boost-block", "Boost.Bloom filter<T, 1, block<uint64_t, K>>",
          "boostorg/bloom include/boost/bloom/detail/core.hpp: filter_core(n, fpr), unadjusted_capacity_for, "
          "fpr_for_c, requested_range",
          "the smallest c with fpr_for_c(c) ≤ p (bisection), m = 64·⌈(size_t)(c·n) / 64⌉",
          "word hi(mulx(h|1, blocks)), h *= 0xf1357aea2e62a9c5, then bits (h >> 6j) & 63, remixed by mulx64 every 9",
          64, "boost"},
         [](const Ask& a) { return boost_allocation(a, Layout::blocked); }},
        {{"boost-multiblock", "Boost.Bloom filter<T, 1, multiblock<uint64_t, K>>",
          "boostorg/bloom include/boost/bloom/detail/core.hpp: filter_core(n, fpr), unadjusted_capacity_for, "
          "fpr_for_c; multiblock.hpp",
          "the smallest c with fpr_for_c(c) ≤ p (bisection), m = 64K·⌈(size_t)(c·n) / 64K⌉",
          "block hi(mulx(h|1, blocks)), h *= 0xf1357aea2e62a9c5, one bit (h >> 6j) & 63 in word j", 64, "boost"},
         [](const Ask& a) { return boost_allocation(a, Layout::split_block); }},
    };
    return all;
}

const Library& find(const std::string& name) {
    for (const auto& l : table())
        if (l.info.name == name) return l;
    throw RangeError("library",
                     "one of guava, redisbloom, bloom-filters, hive, clickhouse, hurst, parquet, parquet-spec, arrow, "
                     "rocksdb, boost-block, boost-multiblock",
                     quoted(name));
}

}  // namespace

const std::vector<LibraryInfo>& libraries() {
    static const std::vector<LibraryInfo> all = [] {
        std::vector<LibraryInfo> v;
        for (const auto& l : table()) v.push_back(l.info);
        return v;
    }();
    return all;
}

const LibraryInfo& find_library(const std::string& name) { return find(name).info; }

BitsAndHashes clickhouse_best_practices(double p) {
    // BloomFilterHash.h, probability_lookup_table[bits per row][k] and min_probability_index_each_bits.
    static const double table[21][15] = {
        {1.0},
        {1.0, 1.0},
        {1.0, 0.393, 0.400},
        {1.0, 0.283, 0.237, 0.253},
        {1.0, 0.221, 0.155, 0.147, 0.160},
        {1.0, 0.181, 0.109, 0.092, 0.092, 0.101},
        {1.0, 0.154, 0.0804, 0.0609, 0.0561, 0.0578, 0.0638},
        {1.0, 0.133, 0.0618, 0.0423, 0.0359, 0.0347, 0.0364},
        {1.0, 0.118, 0.0489, 0.0306, 0.024, 0.0217, 0.0216, 0.0229},
        {1.0, 0.105, 0.0397, 0.0228, 0.0166, 0.0141, 0.0133, 0.0135, 0.0145},
        {1.0, 0.0952, 0.0329, 0.0174, 0.0118, 0.00943, 0.00844, 0.00819, 0.00846},
        {1.0, 0.0869, 0.0276, 0.0136, 0.00864, 0.0065, 0.00552, 0.00513, 0.00509},
        {1.0, 0.08, 0.0236, 0.0108, 0.00646, 0.00459, 0.00371, 0.00329, 0.00314},
        {1.0, 0.074, 0.0203, 0.00875, 0.00492, 0.00332, 0.00255, 0.00217, 0.00199, 0.00194},
        {1.0, 0.0689, 0.0177, 0.00718, 0.00381, 0.00244, 0.00179, 0.00146, 0.00129, 0.00121, 0.0012},
        {1.0, 0.0645, 0.0156, 0.00596, 0.003, 0.00183, 0.00128, 0.001, 0.000852, 0.000775, 0.000744},
        {1.0, 0.0606, 0.0138, 0.005, 0.00239, 0.00139, 0.000935, 0.000702, 0.000574, 0.000505, 0.00047, 0.000459},
        {1.0, 0.0571, 0.0123, 0.00423, 0.00193, 0.00107, 0.000692, 0.000499, 0.000394, 0.000335, 0.000302, 0.000287,
         0.000284},
        {1.0, 0.054, 0.0111, 0.00362, 0.00158, 0.000839, 0.000519, 0.00036, 0.000275, 0.000226, 0.000198, 0.000183,
         0.000176},
        {1.0, 0.0513, 0.00998, 0.00312, 0.0013, 0.000663, 0.000394, 0.000264, 0.000194, 0.000155, 0.000132, 0.000118,
         0.000111, 0.000109},
        {1.0, 0.0488, 0.00906, 0.0027, 0.00108, 0.00053, 0.000303, 0.000196, 0.00014, 0.000108, 8.89e-05, 7.77e-05,
         7.12e-05, 6.79e-05, 6.71e-05},
    };
    static const unsigned min_index[] = {0, 0, 1, 2, 3, 3, 4, 5, 6, 6, 7, 8, 8, 9, 10, 10, 11, 12, 12, 13, 14};
    if (p >= 0.283) return {2, 2};
    for (unsigned b = 1; b < 20; ++b) {
        if (table[b][min_index[b]] <= p) {
            for (unsigned k = min_index[b]; k > 0; --k)
                if (table[b][k] > p) return {b, k + 1};
        }
    }
    return {19, min_index[19]};
}

double parquet_spec_bits_per_value(double p) {
    checked_probability(p, "p");
    const auto& first = kParquetSpecTable[0];
    const auto& last = kParquetSpecTable[std::size(kParquetSpecTable) - 1];
    if (p > first.p || p < last.p)
        throw RangeError("p", "in [1e-05, 0.1]: the rows of the Parquet spec's sizing table", show_number(p));
    for (std::size_t i = 0; i + 1 < std::size(kParquetSpecTable); ++i) {
        const auto& a = kParquetSpecTable[i];
        const auto& b = kParquetSpecTable[i + 1];
        if (p <= a.p && p >= b.p) {
            const double t = std::log(p / a.p) / std::log(b.p / a.p);
            return a.bits + t * (b.bits - a.bits);
        }
    }
    return last.bits;
}

namespace {

// The optional inputs only some rules read (schema/inputs.mjs declares them `only`; tests/js/libraries.test.mjs
// holds the two equal): given to another library, each is refused by name, not ignored.
bool reads_k(const std::string& library) { return library == "boost-block" || library == "boost-multiblock"; }
bool reads_max_bytes(const std::string& library) { return library == "parquet"; }

// What the library allocates (size_for_library without the hash floor).
LibrarySizing allocation(const LibrarySizingInput& in) {
    const Library& lib = find(in.library);
    const std::uint64_t n = checked_integer(in.n, "n", 1, kMaxItems);
    const double p = checked_probability(in.p, "p");
    if (in.k && !reads_k(lib.info.name))
        throw RangeError(
            "k", "absent for " + lib.info.name + ": K is Boost's template argument (boost-block, boost-multiblock)",
            show_number(*in.k));
    if (in.max_bytes && !reads_max_bytes(lib.info.name))
        throw RangeError("maxBytes", "absent for " + lib.info.name + ": it is the Parquet writer's maximum (parquet)",
                         show_number(*in.max_bytes));
    const double nd = static_cast<double>(n);
    Allocated a = lib.allocate(Ask{in, n, nd, p});
    LibrarySizing out;
    out.library = lib.info;
    out.target = p;
    out.filter = a.filter;
    out.note = std::move(a.note);
    out.bytes = a.bytes ? a.bytes : ceil_div(out.filter.m, 8);
    out.bits_per_key = static_cast<double>(out.filter.m) / nd;
    out.exact = layout_exact_fpr(out.filter);
    out.misses_target = out.exact > p;
    return out;
}

}  // namespace

LibrarySizing size_for_library(const LibrarySizingInput& in) {
    const unsigned asked = in.hash_bits ? checked_hash_bits(*in.hash_bits) : 0;
    LibrarySizing out = allocation(in);
    if (const unsigned bits = asked ? asked : out.library.hash_bits)
        out.hash_floor = hash_floor(out.filter, out.exact, bits, out.target);
    return out;
}

}  // namespace bloomcalc
