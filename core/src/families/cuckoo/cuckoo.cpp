// Cuckoo filter sizing and model (cuckoo.hpp): each library's bucket count, bytes, exact FPR and cache lines.
#include "bloomcalc/families/cuckoo/cuckoo.hpp"

#include <algorithm>
#include <cmath>

#include "bloomcalc/error.hpp"
#include "bloomcalc/families/cuckoo/cuckoo_table.hpp"
#include "bloomcalc/params.hpp"

namespace bloomcalc {

namespace {

const std::vector<unsigned> kSingleTableBits = {2, 4, 8, 12, 16, 32};    // singletable.h ReadTag's cases
const std::vector<unsigned> kPackedTableBits = {5, 6, 7, 8, 9, 13, 17};  // packedtable.h ReadBucket's cases

std::uint64_t upperpower2(std::uint64_t x) {  // cuckoofilter's bitsutil.h / RedisBloom's getNextN2
    std::uint64_t p = 1;
    while (p < x) p <<= 1;
    return p;
}

const std::vector<unsigned>& supported_bits(CuckooLibrary l) {
    static const std::vector<unsigned> redis = {8};
    return l == CuckooLibrary::efficient            ? kSingleTableBits
           : l == CuckooLibrary::efficient_semisort ? kPackedTableBits
                                                    : redis;
}

std::string list(const std::vector<unsigned>& v) {
    std::string s;
    for (unsigned x : v) s += (s.empty() ? "" : ", ") + std::to_string(x);
    return "one of " + s;
}

// 1 − (1 − x)^n without cancellation.
double at_least_one(double x, double n) { return -std::expm1(n * std::log1p(-x)); }

}  // namespace

CuckooLibrary parse_cuckoo_library(const std::string& text) {
    if (text == "efficient") return CuckooLibrary::efficient;
    if (text == "efficient-semisort") return CuckooLibrary::efficient_semisort;
    if (text == "redisbloom") return CuckooLibrary::redisbloom;
    throw RangeError("library", "\"efficient\", \"efficient-semisort\" or \"redisbloom\"", quoted(text));
}

const char* to_string(CuckooLibrary l) {
    return l == CuckooLibrary::efficient            ? "efficient"
           : l == CuckooLibrary::efficient_semisort ? "efficient-semisort"
                                                    : "redisbloom";
}

CuckooShape cuckoo_shape(CuckooLibrary library, double capacity, double fingerprint_bits, double bucket_size,
                         double max_kicks, double expansion) {
    CuckooShape s;
    s.library = library;
    s.capacity = checked_family_n(capacity);
    const auto& bits = supported_bits(library);
    const auto f = checked_integer(fingerprint_bits, "fingerprintBits", 1, 32);
    if (std::find(bits.begin(), bits.end(), f) == bits.end())
        throw RangeError("fingerprintBits", list(bits) + " for " + to_string(library), show_number(fingerprint_bits));
    s.fingerprint_bits = static_cast<unsigned>(f);
    if (library == CuckooLibrary::redisbloom) {
        s.bucket_size = static_cast<unsigned>(checked_integer(bucket_size, "bucketSize", 1, 255));  // config.c
        s.max_kicks = static_cast<unsigned>(
            checked_integer(std::isnan(max_kicks) ? kRedisDefaultMaxIterations : max_kicks, "maxIterations", 1, 65535));
        // CuckooFilter_Init: expansion = getNextN2(expansion), which keeps 0 (no growth: NoSpace).
        const auto e =
            checked_integer(std::isnan(expansion) ? kRedisDefaultExpansion : expansion, "expansion", 0, 32768);
        s.expansion = e == 0 ? 0 : static_cast<unsigned>(upperpower2(e));
        // cuckoo.c CuckooFilter_Init: numBuckets = getNextN2(capacity / bucketSize), at least 1; rebloom.c cfCreate
        // refuses capacity < 2·bucketSize.
        if (s.capacity < 2ull * s.bucket_size)
            throw RangeError("capacity",
                             "at least 2·bucketSize = " + std::to_string(2 * s.bucket_size) + " (RedisBloom cfCreate)",
                             std::to_string(s.capacity));
        s.buckets = std::max<std::uint64_t>(1, upperpower2(s.capacity / s.bucket_size));
        s.size_in_bytes = s.allocated_bytes = s.buckets * s.bucket_size;
        return s;
    }
    if (!std::isnan(bucket_size) && bucket_size != kEfficientBucketSize)
        throw RangeError("bucketSize", "4 for efficient/cuckoofilter (assoc, kTagsPerBucket)",
                         show_number(bucket_size));
    s.bucket_size = kEfficientBucketSize;
    s.max_kicks = kEfficientMaxKicks;
    // cuckoofilter.h CuckooFilter(max_num_keys): upperpower2(max(1, n / 4)), doubled when n / B / 4 > 0.96.
    s.buckets = upperpower2(std::max<std::uint64_t>(1, s.capacity / 4));
    if (static_cast<double>(s.capacity) / static_cast<double>(s.buckets) / 4 > 0.96) s.buckets <<= 1;
    if (s.buckets > (std::uint64_t{1} << 32))
        throw InfeasibleError("n", "[1, 2^34] for efficient/cuckoofilter",
                              "more than 2^32 buckets, which its 32-bit index (hash >> 32) cannot reach");
    if (library == CuckooLibrary::efficient) {
        // singletable.h: kBytesPerBucket = (f·4 + 7) >> 3; kPaddingBuckets = (⌈bpb/8⌉·8 − 1) / bpb allocated more.
        const std::uint64_t bpb = (s.fingerprint_bits * 4 + 7) >> 3;
        const std::uint64_t padding = (((bpb + 7) / 8) * 8 - 1) / bpb;
        s.size_in_bytes = bpb * s.buckets;
        s.allocated_bytes = bpb * (s.buckets + padding);
    } else {
        // packedtable.h: kBitsPerBucket = (3 + f − 4)·4, kBytesPerBucket = (bits + 7) >> 3, len_ = bpb·B + 7.
        const std::uint64_t bpb = ((3 + s.fingerprint_bits - 4) * 4 + 7) >> 3;
        s.size_in_bytes = s.allocated_bytes = bpb * s.buckets + 7;
    }
    return s;
}

double cuckoo_fpr(const CuckooShape& s, double n) {
    const double B = static_cast<double>(s.buckets);
    // Fingerprint classes (count, probability, buckets probed c): t ≡ 0 mod B has c = 1 (its alternate is itself).
    struct Class {
        double count, p, c;
    };
    Class classes[3] = {};
    const auto multiples_of_B = [&](std::uint64_t lo, std::uint64_t hi) -> double {  // t ≡ 0 mod B in [lo, hi]
        if (s.buckets == 1) return static_cast<double>(hi - lo + 1);
        return static_cast<double>(hi / s.buckets - (lo - 1) / s.buckets);
    };
    if (s.library == CuckooLibrary::redisbloom) {
        const double one = multiples_of_B(1, 255);  // fp = hash % 255 + 1, uniform on [1, 255]
        classes[0] = {one, 1.0 / 255, 1};
        classes[1] = {255 - one, 1.0 / 255, 2};
    } else {
        // TagHash: tag = hash & (2^f − 1), 0 → 1: P(1) = 2/2^f. AltIndex truncates tag·0x5bd1e995 to 32 bits,
        // so t·M ≡ 0 mod B (B ≤ 2^32, M odd) exactly when t ≡ 0 mod B.
        const std::uint64_t top = (s.fingerprint_bits == 32 ? 0xffffffffULL : (1ULL << s.fingerprint_bits) - 1);
        const double q = std::ldexp(1.0, -static_cast<int>(s.fingerprint_bits));
        const double one = multiples_of_B(2, top);
        classes[0] = {1, 2 * q, s.buckets == 1 ? 1.0 : 2.0};
        classes[1] = {one, q, 1};
        classes[2] = {static_cast<double>(top - 1) - one, q, 2};
    }
    double fpr = 0;
    for (const auto& c : classes)
        if (c.count > 0) fpr += c.count * c.p * at_least_one(c.p * c.c / B, n);
    return fpr;
}

double cuckoo_cache_lines(const CuckooShape& s) {
    // Bytes of one bucket read and the stride between buckets, in bits for the packed table.
    std::uint64_t read_bytes, stride_bits;
    if (s.library == CuckooLibrary::redisbloom)
        read_bytes = s.bucket_size, stride_bits = 8ull * s.bucket_size;
    else if (s.library == CuckooLibrary::efficient)
        read_bytes = 8, stride_bits = 8 * ((s.fingerprint_bits * 4 + 7) >> 3);
    else
        read_bytes = 8, stride_bits = (3 + s.fingerprint_bits - 4) * 4;    // packedtable.h: p = buckets_ + bits·i/8
    const std::uint64_t period = std::min<std::uint64_t>(s.buckets, 512);  // offsets repeat within 512 buckets
    double lines = 0;
    for (std::uint64_t i = 0; i < period; ++i) {
        const std::uint64_t first = (stride_bits * i / 8) % 64;
        lines += 1 + static_cast<double>((first + read_bytes - 1) / 64);
    }
    return 2 * lines / static_cast<double>(period);
}

double cuckoo_construction_failure(const CuckooShape& shape, double n) {
    CuckooShape small = shape;
    const std::uint64_t cap = std::uint64_t{1} << 12;
    double keys = n;
    if (shape.buckets > cap) {
        small.buckets = cap;
        keys = std::round(n * static_cast<double>(cap) / static_cast<double>(shape.buckets));
    }
    CuckooSimConfig c;
    c.shape = small;
    c.keys = static_cast<std::uint64_t>(std::max(1.0, keys));
    c.trials = kCuckooFailureTrials;
    c.queries = 1;  // the construction only
    c.seed = 1;
    const auto r = simulate_cuckoo(c);
    return 1.0 - static_cast<double>(r.built) / static_cast<double>(c.trials);
}

namespace {

FamilyRow row_of(const CuckooShape& s, double n, double p, bool has_p) {
    FamilyRow r;
    r.family = "cuckoo";
    const std::string lib = s.library == CuckooLibrary::redisbloom  ? "RedisBloom CF.RESERVE"
                            : s.library == CuckooLibrary::efficient ? "efficient/cuckoofilter"
                                                                    : "efficient/cuckoofilter, semi-sorted";
    r.variant = lib + ", f = " + std::to_string(s.fingerprint_bits) + ", b = " + std::to_string(s.bucket_size);
    const double load = n / (static_cast<double>(s.buckets) * s.bucket_size);
    r.params = {{"f", static_cast<double>(s.fingerprint_bits)}, {"b", static_cast<double>(s.bucket_size)},
                {"buckets", static_cast<double>(s.buckets)},    {"load", load},
                {"maxKicks", static_cast<double>(s.max_kicks)}, {"sizeInBytes", static_cast<double>(s.size_in_bytes)}};
    if (s.library == CuckooLibrary::redisbloom) r.params.push_back({"expansion", static_cast<double>(s.expansion)});
    r.bytes = s.allocated_bytes;
    r.bits_per_key = 8.0 * static_cast<double>(r.bytes) / n;
    r.fpr = cuckoo_fpr(s, n);
    r.meets = !has_p || r.fpr <= p;
    r.construction_failure = cuckoo_construction_failure(s, n);
    r.construction_failure_method = "simulation of the real table at min(B, 2^12) buckets and the same load, " +
                                    std::to_string(kCuckooFailureTrials) + " trials, seed 1";
    r.cache_lines_per_lookup = cuckoo_cache_lines(s);
    r.operations.insert_after_build = true;
    r.operations.remove = true;
    r.operations.count = s.library == CuckooLibrary::redisbloom;   // CF.COUNT (cuckoo.c CuckooFilter_Count)
    r.operations.resize = s.library == CuckooLibrary::redisbloom;  // a new sub-filter (CuckooFilter_Grow)
    r.reference =
        s.library == CuckooLibrary::redisbloom
            ? "RedisBloom src/cuckoo.c CuckooFilter_Init, src/config.c; Fan et al. CoNEXT 2014"
        : s.library == CuckooLibrary::efficient
            ? "efficient/cuckoofilter src/cuckoofilter.h CuckooFilter, src/singletable.h; Fan et al. CoNEXT 2014"
            : "efficient/cuckoofilter src/cuckoofilter.h CuckooFilter, src/packedtable.h; Fan et al. CoNEXT 2014 §5.2";
    return r;
}

std::vector<CuckooLibrary> libraries_of(const CuckooSizingOptions& o) {
    if (o.library) return {*o.library};
    return {CuckooLibrary::efficient, CuckooLibrary::efficient_semisort, CuckooLibrary::redisbloom};
}

CuckooShape shape_for(CuckooLibrary l, double n, unsigned f, const CuckooSizingOptions& o) {
    const bool redis = l == CuckooLibrary::redisbloom;
    if (!redis && o.bucket_size)
        throw RangeError("bucketSize", "only with library redisbloom", show_number(*o.bucket_size));
    if (!redis && o.max_iterations)
        throw RangeError("maxIterations", "only with library redisbloom", show_number(*o.max_iterations));
    return cuckoo_shape(l, n, f, redis ? o.bucket_size.value_or(kRedisDefaultBucketSize) : NAN,
                        redis ? o.max_iterations.value_or(kRedisDefaultMaxIterations) : NAN);
}

std::vector<unsigned> bits_to_try(CuckooLibrary l, const CuckooSizingOptions& o) {
    if (!o.fingerprint_bits) return supported_bits(l);
    return {static_cast<unsigned>(checked_integer(*o.fingerprint_bits, "fingerprintBits", 1, 32))};
}

}  // namespace

std::vector<FamilyRow> size_cuckoo(double n, double p, const CuckooSizingOptions& o) {
    checked_family_n(n);
    checked_family_p(p);
    std::vector<FamilyRow> rows;
    for (const auto l : libraries_of(o)) {
        std::optional<CuckooShape> chosen;
        for (const unsigned f : bits_to_try(l, o)) {  // ascending: the smallest f meeting p, else the largest
            chosen = shape_for(l, n, f, o);
            if (cuckoo_fpr(*chosen, n) <= p) break;
        }
        rows.push_back(row_of(*chosen, n, p, true));
    }
    return rows;
}

std::vector<FamilyRow> best_cuckoo_in(double max_bytes, double n, const CuckooSizingOptions& o) {
    const auto limit = checked_family_max_bytes(max_bytes);
    checked_family_n(n);
    std::vector<FamilyRow> rows;
    for (const auto l : libraries_of(o)) {
        std::optional<CuckooShape> best;
        for (const unsigned f : bits_to_try(l, o)) {
            const auto s = shape_for(l, n, f, o);
            if (s.allocated_bytes <= limit) best = s;
        }
        if (best) rows.push_back(row_of(*best, n, 0, false));
    }
    return rows;
}

}  // namespace bloomcalc
