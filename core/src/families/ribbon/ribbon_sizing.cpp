// Ribbon rows from ribbon_model (ribbon/ribbon_model.hpp). docs/families.md, "Ribbon filter".
#include "bloomcalc/families/ribbon/ribbon_sizing.hpp"

#include <algorithm>
#include <cmath>
#include <string>

#include "bloomcalc/error.hpp"
#include "bloomcalc/families/ribbon/ribbon_model.hpp"

namespace bloomcalc::families {

namespace {

FamilyRow row_of(const RibbonModel& m, double p) {
    FamilyRow r;
    r.family = "ribbon";
    const std::string setting =
        "bloom_equivalent_bits_per_key = " + std::to_string(m.setting.millibits_per_key / 1000) + "." +
        std::to_string(1000 + m.setting.millibits_per_key % 1000).substr(1);
    r.variant = m.bloom_fallback
                    ? "RocksDB NewRibbonFilterPolicy, " + setting + ": Bloom fallback, " + m.fallback_reason
                    : "RocksDB Standard128Ribbon (NewRibbonFilterPolicy), " + setting;
    r.params = {{"bloomEquivalentBitsPerKey", m.setting.bits_per_key},
                {"targetFpr", m.setting.fpr},
                {"slots", static_cast<double>(m.shape.slots)},
                {"blocks", static_cast<double>(m.shape.blocks)},
                {"lowerColumns", static_cast<double>(m.shape.lower_columns)},
                {"upperColumns", static_cast<double>(m.shape.upper_columns)},
                {"upperFraction", 1 - m.shape.lower_fraction},
                {"seeds", kRibbonSeeds},
                {"bloomFallback", m.bloom_fallback ? 1.0 : 0.0}};
    if (m.bloom_fallback) r.params.push_back({"k", static_cast<double>(m.bloom_probes)});
    r.bytes = m.bytes;
    r.bits_per_key = m.bits_per_key;
    r.fpr = m.fpr;
    r.meets = std::isnan(p) || m.fpr <= p;
    r.construction_failure = m.construction_failure;
    r.construction_failure_method =
        m.bloom_fallback ? "none: the Bloom fallback cannot fail"
                         : "per seed, log-odds interpolated in n between RocksDB's BandingConfigHelper data (1/1000, "
                           "1/20, 1/2) at these slots; "
                           "all 256 seeds fail (then RocksDB builds its Bloom filter) with probability about 10^" +
                               std::to_string(static_cast<long>(
                                   std::floor(kRibbonSeeds * std::log10(std::max(m.construction_failure, 1e-300)))));
    r.cache_lines_per_lookup = m.cache_lines_per_lookup;
    r.operations = FamilyOperations{};  // static: built once from the whole set
    r.reference = m.bloom_fallback
                      ? "rocksdb table/block_based/filter_policy.cc "
                        "Standard128RibbonBitsBuilder::CalculateSpaceAndSlots → FastLocalBloomBitsBuilder"
                      : "rocksdb util/ribbon_config.cc GetNumSlots, util/ribbon_impl.h InternalGetBytesForFpRate, "
                        "ExpectedFpRate, "
                        "table/block_based/filter_policy.cc Standard128RibbonBitsBuilder; Dillinger & Walzer 2021";
    return r;
}

}  // namespace

std::vector<FamilyRow> size_ribbon(double n, double p, const RibbonOptions& options) {
    checked_family_n(n);
    if (!std::isnan(p)) checked_family_p(p);
    double bits = options.bloom_equivalent_bits_per_key;
    if (bits == 0) bits = std::isnan(p) ? 10.0 : bloom_equivalent_for(p).bits_per_key;
    return {row_of(ribbon_model(n, bits), p)};
}

FamilyRow best_ribbon_in(double max_bytes, double n) {
    const std::uint64_t budget = checked_family_max_bytes(max_bytes);
    checked_family_n(n);
    if (ribbon_model(n, 1).bytes > budget)
        throw InfeasibleError("maxBytes", "at least " + std::to_string(ribbon_model(n, 1).bytes) + " bytes for n keys",
                              "a ribbon filter of n keys does not fit in " + std::to_string(budget) + " bytes");
    // Bytes grow with the setting (more columns); bisect the millibits for the largest that fits.
    std::uint64_t lo = 1000, hi = 100000;
    while (lo < hi) {
        const std::uint64_t mid = (lo + hi + 1) / 2;
        if (ribbon_model(n, static_cast<double>(mid) / 1000).bytes <= budget)
            lo = mid;
        else
            hi = mid - 1;
    }
    return row_of(ribbon_model(n, static_cast<double>(lo) / 1000), NAN);
}

}  // namespace bloomcalc::families
