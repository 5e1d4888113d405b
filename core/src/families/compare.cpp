// "Which filter?": each family's sizing called once, the Bloom rows from the layouts and libraries models
// (families/compare.hpp). docs/families.md, "Which filter?".
#include "bloomcalc/families/compare.hpp"

#include <algorithm>
#include <cmath>

#include "bloomcalc/error.hpp"
#include "bloomcalc/families/binary_fuse/binary_fuse_sizing.hpp"
#include "bloomcalc/families/cuckoo/cuckoo.hpp"
#include "bloomcalc/families/quotient/quotient.hpp"
#include "bloomcalc/families/ribbon/ribbon_sizing.hpp"
#include "bloomcalc/families/xor/xor_sizing.hpp"
#include "bloomcalc/layouts/layout_fpr.hpp"
#include "bloomcalc/layouts/layout_sizing.hpp"
#include "bloomcalc/layouts/presets.hpp"
#include "bloomcalc/libraries/library_sizing.hpp"
#include "bloomcalc/params.hpp"

namespace bloomcalc::families {

const std::vector<std::string>& compare_families() {
    static const std::vector<std::string> names{"bloom",       "blocked-bloom", "cuckoo",   "xor",
                                                "binary-fuse", "ribbon",        "quotient", "counting-quotient"};
    return names;
}

namespace {

constexpr std::uint64_t kCacheLineBits = 512;

// A Bloom filter's row: m bits, k probes, `bytes` as allocated. A negative lookup stops at its first zero bit:
// Σ_{i<k} q^i probes, q = 1 − (1 − 1/m)^{kn} the fraction of bits set, each probe its own line in a standard
// filter (one line when m fits in one); a blocked filter's probes share one aligned block, one line.
FamilyRow bloom_row(const LayoutFilter& f, std::uint64_t bytes, double fpr, double p, const std::string& variant,
                    const std::string& reference) {
    FamilyRow r;
    r.family = f.layout == Layout::standard ? "bloom" : "blocked-bloom";
    r.variant = variant;
    r.params = {{"m", static_cast<double>(f.m)}, {"k", static_cast<double>(f.k)}};
    if (f.layout != Layout::standard) r.params.push_back({"B", static_cast<double>(f.block_bits)});
    r.bytes = bytes;
    r.bits_per_key = 8.0 * static_cast<double>(bytes) / static_cast<double>(f.n);
    r.fpr = fpr;
    r.meets = std::isnan(p) || fpr <= p;
    r.construction_failure = 0;
    r.construction_failure_method = "none: an insertion into a Bloom filter cannot fail";
    if (f.layout == Layout::standard && f.m > kCacheLineBits) {
        const double q = -std::expm1(static_cast<double>(f.k) * static_cast<double>(f.n) *
                                     std::log1p(-1.0 / static_cast<double>(f.m)));
        r.cache_lines_per_lookup = std::abs(q - 1) < 1e-15 ? f.k : -std::expm1(f.k * std::log(q)) / (1 - q);
    } else {
        r.cache_lines_per_lookup = 1;
    }
    r.operations.insert_after_build = true;
    r.operations.merge = true;  // the bitwise OR of two filters of one shape
    r.reference = reference;
    return r;
}

const char* const kStandardReference =
    "layouts/layout_sizing.hpp size_layout (standard, exact mean FPR); Bloom 1970, "
    "Christensen, Roginsky, Jimeno 2010";

FamilyRow library_row(const std::string& library, std::uint64_t n, double p) {
    LibrarySizingInput in;
    in.library = library;
    in.n = static_cast<double>(n);
    in.p = p;
    if (library == "parquet")
        in.max_bytes = static_cast<double>(kParquetUpperBoundBytes);  // Arrow's cap, not the writer's 1 MiB
    const LibrarySizing s = size_for_library(in);
    FamilyRow r = bloom_row(s.filter, s.bytes, s.exact, p,
                            s.library.label + (s.note.empty() ? "" : " (" + s.note + ")"), s.library.source);
    if (library == "rocksdb") r.params.push_back({"bitsPerKeySetting", s.bits_per_key});
    return r;
}

std::vector<FamilyRow> bloom_rows(std::uint64_t n, double p) {
    LayoutSizingInput in;
    in.n = static_cast<double>(n);
    in.p = p;
    const LayoutSizing s = size_layout(in);
    return {bloom_row(s.filter, static_cast<std::uint64_t>(s.bytes), s.fpr, p,
                      "standard, k = " + std::to_string(s.filter.k), kStandardReference)};
}

std::vector<FamilyRow> blocked_rows(std::uint64_t n, double p) {
    std::vector<FamilyRow> rows;
    for (const char* library : {"rocksdb", "parquet", "boost-block"}) rows.push_back(library_row(library, n, p));
    return rows;
}

// The k of the lowest exact FPR for a filter of m bits (the FPR is unimodal in k): from 1 up while it falls.
FamilyRow best_bloom_of(const Preset* preset, Layout layout, std::uint64_t m, std::uint64_t n, std::uint64_t bytes,
                        const std::string& variant, const std::string& reference) {
    LayoutFilter best;
    double best_fpr = 2;
    for (unsigned k = 1; k <= 64; ++k) {
        const LayoutFilter f = preset ? preset_filter(*preset, m, n, k)
                                      : make_layout_filter(layout, static_cast<double>(m), static_cast<double>(n), k,
                                                           NAN, Hashing::colliding);
        const double fpr = layout_exact_fpr(f);
        if (fpr >= best_fpr) break;
        best = f;
        best_fpr = fpr;
        if (preset && preset->k_rule != PresetK::free) break;  // the preset's k
    }
    return bloom_row(best, bytes, best_fpr, NAN, variant + ", k = " + std::to_string(best.k), reference);
}

// Each Bloom filter's lowest FPR in `budget` bytes, its library's rounding kept: standard any whole byte (m ≤ 2^40),
// RocksDB whole cache lines after its 5 bytes of metadata, Parquet a power of two in [32 B, 128 MiB], Boost whole
// 64-bit words. A library that cannot fit a filter in the budget has no row.
std::vector<FamilyRow> bloom_rows_in(std::uint64_t budget, std::uint64_t n, bool blocked) {
    std::vector<FamilyRow> rows;
    if (!blocked) {
        const std::uint64_t bytes = std::min(budget, kMaxBits / 8);
        rows.push_back(best_bloom_of(nullptr, Layout::standard, 8 * bytes, n, bytes, "standard", kStandardReference));
        return rows;
    }
    const Preset& rocksdb = find_preset("rocksdb");
    if (budget >= 64 + 5) {
        const std::uint64_t len = std::min((budget - 5) / 64 * 64, kMaxBits / 8);
        const LayoutFilter f = preset_filter(rocksdb, 8 * len, n, 0);
        const std::string variant = rocksdb.label + ", k = " + std::to_string(f.k);
        rows.push_back(bloom_row(f, len + 5, layout_exact_fpr(f), NAN, variant, rocksdb.reference));
    }
    if (budget >= kParquetMinBytes) {
        std::uint64_t bytes = kParquetMinBytes;
        while (2 * bytes <= std::min(budget, kParquetUpperBoundBytes)) bytes *= 2;
        rows.push_back(best_bloom_of(&find_preset("parquet"), Layout::split_block, 8 * bytes, n, bytes,
                                     find_preset("parquet").label, find_preset("parquet").reference));
    }
    if (budget >= 8) {
        const std::uint64_t bytes = std::min(budget / 8 * 8, kMaxBits / 8);
        const Preset& boost = find_preset("boost-block");
        rows.push_back(best_bloom_of(&boost, Layout::blocked, 8 * bytes, n, bytes, boost.label, boost.reference));
    }
    return rows;
}

// A knob given is one the family has; else a RangeError naming it.
void refuse_knob(const std::optional<double>& value, const char* name, const std::string& family, const char* which) {
    if (!value) return;
    const std::string given = family == "all" ? " (no family given)" : " (family " + family + ")";
    throw RangeError(name, std::string("only with family ") + which, show_number(*value) + given);
}

// A knob given is a whole number in [lo, hi] (the family's own check narrows it); absent, 0: the family's choice.
double knob(const std::optional<double>& value, const char* name, std::uint64_t lo, std::uint64_t hi) {
    return value ? static_cast<double>(checked_integer(*value, name, lo, hi)) : 0;
}

bool allows(const FamilyOperations& ops, const CompareInput& in) {
    return (!in.deletes || ops.remove) && (in.static_set || ops.insert_after_build);
}

}  // namespace

CompareResult compare(const CompareInput& in) {
    CompareResult out;
    out.n = checked_family_n(in.n);
    const bool has_budget = in.max_bytes.has_value();
    const std::uint64_t budget = has_budget ? checked_family_max_bytes(*in.max_bytes) : 0;
    const bool has_p = !has_budget || in.p.has_value();
    if (has_p) {
        out.p = checked_family_p(in.p.value_or(NAN));  // absent with no budget: refused naming p
        out.bound_bits_per_key = std::log2(1 / *out.p);
    }
    if (has_budget) out.max_bytes = static_cast<double>(budget);
    const std::string family = in.family.empty() ? "all" : in.family;
    const auto& names = compare_families();
    if (family != "all" && std::find(names.begin(), names.end(), family) == names.end())
        throw RangeError("family",
                         "\"all\", \"bloom\", \"blocked-bloom\", \"cuckoo\", \"xor\", \"binary-fuse\", \"ribbon\", "
                         "\"quotient\" or \"counting-quotient\"",
                         quoted(family));
    const bool fingerprinted = family == "cuckoo" || family == "xor" || family == "binary-fuse";
    if (!fingerprinted) refuse_knob(in.fingerprint_bits, "fingerprintBits", family, "cuckoo, xor or binary-fuse");
    if (family != "cuckoo") refuse_knob(in.bucket_size, "bucketSize", family, "cuckoo (RedisBloom's bucket size)");
    if (family != "binary-fuse") refuse_knob(in.arity, "arity", family, "binary-fuse (3 or 4)");

    const double n = static_cast<double>(out.n), p = has_p ? *out.p : NAN;
    const auto wanted = [&](const char* name) { return family == "all" || family == name; };
    const double f = knob(in.fingerprint_bits, "fingerprintBits", 1, 64);
    const double b = knob(in.bucket_size, "bucketSize", 1, 255);
    const double a = knob(in.arity, "arity", 3, 4);
    CuckooSizingOptions cuckoo;
    if (in.fingerprint_bits) cuckoo.fingerprint_bits = f;
    if (in.bucket_size) {
        cuckoo.library = CuckooLibrary::redisbloom;  // the one library whose bucket size is a knob
        cuckoo.bucket_size = b;
    }
    auto& rows = out.rows;
    const auto add = [&rows](std::vector<FamilyRow> more) {
        for (auto& r : more) rows.push_back(std::move(r));
    };
    if (has_p) {
        if (wanted("bloom")) add(bloom_rows(out.n, p));
        if (wanted("blocked-bloom")) add(blocked_rows(out.n, p));
        if (wanted("cuckoo")) add(size_cuckoo(n, p, cuckoo));
        if (wanted("xor")) add(size_xor(n, p, XorOptions{f}));
        if (wanted("binary-fuse")) add(size_binary_fuse(n, p, BinaryFuseOptions{a, f}));
        if (wanted("ribbon")) add(size_ribbon(n, p));
        if (wanted("quotient")) add(size_quotient(n, p, {QuotientVariant::quotient}));
        if (wanted("counting-quotient")) add(size_quotient(n, p, {QuotientVariant::counting_quotient}));
        if (has_budget)
            for (auto& r : rows) r.meets = r.meets && r.bytes <= budget;
    } else {
        const auto try_add = [&](auto&& make) {  // a family none of whose filters fits has no row
            try {
                make();
            } catch (const InfeasibleError&) {
            }
        };
        if (wanted("bloom")) add(bloom_rows_in(budget, out.n, false));
        if (wanted("blocked-bloom")) add(bloom_rows_in(budget, out.n, true));
        if (wanted("cuckoo")) add(best_cuckoo_in(*in.max_bytes, n, cuckoo));
        if (wanted("xor"))
            try_add([&] {
                rows.push_back(f != 0 ? size_xor(n, NAN, XorOptions{f}).front() : best_xor_in(*in.max_bytes, n));
            });
        if (wanted("binary-fuse")) try_add([&] { rows.push_back(best_binary_fuse_in(*in.max_bytes, n)); });
        if (wanted("ribbon")) try_add([&] { rows.push_back(best_ribbon_in(*in.max_bytes, n)); });
        if (wanted("quotient")) add(best_quotient_in(*in.max_bytes, n, {QuotientVariant::quotient}));
        if (wanted("counting-quotient")) add(best_quotient_in(*in.max_bytes, n, {QuotientVariant::counting_quotient}));
        rows.erase(std::remove_if(rows.begin(), rows.end(), [&](const FamilyRow& r) { return r.bytes > budget; }),
                   rows.end());
        if (rows.empty())
            throw InfeasibleError("maxBytes", "enough bytes for some filter of n keys",
                                  "no " + (family == "all" ? std::string("filter") : family + " filter") + " of " +
                                      show_number(n) + " keys fits in " + std::to_string(budget) + " bytes");
    }
    for (auto& r : rows) r.allowed = allows(r.operations, in);
    const auto first = [&](const FamilyRow& r) { return r.allowed && r.meets; };
    std::stable_sort(rows.begin(), rows.end(), [&](const FamilyRow& x, const FamilyRow& y) {
        if (first(x) != first(y)) return first(x);
        if (has_p) return x.bytes != y.bytes ? x.bytes < y.bytes : x.fpr < y.fpr;
        return x.fpr != y.fpr ? x.fpr < y.fpr : x.bytes < y.bytes;
    });
    if (!rows.empty() && first(rows.front())) out.recommended = 0;
    return out;
}

}  // namespace bloomcalc::families
