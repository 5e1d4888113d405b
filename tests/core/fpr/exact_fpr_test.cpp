// The exact mean FPR checked three ways: hand-derived and brute-force exact cases, 001's closed form
// (eq 20) in exact integers, and the table method of Fig. 1 over a grid. Tolerance: 1e-12 relative.
#include <catch2/catch.hpp>

#include <cmath>
#include <cstdint>
#include <vector>

#include "bloomcalc/error.hpp"
#include "bloomcalc/fpr/exact_fpr.hpp"
#include "bloomcalc/fpr/exact_fpr_table.hpp"
#include "bloomcalc/fpr/formulas.hpp"

using namespace bloomcalc;
using u128 = unsigned __int128;

namespace {

constexpr double kRelTol = 1e-12;

bool close(double a, double b, double rel = kRelTol) {
    if (a == b) return true;
    return std::fabs(a - b) <= rel * std::max(std::fabs(a), std::fabs(b));
}

Filter F(std::uint64_t m, std::uint64_t n, unsigned k, Hashing h = Hashing::colliding) { return Filter{m, n, k, h}; }

// Brute force over every placement of the kn balls and every test probe (m^{k(n+1)} outcomes):
// returns (false-positive outcomes, all outcomes). Colliding hashing.
std::pair<std::uint64_t, std::uint64_t> brute_force_colliding(unsigned m, unsigned n, unsigned k) {
    const unsigned balls = k * n;
    std::uint64_t placements = 1, probes = 1;
    for (unsigned i = 0; i < balls; ++i) placements *= m;
    for (unsigned i = 0; i < k; ++i) probes *= m;
    std::uint64_t positives = 0;
    std::vector<unsigned> digit(balls, 0);
    for (std::uint64_t p = 0; p < placements; ++p) {
        std::uint64_t code = p, bits = 0;
        for (unsigned b = 0; b < balls; ++b) bits |= std::uint64_t{1} << (code % m), code /= m;
        const auto s = static_cast<std::uint64_t>(__builtin_popcountll(bits));
        std::uint64_t fp = 1;  // test probes all landing on set bits: s^k of the m^k
        for (unsigned i = 0; i < k; ++i) fp *= s;
        positives += fp;
    }
    return {positives, placements * probes};
}

// Brute force for distinct hashing: every item and the test item pick one of the C(m,k) k-subsets.
std::pair<std::uint64_t, std::uint64_t> brute_force_distinct(unsigned m, unsigned n, unsigned k) {
    std::vector<std::uint64_t> subsets;
    for (std::uint64_t s = 0; s < (std::uint64_t{1} << m); ++s)
        if (static_cast<unsigned>(__builtin_popcountll(s)) == k) subsets.push_back(s);
    const std::uint64_t c = subsets.size();
    std::uint64_t total = 1;
    for (unsigned i = 0; i < n; ++i) total *= c;
    std::uint64_t positives = 0;
    for (std::uint64_t code = 0; code < total; ++code) {
        std::uint64_t bits = 0, x = code;
        for (unsigned i = 0; i < n; ++i) bits |= subsets[x % c], x /= c;
        for (auto t : subsets) positives += (t & bits) == t;
    }
    return {positives, total * c};
}

// 001 eq 20 in exact integers: p = Σ_i i^k · i! · C(m,i) · S(kn, i) / m^{k(n+1)}, S Stirling 2nd kind.
std::pair<u128, u128> closed_form_eq20(unsigned m, unsigned n, unsigned k) {
    const unsigned N = k * n;
    std::vector<std::vector<u128>> S(N + 1, std::vector<u128>(m + 1, 0));
    S[0][0] = 1;
    for (unsigned a = 1; a <= N; ++a)
        for (unsigned b = 1; b <= m; ++b) S[a][b] = b * S[a - 1][b] + S[a - 1][b - 1];
    u128 num = 0, den = 1;
    for (unsigned i = 0; i < k * (n + 1); ++i) den *= m;
    u128 choose = 1, fact = 1;  // C(m, i), i!
    for (unsigned i = 1; i <= m; ++i) {
        choose = choose * (m - i + 1) / i;
        fact *= i;
        u128 ik = 1;
        for (unsigned t = 0; t < k; ++t) ik *= i;
        num += ik * fact * choose * S[N][i];
    }
    return {num, den};
}

double ratio(u128 num, u128 den) {
    return static_cast<double>(static_cast<long double>(num) / static_cast<long double>(den));
}

}  // namespace

TEST_CASE("hand-derived tiny filters", "[exact]") {
    // m=2, k=2, n=1: the two balls share a bin w.p. 1/2 (then p = (1/2)^2), else both bits set (p = 1).
    CHECK(exact_fpr(F(2, 1, 2)) == Approx(0.5 * 0.25 + 0.5 * 1.0).epsilon(1e-15));
    CHECK(exact_fpr_table(F(2, 1, 2)) == Approx(5.0 / 8).epsilon(1e-15));
    CHECK(classic_fpr(F(2, 1, 2)) == Approx(9.0 / 16).epsilon(1e-15));  // Bose et al.'s example: 9/16 < 5/8
    // m=2, k=1, n=1: one bit of two set, p = 1/2.
    CHECK(exact_fpr(F(2, 1, 1)) == Approx(0.5).epsilon(1e-15));
    // m=3, k=1, n=2: one bit set w.p. 1/3 (p = 1/3), two bits w.p. 2/3 (p = 2/3): 5/9.
    CHECK(exact_fpr(F(3, 2, 1)) == Approx(5.0 / 9).epsilon(1e-15));
    // distinct, m=3, k=2, n=1: exactly two bits set; the test pair is that pair w.p. 1/C(3,2).
    CHECK(exact_fpr(F(3, 1, 2, Hashing::distinct)) == Approx(1.0 / 3).epsilon(1e-15));
    CHECK(exact_fpr_table(F(3, 1, 2, Hashing::distinct)) == Approx(1.0 / 3).epsilon(1e-15));
    // distinct, k = m: every bit is set after one item.
    CHECK(exact_fpr(F(4, 1, 4, Hashing::distinct)) == Approx(1.0).epsilon(1e-15));
}

TEST_CASE("fast and table methods equal brute-force enumeration (exact integers)", "[exact]") {
    for (unsigned m = 1; m <= 5; ++m)
        for (unsigned k = 1; k <= 3; ++k)
            for (unsigned n = 1; n <= 3; ++n) {
                if (std::pow(m, k * (n + 1)) > 2e6) continue;
                const auto [num, den] = brute_force_colliding(m, n, k);
                const double truth = static_cast<double>(num) / static_cast<double>(den);
                INFO("colliding m=" << m << " n=" << n << " k=" << k);
                CHECK(close(exact_fpr(F(m, n, k)), truth));
                CHECK(close(exact_fpr_table(F(m, n, k)), truth));
            }
    for (unsigned m = 1; m <= 7; ++m)
        for (unsigned k = 1; k <= m && k <= 4; ++k)
            for (unsigned n = 1; n <= 3; ++n) {
                double c = 1;
                for (unsigned i = 0; i < k; ++i) c = c * (m - i) / (i + 1);
                if (std::pow(c, n + 1) > 2e6) continue;
                const auto [num, den] = brute_force_distinct(m, n, k);
                const double truth = static_cast<double>(num) / static_cast<double>(den);
                INFO("distinct m=" << m << " n=" << n << " k=" << k);
                CHECK(close(exact_fpr(F(m, n, k, Hashing::distinct)), truth));
                CHECK(close(exact_fpr_table(F(m, n, k, Hashing::distinct)), truth));
            }
}

TEST_CASE("fast method equals 001 eq 20 evaluated in exact integers", "[exact]") {
    int checked = 0;
    for (unsigned m = 2; m <= 16; ++m)
        for (unsigned k = 1; k <= 6; ++k)
            for (unsigned n = 1; n <= 8; ++n) {
                if (k * (n + 1) * std::log2(static_cast<double>(m)) > 120) continue;  // m^{k(n+1)} < 2^120
                const auto [num, den] = closed_form_eq20(m, n, k);
                INFO("m=" << m << " n=" << n << " k=" << k);
                CHECK(close(exact_fpr(F(m, n, k)), ratio(num, den)));
                ++checked;
            }
    CHECK(checked > 100);
}

TEST_CASE("fast method equals the table method of 001 Fig. 1 over a grid", "[exact][sweep]") {
    int checked = 0;
    for (std::uint64_t m : {1, 2, 3, 7, 16, 31, 64, 100, 257, 1000, 4096, 20000})
        for (std::uint64_t n : {1, 2, 5, 17, 100, 700, 3000})
            for (unsigned k : {1u, 2u, 3u, 5u, 8u, 13u, 32u, 64u})
                for (Hashing h : {Hashing::colliding, Hashing::distinct}) {
                    if (h == Hashing::distinct && k > m) continue;
                    const double work =
                        h == Hashing::colliding
                            ? static_cast<double>(k * n) * static_cast<double>(std::min<std::uint64_t>(k * n, m))
                            : static_cast<double>(n * k) * static_cast<double>(m);
                    if (work > 3e7) continue;
                    const Filter f = F(m, n, k, h);
                    INFO(to_string(h) << " m=" << m << " n=" << n << " k=" << k);
                    CHECK(close(exact_fpr(f), exact_fpr_table(f)));
                    ++checked;
                }
    CHECK(checked > 300);
}

TEST_CASE("exact FPR is never below the classic formula (001 eqs 5-7)", "[exact]") {
    for (std::uint64_t m : {std::uint64_t{8}, std::uint64_t{32}, std::uint64_t{64}, std::uint64_t{1000},
                            std::uint64_t{65536}, std::uint64_t{1} << 30})
        for (std::uint64_t n : {1, 4, 16, 100, 10000})
            for (unsigned k : {1u, 2u, 4u, 7u, 16u, 40u}) {
                const Filter f = F(m, n, k);
                INFO("m=" << m << " n=" << n << " k=" << k);
                CHECK(exact_fpr(f) >= classic_fpr(f) * (1 - 1e-14));
            }
}

TEST_CASE("classic error shrinks as m grows at fixed m/n (001 Fig. 2)", "[exact]") {
    double previous = 1.0;
    for (std::uint64_t m : {32, 64, 128, 256, 512, 1024, 4096}) {
        const Filter f = F(m, m / 8, 6);  // 8 bits per element, k near the optimum (m/n)·ln 2 ≈ 5.5
        const double rel = (exact_fpr(f) - classic_fpr(f)) / exact_fpr(f);
        CHECK(rel > 0);
        CHECK(rel < previous);
        previous = rel;
    }
}

TEST_CASE("real filter sizes: finite, in (0, 1], converging to the classic formula", "[exact][large]") {
    const Filter a = F(std::uint64_t{1} << 40, std::uint64_t{1} << 36, 20);
    const double ea = exact_fpr(a);
    CHECK(ea > 0);
    CHECK(ea >= classic_fpr(a));
    CHECK(ea == Approx(classic_fpr(a)).epsilon(1e-6));
    const Filter b = F(std::uint64_t{1} << 40, std::uint64_t{1} << 40, 64);
    CHECK(exact_fpr(b) == Approx(1.0).epsilon(1e-12));
    const Filter c = F(std::uint64_t{1} << 40, std::uint64_t{1} << 36, 20, Hashing::distinct);
    CHECK(exact_fpr(c) == Approx(classic_distinct_fpr(c)).epsilon(1e-6));
    // Deep in the tail: 64 hashes, 1 item in 2^40 bits, p ≈ (64/2^40)^64 underflows gracefully to ≥ 0.
    const double tiny = exact_fpr(F(std::uint64_t{1} << 40, 1, 64));
    CHECK(tiny >= 0);
    CHECK(tiny < 1e-300);
    // Sparse but representable: m = 2^20, n = 2^10, k = 8 against the table method is too big,
    // so compare with the classic formula, which is within O(k/m) here.
    const Filter d = F(std::uint64_t{1} << 20, std::uint64_t{1} << 10, 8);
    CHECK(exact_fpr(d) == Approx(classic_fpr(d)).epsilon(1e-3));
}

TEST_CASE("the table method refuses work beyond its limit", "[exact][errors]") {
    CHECK_THROWS_AS(exact_fpr_table(F(std::uint64_t{1} << 30, std::uint64_t{1} << 20, 10)), InfeasibleError);
    CHECK_THROWS_WITH(exact_fpr_table(F(std::uint64_t{1} << 30, std::uint64_t{1} << 20, 10)), Catch::Contains("table"));
    // 9·10^8 cells (kn = 30 000 balls in 90 000 bins): seconds of synchronous work, refused before it starts.
    CHECK_THROWS_AS(exact_fpr_table(F(90000, 3000, 10)), InfeasibleError);
    CHECK_THROWS_AS(exact_fpr_table(F(90000, 3000, 10, Hashing::distinct)), InfeasibleError);
    // the largest reference cases the suites compare against stay accepted (≤ 1.3·10^8 cells)
    CHECK(exact_fpr_table(F(4000, 1000, 10)) > 0);
}
