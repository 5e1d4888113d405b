// Presets with the parameters of the libraries that define them (docs/layouts.md, "Presets").
#include "bloomcalc/layouts/presets.hpp"

#include <cmath>
#include <cstdint>

#include "bloomcalc/error.hpp"
#include "bloomcalc/layouts/layout_sim.hpp"
#include "bloomcalc/layouts/layout_sizing.hpp"

namespace bloomcalc {

const std::vector<Preset>& presets() {
    // name, label, reference, layout, hashing, B, word bits (multiblock: B = word bits · K), k's rule, k.
    static const std::vector<Preset> all = {
        {"parquet", "Parquet / Arrow / Impala / Kudu split block",
         "Parquet format spec, BloomFilter.md (SBBF): 256-bit blocks of eight 32-bit words, one bit per word",
         Layout::split_block, Hashing::colliding, 256, 0, PresetK::fixed, 8},
        {"rocksdb", "RocksDB FastLocalBloom (format_version 5)",
         "RocksDB util/bloom_impl.h: 512-bit cache lines, ChooseNumProbes(millibits per key)", Layout::blocked,
         Hashing::colliding, 512, 0, PresetK::rocksdb_rule, 0},
        {"boost-block", "Boost.Bloom filter<T, 1, block<uint64_t, K>>",
         "Boost.Bloom block<Block, K>: K bits set in one 64-bit word", Layout::blocked, Hashing::colliding, 64, 0,
         PresetK::free, 0},
        {"boost-multiblock", "Boost.Bloom filter<T, 1, multiblock<uint64_t, K>>",
         "Boost.Bloom multiblock<Block, K>: one bit in each of K consecutive 64-bit words", Layout::split_block,
         Hashing::colliding, 0, 64, PresetK::free, 0},
    };
    return all;
}

const Preset& find_preset(const std::string& name) {
    std::string key = name;
    if (key == "arrow" || key == "impala" || key == "kudu") key = "parquet";
    if (key == "fastlocalbloom") key = "rocksdb";
    for (const auto& p : presets())
        if (p.name == key) return p;
    throw RangeError("preset",
                     "\"parquet\" (alias arrow, impala, kudu), \"rocksdb\", \"boost-block\" or \"boost-multiblock\"",
                     quoted(name));
}

unsigned rocksdb_num_probes(std::uint64_t millibits) {
    if (millibits <= 2080) return 1;
    if (millibits <= 3580) return 2;
    if (millibits <= 5100) return 3;
    if (millibits <= 6640) return 4;
    if (millibits <= 8300) return 5;
    if (millibits <= 10070) return 6;
    if (millibits <= 11720) return 7;
    if (millibits <= 14001) return 8;
    if (millibits <= 16050) return 9;
    if (millibits <= 18300) return 10;
    if (millibits <= 22001) return 11;
    if (millibits <= 25501) return 12;
    if (millibits > 50000) return 24;
    return static_cast<unsigned>((millibits - 1) / 2000 - 1);
}

unsigned rocksdb_probes_for(std::uint64_t m, std::uint64_t n) {
    // millibits = (m/8 bytes)·8000/n = 1000·m/n; m ≤ 2^40 so 1000·m fits 64 bits.
    return rocksdb_num_probes(1000 * m / n);
}

LayoutFilter preset_filter(const Preset& preset, std::uint64_t m, std::uint64_t n, unsigned k) {
    LayoutFilter f;
    f.layout = preset.layout;
    f.hashing = preset.hashing;
    f.m = m;
    f.n = n;
    switch (preset.k_rule) {
    case PresetK::fixed: f.k = preset.k; break;
    case PresetK::rocksdb_rule: f.k = n >= 1 ? rocksdb_probes_for(m, n) : 1; break;
    case PresetK::free:
        if (k == 0) throw RangeError("k", "an integer in [1, 64] (the preset's K)", "absent");
        f.k = k;
        break;
    }
    f.block_bits = preset.word_bits ? preset.word_bits * f.k : preset.block_bits;
    if (m % f.block_bits != 0)
        throw RangeError("m",
                         "a multiple of the " + preset.name + " block, B = " + std::to_string(f.block_bits) + " bits",
                         std::to_string(m));
    validate(f);
    return f;
}

LayoutFilter resolve_layout_filter(const LayoutInput& in) {
    const Hashing hashing = parse_hashing(in.hashing);
    if (in.preset.empty()) return make_layout_filter(parse_layout(in.layout), in.m, in.n, in.k, in.block_bits, hashing);
    const Preset& preset = find_preset(in.preset);
    const std::uint64_t m = checked_integer(in.m, "m", 1, kMaxBits);
    const std::uint64_t n = checked_integer(in.n, "n", 1, kMaxItems);
    unsigned k = 0;
    if (!std::isnan(in.k)) k = static_cast<unsigned>(checked_integer(in.k, "k", 1, kMaxHashes));
    if (k != 0 && preset.k_rule != PresetK::free && k != preset_filter(preset, m, n, 0).k)
        throw RangeError("k", "the preset's own k (" + std::to_string(preset_filter(preset, m, n, 0).k) + ") or absent",
                         std::to_string(k));
    return preset_filter(preset, m, n, k);
}

// The surfaces' inputs resolved here, in this cold (size-compiled) source: layout_report's and the simulation's.
LayoutReport layout_report(const LayoutInput& in) {
    return layout_report(resolve_layout_filter(in), in.preset.empty() ? "" : find_preset(in.preset).name);
}

LayoutSimConfig layout_sim_config(const LayoutSimInput& in) {
    LayoutSimConfig c;
    c.filter = resolve_layout_filter(in);
    c.hashing = in.hash_scheme;
    c.epochs = checked_integer(in.epochs, "epochs", 2, std::uint64_t{1} << 20);
    c.queries = in.queries ? checked_integer(*in.queries, "queries", 0, std::uint64_t{1} << 40) : 0;
    c.seed = checked_integer(in.seed, "seed", 0, (std::uint64_t{1} << 53) - 1);
    c.confidence = in.confidence;
    return c;
}

std::int64_t parquet_optimal_num_of_bits(std::uint64_t ndv, double fpp) {
    checked_probability(fpp, "p");
    // final double m = -8 * n / Math.log(1 - Math.pow(p, 1.0 / 8)); int numBits = (int) m;
    const double m = -8.0 * static_cast<double>(ndv) / std::log(1.0 - std::pow(fpp, 1.0 / 8));
    constexpr std::int64_t upper_bits = static_cast<std::int64_t>(kParquetUpperBoundBytes) << 3;
    std::int64_t bits = m >= 2147483647.0 ? 2147483647 : static_cast<std::int64_t>(m);  // Java (int) saturates
    if (bits > upper_bits || m < 0) bits = upper_bits;
    bits = (bits + 256 - 1) & ~std::int64_t{256};  // as written in parquet-java (clears bit 8 only)
    if (bits < static_cast<std::int64_t>(kParquetMinBytes << 3)) bits = kParquetMinBytes << 3;
    return bits;
}

std::uint64_t parquet_writer_bytes(std::uint64_t ndv, double fpp, std::uint64_t max_bytes) {
    // new BlockSplitBloomFilter(optimalNumOfBits(ndv, fpp) / 8, maxBloomFilterBytes) → initBitset
    std::uint64_t bytes = static_cast<std::uint64_t>(parquet_optimal_num_of_bits(ndv, fpp) / 8);
    if (bytes < kParquetMinBytes) bytes = kParquetMinBytes;
    if ((bytes & (bytes - 1)) != 0) {
        std::uint64_t pow2 = 1;
        while (pow2 < bytes) pow2 <<= 1;
        bytes = pow2;
    }
    if (bytes > max_bytes) bytes = max_bytes;
    return bytes;
}

std::uint64_t checked_parquet_max_bytes(double max_bytes) {
    // A maximum that is no whole number of blocks would size a filter of a partial block (the error named m, a
    // field the user never gave): refused here, by the name given.
    const std::string range = "a multiple of 32 (the Parquet block is 32 bytes) in [32, 2^27]";
    const std::uint64_t bytes = checked_integer(max_bytes, "maxBytes", kParquetMinBytes, kParquetUpperBoundBytes);
    if (bytes % kParquetMinBytes != 0) throw RangeError("maxBytes", range, show_number(max_bytes));
    return bytes;
}

std::uint64_t rocksdb_filter_bytes(std::uint64_t n, std::uint64_t millibits) {
    std::uint64_t raw = (n * millibits + 7999) / 8000;
    if (raw >= 0xffffffc0ULL) raw = 0xffffffc0ULL;
    return ((raw + 63) & ~std::uint64_t{63}) + 5;
}

}  // namespace bloomcalc
