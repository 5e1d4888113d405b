// "Which filter?" (families/compare.hpp): the user question answered and checked against the family
// functions called one by one, the order, the budget, a family's knobs and the refusals. docs/families.md,
// "Which filter?".
#include <catch2/catch.hpp>

#include <cmath>
#include <cstdint>
#include <limits>
#include <string>
#include <vector>

#include "bloomcalc/error.hpp"
#include "bloomcalc/families/binary_fuse/binary_fuse_sizing.hpp"
#include "bloomcalc/families/compare.hpp"
#include "bloomcalc/families/cuckoo/cuckoo.hpp"
#include "bloomcalc/families/quotient/quotient.hpp"
#include "bloomcalc/families/ribbon/ribbon_sizing.hpp"
#include "bloomcalc/families/xor/xor_sizing.hpp"
#include "bloomcalc/layouts/layout_fpr.hpp"
#include "bloomcalc/layouts/layout_sizing.hpp"
#include "bloomcalc/libraries/library_sizing.hpp"
#include "parameter.hpp"

using namespace bloomcalc;
using namespace bloomcalc::families;

namespace {

struct Expected {
    std::string family;
    std::uint64_t bytes;
    double fpr;
    bool insert_after_build, remove;
};

// Every family's rows for (n, p), each from its own function, not through compare().
std::vector<Expected> by_family(double n, double p) {
    std::vector<Expected> out;
    const auto take = [&](const std::vector<FamilyRow>& rows) {
        for (const auto& r : rows)
            out.push_back({r.family, r.bytes, r.fpr, r.operations.insert_after_build, r.operations.remove});
    };
    LayoutSizingInput standard;
    standard.n = n;
    standard.p = p;
    const LayoutSizing s = size_layout(standard);
    out.push_back({"bloom", static_cast<std::uint64_t>(s.bytes), s.fpr, true, false});
    for (const char* library : {"rocksdb", "parquet", "boost-block"}) {
        LibrarySizingInput in;
        in.library = library;
        in.n = n;
        in.p = p;
        if (std::string(library) == "parquet") in.max_bytes = 1 << 27;
        const LibrarySizing l = size_for_library(in);
        out.push_back({"blocked-bloom", l.bytes, l.exact, true, false});
    }
    take(size_cuckoo(n, p));
    take(size_xor(n, p));
    take(size_binary_fuse(n, p));
    take(size_ribbon(n, p));
    take(size_quotient(n, p, {QuotientVariant::quotient}));
    take(size_quotient(n, p, {QuotientVariant::counting_quotient}));
    return out;
}

// The fewest bytes among the expected rows meeting p with the operations asked.
std::uint64_t fewest_bytes(const std::vector<Expected>& rows, double p, bool deletes, bool static_set) {
    std::uint64_t best = std::numeric_limits<std::uint64_t>::max();
    for (const auto& r : rows)
        if (r.fpr <= p && (!deletes || r.remove) && (static_set || r.insert_after_build))
            best = std::min(best, r.bytes);
    return best;
}

// Meeting and allowed rows first, each group by bytes (the order compare.hpp states).
void check_order(const CompareResult& c) {
    bool in_first = true;
    for (std::size_t i = 0; i < c.rows.size(); ++i) {
        const bool first = c.rows[i].meets && c.rows[i].allowed;
        if (!first) in_first = false;
        CHECK((first ? in_first : true));
        if (i > 0 && (c.rows[i - 1].meets && c.rows[i - 1].allowed) == first)
            CHECK(c.rows[i - 1].bytes <= c.rows[i].bytes);
    }
}

}  // namespace

TEST_CASE("compare: 10^7 keys, p = 0.1 %, no deletes — the recommended row and its bytes", "[compare]") {
    // The user question. A set still growing: the filters built once (xor, binary fuse) are not allowed.
    CompareInput in;
    in.n = 1e7;
    in.p = 0.001;
    const CompareResult c = compare(in);
    const auto expected = by_family(1e7, 0.001);
    REQUIRE(c.rows.size() == expected.size());  // every family's rows, none twice
    REQUIRE(c.recommended);
    const FamilyRow& best = c.rows[static_cast<std::size_t>(*c.recommended)];
    CHECK(*c.recommended == 0);
    CHECK(best.meets);
    CHECK(best.allowed);
    CHECK(best.fpr <= 0.001);
    CHECK(best.bytes == fewest_bytes(expected, 0.001, false, false));
    // The standard Bloom filter: hur.st's 143 775 876 bits (k = 10) for these n and p, within 0.1 %; held with an
    // integer k to the exact mean FPR (docs/models.md) it needs no more than the classic real-valued m rounded up.
    CHECK(best.family == "bloom");
    CHECK(std::abs(8.0 * best.bytes - 143775876.0) / 143775876.0 < 1e-3);
    CHECK(best.bits_per_key == Approx(8.0 * best.bytes / 1e7).epsilon(1e-15));
    CHECK(param(best, "k") == 10);
    // the FPR by a second method: the classic formula in long double at the row's m and k, ~1e-6 relative from the
    // exact mean at m/n ≈ 14.4 (Christensen et al. 2010)
    const long double m = param(best, "m"), k = 10;
    const long double classic = std::pow(1.0L - std::exp(-k * 1e7L / m), k);
    CHECK(best.fpr == Approx(static_cast<double>(classic)).epsilon(1e-4));
    CHECK(*c.bound_bits_per_key == Approx(std::log2(1000.0)));
    check_order(c);

    SECTION("the whole set known at build time: the static filters join, the fewest bytes win") {
        in.static_set = true;
        const CompareResult s = compare(in);
        REQUIRE(s.recommended);
        CHECK(s.rows.front().bytes == fewest_bytes(expected, 0.001, false, true));
        CHECK(s.rows.front().bytes <= best.bytes);
        check_order(s);
    }
    SECTION("with deletes: only the rows that delete are allowed") {
        in.deletes = true;
        const CompareResult d = compare(in);
        REQUIRE(d.recommended);
        CHECK(d.rows.front().operations.remove);
        CHECK(d.rows.front().bytes == fewest_bytes(expected, 0.001, true, false));
        for (const auto& r : d.rows)
            if (r.family == "bloom" || r.family == "blocked-bloom" || r.family == "xor") CHECK_FALSE(r.allowed);
        check_order(d);
    }
    SECTION("with a budget below the fewest bytes: no row meets, none recommended") {
        in.max_bytes = static_cast<double>(best.bytes - 1);
        in.static_set = false;
        const CompareResult b = compare(in);
        for (const auto& r : b.rows)
            if (r.allowed) CHECK_FALSE(r.meets);
        CHECK_FALSE(b.recommended);
    }
}

TEST_CASE("compare: max bytes alone gives each family's lowest FPR in that memory", "[compare]") {
    CompareInput in;
    in.n = 1e5;
    in.max_bytes = 150000;  // 12 bits per key
    const CompareResult c = compare(in);
    CHECK_FALSE(c.p);
    CHECK(*c.max_bytes == 150000);
    REQUIRE(!c.rows.empty());
    bool has_xor = false;
    for (const auto& r : c.rows) {
        CHECK(r.bytes <= 150000);
        CHECK(r.meets);
        if (r.family == "xor") {
            has_xor = true;
            CHECK(r.fpr == best_xor_in(150000, 1e5).fpr);  // 8 bits: 16 does not fit (1.23·16 > 12 bits per key)
            CHECK(r.fpr == 1.0 / 256);
        }
        if (r.family == "bloom") {
            // all 1 200 000 bits, and the k of the lowest exact FPR: its neighbours do no better
            CHECK(param(r, "m") == 1200000);
            const unsigned k = static_cast<unsigned>(param(r, "k"));
            CHECK(k == 8);  // (m/n)·ln 2 = 8.3
            for (const unsigned other : {k - 1, k + 1})
                CHECK(layout_exact_fpr(
                          make_layout_filter(Layout::standard, 1200000, 1e5, other, NAN, Hashing::colliding)) > r.fpr);
        }
    }
    CHECK(has_xor);
    // static rows are not allowed unless asked for; among the allowed, the lowest FPR first
    for (std::size_t i = 1; i < c.rows.size(); ++i)
        if (c.rows[i - 1].allowed == c.rows[i].allowed) CHECK(c.rows[i - 1].fpr <= c.rows[i].fpr);
    CHECK(c.rows.front().allowed);
}

TEST_CASE("compare: one family with its knobs", "[compare]") {
    CompareInput in;
    in.n = 1e7;
    in.family = "xor";
    in.fingerprint_bits = 8;
    in.p = 0.01;
    const CompareResult x = compare(in);
    REQUIRE(x.rows.size() == 1);
    CHECK(x.rows[0].family == "xor");
    CHECK(x.rows[0].fpr == 1.0 / 256);
    CHECK(std::round(x.rows[0].bits_per_key * 100) / 100 == 9.84);  // fastfilter_cpp README, Xor8 at 10^7: 9.84
    CHECK_FALSE(x.rows[0].allowed);                                 // built once: not without static
    CHECK_FALSE(x.recommended);

    in = {};
    in.n = 1e6;
    in.p = 0.01;
    in.family = "cuckoo";
    in.bucket_size = 4;  // RedisBloom's knob
    const CompareResult r = compare(in);
    REQUIRE(r.rows.size() == 1);
    CHECK(param(r.rows[0], "b") == 4);
    CHECK(r.rows[0].variant.find("RedisBloom") == 0);

    in = {};
    in.n = 1e6;
    in.p = 0.01;
    in.family = "binary-fuse";
    in.arity = 4;
    const CompareResult b = compare(in);
    REQUIRE(b.rows.size() == 3);  // 8, 16, 32 bits
    for (const auto& row : b.rows) CHECK(param(row, "arity") == 4);
}

TEST_CASE("compare: each bad input is refused by name", "[compare]") {
    const auto run = [](CompareInput in) { return parameter_of([&] { compare(in); }); };
    CompareInput ok;
    ok.n = 1000;
    ok.p = 0.01;
    CHECK(run(ok) == "none");
    CompareInput in = ok;
    in.n = NAN;
    CHECK(run(in) == "n");
    in = ok;
    in.p.reset();
    CHECK(run(in) == "p");  // neither p nor maxBytes
    in.p = NAN;
    CHECK(run(in) == "p");
    in = ok;
    in.max_bytes = NAN;  // given: refused, not taken for absent
    CHECK(run(in) == "maxBytes");
    in = ok;
    in.family = "xor";
    in.fingerprint_bits = NAN;
    CHECK(run(in) == "fingerprintBits");
    in.fingerprint_bits = 8.5;
    CHECK(run(in) == "fingerprintBits");
    in = ok;
    in.family = "";  // the default, every family: a knob is then refused for want of one
    CHECK(run(in) == "none");
    in.fingerprint_bits = 8;
    CHECK(run(in) == "fingerprintBits");
    in = ok;
    in.p = 1;
    in.p = 1;
    CHECK(run(in) == "p");
    in = ok;
    in.family = "bloomier";
    CHECK(run(in) == "family");
    in = ok;
    in.fingerprint_bits = 8;
    CHECK(run(in) == "fingerprintBits");  // a knob without its family
    in.family = "quotient";
    CHECK(run(in) == "fingerprintBits");
    in = ok;
    in.family = "xor";
    in.arity = 3;
    CHECK(run(in) == "arity");
    in = ok;
    in.bucket_size = 2;
    CHECK(run(in) == "bucketSize");
    in = ok;
    in.max_bytes = 0;
    CHECK(run(in) == "maxBytes");
    in = ok;
    in.p.reset();
    in.max_bytes = 4;  // a Bloom filter of 32 bits still is one (its FPR near 1); no xor filter of 1000 keys fits
    CHECK(run(in) == "none");
    in.family = "xor";
    CHECK_THROWS_AS(compare(in), InfeasibleError);
    CHECK(run(in) == "maxBytes");
}
