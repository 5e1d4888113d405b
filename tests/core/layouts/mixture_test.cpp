// The load mixture (docs/layouts.md, eq L5) kept fast and bounded: its per-load terms with kept chains
// are the fresh exact FPRs bit for bit.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include "bloomcalc/error.hpp"
#include "bloomcalc/layouts/layout_fpr.hpp"
#include "layouts/support.hpp"

using namespace bloomcalc;

TEST_CASE("Kept chains across loads give each load's fresh exact FPR bit for bit, in any order", "[layouts][mixture]") {
    std::mt19937_64 rng(20261123);
    const std::vector<LayoutCase> cases = {
        {Layout::blocked, std::uint64_t{1} << 30, std::uint64_t{1} << 26, 64, std::uint64_t{1} << 20,
         Hashing::colliding},
        {Layout::blocked, std::uint64_t{1} << 30, std::uint64_t{1} << 26, 16, std::uint64_t{1} << 16,
         Hashing::distinct},
        {Layout::blocked, 512 * 1000, 50000, 7, 512, Hashing::colliding},
        {Layout::blocked, 64 * 1000, 90000, 40, 64, Hashing::distinct},  // over-filled blocks
        {Layout::blocked, 1060032, 56488, 24, 16, Hashing::colliding},   // k > B
        {Layout::standard, 4096, 300, 9, 4096, Hashing::colliding},
        {Layout::split_block, 256 * 1000, 25600, 8, 256, Hashing::colliding},
    };
    for (const auto& c : cases) {
        const auto f = filter_of(c);
        const std::uint64_t mean = f.n / block_count(f);
        std::vector<std::uint64_t> loads = {0, 1, 2, f.n};
        for (int t = 0; t < 40; ++t) loads.push_back(std::min<std::uint64_t>(f.n, mean / 2 + rng() % (mean + 3)));
        for (int order = 0; order < 3;
             ++order) {  // ascending, descending, shuffled: a chain must not depend on what came before
            if (order == 0) std::sort(loads.begin(), loads.end());
            if (order == 1) std::reverse(loads.begin(), loads.end());
            if (order == 2) std::shuffle(loads.begin(), loads.end(), rng);
            BlockFprByLoad by_load(f);
            for (const auto j : loads) {
                INFO(to_string(c.layout) << " B=" << c.B << " k=" << c.k << " " << to_string(c.hashing) << " j=" << j);
                CHECK(by_load.at(j) == block_fpr_given_load(f, j));
            }
        }
    }
}

namespace {

// A random shape with m and n over decades up to 2^40; B over 2^0 … 2^20; k 1 … 64.
LayoutFilter random_shape(std::mt19937_64& rng) {
    const int pick = static_cast<int>(rng() % 8);
    const Layout layout = pick < 5    ? Layout::blocked
                          : pick < 7  ? Layout::split_block
                          : rng() % 2 ? Layout::standard
                                      : Layout::partitioned;
    const unsigned k = rng() % 4 == 0 ? 64 - static_cast<unsigned>(rng() % 8) : 1 + static_cast<unsigned>(rng() % 24);
    std::uint64_t B = std::uint64_t{1} << (rng() % 21);
    if (layout == Layout::split_block) B = k * (1 + rng() % 512);
    const std::uint64_t blocks = std::uint64_t{1} << (rng() % 30);
    std::uint64_t m = std::min(std::uint64_t{1} << 40, B * blocks);
    m -= m % B;
    if (layout == Layout::partitioned) m = k * std::max<std::uint64_t>(1, m / k);
    if (layout == Layout::standard || layout == Layout::partitioned) B = m;
    const double bits_per_key = std::exp2(static_cast<double>(rng() % 1200) / 100.0 - 4.0);  // 1/16 … 256
    const std::uint64_t n = std::min<std::uint64_t>(
        std::uint64_t{1} << 40,
        std::max<std::uint64_t>(1, static_cast<std::uint64_t>(static_cast<double>(m) / bits_per_key)));
    const Hashing hashing =
        rng() % 3 == 0 && k <= B && layout == Layout::blocked ? Hashing::distinct : Hashing::colliding;
    LayoutFilter f;
    f.layout = layout, f.m = m, f.n = n, f.k = k, f.block_bits = B, f.hashing = hashing;
    return f;
}

}  // namespace

TEST_CASE("The mixture's work estimate, made before the work, bounds the work done (seeded sweep)",
          "[layouts][mixture]") {
    std::mt19937_64 rng(91123);
    int run = 0, refused = 0;
    double tightest = 1e300;
    for (int t = 0; t < 400 && run < 150; ++t) {
        const LayoutFilter f = random_shape(rng);
        INFO(to_string(f.layout) << " m=" << f.m << " n=" << f.n << " k=" << f.k << " B=" << f.block_bits << " "
                                 << to_string(f.hashing));
        const MixtureWork w = mixture_work_estimate(f);
        INFO("estimate " << w.loads << " loads [" << w.j_low << ", " << w.j_high << "] × " << w.per_load << " = "
                         << w.total);
        if (w.total > 2e5) {  // too slow to run in the suite: the budget refuses it before any term
            CHECK_THROWS_AS(layout_mixture_fpr(f, w.total * 0.99), InfeasibleError);
            ++refused;
            continue;
        }
        const LoadMixture r = layout_mixture_fpr(f);
        INFO("work " << r.work << ", loads [" << r.j_low << ", " << r.j_high << "]");
        CHECK(r.work_estimate == w.total);
        CHECK(r.work <= w.total);
        CHECK(r.j_low >= w.j_low);
        CHECK(r.j_high <= w.j_high);
        tightest = std::min(tightest, w.total / r.work);
        ++run;
    }
    CHECK(run == 150);
    CHECK(refused > 0);
    CHECK(tightest < 2.0);  // the estimate is not vacuous: on some shapes it is within 2x of the work
}

TEST_CASE("The mixture refuses work beyond its budget at once, naming n and layoutExactFpr", "[layouts][mixture]") {
    // Blocked, B = 2^20, m = n = 2^40, k = 64: ~17 000 loads of ~10^4 terms each (89 s natively before the
    // chains were kept, 20 s after). Refused before any term, by the estimate alone.
    LayoutFilter f;
    f.layout = Layout::blocked, f.m = std::uint64_t{1} << 40, f.n = f.m, f.k = 64,
    f.block_bits = std::uint64_t{1} << 20;
    const MixtureWork w = mixture_work_estimate(f);
    CHECK(w.total > kMixtureWorkBudget);
    try {
        layout_mixture_fpr(f);
        FAIL("accepted");
    } catch (const InfeasibleError& e) {
        CHECK(e.parameter() == "n");
        CHECK(e.valid_range().find("layoutExactFpr") != std::string::npos);
        CHECK(std::string(e.what()).find("loads") != std::string::npos);
    }
    // The shapes of the two-method tests (docs/layouts.md, "Verification") stay well inside the budget.
    f.n = std::uint64_t{1} << 36, f.k = 7, f.block_bits = 512;
    CHECK(mixture_work_estimate(f).total < kMixtureWorkBudget / 10);
}
