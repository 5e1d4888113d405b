// Cuckoo filters (cuckoo.hpp, cuckoo_table.hpp): the libraries' published figures, the model against a direct sum
// over every fingerprint in long double, and the model inside the real table's simulation 99 % interval.
#include <catch2/catch.hpp>

#include <cmath>
#include <utility>
#include <vector>

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

namespace {

// efficient/cuckoofilter's AddImpl as written there, one slot at a time, on a plain array with the table's seeding
// (cuckoo_table.cpp): the reference the table's fast path (fill, and insert) must match answer for answer.
struct ReferenceEfficient {
    CuckooShape shape;
    std::uint64_t salt;
    Rng rng;
    std::vector<std::uint32_t> slots;
    bool victim_used = false;
    std::uint64_t victim_index = 0;
    std::uint32_t victim_tag = 0;

    ReferenceEfficient(const CuckooShape& s, std::uint64_t seed)
        : shape(s),
          salt(mix64(seed ^ 0x2545f4914f6cdd1dULL)),
          rng(seed ^ 0x9c6e2b5f0a4d3e71ULL),
          slots(s.buckets * 4, 0) {}
    std::uint64_t alt(std::uint64_t i, std::uint32_t tag) const {
        return static_cast<std::uint32_t>(i ^ static_cast<std::uint32_t>(tag * 0x5bd1e995u)) & (shape.buckets - 1);
    }
    std::pair<std::uint64_t, std::uint32_t> probe(std::uint64_t key) const {
        const std::uint64_t h = mix64(key * kGolden + salt);
        const std::uint64_t mask = shape.fingerprint_bits == 32 ? 0xffffffffULL : (1ULL << shape.fingerprint_bits) - 1;
        std::uint32_t tag = static_cast<std::uint32_t>(h & mask);
        tag += (tag == 0);
        return {(h >> 32) & (shape.buckets - 1), tag};
    }
    bool insert(std::uint64_t key) {
        if (victim_used) return false;
        auto [cur, tag] = probe(key);
        for (unsigned count = 0; count < shape.max_kicks; ++count) {
            for (unsigned j = 0; j < 4; ++j)
                if (slots[cur * 4 + j] == 0) {
                    slots[cur * 4 + j] = tag;
                    return true;
                }
            if (count > 0) std::swap(slots[cur * 4 + rng.next() % 4], tag);
            cur = alt(cur, tag);
        }
        victim_used = true, victim_index = cur, victim_tag = tag;
        return true;
    }
    bool contains(std::uint64_t key) const {
        const auto [i1, tag] = probe(key);
        const std::uint64_t i2 = alt(i1, tag);
        if (victim_used && victim_tag == tag && (victim_index == i1 || victim_index == i2)) return true;
        for (const std::uint64_t i : {i1, i2})
            for (unsigned j = 0; j < 4; ++j)
                if (slots[i * 4 + j] == tag) return true;
        return false;
    }
};

}  // namespace

TEST_CASE("Cuckoo: the efficient table's fill and insert answer as AddImpl one slot at a time", "[families][cuckoo]") {
    unsigned victims = 0;  // the cases that reached the victim slot: they must exist for the test to mean anything
    for (const auto library : {CuckooLibrary::efficient, CuckooLibrary::efficient_semisort})
        for (const double f :
             library == CuckooLibrary::efficient ? std::vector<double>{2, 8, 12, 32} : std::vector<double>{5, 9, 17})
            for (const double load : {0.5, 0.93, 0.97, 1.0}) {
                const auto shape = cuckoo_shape(library, 3900, f, NAN);  // 1024 buckets (3900 / 4096 ≤ 0.96)
                REQUIRE(shape.buckets == 1024);
                const auto keys = static_cast<std::uint64_t>(load * 4096);
                CAPTURE(to_string(library), f, load);
                for (const std::uint64_t seed : {1, 2, 3}) {
                    ReferenceEfficient reference(shape, seed);
                    std::uint64_t reference_in = 0;
                    while (reference_in < keys && reference.insert(reference_in)) ++reference_in;
                    CuckooTable filled(shape, seed), one_by_one(shape, seed);
                    CHECK(filled.fill(0, keys) == reference_in);
                    std::uint64_t in = 0;
                    while (in < keys && one_by_one.insert(in)) ++in;
                    CHECK(in == reference_in);
                    CHECK(filled.victim_used() == reference.victim_used);
                    CHECK(one_by_one.victim_used() == reference.victim_used);
                    std::uint64_t differ = 0;
                    for (std::uint64_t key = 0; key < 65536; ++key)  // members first, then non-members
                        differ += (filled.contains(key) != reference.contains(key)) +
                                  (one_by_one.contains(key) != reference.contains(key));
                    CHECK(differ == 0);
                    victims += reference.victim_used;
                }
            }
    CHECK(victims >= 10);
}
