// Benchmark of the real structures behind the families' simulations (issue 33): how fast each builds and answers,
// natively and in wasm, so the simulations' cost and the structures' relative speed are measured, not assumed.
// For n = 10^6 keys at the sizing for p = 1 % that "Which filter?" shows (each family's own sizing, as compare()
// calls it; its bits per key beside), per structure:
//   build   keys per second: the structure allocated and the n keys inserted (the static filters: constructed, with
//           their libraries' seed retries);
//   lookup  keys per second of 4·10^6 lookups of keys never inserted (their positives: the false positives), and of
//           the n members (each must be found).
// Medians of 5 runs on the same keys, each run reusing the memory of the one before, in wasm (its memory, once grown,
// is kept) as natively (glibc told to keep its freed blocks: else each run faults its pages in again, the kernel's
// work, not the structure's). The counts (positives, members found, seeds tried, failed insertions) are the same
// natively and in wasm for the same seed: scripts/bench.mjs fails when they differ. The quotient filters are
// quotient_filter.hpp's, slot for slot (the QF's bit array, the cqf's blocks), as the simulations build them.
// The last line is JSON for scripts/bench.mjs (docs/families.md).
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <optional>
#include <string>
#include <vector>
#if defined(__GLIBC__)
#include <malloc.h>
#endif

#include "bloomcalc/families/binary_fuse/binary_fuse_filter.hpp"
#include "bloomcalc/families/compare.hpp"
#include "bloomcalc/families/cuckoo/cuckoo_table.hpp"
#include "bloomcalc/families/quotient/quotient_filter.hpp"
#include "bloomcalc/families/ribbon/ribbon_filter.hpp"
#include "bloomcalc/families/xor/xor_filter.hpp"
#include "bloomcalc/layouts/layout_sim.hpp"
#include "bloomcalc/sim/hashing.hpp"

#include "json.hpp"

using namespace bloomcalc;
using bench::num;
using bench::str;
using namespace bloomcalc::families;

namespace {

constexpr std::uint64_t kN = 1000000;        // n
constexpr double kP = 0.01;                  // p
constexpr std::uint64_t kLookups = 4000000;  // non-member lookups per run
constexpr int kRuns = 5;
constexpr std::uint64_t kSeed = 1;

using Clock = std::chrono::steady_clock;
double seconds_since(Clock::time_point t0) { return std::chrono::duration<double>(Clock::now() - t0).count(); }

double median(std::vector<double> v) {
    std::sort(v.begin(), v.end());
    return v[v.size() / 2];
}

// What a build and the lookups found: the same in every run, natively and in wasm.
struct Counts {
    std::uint64_t attempts = 0;  // seeds tried (the static filters); 1 otherwise
    // insertions refused (cuckoo: NotEnoughSpace; quotient: the load limit), or 1 when no seed built the filter
    std::uint64_t failed = 0;
    std::uint64_t positives = 0, members = 0;
    bool operator==(const Counts& o) const {
        return attempts == o.attempts && failed == o.failed && positives == o.positives && members == o.members;
    }
};

struct Measured {
    std::string label;
    FamilyRow row;
    Counts counts;
    double build = 0, lookup = 0, member = 0;  // keys per second, medians
};

// The row "Which filter?" shows first of those of the family that pass `pick` and meet p: compare() sorts the rows
// meeting p by bytes (static set: every family allowed). Each family's row is its own sizing's (compare.cpp).
template <class Pick>
FamilyRow row_of(const std::string& family, Pick pick) {
    CompareInput in;
    in.n = static_cast<double>(kN);
    in.p = kP;
    in.static_set = true;
    in.family = family;
    for (const auto& r : compare(in).rows)
        if (r.meets && pick(r)) return r;
    std::fprintf(stderr, "%s: no row meets p = %g\n", family.c_str(), kP);
    std::exit(1);
}
const auto any_row = [](const FamilyRow&) { return true; };

// Times kRuns of build() (returns its Counts' attempts and failed), then lookups(first, count) of the non-members
// (keys n … n + kLookups − 1) and of the members (keys 0 … n − 1), each returning its positives.
template <class Build, class Lookups>
Measured measure(const std::string& label, const FamilyRow& row, Build build, Lookups lookups) {
    Measured m{label, row, {}, 0, 0, 0};
    std::vector<double> builds, finds, members;
    for (int run = 0; run < kRuns; ++run) {
        auto t0 = Clock::now();
        Counts c = build();
        builds.push_back(static_cast<double>(kN) / seconds_since(t0));
        t0 = Clock::now();
        c.positives = lookups(kN, kLookups);
        finds.push_back(static_cast<double>(kLookups) / seconds_since(t0));
        t0 = Clock::now();
        c.members = lookups(0, kN);
        members.push_back(static_cast<double>(kN) / seconds_since(t0));
        if (run > 0 && !(c == m.counts)) {
            std::fprintf(stderr, "%s: run %d found other counts than run 0\n", label.c_str(), run);
            std::exit(1);
        }
        m.counts = c;
    }
    m.build = median(builds);
    m.lookup = median(finds);
    m.member = median(members);
    const double fpr = static_cast<double>(m.counts.positives) / static_cast<double>(kLookups);
    std::printf("%-26s %5.2f bits/key  build %7.2f M/s  lookup %7.2f M/s  members %7.2f M/s  FPR %.5f (model %.5f)%s\n",
                label.c_str(), row.bits_per_key, m.build / 1e6, m.lookup / 1e6, m.member / 1e6, fpr, row.fpr,
                m.counts.members == kN ? "" : "  MEMBERS LOST");
    return m;
}

}  // namespace

int main() {
#if defined(__GLIBC__)
    mallopt(M_MMAP_THRESHOLD, 32 << 20);  // blocks up to 32 MiB (glibc's maximum) from the heap, not fresh mappings
    mallopt(M_TRIM_THRESHOLD, 1 << 30);   // and the heap's free memory kept
#endif
    // Keys as the static simulations draw them (static_sim.hpp run_static_trials): mix64(salt + i), members i < n.
    const std::uint64_t salt = mix64(kSeed * kGolden);
    std::vector<std::uint64_t> keys(kN + kLookups);
    for (std::size_t i = 0; i < keys.size(); ++i) keys[i] = mix64(salt + i);
    const std::vector<std::uint64_t> members(keys.begin(), keys.begin() + kN);
    const auto count_of = [&](auto& filter) {
        return [&keys, &filter](std::uint64_t first, std::uint64_t count) {
            std::uint64_t found = 0;
            const std::uint64_t* key = keys.data() + first;
            for (std::uint64_t i = 0; i < count; ++i) found += filter->contains(key[i]);
            return found;
        };
    };
    std::vector<Measured> rows;
    const double n = static_cast<double>(kN);
    std::printf("n = %llu keys, p = %g, %llu non-member lookups, medians of %d runs\n",
                static_cast<unsigned long long>(kN), kP, static_cast<unsigned long long>(kLookups), kRuns);

    // Bloom filters: the layouts' simulated bit array (layout_sim.hpp), items are ids (hashed by the scheme).
    const auto bloom = [&](const std::string& label, const FamilyRow& row, const LayoutFilter& f, LayoutHashing h) {
        std::optional<LayoutBits> bits;
        rows.push_back(measure(
            label, row,
            [&] {
                bits.emplace(f, h, kSeed);
                bits->insert(0, kN);
                return Counts{1, 0, 0, 0};
            },
            [&](std::uint64_t first, std::uint64_t count) { return bits->positives(first, count); }));
    };
    {
        const FamilyRow row = row_of("bloom", any_row);  // size_layout's standard filter
        bloom("bloom, standard", row,
              make_layout_filter(Layout::standard, param(row, "m"), n, param(row, "k"), NAN, Hashing::colliding),
              LayoutHashing::ideal);
    }
    {
        // RocksDB's FastLocalBloom (the blocked row of B = 512, size_for_library), on its own probe arithmetic
        const FamilyRow row = row_of("blocked-bloom", [](const FamilyRow& r) { return param(r, "B") == 512; });
        bloom("blocked bloom, RocksDB", row,
              make_layout_filter(Layout::blocked, param(row, "m"), n, param(row, "k"), 512, Hashing::colliding),
              LayoutHashing::rocksdb);
    }
    {
        // efficient/cuckoofilter (RedisBloom's 8-bit fingerprints with b = 2 miss 1 %; the semi-sorted table answers
        // as the plain one: cuckoo_table.hpp builds one table for both)
        const FamilyRow row =
            row_of("cuckoo", [](const FamilyRow& r) { return r.variant.rfind("efficient/cuckoofilter, f", 0) == 0; });
        const CuckooShape shape = cuckoo_shape(CuckooLibrary::efficient, n, param(row, "f"), param(row, "b"));
        std::optional<CuckooTable> table;
        rows.push_back(measure(
            "cuckoo, efficient", row,
            [&] {
                table.emplace(shape, kSeed);
                Counts c{1, 0, 0, 0};
                for (std::uint64_t i = 0; i < kN; ++i) c.failed += !table->insert(keys[i]);
                return c;
            },
            count_of(table)));
    }
    {
        const FamilyRow row = row_of("xor", any_row);
        std::optional<XorFilter> filter;
        rows.push_back(measure(
            "xor", row,
            [&] {
                filter.emplace(kN, static_cast<unsigned>(param(row, "f")));
                const bool built = filter->build(members);
                return Counts{filter->attempts(), built ? 0u : 1u, 0, 0};
            },
            count_of(filter)));
    }
    for (const double arity : {3.0, 4.0}) {
        const FamilyRow row = row_of("binary-fuse", [arity](const FamilyRow& r) { return param(r, "arity") == arity; });
        std::optional<BinaryFuseFilter> filter;
        rows.push_back(measure(
            "binary fuse, " + std::to_string(static_cast<int>(arity)) + "-wise", row,
            [&] {
                filter.emplace(kN, static_cast<unsigned>(arity), static_cast<unsigned>(param(row, "f")));
                const bool built = filter->build(members);
                return Counts{filter->attempts(), built ? 0u : 1u, 0, 0};
            },
            count_of(filter)));
    }
    {
        const FamilyRow row = row_of("ribbon", any_row);
        std::optional<RibbonFilter> filter;
        rows.push_back(measure(
            "ribbon, Standard128", row,
            [&] {
                filter.emplace(kN, param(row, "bloomEquivalentBitsPerKey"));
                // the first seed from the first key, as simulate_ribbon (RocksDB's entropy)
                const bool built = filter->build(members, static_cast<unsigned>(members[0] & (kRibbonSeeds - 1)));
                return Counts{filter->attempts(), built ? 0u : 1u, 0, 0};
            },
            count_of(filter)));
    }
    // The quotient filters (quotient_filter.hpp) at compare()'s q and r (size_quotient); insertions refused past the
    // load limit counted as failed
    const auto quotient = [&](const std::string& label, QuotientVariant variant, auto& filter) {
        const FamilyRow row = row_of(to_string(variant), any_row);
        const QuotientShape shape = quotient_shape(variant, param(row, "q"), param(row, "r"));
        rows.push_back(measure(
            label, row,
            [&] {
                filter.emplace(shape, kSeed);
                Counts c{1, 0, 0, 0};
                for (std::uint64_t i = 0; i < kN; ++i) c.failed += !filter->insert(keys[i]);
                return c;
            },
            count_of(filter)));
    };
    std::optional<QuotientFilter> qf;
    std::optional<CountingQuotientFilter> cqf;
    quotient("quotient, Bender", QuotientVariant::quotient, qf);
    quotient("counting quotient, cqf", QuotientVariant::counting_quotient, cqf);

    std::uint64_t checksum = 0;
    std::string json = "{\"n\":" + num(n) + ",\"p\":" + num(kP) + ",\"lookups\":" + num(static_cast<double>(kLookups)) +
                       ",\"runs\":" + std::to_string(kRuns) + ",\"structures\":[";
    for (std::size_t i = 0; i < rows.size(); ++i) {
        const Measured& m = rows[i];
        checksum += m.counts.positives + m.counts.members + m.counts.attempts + m.counts.failed;
        json += std::string(i ? "," : "") + "{\"label\":" + str(m.label) + ",\"family\":" + str(m.row.family) +
                ",\"variant\":" + str(m.row.variant) + ",\"bitsPerKey\":" + num(m.row.bits_per_key) +
                ",\"fpr\":" + num(m.row.fpr) + ",\"attempts\":" + num(static_cast<double>(m.counts.attempts)) +
                ",\"failed\":" + num(static_cast<double>(m.counts.failed)) +
                ",\"positives\":" + num(static_cast<double>(m.counts.positives)) +
                ",\"members\":" + num(static_cast<double>(m.counts.members)) +
                ",\"buildKeysPerSecond\":" + num(m.build) + ",\"lookupKeysPerSecond\":" + num(m.lookup) +
                ",\"memberKeysPerSecond\":" + num(m.member) + "}";
    }
    json += "],\"checksum\":" + num(static_cast<double>(checksum)) + "}";
    std::printf("checksum %llu\nJSON %s\n", static_cast<unsigned long long>(checksum), json.c_str());
}
