// The filters people deploy: where an item's k bits may go. docs/layouts.md.
//   standard:    k probes anywhere in m bits (001);
//   blocked:     one block of B bits chosen per item, k probes inside it (Putze, Sanders, Singler 2007 §3;
//                RocksDB FastLocalBloom, Boost.Bloom block<Block, K>);
//   split-block: one block of B bits chosen per item, split into k words of B/k bits, one bit per word
//                (Parquet / Arrow / Impala / Kudu, Boost.Bloom multiblock<Block, K>);
//   partitioned: k slices of m/k bits, one bit per slice (a split block filter with a single block).
#pragma once

#include <cstdint>
#include <string>

#include "bloomcalc/params.hpp"

namespace bloomcalc {

enum class Layout { standard, blocked, split_block, partitioned };
Layout parse_layout(const std::string& text);  // "standard" | "blocked" | "split-block" | "partitioned"
const char* to_string(Layout layout);

struct LayoutFilter {
    Layout layout = Layout::standard;
    std::uint64_t m = 0;                   // bits
    std::uint64_t n = 0;                   // items inserted
    unsigned k = 0;                        // bits set per item
    std::uint64_t block_bits = 0;          // B; standard and partitioned: m (one block)
    Hashing hashing = Hashing::colliding;  // standard and blocked: the k probes inside the block
};

// Checks 1 ≤ m, n ≤ 2^40, 1 ≤ k ≤ 64 and the layout's shape: B divides m (blocked, split-block),
// k divides B (split-block), k divides m (partitioned), k ≤ B for distinct probes. RangeError naming
// the parameter ("m", "n", "k", "blockBits").
void validate(const LayoutFilter& f);

// From JS-style numbers; block_bits is NaN when absent (required for blocked and split-block, ignored
// otherwise).
LayoutFilter make_layout_filter(Layout layout, double m, double n, double k, double block_bits, Hashing hashing);

// b = m / B, the number of blocks; and the load ratio q = 1/b that an item shares a given block.
std::uint64_t block_count(const LayoutFilter& f);

// The same filter with another n (the "what if n is off" questions).
LayoutFilter with_items(LayoutFilter f, std::uint64_t n);

}  // namespace bloomcalc
