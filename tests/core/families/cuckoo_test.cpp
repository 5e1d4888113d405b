// Cuckoo filters (cuckoo.hpp, cuckoo_table.hpp): the libraries' published figures, the model against a direct sum
// over every fingerprint in long double, and the model inside the real table's simulation 99 % interval.
#include <catch2/catch.hpp>

#include <cmath>

#include "bloomcalc/families/cuckoo/cuckoo.hpp"
#include "bloomcalc/families/cuckoo/cuckoo_table.hpp"
#include "parameter.hpp"

using namespace bloomcalc;

namespace {

// The FPR summed over every fingerprint value t, one at a time, in long double: the query's fingerprint is t with
// P(t); a stored key matches with P(t)·c_t/B, c_t the distinct buckets of t's pair computed with the library's own
// alternate-index arithmetic (not the t ≡ 0 mod B rule the model groups by).
long double direct_fpr(const CuckooShape& s, double n) {
    long double fpr = 0;
    const bool redis = s.library == CuckooLibrary::redisbloom;
    const std::uint64_t values = redis ? 255 : (std::uint64_t{1} << s.fingerprint_bits) - 1;
    for (std::uint64_t v = 1; v <= values; ++v) {
        const long double p = redis ? 1.0L / 255 : (v == 1 ? 2.0L : 1.0L) / std::ldexp(1.0L, s.fingerprint_bits);
        const std::uint64_t alt = redis ? (0 ^ (v * 0x5bd1e995ULL)) % s.buckets
                                        : static_cast<std::uint32_t>(v * 0x5bd1e995u) & (s.buckets - 1);
        const long double c = alt == 0 ? 1 : 2;
        fpr += p * -std::expm1(static_cast<long double>(n) *
                               std::log1p(-p * c / s.buckets));  // 1 − (1 − x)^n: 1 − x rounds in wasm's double
    }
    return fpr;
}

CuckooSimResult sim(const CuckooShape& s, std::uint64_t keys, std::uint64_t trials, std::uint64_t queries) {
    CuckooSimConfig c;
    c.shape = s;
    c.keys = keys;
    c.trials = trials;
    c.queries = queries;
    c.seed = 7;
    return simulate_cuckoo(c);
}

}  // namespace

TEST_CASE("Cuckoo: the CoNEXT 2014 Table 3 figures as benchmarks/conext-table3.cc reproduces them",
          "[families][cuckoo]") {
    // conext-table3.cc: CuckooFilter<uint64_t, 12, SingleTable>(127.78M) held 127.82M keys at 12.60 bits per item and
    // 0.18 % FPR; <13, PackedTable> held 127.90M at 12.59 bits and 0.09 % (10^6 lookups each).
    const auto cf = cuckoo_shape(CuckooLibrary::efficient, 127780000, 12, NAN);
    const auto ss = cuckoo_shape(CuckooLibrary::efficient_semisort, 127780000, 13, NAN);
    CHECK(cf.buckets == (std::uint64_t{1} << 25));  // upperpower2(31.945M); load 0.952 ≤ 0.96 keeps it
    CHECK(cf.size_in_bytes == 6ull << 25);
    CHECK(ss.size_in_bytes == (6ull << 25) + 7);
    CHECK(std::round(800.0 * cf.size_in_bytes / 127.82e6) == 1260);
    CHECK(std::round(800.0 * ss.size_in_bytes / 127.90e6) == 1259);
    // The model at the loads reached lies within the 99 % binomial half-width of 10^6 lookups around the figure.
    const auto within = [](double model, double published) {
        return std::abs(model - published) <= 2.5758 * std::sqrt(published * (1 - published) / 1e6);
    };
    CHECK(within(cuckoo_fpr(cf, 127.82e6), 0.0018));
    CHECK(within(cuckoo_fpr(ss, 127.90e6), 0.0009));
}

TEST_CASE("Cuckoo: the model equals a direct sum over every fingerprint (long double)", "[families][cuckoo]") {
    // Small B makes fingerprints whose alternate bucket is their own (c_t = 1) count; f = 2 makes tag 1's doubled
    // probability (tag 0 reserved) count.
    for (const auto& s :
         {cuckoo_shape(CuckooLibrary::efficient, 8, 4, NAN), cuckoo_shape(CuckooLibrary::efficient, 8, 2, NAN),
          cuckoo_shape(CuckooLibrary::efficient, 3000, 8, NAN), cuckoo_shape(CuckooLibrary::efficient, 100000, 12, NAN),
          cuckoo_shape(CuckooLibrary::efficient_semisort, 5000, 9, NAN),
          cuckoo_shape(CuckooLibrary::redisbloom, 16, 8, 2), cuckoo_shape(CuckooLibrary::redisbloom, 1500, 8, 2),
          cuckoo_shape(CuckooLibrary::redisbloom, 1000000, 8, 4)}) {
        for (const double n : {1.0, static_cast<double>(s.capacity) / 2, static_cast<double>(s.capacity)}) {
            INFO(to_string(s.library) << " f = " << s.fingerprint_bits << " B = " << s.buckets << " n = " << n);
            CHECK(cuckoo_fpr(s, n) == Approx(static_cast<double>(direct_fpr(s, n))).epsilon(1e-12));
        }
    }
}

TEST_CASE("Cuckoo: the model lies inside the real table's 99 % interval", "[families][cuckoo]") {
    struct Case {
        CuckooShape shape;
        std::uint64_t keys, trials, queries;
    };
    // 64 to 2000 tables, 2^11 to 2^13 lookups each: each case < 0.3 s natively.
    for (const auto& c : {Case{cuckoo_shape(CuckooLibrary::efficient, 3000, 8, NAN), 3000, 64, 8192},
                          Case{cuckoo_shape(CuckooLibrary::efficient, 8, 2, NAN), 8, 2000, 1024},
                          Case{cuckoo_shape(CuckooLibrary::efficient, 8, 4, NAN), 8, 2000, 1024},
                          Case{cuckoo_shape(CuckooLibrary::efficient_semisort, 3000, 5, NAN), 3000, 64, 8192},
                          Case{cuckoo_shape(CuckooLibrary::redisbloom, 2048, 8, 2), 1000, 64, 8192},
                          Case{cuckoo_shape(CuckooLibrary::redisbloom, 3000, 8, 4), 2500, 64, 8192}}) {
        const auto r = sim(c.shape, c.keys, c.trials, c.queries);
        const double model = cuckoo_fpr(c.shape, static_cast<double>(c.keys));
        INFO(to_string(c.shape.library) << " f = " << c.shape.fingerprint_bits << " B = " << c.shape.buckets
                                        << " built " << r.built << "/" << c.trials << ": [" << r.fpr.interval.low
                                        << ", " << r.fpr.interval.high << "], model " << model);
        REQUIRE(r.built >=
                c.trials / 2);  // RedisBloom b = 2, 20 iterations: 1 in 64 needs a new sub-filter at load 0.49
        CHECK(model >= r.fpr.interval.low);
        CHECK(model <= r.fpr.interval.high);
        // Deleting a non-member succeeds exactly when its lookup is a false positive, and takes a member's fingerprint.
        if (r.nonmember_deletes > 0) {
            const auto deleted = clopper_pearson_interval(r.nonmember_deleted, r.nonmember_deletes, 0.99);
            CHECK(model >= deleted.low);
            CHECK(model <= deleted.high);
        }
        CHECK(r.members_lost <= r.nonmember_deleted);
    }
}

TEST_CASE("Cuckoo: deleting a non-member makes a member a false negative", "[families][cuckoo]") {
    const auto s = cuckoo_shape(CuckooLibrary::efficient, 3000, 4, NAN);  // f = 4: ~1 in 3 lookups positive
    const auto r = sim(s, 3000, 4, 4096);
    CHECK(r.nonmember_deleted > 20);  // of 4·46 deletions
    CHECK(r.members_lost > 0);
}

TEST_CASE("Cuckoo: construction fails where the table is full and succeeds at half load", "[families][cuckoo]") {
    // 4096 buckets of 4: 16384 keys (load 1) cannot all be placed; 8192 (load 0.5) always are.
    const auto full = cuckoo_shape(CuckooLibrary::efficient, 15728, 12, NAN);
    REQUIRE(full.buckets == 4096);  // 15728 / 4096 / 4 = 0.96, not above the rule's 0.96
    CHECK(sim(full, 16384, 32, 1).built == 0);
    CHECK(cuckoo_construction_failure(full, 16384) == 1);
    const auto half = cuckoo_shape(CuckooLibrary::efficient, 8192, 12, NAN);
    CHECK(sim(half, 8192, 32, 1).built == 32);
    CHECK(cuckoo_construction_failure(half, 8192) == 0);
    // RedisBloom's defaults (b = 2, 20 iterations) at capacity 2048 fill 1024 buckets to load 1: it must grow.
    const auto redis = cuckoo_shape(CuckooLibrary::redisbloom, 2048, 8, 2);
    CHECK(redis.buckets == 1024);
    CHECK(cuckoo_construction_failure(redis, 2048) == 1);
    CHECK(cuckoo_construction_failure(redis, 1000) < 0.5);
}

TEST_CASE("Cuckoo: sizing picks the smallest fingerprint meeting p, and the inverse the largest that fits",
          "[families][cuckoo]") {
    const auto rows = size_cuckoo(1e7, 0.01, {CuckooLibrary::efficient, {}, {}, {}});
    REQUIRE(rows.size() == 1);
    CHECK(param(rows[0], "f") == 12);  // f = 8 gives 1.9 % at load 0.596
    CHECK(param(rows[0], "buckets") == 4194304);
    CHECK(rows[0].bytes == 6ull * 4194304 + 6);  // one padding bucket (singletable.h kPaddingBuckets)
    CHECK(rows[0].meets);
    CHECK(cuckoo_fpr(cuckoo_shape(CuckooLibrary::efficient, 1e7, 8, NAN), 1e7) > 0.01);
    const auto inverse =
        best_cuckoo_in(static_cast<double>(rows[0].bytes), 1e7, {CuckooLibrary::efficient, {}, {}, {}});
    REQUIRE(inverse.size() == 1);
    CHECK(param(inverse[0], "f") == 12);
    CHECK(best_cuckoo_in(static_cast<double>(rows[0].bytes) - 1, 1e7, {CuckooLibrary::efficient, {}, {}, {}})[0].fpr >
          rows[0].fpr);
    CHECK(size_cuckoo(1e7, 0.01).size() == 3);
    const auto redis = size_cuckoo(1e7, 1e-4, {CuckooLibrary::redisbloom, {}, {}, {}});
    CHECK_FALSE(redis[0].meets);  // 8-bit fingerprints cannot reach 0.01 %
    CHECK(redis[0].operations.count);
    CHECK(best_cuckoo_in(100, 1e7).empty());
}

TEST_CASE("Cuckoo: cache lines of a lookup follow each table's bucket offsets", "[families][cuckoo]") {
    CHECK(cuckoo_cache_lines(cuckoo_shape(CuckooLibrary::efficient, 1e6, 16, NAN)) == 2);     // 8-byte buckets
    CHECK(cuckoo_cache_lines(cuckoo_shape(CuckooLibrary::efficient, 1e6, 8, NAN)) == 2.125);  // 1 in 16 straddles
    CHECK(cuckoo_cache_lines(cuckoo_shape(CuckooLibrary::redisbloom, 1e6, 8, 2)) == 2);       // 2-byte buckets
}

TEST_CASE("Cuckoo: bad input names the parameter and its range", "[families][cuckoo]") {
    CHECK(parameter_of([] { cuckoo_shape(CuckooLibrary::efficient, 1000, 10, NAN); }) == "fingerprintBits");
    CHECK(parameter_of([] { cuckoo_shape(CuckooLibrary::efficient, 1000, 12, 2); }) == "bucketSize");
    CHECK(parameter_of([] { cuckoo_shape(CuckooLibrary::redisbloom, 1000, 8, 300); }) == "bucketSize");
    CHECK(parameter_of([] { cuckoo_shape(CuckooLibrary::redisbloom, 3, 8, 2); }) == "capacity");
    CHECK(parameter_of([] { cuckoo_shape(CuckooLibrary::redisbloom, 1000, 8, 2, 0); }) == "maxIterations");
    CHECK(parameter_of([] { size_cuckoo(0, 0.01); }) == "n");
    CHECK(parameter_of([] { size_cuckoo(1000, 1); }) == "p");
    CHECK(parameter_of([] { size_cuckoo(0x1p38, 0.01, {CuckooLibrary::efficient, {}, {}, {}}); }) == "n");
    CHECK(parameter_of([] { size_cuckoo(1000, 0.01, {CuckooLibrary::efficient, {}, 4.0, {}}); }) == "bucketSize");
    CHECK(parameter_of([] { best_cuckoo_in(0, 1000); }) == "maxBytes");
    CHECK(parameter_of([] { parse_cuckoo_library("boost"); }) == "library");
}
