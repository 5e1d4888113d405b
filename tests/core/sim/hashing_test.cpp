// Hasher's ideal_distinct positions equal the rejection sampling drawn one position at a time (kept here as the
// reference), for filters where repeats are common (m near k) and rare (m = 2^16): the fast path that draws k
// positions at once and checks them together changes no position.
#include <catch2/catch.hpp>

#include <cstdint>
#include <set>
#include <vector>

#include "bloomcalc/sim/hashing.hpp"

using namespace bloomcalc;

namespace {

// Draw d is uniform_below(mix64(h + d·kGolden)), h = mix64(id·kGolden + salt); a repeat is drawn again.
std::vector<std::uint32_t> by_rejection(std::uint64_t seed, std::uint32_t m, unsigned k, std::uint64_t id) {
    const std::uint64_t salt = mix64(seed ^ 0x5bf03635f0b1a6c3ULL);
    std::uint64_t ctr = mix64(id * kGolden + salt);
    std::vector<std::uint32_t> out;
    std::set<std::uint32_t> seen;
    while (out.size() < k) {
        ctr += kGolden;
        const std::uint32_t p = uniform_below(mix64(ctr), m);
        if (seen.insert(p).second) out.push_back(p);
    }
    return out;
}

}  // namespace

TEST_CASE("ideal_distinct: the positions of the one-at-a-time rejection sampling, repeats common or rare", "[sim]") {
    struct Case {
        std::uint32_t m;
        unsigned k;
    };
    const Case cases[] = {{1, 1},     {7, 7},     {8, 7},      {16, 7},         {64, 12},
                          {1000, 30}, {65536, 7}, {65536, 64}, {4000000000u, 7}};
    for (const auto& [m, k] : cases) {
        const std::uint64_t seed = 1000 + m + k;
        const Hasher hasher(HashScheme::ideal_distinct, m, k, seed);
        std::vector<std::uint32_t> out(k);
        std::uint64_t repeated = 0;
        for (std::uint64_t id = 0; id < 20000; ++id) {
            hasher.positions(id, out.data());
            const auto expected = by_rejection(seed, m, k, id);
            REQUIRE(out == expected);
            repeated += std::set<std::uint32_t>(out.begin(), out.end()).size() < k;
        }
        CHECK(repeated == 0);  // k different positions
    }
}
