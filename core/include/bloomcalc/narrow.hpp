// A 64-bit count or index narrowed to std::size_t, which is 32 bits in wasm32. The models count bits and
// levels in std::uint64_t (m and n reach 2^40); containers index with size_t. The wasm build makes an
// implicit narrowing an error (-Werror=shorten-64-to-32): each one goes through as_size with the limit that
// bounds it (docs/decisions.md, "64-bit counts in wasm32").
#pragma once

#include <cassert>
#include <cstddef>
#include <cstdint>
#include <limits>

#include "bloomcalc/params.hpp"

namespace bloomcalc {

// n ≤ Bound, where Bound is a limit checked before any work (named at the call). The build fails on a target
// whose size_t cannot hold Bound, so raising a limit cannot silently truncate in wasm; debug builds (the
// sanitizer suite) check n ≤ Bound at every call.
template <std::uint64_t Bound>
constexpr std::size_t as_size(std::uint64_t n) noexcept {
    static_assert(Bound <= std::numeric_limits<std::size_t>::max(), "a bound beyond size_t would truncate");
    assert(n <= Bound);
    return static_cast<std::size_t>(n);
}

// Bounds shared by several models: k ≤ 64 hashes, so a window of the levels within k of σ holds at most 2k.
constexpr std::uint64_t kMaxSigmaWindow = 2 * std::uint64_t{kMaxHashes};
// An offset below an `unsigned` count (a block of levels passed as b0, n).
constexpr std::uint64_t kMaxUnsigned = std::numeric_limits<unsigned>::max();

}  // namespace bloomcalc
