// Quotient and counting quotient filters (quotient.hpp, quotient_filter.hpp, quotient_sim.hpp): splatlab/cqf's
// allocation against a replica of its block struct, the FPR against exact rationals and inside the real filters' 99 %
// interval; the real filters against the sorted fingerprints (QuotientFingerprints), answer by answer, and their
// bytes against the layout the fingerprints determine, written here bit by bit.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <type_traits>
#include <vector>

#include "bloomcalc/families/quotient/quotient.hpp"
#include "bloomcalc/families/quotient/quotient_filter.hpp"
#include "bloomcalc/families/quotient/quotient_sim.hpp"
#include "bloomcalc/sim/hashing.hpp"
#include "parameter.hpp"

using namespace bloomcalc;

namespace {
struct __attribute__((__packed__)) QfBlockHead {  // include/gqf_int.h qfblock without its slots (QF_BITS_PER_SLOT 0)
    std::uint8_t offset;
    std::uint64_t occupieds[1];
    std::uint64_t runends[1];
};
}  // namespace

TEST_CASE("Quotient: splatlab/cqf's qf_init allocation, from a replica of its block", "[families][quotient]") {
    for (const unsigned q : {6u, 10u, 20u, 24u})
        for (const unsigned r : {2u, 8u, 13u}) {
            const auto s = quotient_shape(QuotientVariant::counting_quotient, q, r);
            const std::uint64_t nslots = std::uint64_t{1} << q;
            const std::uint64_t xnslots =
                nslots + static_cast<std::uint64_t>(10 * std::sqrt(static_cast<double>(nslots)));
            const std::uint64_t nblocks = (xnslots + 64 - 1) / 64;
            CHECK(s.bytes == 128 + nblocks * (sizeof(QfBlockHead) + 64 * r / 8));
        }
    CHECK(quotient_shape(QuotientVariant::counting_quotient, 20, 8).bytes == 1340192);  // 16544 blocks of 81 bytes
    CHECK(quotient_shape(QuotientVariant::quotient, 24, 6).bytes == (std::uint64_t{1} << 24) * 9 / 8);
}

TEST_CASE("Quotient: the FPR equals exact rationals", "[families][quotient]") {
    // p = q + r = 4 bits, 3 keys: 1 − (15/16)^3 = 721/4096.
    CHECK(quotient_fpr(quotient_shape(QuotientVariant::quotient, 2, 2), 3) == Approx(721.0 / 4096).epsilon(1e-15));
    // p = 30, n = 10^6: 1 − (1 − 2^−30)^(10^6) in long double.
    const long double exact = 1 - std::pow(1 - std::ldexp(1.0L, -30), 1e6L);
    CHECK(quotient_fpr(quotient_shape(QuotientVariant::counting_quotient, 20, 10), 1e6) ==
          Approx(static_cast<double>(exact)).epsilon(1e-12));
}

TEST_CASE("Quotient: the model lies inside the real filters' 99 % interval", "[families][quotient]") {
    for (const auto v : {QuotientVariant::quotient, QuotientVariant::counting_quotient}) {
        QuotientSimConfig c;
        c.shape = quotient_shape(v, 10, 3);
        c.keys = 768;  // load 3/4: the QF's limit, well under the cqf's
        c.trials = 64;
        c.queries = 8192;
        c.seed = 3;
        const auto r = simulate_quotient(c);
        const double model = quotient_fpr(c.shape, 768);
        INFO(to_string(v) << " [" << r.fpr.interval.low << ", " << r.fpr.interval.high << "] model " << model);
        REQUIRE(r.built == 64);
        CHECK(model >= r.fpr.interval.low);
        CHECK(model <= r.fpr.interval.high);
    }
    // One key more than the load limit is refused (cqf: qf_insert's 0.95·nslots).
    QuotientSimConfig over;
    over.shape = quotient_shape(QuotientVariant::counting_quotient, 6, 4);
    over.keys = 62;  // 0.95·64 = 60.8: the 61st goes in with 60 occupied, the 62nd is refused
    over.trials = 4;
    CHECK(simulate_quotient(over).built == 0);
    over.keys = 61;
    CHECK(simulate_quotient(over).built == 4);
}

TEMPLATE_TEST_CASE("Quotient: deletion and counting compare quotient and remainder", "[families][quotient]",
                   QuotientFingerprints, QuotientFilter, CountingQuotientFilter) {
    const bool qf = std::is_same<TestType, QuotientFilter>::value;
    TestType f(quotient_shape(qf ? QuotientVariant::quotient : QuotientVariant::counting_quotient, 12, 20), 5);
    REQUIRE(f.insert(42));
    REQUIRE(f.insert(42));
    CHECK(f.count(42) == 2);
    CHECK(f.remove(42));
    CHECK(f.contains(42));
    CHECK(f.remove(42));
    CHECK_FALSE(f.contains(42));
    CHECK_FALSE(f.remove(42));
}

TEST_CASE("Quotient: sizing takes the smallest q under the load limit and the smallest r meeting p",
          "[families][quotient]") {
    const auto rows = size_quotient(1e7, 0.01);
    REQUIRE(rows.size() == 2);
    CHECK(rows[0].family == "quotient");
    CHECK(param(rows[0], "q") == 24);  // 0.75·2^24 = 12.6M ≥ 10^7
    CHECK(param(rows[0], "r") == 6);   // load 0.596: 0.596/2^6 = 0.93 %, 2^5 gives 1.9 %
    CHECK(rows[0].bytes == (std::uint64_t{1} << 24) * 9 / 8);
    CHECK(rows[1].family == "counting-quotient");
    CHECK(param(rows[1], "q") == 24);
    CHECK(param(rows[1], "r") == 6);
    CHECK(rows[1].operations.count);
    CHECK_FALSE(rows[0].operations.count);
    CHECK(param(size_quotient(61, 0.1, {QuotientVariant::counting_quotient})[0], "q") == 6);
    CHECK(param(size_quotient(62, 0.1, {QuotientVariant::counting_quotient})[0], "q") == 7);
    CHECK(param(size_quotient(48, 0.1, {QuotientVariant::quotient})[0], "q") == 6);
    CHECK(param(size_quotient(49, 0.1, {QuotientVariant::quotient})[0], "q") == 7);
    const auto best = best_quotient_in(static_cast<double>(rows[1].bytes), 1e7, {QuotientVariant::counting_quotient});
    REQUIRE(best.size() == 1);
    CHECK(param(best[0], "r") == 6);
    CHECK(best_quotient_in(100, 1e7).empty());
}

TEST_CASE("Quotient: bad input names the parameter and its range", "[families][quotient]") {
    CHECK(parameter_of([] { quotient_shape(QuotientVariant::counting_quotient, 10, 1); }) == "r");
    CHECK(parameter_of([] { quotient_shape(QuotientVariant::quotient, 0, 4); }) == "q");
    CHECK(parameter_of([] { quotient_shape(QuotientVariant::quotient, 40, 30); }) == "r");
    CHECK(parameter_of([] { size_quotient(-1, 0.01); }) == "n");
    CHECK(parameter_of([] { size_quotient(10, 0); }) == "p");
    CHECK(parameter_of([] { best_quotient_in(1.5, 10); }) == "maxBytes");
}

namespace {

void put_bits(std::vector<std::uint8_t>& a, std::uint64_t bit, unsigned width, std::uint64_t v) {
    for (unsigned i = 0; i < width; ++i)
        if (v >> i & 1) a[(bit + i) / 8] = static_cast<std::uint8_t>(a[(bit + i) / 8] | 1u << ((bit + i) % 8));
}

struct Run {
    std::uint64_t quotient;
    std::vector<std::uint64_t> remainders;  // sorted
    std::int64_t start = 0;                 // unrolled: may pass 2^q in the QF (wrapped round)
};
std::vector<Run> runs_of(const QuotientShape& s, const std::vector<std::uint64_t>& fingerprints) {
    std::vector<Run> runs;
    for (const std::uint64_t f : fingerprints) {
        if (runs.empty() || runs.back().quotient != f >> s.r) runs.push_back({f >> s.r, {}});
        runs.back().remainders.push_back(f & ((std::uint64_t{1} << s.r) - 1));
    }
    return runs;
}

// The QF's slots as the paper's invariants fix them (Bender §3): each run in quotient order starts at its quotient or
// right after the run before, round the end of the array; is_shifted when not at its quotient, is_continuation when
// not a run's first; an empty slot all zero. `wrapped` counts tables with a run past the end.
std::vector<std::uint8_t> qf_layout(const QuotientShape& s, const std::vector<std::uint64_t>& fingerprints,
                                    int& wrapped) {
    auto runs = runs_of(s, fingerprints);
    const auto slots = static_cast<std::int64_t>(s.slots);
    std::int64_t carry = -1;  // where the last lap's runs end, less 2^q
    for (int lap = 0;; ++lap) {
        if (lap >= 8) FAIL("the QF layout did not settle in 8 laps");
        std::int64_t prev = carry;
        for (auto& run : runs) {
            run.start = std::max(static_cast<std::int64_t>(run.quotient), prev + 1);
            prev = run.start + static_cast<std::int64_t>(run.remainders.size()) - 1;
        }
        const std::int64_t next = std::max<std::int64_t>(prev - slots, -1);
        if (next == carry) break;
        carry = next;
    }
    wrapped += carry >= 0;
    std::vector<std::uint8_t> bytes(static_cast<std::size_t>(s.bytes), 0);
    const std::uint64_t w = s.r + 3;
    for (const auto& run : runs) {
        put_bits(bytes, run.quotient * w, 1, 1);  // is_occupied
        for (std::size_t t = 0; t < run.remainders.size(); ++t) {
            const std::int64_t at = run.start + static_cast<std::int64_t>(t);
            const std::uint64_t i = static_cast<std::uint64_t>(at % slots);
            put_bits(bytes, i * w + 1, 1, t > 0);                                                  // is_continuation
            put_bits(bytes, i * w + 2, 1, at != static_cast<std::int64_t>(run.quotient) ? 1 : 0);  // is_shifted
            put_bits(bytes, i * w + 3, s.r, run.remainders[t]);
        }
    }
    return bytes;
}

// The cqf's bytes (include/gqf_int.h qfblock, packed): 128 bytes of qfmetadata (zero here), then per block the offset
// byte (how far the runs of quotients before the block reach into it, 255 at most), occupieds, runends, remainders.
// Runs in quotient order, each at its quotient or right after the run before; no wrap-around.
std::vector<std::uint8_t> cqf_layout(const QuotientShape& s, const std::vector<std::uint64_t>& fingerprints,
                                     int& saturated) {
    auto runs = runs_of(s, fingerprints);
    const std::uint64_t block = 17 + 8 * std::uint64_t{s.r}, nblocks = (s.xnslots + 63) / 64;
    std::vector<std::uint8_t> bytes(static_cast<std::size_t>(s.bytes), 0);
    if (bytes.size() != 128 + nblocks * block) FAIL("quotient_shape's cqf bytes are not 128 + blocks of 17 + 8r");
    std::int64_t prev = -1;
    std::vector<std::int64_t> reach(nblocks, -1);  // per block b: the end of the last run of a quotient < 64b
    for (auto& run : runs) {
        run.start = std::max(static_cast<std::int64_t>(run.quotient), prev + 1);
        prev = run.start + static_cast<std::int64_t>(run.remainders.size()) - 1;
        if (prev >= static_cast<std::int64_t>(s.xnslots)) FAIL("a cqf run past the last slot");
        for (std::uint64_t b = run.quotient / 64 + 1; b < nblocks; ++b) reach[b] = prev;
        put_bits(bytes, (128 + run.quotient / 64 * block + 1) * 8 + run.quotient % 64, 1, 1);  // occupieds
        const auto end = static_cast<std::uint64_t>(prev);
        put_bits(bytes, (128 + end / 64 * block + 9) * 8 + end % 64, 1, 1);  // runends
        for (std::size_t t = 0; t < run.remainders.size(); ++t) {
            const std::uint64_t i = static_cast<std::uint64_t>(run.start) + t;
            put_bits(bytes, (128 + i / 64 * block + 17) * 8 + i % 64 * s.r, s.r, run.remainders[t]);
        }
    }
    for (std::uint64_t b = 1; b < nblocks; ++b) {
        const std::int64_t into = reach[b] - static_cast<std::int64_t>(64 * b) + 1;
        saturated += into >= 255;
        bytes[128 + b * block] = static_cast<std::uint8_t>(std::clamp<std::int64_t>(into, 0, 255));
    }
    return bytes;
}

struct Coverage {
    int wrapped = 0, saturated = 0, refused = 0, full = 0, checks = 0;
};

// A seeded sequence of insert, contains, remove and count on keys from a pool twice the load limit, in four phases
// (filling, emptying, filling, emptying): the real filter's every answer equals the reference's; its bytes equal
// the layout the reference's fingerprints fix, after every operation on tables of at most 512 slots (else every 256).
// With `crowd` keys, the keys are those of quotient in [crowd_from, crowd_from + crowd): one cluster of most of the
// table (the QF's round its end; the cqf's across blocks, offsets past 255).
template <class Filter>
void replay(const QuotientShape& s, std::uint64_t seed, std::uint64_t ops, Coverage& cov, std::uint64_t crowd = 0,
            std::uint64_t crowd_from = 0) {
    Filter real(s, seed);
    QuotientFingerprints ref(s, seed);
    REQUIRE(real.bytes().size() == s.bytes);
    const double limit = quotient_max_load(s.variant) * static_cast<double>(s.slots);
    const std::uint64_t pool = 2 * static_cast<std::uint64_t>(limit) + 2;
    std::vector<std::uint64_t> keys;
    for (std::uint64_t k = 0; keys.size() < pool; ++k)
        if (crowd == 0 || (quotient_fingerprint(s, quotient_salt(seed), k) >> s.r) - crowd_from < crowd)
            keys.push_back(k);
    Rng rng(mix64(seed + s.q * 131 + s.r + crowd));
    for (std::uint64_t i = 0; i < ops; ++i) {
        const bool filling = (i * 4 / ops) % 2 == 0;
        const std::uint64_t dice = rng.next() % 100, key = keys[rng.next() % pool];
        // One FAIL naming the operation when the filters disagree, not an assertion per operation (millions of them).
        const char* op;
        bool agree;
        if (dice < (filling ? 70u : 20u)) {
            const bool ok = ref.insert(key);
            op = "insert", agree = real.insert(key) == ok;
            cov.refused += !ok;
        } else if (dice < 80) {
            op = "remove", agree = real.remove(key) == ref.remove(key);
        } else if (dice < 90) {
            op = "contains", agree = real.contains(key) == ref.contains(key);
        } else {
            op = "count", agree = real.count(key) == ref.count(key);
        }
        if (!agree || real.size() != ref.fingerprints().size())
            FAIL(to_string(s.variant) << " q = " << s.q << ", r = " << s.r << ", operation " << i << " (" << op
                                      << "), key " << key << ": the filter and the reference disagree");
        cov.full += static_cast<double>(ref.fingerprints().size() + 1) > limit;
        if (s.slots <= 512 || i % 256 == 0 || i + 1 == ops) {
            ++cov.checks;
            const auto want = s.variant == QuotientVariant::quotient ? qf_layout(s, ref.fingerprints(), cov.wrapped)
                                                                     : cqf_layout(s, ref.fingerprints(), cov.saturated);
            const auto& got = real.bytes();
            if (got != want)
                FAIL(to_string(s.variant)
                     << " q = " << s.q << ", r = " << s.r << ", after operation " << i << ": first differing byte "
                     << std::mismatch(got.begin(), got.end(), want.begin()).first - got.begin() << " of "
                     << got.size());
        }
    }
}

}  // namespace

TEST_CASE("Quotient: the real quotient filter answers as the fingerprints, its slots as Bender §3 fixes them",
          "[families][quotient]") {
    Coverage cov;
    // (q, r): 2 slots; 4 and 8 slots with few remainders (many equal fingerprints, clusters round the end); mid sizes;
    // remainders of 59 and 61 bits (a slot of r + 3 bits crossing 64-bit words)
    const std::vector<std::pair<unsigned, unsigned>> shapes = {{1, 1}, {2, 1},  {3, 2},  {4, 3}, {6, 2},
                                                               {8, 5}, {5, 59}, {11, 7}, {3, 61}};
    for (const auto& [q, r] : shapes)
        for (std::uint64_t seed = 1; seed <= 3; ++seed)
            replay<QuotientFilter>(quotient_shape(QuotientVariant::quotient, q, r), seed, q <= 6 ? 3000 : 12000, cov);
    // every key's quotient in the last 16 of 256 slots: one cluster round the end of most of the table
    replay<QuotientFilter>(quotient_shape(QuotientVariant::quotient, 8, 6), 4, 6000, cov, 16, 240);
    INFO("wrapped " << cov.wrapped << ", refused " << cov.refused << ", at the limit " << cov.full);
    CHECK(cov.wrapped > 100);  // the sequences did wrap round the end, fill to the limit and get refused
    CHECK(cov.full > 1000);
    CHECK(cov.refused > 100);
}

TEST_CASE("Quotient: the real counting quotient filter answers as the fingerprints, its blocks as splatlab/cqf's",
          "[families][quotient]") {
    Coverage cov;
    // (q, r): one block; a few blocks with few remainders (long runs of copies); 2^10 and 2^12 slots at 0.95 load
    // (clusters across blocks, offsets past the 8-bit field's 255); remainders of 58 and 62 bits
    const std::vector<std::pair<unsigned, unsigned>> shapes = {{2, 2},  {3, 2},  {6, 3},  {7, 2}, {8, 6},
                                                               {10, 4}, {12, 9}, {6, 58}, {2, 62}};
    for (const auto& [q, r] : shapes)
        for (std::uint64_t seed = 1; seed <= 3; ++seed)
            replay<CountingQuotientFilter>(quotient_shape(QuotientVariant::counting_quotient, q, r), seed,
                                           q <= 7 ? 3000 : 40000, cov);
    // every key's quotient in the first 96 of 1024 slots: runs of the first blocks reaching hundreds of slots on
    replay<CountingQuotientFilter>(quotient_shape(QuotientVariant::counting_quotient, 10, 6), 4, 8000, cov, 96, 0);
    // 2^16 slots filled to the limit (clusters of hundreds of slots: offsets past 255, recomputed by block_offset),
    // then every other key removed, then filled again; the bytes compared after each phase
    const auto big = quotient_shape(QuotientVariant::counting_quotient, 16, 5);
    CountingQuotientFilter real(big, 9);
    QuotientFingerprints ref(big, 9);
    std::uint64_t n = 0;
    std::uint64_t differ = 0;  // answers of the filter unlike the reference's, counted rather than asserted one by one
    while (ref.insert(n)) differ += !real.insert(n++);
    CHECK_FALSE(real.insert(n));
    CHECK(real.bytes() == cqf_layout(big, ref.fingerprints(), cov.saturated));
    for (std::uint64_t k = 0; k < n; k += 2) differ += real.remove(k) != ref.remove(k);
    CHECK(real.bytes() == cqf_layout(big, ref.fingerprints(), cov.saturated));
    for (std::uint64_t k = n; ref.insert(k); ++k) differ += !real.insert(k);
    CHECK(real.bytes() == cqf_layout(big, ref.fingerprints(), cov.saturated));
    for (std::uint64_t k = 0; k < 2 * n; ++k) differ += real.count(k) != ref.count(k);
    CHECK(differ == 0);
    INFO("offsets saturated " << cov.saturated << ", refused " << cov.refused << ", at the limit " << cov.full);
    CHECK(cov.saturated > 0);
    CHECK(cov.full > 1000);
    CHECK(cov.refused > 100);
}

TEST_CASE("Quotient: the real filters allocate quotient_shape()'s bytes", "[families][quotient]") {
    for (const auto v : {QuotientVariant::quotient, QuotientVariant::counting_quotient})
        for (const unsigned q : {1u, 5u, 13u, 20u})
            for (const unsigned r : {2u, 7u, 13u, 40u}) {
                const auto s = quotient_shape(v, q, r);
                const std::uint64_t bytes = v == QuotientVariant::quotient
                                                ? QuotientFilter(s, 1).bytes().size()
                                                : CountingQuotientFilter(s, 1).bytes().size();
                CHECK(bytes == s.bytes);
            }
    CHECK(parameter_of([] { QuotientFilter(quotient_shape(QuotientVariant::counting_quotient, 4, 4), 1); }) == "q");
    CHECK(parameter_of([] { CountingQuotientFilter(quotient_shape(QuotientVariant::counting_quotient, 29, 4), 1); }) ==
          "q");
}
