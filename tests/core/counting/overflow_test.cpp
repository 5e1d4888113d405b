// Counter overflow (counting/overflow.hpp, docs/paradox.md#overflow): the exact sum against enumeration of every
// outcome, the Poisson result inside its bound against the exact sum, the union bound against Fan et al.'s
// published bound, and the real counting filter simulated.
#include <catch2/catch.hpp>

#include <cmath>
#include <cstdint>
#include <vector>

#include "bloomcalc/counting/overflow.hpp"
#include "bloomcalc/error.hpp"
#include "bloomcalc/sim/counting_filter.hpp"
#include "bloomcalc/sim/hashing.hpp"
#include "parameter.hpp"

using namespace bloomcalc;

namespace {
// P(some bin ≥ a) for T balls in m bins by enumerating all m^T outcomes (exact rational: count / m^T).
double enumerate(unsigned m, unsigned T, unsigned a) {
    std::vector<unsigned> pos(T, 0);
    std::uint64_t over = 0, all = 0;
    while (true) {
        std::vector<unsigned> load(m, 0);
        bool o = false;
        for (unsigned p : pos) o |= ++load[p] >= a;
        over += o;
        ++all;
        unsigned d = 0;
        while (d < T && ++pos[d] == m) pos[d++] = 0;
        if (d == T) break;
    }
    return static_cast<double>(over) / static_cast<double>(all);
}
}  // namespace

TEST_CASE("overflow: the exact sum against enumeration of every outcome", "[overflow]") {
    struct Case {
        unsigned m, n, k, bits;
    };
    for (const Case c : {Case{3, 3, 2, 1}, Case{4, 4, 2, 2}, Case{5, 3, 3, 2}, Case{2, 5, 2, 3}}) {
        const OverflowResult r = counter_overflow(c.m, c.n, c.k, c.bits, "exact");
        const double want = enumerate(c.m, c.n * c.k, 1u << c.bits);
        INFO("m = " << c.m << ", n = " << c.n << ", k = " << c.k << ", b = " << c.bits << ": " << r.probability
                    << " vs " << want);
        CHECK(r.probability == Approx(want).epsilon(1e-12));
        // (m = 2, b = 3: two counters cannot both reach 8 of 10 increments, so the bound is attained, to rounding)
        CHECK(r.union_bound >= r.probability * (1 - 1e-15));
    }
}

TEST_CASE("overflow: the Poisson result and its bound against the exact sum", "[overflow]") {
    struct Case {
        double m, n, k, bits;
    };
    for (const Case c : {Case{256, 128, 3, 2}, Case{480, 250, 4, 3}, Case{300, 100, 3, 2}, Case{400, 200, 3, 3}}) {
        const OverflowResult ex = counter_overflow(c.m, c.n, c.k, c.bits, "exact");
        const OverflowResult po = counter_overflow(c.m, c.n, c.k, c.bits, "poisson");
        INFO("m = " << c.m << ": exact " << ex.probability << ", poisson " << po.probability << " in [" << po.low
                    << ", " << po.high << "], union " << ex.union_bound);
        CHECK(po.low <= ex.probability * (1 + 1e-12));
        CHECK(ex.probability <= po.high * (1 + 1e-12));
    }
}

TEST_CASE("overflow: the union bound below Fan et al.'s published bound, and the smallest b", "[overflow]") {
    // Fan, Cao, Almeida, Broder (Summary Cache, 2000, §V-C): with k ≤ (m/n)·ln 2, P(max count ≥ 16) ≤ 1.37e-15·m.
    const double m = 1e6, k = 7, n = std::floor(m * std::log(2.0) / k);
    const OverflowResult r = counter_overflow(m, n, k, 4);
    INFO("union bound " << r.union_bound << ", published " << 1.37e-15 * m << ", probability " << r.probability);
    CHECK(r.union_bound <= 1.37e-15 * m);
    CHECK(r.method == "poisson");
    CHECK(r.probability == Approx(r.union_bound).epsilon(1e-6));  // tiny: the union bound is tight
    CHECK(r.high - r.low <= 1e-9 * r.probability);
    const OverflowResult b = overflow_bits_for(m, n, k, 1e-9);
    CHECK(b.bits == 4);
    CHECK(counter_overflow(m, n, k, 3).high > 1e-9);
}

TEST_CASE("overflow: the real counting filter simulated", "[overflow][sweep]") {
    struct Case {
        std::uint32_t m;
        unsigned n, k, bits;
    };
    for (const Case c : {Case{64, 32, 3, 2}, Case{4096, 2048, 3, 3}}) {
        const OverflowResult r = counter_overflow(c.m, c.n, c.k, c.bits);
        const int trials = 40000;
        int over = 0;
        std::uint32_t pos[64];
        for (int t = 0; t < trials; ++t) {
            CountingBloomFilter f(c.m);
            const Hasher hasher(HashScheme::ideal_colliding, c.m, c.k, 900 + t);
            for (unsigned id = 0; id < c.n; ++id) {
                hasher.positions(id, pos);
                f.test_and_insert(pos, c.k);
            }
            bool o = false;
            for (std::uint32_t i = 0; i < c.m; ++i) o |= f.counter(i) >= (1u << c.bits);
            over += o;
        }
        const double frac = static_cast<double>(over) / trials;
        const double half = 2.576 * std::sqrt(r.probability * (1 - r.probability) / trials);
        INFO("m = " << c.m << " (" << r.method << "): simulated " << frac << ", model " << r.probability << " ± "
                    << half);
        CHECK(std::fabs(frac - r.probability) <= half);
    }
}

TEST_CASE("overflow: input errors name the parameter", "[overflow][errors]") {
    try {
        counter_overflow(100, 10, 3, 0);
        FAIL("accepted");
    } catch (const RangeError& e) {
        CHECK(e.parameter() == "bits");
    }
    try {
        counter_overflow(1, 1e12, 3, 4);
        FAIL("accepted");
    } catch (const RangeError& e) {
        CHECK(e.parameter() == "n");
    }
    try {
        counter_overflow(1e9, 1e8, 3, 4, "exact");
        FAIL("accepted");
    } catch (const InfeasibleError& e) {
        CHECK(e.parameter() == "m");
    }
    try {
        overflow_bits_for(100, 10, 3, 0);
        FAIL("accepted");
    } catch (const RangeError& e) {
        CHECK(e.parameter() == "target");
    }
}

TEST_CASE("Overflow: the surfaces' input, bits or target (not both; neither: bits is refused)",
          "[counting][overflow][errors]") {
    OverflowInput in;
    in.m = 100, in.n = 10, in.k = 3, in.bits = 4;
    const auto at = counter_overflow(in);
    CHECK(at.probability == counter_overflow(100, 10, 3, 4).probability);
    in.target = 1e-6;
    CHECK(parameter_of([&] { counter_overflow(in); }) == "target");
    in.bits = NAN;
    CHECK(counter_overflow(in).bits == overflow_bits_for(100, 10, 3, 1e-6).bits);
    in.target.reset();
    CHECK(parameter_of([&] { counter_overflow(in); }) == "bits");
}
