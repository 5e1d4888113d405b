// A filter in use (fpr/state.hpp, docs/state.md): the FPR from the set bits, the items estimate against the
// occupancy table of 001 Fig. 1 (an independent computation of the same law), the normal path against the exact
// chain, Swamidass–Baldi's estimate, and the intervals' coverage on real filters filled in simulation.
#include <catch2/catch.hpp>

#include <cmath>
#include <cstdint>
#include <vector>

#include "bloomcalc/error.hpp"
#include "bloomcalc/fpr/exact_fpr_table.hpp"
#include "bloomcalc/fpr/state.hpp"
#include "bloomcalc/sim/bloom_filter.hpp"
#include "bloomcalc/sim/hashing.hpp"

using namespace bloomcalc;

TEST_CASE("state: the FPR now is ρ(X) exactly", "[state]") {
    StateInput in;
    in.m = 1000;
    in.k = 3;
    in.bits_set = 400;
    CHECK(filter_state(in).fpr == Approx(0.064).epsilon(1e-15));
    in.hashing = Hashing::distinct;  // C(400,3)/C(1000,3)
    const long double want = 400.0L * 399 * 398 / (1000.0L * 999 * 998);
    CHECK(filter_state(in).fpr == Approx(static_cast<double>(want)).epsilon(1e-14));
}

TEST_CASE("state: the maximum-likelihood n and its exact interval from the occupancy table (001 Fig. 1)", "[state]") {
    // independent: P(X | n) = occupancy_distribution_table(k·n balls, m bins)[X], scanned over n
    const std::uint64_t m = 200;
    const unsigned k = 3;
    for (std::uint64_t X : {1u, 17u, 60u, 150u}) {
        double best = -1, arg = 0, low = -1, high = 0;
        for (std::uint64_t n = 0; n < 2000; ++n) {
            const std::vector<double> law = occupancy_distribution_table(k * n, m);
            const double at = X < law.size() ? law[static_cast<std::size_t>(X)] : 0.0;
            double le = 0;
            for (std::size_t x = 0; x <= X && x < law.size(); ++x) le += law[x];
            const double ge = 1 - le + at;
            if (at > best) best = at, arg = static_cast<double>(n);
            if (low < 0 && ge > 0.025) low = static_cast<double>(n);
            if (le > 0.025) high = static_cast<double>(n);
            else break;
        }
        std::string method;
        const ItemEstimate e = estimate_items(m, k, Hashing::colliding, X, 0.95, &method);
        INFO("X = " << X << ": chain " << e.estimate << " [" << e.low << ", " << e.high << "], table " << arg << " [" << low << ", " << high << "]");
        CHECK(method == "exact");
        CHECK(e.estimate == arg);
        CHECK(e.low == low);
        CHECK(e.high == high);
    }
}

TEST_CASE("state: the normal path against the exact chain, and Swamidass–Baldi's estimate", "[state]") {
    struct Case { std::uint64_t m; unsigned k; std::uint64_t X; Hashing h; };
    for (const Case c : {Case{20000, 7, 9000, Hashing::colliding}, Case{50000, 4, 20000, Hashing::colliding},
                         Case{20000, 5, 12000, Hashing::distinct}}) {
        const ItemEstimate ex = estimate_items(c.m, c.k, c.h, c.X, 0.95);
        const ItemEstimate no = estimate_items(c.m, c.k, c.h, c.X, 0.95, nullptr, true);
        INFO("m = " << c.m << ", X = " << c.X << ": exact " << ex.estimate << " [" << ex.low << ", " << ex.high << "], normal "
                    << no.estimate << " [" << no.low << ", " << no.high << "]");
        CHECK(std::fabs(ex.estimate - no.estimate) <= 1);
        CHECK(std::fabs(ex.low - no.low) <= 2);
        CHECK(std::fabs(ex.high - no.high) <= 2);
    }
    StateInput in;
    in.m = 1e9;
    in.k = 7;
    in.bits_set = 4e8;
    const StateResult r = filter_state(in);
    CHECK(r.method == "normal");
    INFO("MLE " << r.n.estimate << ", Swamidass–Baldi " << r.swamidass_baldi);
    CHECK(r.n.estimate == Approx(r.swamidass_baldi).epsilon(1e-6));  // they agree at large m (docs/state.md)
    CHECK(r.n.low < r.n.estimate);
    CHECK(r.n.high > r.n.estimate);
}

TEST_CASE("state: real filters filled in simulation — the 95 % interval covers n, the union and intersection too", "[state]") {
    const std::uint32_t m = 4096;
    const unsigned k = 4;
    const std::uint64_t nA = 500, nB = 400, shared = 150;
    int cover = 0, cover_u = 0, cover_i = 0;
    const int trials = 400;
    for (int t = 0; t < trials; ++t) {
        const Hasher hasher(HashScheme::ideal_colliding, m, k, 1000 + t);
        BloomFilter a(m), b(m), u(m);
        std::uint32_t pos[64];
        for (std::uint64_t id = 0; id < nA + nB - shared; ++id) {
            hasher.positions(id, pos);
            const bool inA = id < nA, inB = id >= nA - shared;
            if (inA) a.insert(pos, k);
            if (inB) b.insert(pos, k);
            u.insert(pos, k);
        }
        StateInput in;
        in.m = m;
        in.k = k;
        in.bits_set = static_cast<double>(a.set_bits());
        in.bits_set_b = static_cast<double>(b.set_bits());
        in.bits_set_union = static_cast<double>(u.set_bits());
        const StateResult r = filter_state(in);
        cover += r.n.low <= nA && nA <= r.n.high;
        cover_u += r.n_union->low <= nA + nB - shared && nA + nB - shared <= r.n_union->high;
        cover_i += r.n_intersection->low <= shared && shared <= r.n_intersection->high;
    }
    // exact intervals are conservative: coverage ≥ 95 % less 3 standard errors of 400 trials
    INFO("coverage: n " << cover << ", union " << cover_u << ", intersection " << cover_i << " of " << trials);
    CHECK(cover >= 0.95 * trials - 3 * std::sqrt(0.95 * 0.05 * trials));
    CHECK(cover_u >= 0.95 * trials - 3 * std::sqrt(0.95 * 0.05 * trials));
    CHECK(cover_i >= 0.95 * trials - 3 * std::sqrt(0.95 * 0.05 * trials));
}

TEST_CASE("state: items left before a target p", "[state]") {
    StateInput in;
    in.m = 1 << 20;
    in.k = 7;
    in.bits_set = 300000;
    in.target = 0.01;
    const StateResult r = filter_state(in);
    // the mean fill after i more items: 1 − (1 − X/m)(1 − 1/m)^{ki}; at the answer (X_i/m)^k straddles p
    const auto fill = [&](double i) { return 1 - (1 - in.bits_set / in.m) * std::exp(7 * i * std::log1p(-1 / in.m)); };
    CHECK(std::pow(fill(r.items_left), 7) <= 0.01 * (1 + 1e-3));
    CHECK(std::pow(fill(r.items_left + 1), 7) > 0.01 * (1 - 1e-3));
    in.bits_set = 900000;  // already past p
    CHECK(filter_state(in).items_left == 0);
}

TEST_CASE("state: input errors name the parameter", "[state][errors]") {
    StateInput in;
    in.m = 1000;
    in.k = 3;
    in.bits_set = 1000;  // a full filter says nothing about n
    try { filter_state(in); FAIL("accepted"); } catch (const RangeError& e) { CHECK(e.parameter() == "bitsSet"); }
    in.bits_set = 10;
    in.bits_set_b = 5;
    try { filter_state(in); FAIL("accepted"); } catch (const RangeError& e) { CHECK(e.parameter() == "union"); }
    in.bits_set_union = 8;  // below max(X_A, X_B)
    try { filter_state(in); FAIL("accepted"); } catch (const RangeError& e) { CHECK(e.parameter() == "union"); }
    in.bits_set_b.reset();
    in.bits_set_union.reset();
    in.confidence = 1;
    try { filter_state(in); FAIL("accepted"); } catch (const RangeError& e) { CHECK(e.parameter() == "confidence"); }
}
