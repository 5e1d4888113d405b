// RocksDB Standard128Ribbon sizing, line by line. docs/families.md, "Ribbon filter".
#include "bloomcalc/families/ribbon/ribbon_model.hpp"

#include <algorithm>
#include <array>
#include <cmath>

#include "bloomcalc/error.hpp"
#include "bloomcalc/families/row.hpp"
#include "bloomcalc/layouts/presets.hpp"
#include "bloomcalc/params.hpp"

namespace bloomcalc::families {

namespace {

// ribbon_config.cc BandingConfigHelperData<kCfc, 128U, /*smash*/ false>::kKnownToAddByPow2 (from FindOccupancy
// in ribbon_test): keys 2^i slots hold at each failure chance; 0 below 2^8 (unsupported).
constexpr std::size_t kKnownSize = 18;
using Known = std::array<double, kKnownSize>;
constexpr Known kOneIn2{
    {0, 0, 0, 0, 0, 0, 0, 0, 252.984, 506.109, 1013.71, 2029.47, 4060.43, 8115.63, 16202.2, 32305.1, 64383.5, 128274}};
constexpr Known kOneIn20{
    {0, 0, 0, 0, 0, 0, 0, 0, 248.851, 499.532, 1001.26, 2003.97, 4005.59, 8000.39, 15966.6, 31828.1, 63447.3, 126506}};
constexpr Known kOneIn1000{
    {0, 0, 0, 0, 0, 0, 0, 0, 242.61, 491.887, 983.603, 1968.21, 3926.98, 7833.99, 15629, 31199.9, 62307.8, 123870}};
constexpr double kFactorPerPow2 = 0.0038;  // GetFactorPerPow2, kCoeffBits == 128
constexpr double kLog2e = 1.4426950409;    // as written in GetNumToAdd / GetNumSlots

const Known& known(RibbonFailureChance c) {
    return c == RibbonFailureChance::one_in_2 ? kOneIn2 : c == RibbonFailureChance::one_in_20 ? kOneIn20 : kOneIn1000;
}

// GetFactorForLarge: slots per key for ≥ 2^18 slots, +0.0038 per doubling from the 2^17 data point.
double factor_for_large(const Known& k, double log2_slots) {
    const double final_known = static_cast<double>(1u << (kKnownSize - 1)) / k[kKnownSize - 1];
    return final_known - static_cast<double>(kKnownSize - 1) * kFactorPerPow2 + log2_slots * kFactorPerPow2;
}

// GetNumToAddForPow2
double to_add_for_pow2(const Known& k, std::uint32_t log2_slots) {
    if (log2_slots < kKnownSize) return k[log2_slots];
    return std::ldexp(1.0, static_cast<int>(log2_slots)) / factor_for_large(k, log2_slots);
}

// GetNumSlots (before RoundUpNumSlots), the uint32_t arithmetic of ribbon_config.cc:399-441.
std::uint64_t num_slots_unrounded(std::uint64_t n, const Known& k) {
    const double log2_to_add = std::log(static_cast<double>(n)) * kLog2e;
    auto approx = static_cast<std::uint32_t>(log2_to_add + 0.5);
    double lower = to_add_for_pow2(k, approx), upper = 0;
    if (approx == 0 || lower == 0) return 2 * kRibbonCoeffBits;  // minimum non-zero slots
    if (static_cast<double>(n) < lower) {
        upper = lower;
        --approx;
        lower = to_add_for_pow2(k, approx);
    } else {
        upper = to_add_for_pow2(k, approx + 1);
    }
    const double upper_portion = (static_cast<double>(n) - lower) / (upper - lower);
    const double lower_slots = std::ldexp(1.0, static_cast<int>(approx));
    return static_cast<std::uint64_t>(upper_portion * lower_slots + lower_slots + 0.999999999);  // round up
}

// SerializableInterleavedSolution::RoundUpNumSlots (no smash: never a single block).
std::uint64_t round_up_slots(std::uint64_t slots) {
    std::uint64_t corrected = (slots + kRibbonCoeffBits - 1) / kRibbonCoeffBits * kRibbonCoeffBits;
    return corrected == kRibbonCoeffBits ? corrected + kRibbonCoeffBits : corrected;
}

// BloomMath::CacheLocalFpRate (util/bloom_impl.h): the mean of the standard FP rate one standard deviation of
// keys per 512-bit line above and below.
double cache_local_fpr(double bits_per_key, unsigned probes) {
    const double k = probes, line = 512.0, per_line = line / bits_per_key, sd = std::sqrt(per_line);
    const double crowded = std::pow(1.0 - std::exp(-k / (line / (per_line + sd))), k);
    const double uncrowded = std::pow(1.0 - std::exp(-k / (line / (per_line - sd))), k);
    return (crowded + uncrowded) / 2;
}

BloomEquivalent setting_of(std::uint64_t millibits, double bits_per_key) {
    BloomEquivalent b;
    b.bits_per_key = bits_per_key;
    b.millibits_per_key = millibits;
    b.probes = rocksdb_num_probes(millibits);
    b.fpr = cache_local_fpr(bits_per_key, b.probes);
    return b;
}

double logit(double f) { return std::log(f / (1 - f)); }

}  // namespace

std::uint64_t ribbon_num_to_add(std::uint64_t num_slots, RibbonFailureChance chance) {
    const Known& k = known(chance);
    const double log2_slots = std::log(static_cast<double>(num_slots)) * kLog2e;
    const auto floor_log2 = static_cast<std::uint32_t>(log2_slots);
    if (floor_log2 + 1 < kKnownSize) {
        // Weighted average of the two nearest powers of two (ribbon_config.cc:371-378).
        const double ceil_portion =
            static_cast<double>(num_slots) / std::ldexp(1.0, static_cast<int>(floor_log2)) - 1.0;
        return static_cast<std::uint64_t>(ceil_portion * k[floor_log2 + 1] + (1.0 - ceil_portion) * k[floor_log2]);
    }
    return static_cast<std::uint64_t>(static_cast<double>(num_slots) / factor_for_large(k, log2_slots));
}

std::uint64_t ribbon_num_slots(std::uint64_t n) { return round_up_slots(num_slots_unrounded(n, kOneIn20)); }

BloomEquivalent bloom_equivalent(double bits_per_key) {
    if (!(bits_per_key >= 1 && bits_per_key <= 100))
        throw RangeError("bloomEquivalentBitsPerKey", "a number in [1, 100]", show_number(bits_per_key));
    // millibits_per_key_ = (int)(bits_per_key·1000 + 0.500001) (BloomLikeFilterPolicy's constructor)
    return setting_of(static_cast<std::uint64_t>(bits_per_key * 1000.0 + 0.500001), bits_per_key);
}

BloomEquivalent bloom_equivalent_for(double p) {
    checked_family_p(p);
    // The rate falls with the millibits while ChooseNumProbes' k stays; at a change of k it may rise (11 720 → 11 721:
    // 7 → 8 probes). Bisect each run of one k for its first setting ≤ p; the smallest over the runs.
    static constexpr std::uint64_t kRunEnds[] = {2080,  3580,  5100,  6640,  8300,  10070, 11720, 14001, 16050,
                                                 18300, 22001, 25501, 26000, 28000, 30000, 32000, 34000, 36000,
                                                 38000, 40000, 42000, 44000, 46000, 48000, 50000, 100000};
    auto rate = [](std::uint64_t mb) { return setting_of(mb, static_cast<double>(mb) / 1000).fpr; };
    std::uint64_t start = 1000;
    for (const std::uint64_t end : kRunEnds) {
        if (rate(end) <= p) {
            std::uint64_t lo = start, hi = end;
            while (lo < hi) {
                const std::uint64_t mid = (lo + hi) / 2;
                if (rate(mid) <= p)
                    hi = mid;
                else
                    lo = mid + 1;
            }
            return setting_of(lo, static_cast<double>(lo) / 1000);
        }
        start = end + 1;
    }
    return setting_of(100000, 100.0);
}

RibbonShape ribbon_shape(std::uint64_t num_slots, double one_in_fp_rate, std::uint32_t rounding_bias32) {
    RibbonShape s;
    s.slots = num_slots;
    s.blocks = num_slots / kRibbonCoeffBits;
    s.starts = num_slots - kRibbonCoeffBits + 1;
    const double fp = 1.0 / one_in_fp_rate;
    if (!(one_in_fp_rate > 1.0 && fp < 1.0)) {
        s.segments = 1;  // 100 % FP rate: one segment (InternalGetBytesForFpRate)
    } else if (one_in_fp_rate <= 4294967295.0) {
        const auto rounded = static_cast<std::uint32_t>(one_in_fp_rate);
        unsigned lower = 0;
        while (lower < 31 && (rounded >> (lower + 1)) != 0)
            ++lower;  // FloorLog2 (a shift by 32 would wrap: 1 in ≥ 2^31)
        const double lower_fp = std::ldexp(1.0, -static_cast<int>(lower)),
                     upper_fp = std::ldexp(1.0, -static_cast<int>(lower) - 1);
        const double lower_portion = (fp - upper_fp) / (lower_fp - upper_fp);
        const double bias = (rounding_bias32 + 0.5) / 4294967296.0;
        const auto upper_start =
            static_cast<std::uint64_t>((lower_portion * static_cast<double>(s.starts) + bias) / kRibbonCoeffBits);
        s.segments = s.blocks * lower + (s.blocks - upper_start);
    } else {
        s.segments = num_slots * 4 / 16;  // 32 columns: num_slots · sizeof(ResultRow) bytes
    }
    // InternalConfigure from the byte count: columns rounded up per block, capped at 32.
    s.upper_columns = static_cast<unsigned>((s.segments + s.blocks - 1) / s.blocks);
    s.upper_start_block = s.upper_columns * s.blocks - s.segments;
    if (s.upper_columns > kRibbonMaxResultBits) {
        s.upper_columns = kRibbonMaxResultBits;
        s.upper_start_block = 0;
        s.segments = s.blocks * kRibbonMaxResultBits;
    }
    s.lower_columns = s.upper_columns - 1;
    s.solution_bytes = s.segments * 16;
    // ExpectedFpRate: each column halves the FP rate, weighted by the starts in each region.
    s.lower_fraction = static_cast<double>(s.upper_start_block * kRibbonCoeffBits) / static_cast<double>(s.starts);
    s.fpr = s.lower_fraction * std::ldexp(1.0, -static_cast<int>(s.lower_columns)) +
            (1.0 - s.lower_fraction) * std::ldexp(1.0, -static_cast<int>(s.upper_columns));
    return s;
}

double ribbon_construction_failure(std::uint64_t n, std::uint64_t num_slots) {
    const double x = static_cast<double>(n);
    const double n1000 = static_cast<double>(ribbon_num_to_add(num_slots, RibbonFailureChance::one_in_1000));
    const double n20 = static_cast<double>(ribbon_num_to_add(num_slots, RibbonFailureChance::one_in_20));
    const double n2 = static_cast<double>(ribbon_num_to_add(num_slots, RibbonFailureChance::one_in_2));
    const double l1000 = logit(1.0 / 1000), l20 = logit(1.0 / 20), l2 = 0;
    const double l =
        x <= n20 ? l20 + (x - n20) * (l20 - l1000) / (n20 - n1000) : l20 + (x - n20) * (l2 - l20) / (n2 - n20);
    return 1.0 / (1.0 + std::exp(-l));
}

RibbonModel ribbon_model(double n, double bloom_equivalent_bits_per_key) {
    RibbonModel m;
    m.n = checked_family_n(n);
    m.setting = bloom_equivalent(bloom_equivalent_bits_per_key);
    m.one_in_fp_rate = 1.0 / m.setting.fpr;
    const double keys = static_cast<double>(m.n);
    // The fallback's FastLocalBloomBitsBuilder::CalculateSpace: whole 64-byte lines, at most 0xffffffc0 bytes.
    const std::uint64_t raw = std::min<std::uint64_t>((m.n * m.setting.millibits_per_key + 7999) / 8000, 0xffffffc0ULL);
    m.bloom_bytes = ((raw + 63) & ~std::uint64_t{63}) + kRibbonMetadataBytes;
    m.bloom_probes = m.setting.probes;
    const double bloom_fpr = [&] {
        // FastLocalBloomImpl::EstimatedFpRate: the cache-local rate and a 64-bit hash collision, independent.
        const double filter =
            cache_local_fpr(8.0 * static_cast<double>(m.bloom_bytes - kRibbonMetadataBytes) / keys, m.bloom_probes);
        const double base = keys * std::ldexp(1.0, -64);
        const double fingerprint = base > 0.0001 ? -std::expm1(-base) : base - base * base * 0.5;
        return filter + fingerprint - filter * fingerprint;
    }();
    if (m.n <= kRibbonMaxEntries) {
        m.shape = ribbon_shape(ribbon_num_slots(m.n), m.one_in_fp_rate);
        m.bytes = m.shape.solution_bytes + kRibbonMetadataBytes;
        m.fpr = m.shape.fpr;
        m.overhead = static_cast<double>(m.shape.slots) / keys;
        m.construction_failure = ribbon_construction_failure(m.n, m.shape.slots);
        m.failure_after_retries = std::pow(m.construction_failure, kRibbonSeeds);
        if (m.shape.slots < kRibbonBloomCheckSlots && m.bloom_bytes < m.bytes) {
            m.bloom_fallback = true;
            m.fallback_reason = "Bloom is smaller below 1024 slots (CalculateSpaceAndSlots)";
        }
    } else {
        m.bloom_fallback = true;
        m.fallback_reason = "n > kMaxRibbonEntries = 950000000 (CalculateSpaceAndSlots)";
    }
    if (m.bloom_fallback) {
        m.bytes = m.bloom_bytes;
        m.fpr = bloom_fpr;
        m.construction_failure = 0;
        m.failure_after_retries = 0;
        m.cache_lines_per_lookup = 1;
    } else {
        // A lookup reads its start block's c segments and, unless it starts on a block boundary, the next block's
        // first c: 32c contiguous bytes at a 16-byte offset, taken as uniform over a 64-byte line.
        auto lines = [](unsigned c) {
            const double span = 32.0 * c;
            double sum = 0;
            for (int offset = 0; offset < 64; offset += 16) sum += std::ceil((offset + span) / 64.0);
            return sum / 4;
        };
        m.cache_lines_per_lookup = m.shape.lower_fraction * lines(m.shape.lower_columns) +
                                   (1 - m.shape.lower_fraction) * lines(m.shape.upper_columns);
    }
    m.bits_per_key = 8.0 * static_cast<double>(m.bytes) / keys;
    return m;
}

}  // namespace bloomcalc::families
