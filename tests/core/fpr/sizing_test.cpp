// The sizing solver: its answers are checked by re-evaluating the FPR on either side of them.
#include <catch2/catch.hpp>

#include <cmath>

#include "bloomcalc/error.hpp"
#include "bloomcalc/fpr/exact_fpr.hpp"
#include "bloomcalc/fpr/formulas.hpp"
#include "bloomcalc/fpr/sizing.hpp"

using namespace bloomcalc;

namespace {
double best_p(double m, double n, SizingMethod method) {
    double best = 1;
    for (unsigned k = 1; k <= 64; ++k)
        best = std::min(best, fpr_by_method(Filter{static_cast<std::uint64_t>(m), static_cast<std::uint64_t>(n), k,
                                                   Hashing::colliding},
                                            method));
    return best;
}
}  // namespace

TEST_CASE("m and k from n and p: the smallest m whose best integer k meets p", "[sizing]") {
    SizingInput in;
    in.n = 1e6;
    in.p = 0.01;
    const SizingResult r = solve_sizing(in);
    CHECK(r.solved == "m,k");
    // The classic calculators' real-valued answer, −n ln p / ln²2 = 9,585,058.4 bits (k = 7 then gives p = 0.01004).
    CHECK(r.m_ideal == Approx(9585058.377).epsilon(1e-9));
    CHECK(r.filter.k == 7);
    CHECK(r.p <= 0.01);
    CHECK(r.meets_target);
    CHECK(best_p(static_cast<double>(r.filter.m) - 1, 1e6, SizingMethod::classic) > 0.01);
    CHECK(r.k_lower.k == 6);
    CHECK(r.k_upper.k == 7);
    CHECK(r.bytes == std::ceil(r.filter.m / 8.0));

    in.method = SizingMethod::exact;
    const SizingResult e = solve_sizing(in);
    CHECK(exact_fpr(e.filter) <= 0.01);
    CHECK(best_p(static_cast<double>(e.filter.m) - 1, 1e6, SizingMethod::exact) > 0.01);
    CHECK(e.filter.m >= r.filter.m);  // the exact mean is never below the classic value
}

TEST_CASE("rounding policies round the solved m up", "[sizing]") {
    SizingInput in;
    in.n = 12345;
    in.p = 1e-4;
    const auto none = solve_sizing(in).filter.m;
    in.rounding = Rounding::word64;
    const auto word = solve_sizing(in).filter.m;
    in.rounding = Rounding::pow2;
    const auto pow2 = solve_sizing(in).filter.m;
    CHECK(word % 64 == 0);
    CHECK(word >= none);
    CHECK(word - none < 64);
    CHECK((pow2 & (pow2 - 1)) == 0);
    CHECK(pow2 >= none);
    CHECK(pow2 < 2 * none);
}

TEST_CASE("p from n, m, k; k from n, m; n from m, p", "[sizing]") {
    SizingInput in;
    in.n = 1000;
    in.m = 9600;
    in.k = 7;
    auto r = solve_sizing(in);
    CHECK(r.solved == "p");
    CHECK(r.p == classic_fpr(Filter{9600, 1000, 7, Hashing::colliding}));
    in.p = r.p / 2;  // all four given: nothing solved, the target is checked
    r = solve_sizing(in);
    CHECK(r.solved == "none");
    CHECK_FALSE(r.meets_target);
    in.p.reset();

    in.k.reset();
    r = solve_sizing(in);
    CHECK(r.solved == "k");
    CHECK(r.k_ideal == Approx(9.6 * std::log(2.0)));
    CHECK(r.filter.k == (r.k_lower.p <= r.k_upper.p ? r.k_lower.k : r.k_upper.k));

    SizingInput byn;
    byn.m = 1 << 20;
    byn.p = 0.001;
    byn.k = 10;
    r = solve_sizing(byn);
    CHECK(r.solved == "n");
    const auto n = r.filter.n;
    CHECK(classic_fpr(Filter{1 << 20, n, 10, Hashing::colliding}) <= 0.001);
    CHECK(classic_fpr(Filter{1 << 20, n + 1, 10, Hashing::colliding}) > 0.001);

    byn.k.reset();
    byn.method = SizingMethod::exact;
    r = solve_sizing(byn);
    CHECK(r.solved == "n,k");
    CHECK(best_p(1 << 20, static_cast<double>(r.filter.n), SizingMethod::exact) <= 0.001);
    CHECK(best_p(1 << 20, static_cast<double>(r.filter.n) + 1, SizingMethod::exact) > 0.001);
}

TEST_CASE("sizing errors name the parameter", "[sizing][errors]") {
    SizingInput only_n;
    only_n.n = 10;
    CHECK_THROWS_AS(solve_sizing(only_n), RangeError);
    SizingInput bad_p;
    bad_p.n = 10;
    bad_p.p = 1.5;
    CHECK_THROWS_WITH(solve_sizing(bad_p), Catch::Contains("p must be a probability in (0, 1)"));
    SizingInput unreachable;
    unreachable.n = 2e12;
    unreachable.p = 1e-300;
    CHECK_THROWS_AS(solve_sizing(unreachable), RangeError);  // n > 2^40 fails first
    unreachable.n = 1e12;
    CHECK_THROWS_AS(solve_sizing(unreachable), InfeasibleError);
    SizingInput tiny_m;
    tiny_m.m = 4;
    tiny_m.p = 1e-9;
    CHECK_THROWS_AS(solve_sizing(tiny_m), InfeasibleError);
}
