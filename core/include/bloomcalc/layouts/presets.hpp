// The deployed filters by name, with their real parameters and sizing rules. docs/layouts.md, "Presets".
#pragma once

#include <cmath>
#include <cstdint>
#include <string>
#include <vector>

#include "bloomcalc/layouts/layout.hpp"

namespace bloomcalc {

// How a preset fixes k: given by the preset, by RocksDB's rule from bits per key, or by the user (K').
enum class PresetK { fixed, rocksdb_rule, free };

struct Preset {
    std::string name;       // "parquet", "rocksdb", "boost-block", "boost-multiblock"
    std::string label;      // "Parquet / Arrow / Impala / Kudu split block"
    std::string reference;  // where its parameters come from
    Layout layout = Layout::standard;
    Hashing hashing = Hashing::colliding;
    std::uint64_t block_bits = 0;  // B; 0: B = word_bits·k (Boost multiblock)
    std::uint64_t word_bits = 0;   // multiblock: bits per word
    PresetK k_rule = PresetK::free;
    unsigned k = 0;  // PresetK::fixed
};

const std::vector<Preset>& presets();
// By name, or an alias ("arrow", "impala", "kudu" → parquet; "fastlocalbloom" → rocksdb).
// RangeError("preset") listing the names.
const Preset& find_preset(const std::string& name);

// RocksDB FastLocalBloomImpl::ChooseNumProbes(millibits_per_key) (util/bloom_impl.h).
unsigned rocksdb_num_probes(std::uint64_t millibits_per_key);
// RocksDB's GetNumProbes: millibits = ⌊8000·len/n⌋ with len = m/8 bytes, then the rule above.
unsigned rocksdb_probes_for(std::uint64_t m, std::uint64_t n);

// The preset's filter for (m, n) and a k (ignored unless the preset leaves k free; 0 = absent, which
// is an error naming k for a free-k preset). Validates.
LayoutFilter preset_filter(const Preset& preset, std::uint64_t m, std::uint64_t n, unsigned k);

// A layout filter as the surfaces give it: a preset name or a layout, m, n, k (absent: NaN; a preset
// may fix k), blockBits (absent: NaN), hashing. RangeError naming the parameter at fault.
struct LayoutInput {
    std::string layout = "standard", preset, hashing = "colliding";
    double m = NAN, n = NAN, k = NAN, block_bits = NAN;
};
LayoutFilter resolve_layout_filter(const LayoutInput& in);

// Parquet's writer (parquet-java): BlockSplitBloomFilter.optimalNumOfBits(ndv, fpp) — its own
// arithmetic, including the `& ~BITS_PER_BLOCK` rounding — then initBitset: bytes at least 32,
// rounded up to a power of two, at most max_bytes (the writer's maximum, 1 MiB by default).
constexpr std::uint64_t kParquetMinBytes = 32;
constexpr std::uint64_t kParquetDefaultMaxBytes = std::uint64_t{1} << 20;
constexpr std::uint64_t kParquetUpperBoundBytes = std::uint64_t{128} << 20;
std::int64_t parquet_optimal_num_of_bits(std::uint64_t ndv, double fpp);
std::uint64_t parquet_writer_bytes(std::uint64_t ndv, double fpp, std::uint64_t max_bytes = kParquetDefaultMaxBytes);
// The writer's maximum as the surfaces give it (maxBytes): whole 32-byte blocks in [32 B, 128 MiB], else RangeError("maxBytes").
std::uint64_t checked_parquet_max_bytes(double max_bytes);

// RocksDB CalculateSpace: bytes = ⌈n·millibits/8000⌉ rounded up to a multiple of 64 (cache lines),
// plus 5 bytes of metadata (not part of m).
std::uint64_t rocksdb_filter_bytes(std::uint64_t n, std::uint64_t millibits_per_key);

}  // namespace bloomcalc
