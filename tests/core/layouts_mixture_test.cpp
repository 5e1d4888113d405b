// The load mixture (docs/layouts.md, eq L5) kept fast and bounded: its per-load terms with kept chains
// are the fresh exact FPRs bit for bit.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdint>
#include <random>
#include <vector>

#include "bloomcalc/layouts/layout_fpr.hpp"
#include "layouts_support.hpp"

using namespace bloomcalc;

TEST_CASE("Kept chains across loads give each load's fresh exact FPR bit for bit, in any order", "[layouts][mixture]") {
    std::mt19937_64 rng(20261123);
    const std::vector<LayoutCase> cases = {
        {Layout::blocked, std::uint64_t{1} << 30, std::uint64_t{1} << 26, 64, std::uint64_t{1} << 20, Hashing::colliding},
        {Layout::blocked, std::uint64_t{1} << 30, std::uint64_t{1} << 26, 16, std::uint64_t{1} << 16, Hashing::distinct},
        {Layout::blocked, 512 * 1000, 50000, 7, 512, Hashing::colliding},
        {Layout::blocked, 64 * 1000, 90000, 40, 64, Hashing::distinct},  // over-filled blocks
        {Layout::blocked, 1060032, 56488, 24, 16, Hashing::colliding},    // k > B
        {Layout::standard, 4096, 300, 9, 4096, Hashing::colliding},
        {Layout::split_block, 256 * 1000, 25600, 8, 256, Hashing::colliding},
    };
    for (const auto& c : cases) {
        const auto f = filter_of(c);
        const std::uint64_t mean = f.n / block_count(f);
        std::vector<std::uint64_t> loads = {0, 1, 2, f.n};
        for (int t = 0; t < 40; ++t) loads.push_back(std::min<std::uint64_t>(f.n, mean / 2 + rng() % (mean + 3)));
        for (int order = 0; order < 3; ++order) {  // ascending, descending, shuffled: a chain must not depend on what came before
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
