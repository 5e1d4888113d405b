// libFuzzer target: the quantity parsers (counts, sizes, probabilities), the choice parsers and the
// parameter validation, under AddressSanitizer + UndefinedBehaviorSanitizer. Built by
// `node scripts/build.mjs asan` (build/asan/bloomcalc_fuzz_parsers); run for a bounded time by `npm test`
// from the checked-in corpus tests/fuzz/corpus. The first byte picks the target; the rest is its input
// (text, or doubles read 8 bytes at a time, so NaN, ±∞, −0 and subnormals all occur).
//
// A finding is a crash, a sanitizer report, an exception outside bloomcalc::Error, or a broken promise
// of the API: a parsed count or size is finite, a parsed probability lies in (0, 1), a validated filter
// has 1 ≤ m, n ≤ 2^40 and 1 ≤ k ≤ 64.
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <string>

#include "bloomcalc/error.hpp"
#include "bloomcalc/params.hpp"
#include "bloomcalc/rbf/params.hpp"
#include "bloomcalc/sim/recycling_filter.hpp"
#include "bloomcalc/sim/runner.hpp"
#include "bloomcalc/sim/streams.hpp"
#include "bloomcalc/fpr/sizing.hpp"
#include "bloomcalc/units.hpp"

namespace bc = bloomcalc;

namespace {

void require(bool promise) {
    if (!promise) std::abort();
}

// Doubles from the bytes; missing bytes read as 0.
struct Doubles {
    const std::uint8_t* data;
    std::size_t size, at = 0;
    double next() {
        double v = 0;
        std::uint8_t bytes[8] = {};
        for (auto& b : bytes) b = at < size ? data[at++] : 0;
        std::memcpy(&v, bytes, sizeof v);
        return v;
    }
};

void parse_choices(const std::string& text) {
    // Each throws RangeError for anything but its names; the names parse.
    try {
        bc::parse_hashing(text);
    } catch (const bc::Error&) {
    }
    try {
        bc::parse_rounding(text);
    } catch (const bc::Error&) {
    }
    try {
        bc::parse_method(text);
    } catch (const bc::Error&) {
    }
    try {
        bc::parse_recycling(text);
    } catch (const bc::Error&) {
    }
    try {
        bc::parse_restart(text);
    } catch (const bc::Error&) {
    }
    try {
        bc::parse_swap(text);
    } catch (const bc::Error&) {
    }
    try {
        bc::parse_structure(text);
    } catch (const bc::Error&) {
    }
    try {
        bc::parse_stream(text);
    } catch (const bc::Error&) {
    }
    try {
        bc::parse_boundary(text);
    } catch (const bc::Error&) {
    }
}

void validate_numbers(Doubles d, bool distinct) {
    const double m = d.next(), n = d.next(), k = d.next();
    try {
        const bc::Filter f = bc::make_filter(m, n, k, distinct ? bc::Hashing::distinct : bc::Hashing::colliding);
        require(f.m >= 1 && f.m <= bc::kMaxBits && f.n >= 1 && f.n <= bc::kMaxItems && f.k >= 1 &&
                f.k <= bc::kMaxHashes);
    } catch (const bc::Error&) {
    }
    try {
        const double p = bc::checked_probability(d.next(), "p");
        require(p > 0 && p < 1);
    } catch (const bc::Error&) {
    }
    try {
        const std::uint64_t M = bc::checked_rbf_bits(m);
        require(M >= 1 && M <= bc::kMaxRbfBits);
        const auto kk = static_cast<unsigned>(bc::checked_integer(k, "k", 1, bc::kMaxHashes));
        bc::validate_rbf(M, kk);
        bc::checked_sigma(n, M, kk, distinct ? bc::Recycling::retaining : bc::Recycling::nonretaining);
    } catch (const bc::Error&) {
    }
}

void validate_simulation(Doubles d, const std::string& structure) {
    bc::SimInput in;
    in.structure = structure;
    in.m = d.next(), in.k = d.next(), in.epochs = d.next(), in.arrivals = d.next();
    in.n = d.next(), in.sigma = d.next(), in.queries = d.next(), in.seed = d.next();
    try {
        bc::make_sim_config(in);
    } catch (const bc::Error&) {
    }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    if (size == 0) return 0;
    const std::uint8_t target = data[0] % 7;
    const std::string text(reinterpret_cast<const char*>(data + 1), size - 1);
    try {
        switch (target) {
        case 0: require(std::isfinite(bc::parse_count(text, "n"))); break;
        case 1: require(std::isfinite(bc::parse_bits(text, "m"))); break;
        case 2: {
            const double p = bc::parse_probability(text, "p");
            require(p > 0 && p < 1);
            break;
        }
        case 3: parse_choices(text); break;
        case 4: validate_numbers({data + 1, size - 1}, false); break;
        case 5: validate_numbers({data + 1, size - 1}, true); break;
        case 6: validate_simulation({data + 1, size - 1}, size % 2 ? "bloom" : "n-real"); break;
        }
    } catch (const bc::Error& e) {
        require(!e.parameter().empty() && std::strlen(e.what()) < 1000);  // named, and quoted short
    }
    return 0;
}
