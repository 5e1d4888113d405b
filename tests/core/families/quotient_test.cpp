// Quotient and counting quotient filters (quotient.hpp, quotient_sim.hpp): splatlab/cqf's allocation against a
// replica of its block struct, the FPR against exact rationals, and inside the real fingerprints' 99 % interval.
#include <catch2/catch.hpp>

#include <cmath>
#include <cstdint>

#include "bloomcalc/families/quotient/quotient.hpp"
#include "bloomcalc/families/quotient/quotient_sim.hpp"
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

TEST_CASE("Quotient: the model lies inside the real fingerprints' 99 % interval", "[families][quotient]") {
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

TEST_CASE("Quotient: deletion and counting compare quotient and remainder", "[families][quotient]") {
    QuotientFingerprints f(quotient_shape(QuotientVariant::counting_quotient, 12, 20), 5);
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
