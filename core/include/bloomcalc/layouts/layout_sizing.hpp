// Sizing a layout for n items and a target p with the layout's own rounding, the standard filter beside
// it, the anchors' approximations and the "what if n is off" readout. docs/layouts.md, "Sizing".
#pragma once

#include <cmath>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "bloomcalc/layouts/approximations.hpp"
#include "bloomcalc/layouts/layout.hpp"
#include "bloomcalc/params.hpp"

namespace bloomcalc {

// FPR of the same filter holding factor·n items (n' = round(factor·n), within [1, 2^40]).
struct WhatIf {
    double factor = 0;
    std::uint64_t n = 0;
    double fpr = 0;
};
std::vector<WhatIf> what_if(const LayoutFilter& f, const std::vector<double>& factors = {0.5, 2.0, 4.0});

// Everything known about one layout filter (the `fpr --layout` report).
struct LayoutReport {
    LayoutFilter filter;
    std::string preset;         // "" when none
    double exact = 0;           // layout_exact_fpr
    double standard_exact = 0;  // the standard filter with the same m, n, k (what the layout costs)
    std::uint64_t blocks = 0;   // b = m/B
    double load_per_block = 0;  // λ = nB/m
    double bits_per_key = 0;
    std::vector<Approximation> approximations;
    std::vector<WhatIf> what_if;
};
LayoutReport layout_report(const LayoutFilter& f, const std::string& preset = "");
// The report of a filter as the surfaces give it (layoutFpr): resolve_layout_filter, the preset by its own name.
struct LayoutInput;
LayoutReport layout_report(const LayoutInput& in);

struct LayoutSizingInput {
    double n = NAN, p = NAN;
    Layout layout = Layout::standard;
    std::optional<double> block_bits;  // blocked / split-block without a preset
    std::optional<double> k;           // fixed k; absent: the k that needs the fewest bits
    Hashing hashing = Hashing::colliding;
    std::string preset;               // "" or a preset name (sets layout, B and k's rule)
    std::optional<double> max_bytes;  // Parquet writer's maximum (default 1 MiB)
};

// Parquet's writer for (ndv = n, fpp = p): what it allocates and the FPR that actually has.
struct ParquetWriter {
    std::int64_t optimal_bits = 0;  // BlockSplitBloomFilter.optimalNumOfBits
    std::uint64_t bytes = 0;        // after initBitset (≥ 32, power of two, ≤ max)
    std::uint64_t max_bytes = 0;
    double fpr = 0;  // exact FPR of that filter
    bool meets_target = false;
};

struct LayoutSizing {
    LayoutFilter filter;  // the sized filter
    std::string preset;
    double target = 0;
    double fpr = 0;  // exact FPR of the sized filter
    bool meets_target = false;
    double bits_per_key = 0;
    double bytes = 0;      // ⌈m/8⌉ (RocksDB: + 5 bytes of metadata)
    std::string rounding;  // the rounding rule applied, in words
    Filter standard;       // the smallest standard filter (exact FPR ≤ p, best k)
    double standard_fpr = 0;
    double overhead = 0;  // m / m_standard − 1
    std::vector<Approximation> approximations;
    std::vector<WhatIf> what_if;
    std::optional<ParquetWriter> parquet;
    std::optional<double> rocksdb_bits_per_key;  // the bits_per_key setting that gives this size
};

// Smallest filter of the layout meeting p (exact FPR ≤ p) with the layout's rounding: standard any m,
// blocked / split-block a whole number of blocks, partitioned a multiple of k, Parquet power-of-two
// bytes in [32 B, 128 MiB] (its writer's own allocation, capped at max_bytes, reported beside), RocksDB whole
// cache lines with its probe rule. k: fixed, the preset's, or the best. InfeasibleError("p") when no size up to 2^40 bits (Parquet: max bytes) meets p.
// The search (docs/layouts.md, "Sizing"): `fast` keeps each shape's m-independent parts across sizes,
// discards a k whose proven lower bound at the largest size is above p, and starts the k walk and each
// size search from a cheap estimate; `reference` is the search as it was before (a fresh exact FPR for
// every size, the k walk from 0.85·log2(1/p), classic starting sizes), kept to check the fast one
// against (tests, `npm run bench`). Both return the same filter.
enum class SizingSearch { fast, reference };
LayoutSizing size_layout(const LayoutSizingInput& in, SizingSearch method = SizingSearch::fast);

}  // namespace bloomcalc
