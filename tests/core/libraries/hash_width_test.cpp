// The hash-width floor (core/src/libraries/hash_width.cpp) against its definition, and against a filter
// whose probes come from a real 32-bit hash (core/src/sim/hash_width_sim.cpp). docs/hash-width.md.
#include <catch2/catch.hpp>

#include <cmath>
#include <cstdint>
#include <cstring>

#include "bloomcalc/error.hpp"
#include "bloomcalc/libraries/hash_width.hpp"
#include "bloomcalc/sim/hash_width_sim.hpp"
#include "bloomcalc/layouts/layout_fpr.hpp"
#include "parameter.hpp"

using namespace bloomcalc;

namespace {

std::uint32_t murmur(const char* text, std::uint32_t seed) { return murmur3_x86_32(text, std::strlen(text), seed); }

LayoutFilter standard(std::uint64_t m, std::uint64_t n, unsigned k) {
    LayoutFilter f;
    f.layout = Layout::standard, f.m = m, f.n = n, f.k = k, f.block_bits = m;
    return f;
}

}  // namespace

TEST_CASE("MurmurHash3_x86_32 reproduces the published test vectors", "[hash-width]") {
    // Ian Boyd's vectors for SMHasher's MurmurHash3_x86_32 (stackoverflow.com/a/31929528, the ones the
    // Python mmh3 package tests against) and Wikipedia's MurmurHash examples (seed 0x9747b28c).
    CHECK(murmur("", 0) == 0U);
    CHECK(murmur("", 1) == 0x514E28B7U);
    CHECK(murmur("", 0xffffffffU) == 0x81F16F39U);
    const unsigned char zeros[4] = {0, 0, 0, 0};
    CHECK(murmur3_x86_32(zeros, 4, 0) == 0x2362F9DEU);
    const unsigned char ones[4] = {0xff, 0xff, 0xff, 0xff};
    CHECK(murmur3_x86_32(ones, 4, 0) == 0x76293B50U);
    CHECK(murmur("aaaa", 0x9747b28cU) == 0x5A97808AU);
    CHECK(murmur("aaa", 0x9747b28cU) == 0x283E0130U);
    CHECK(murmur("aa", 0x9747b28cU) == 0x5D211726U);
    CHECK(murmur("a", 0x9747b28cU) == 0x7FA09EA6U);
    CHECK(murmur("Hello, world!", 0x9747b28cU) == 0x24884CBAU);
    CHECK(murmur("The quick brown fox jumps over the lazy dog", 0x9747b28cU) == 0x2FA826CDU);
}

TEST_CASE("Hash floor: eq H1 against the direct product, eq H2, and the flags", "[hash-width]") {
    const auto f = standard(std::uint64_t{1} << 30, 100000000, 7);
    const double ideal = 1e-5;
    const auto h32 = hash_floor(f, ideal, 32, 1e-4);
    // 1 − (1 − 2^−32)^n in long double, and its first-order value n/2^32
    const long double direct = 1.0L - std::pow(1.0L - std::ldexp(1.0L, -32), 1e8L);
    CHECK(h32.floor == Approx(static_cast<double>(direct)).epsilon(1e-9));
    CHECK(h32.floor == Approx(1e8 / 4294967296.0).epsilon(0.02));
    CHECK(h32.fpr == Approx(ideal + h32.floor - ideal * h32.floor));
    CHECK(h32.matters);
    CHECK(h32.target_below_floor);  // 1e-4 < 0.023
    const auto h64 = hash_floor(f, ideal, 64, 1e-4);
    // 2^64 hashes, but a 2^30-bit standard filter has only m² = 2^60 probe pairs (h1 mod m, h2 mod m)
    CHECK(h64.log2_probe_sets == 60);
    CHECK(h64.floor == Approx(1e8 / std::ldexp(1.0, 60)).epsilon(1e-6));
    CHECK_FALSE(h64.matters);
    CHECK_FALSE(h64.target_below_floor);
    // A small standard filter has fewer probe sets than 2^32: S = m² pairs (h1 mod m, h2 mod m).
    const auto small = hash_floor(standard(1000, 100, 4), 0.05, 32);
    CHECK(small.log2_probe_sets == Approx(2 * std::log2(1000.0)));
    CHECK_THROWS_AS(hash_floor(f, ideal, 48), RangeError);
}

TEST_CASE("Simulation: a real 32-bit hash shows the floor, a 64-bit one does not", "[hash-width][sim]") {
    // n = 2^22 items in m = 2^27 bits, k = 8: the ideal FPR is 5.7e-6, the 32-bit floor 2^22/2^32 ≈ 9.8e-4.
    HashWidthSimConfig c;
    c.m = std::uint64_t{1} << 27, c.n = std::uint64_t{1} << 22, c.k = 8, c.queries = std::uint64_t{1} << 20;
    c.seed = 2026, c.confidence = 0.999;
    c.hash_bits = 32;
    const auto r32 = simulate_hash_width(c);
    CHECK(r32.ideal < 1e-5);
    CHECK(r32.floor == Approx(9.7656e-4).epsilon(1e-3));
    CHECK(r32.inside);                         // the model f ⊕ c inside the 99.9 % Clopper–Pearson interval
    CHECK(r32.interval.low > 50 * r32.ideal);  // the ideal FPR alone is far outside it
    c.hash_bits = 64;
    const auto r64 = simulate_hash_width(c);
    CHECK(r64.inside);
    CHECK(r64.interval.high < r32.floor / 10);
}

TEST_CASE("Hash floor: the surfaces' input, the filter's exact FPR unless ideal is given", "[hash-width][errors]") {
    HashFloorInput in;
    in.m = 1e6, in.n = 1e5, in.k = 7, in.hash_bits = 32;
    const auto f = make_layout_filter(Layout::standard, 1e6, 1e5, 7, NAN, Hashing::colliding);
    CHECK(hash_floor(in).fpr == hash_floor(f, layout_exact_fpr(f), 32).fpr);
    in.ideal = 0.01, in.p = 1e-3;
    CHECK(hash_floor(in).fpr == hash_floor(f, 0.01, 32, 1e-3).fpr);
    in.ideal = 1.5;
    CHECK(parameter_of([&] { hash_floor(in); }) == "ideal");
    in.ideal.reset(), in.hash_bits = 48;
    CHECK(parameter_of([&] { hash_floor(in); }) == "hashBits");
    in.hash_bits = 64, in.layout = Layout::blocked;
    CHECK(parameter_of([&] { hash_floor(in); }) == "blockBits");
}

TEST_CASE("Hash floor: a target outside (0, 1) is refused by name; a saturated filter (ideal 1) has FPR 1",
          "[hash-width][errors]") {
    HashFloorInput in;
    in.m = 1e6, in.n = 1e5, in.k = 7, in.hash_bits = 32;
    for (const double p : {-1.0, 0.0, 1.0, 2.0, std::nan(""), HUGE_VAL, -HUGE_VAL}) {
        in.p = p;
        CHECK(parameter_of([&] { hash_floor(in); }) == "p");
    }
    in.p.reset(), in.ideal = 1.0;
    CHECK(hash_floor(in).fpr == 1.0);  // eq H2: 1 ⊕ c = 1 (every query of a saturated filter is positive)
    in.ideal = 0.0;
    CHECK(hash_floor(in).fpr == hash_floor(in).floor);
    for (const double ideal : {-0.5, 1.5, std::nan("")}) {
        in.ideal = ideal;
        CHECK(parameter_of([&] { hash_floor(in); }) == "ideal");
    }
}
