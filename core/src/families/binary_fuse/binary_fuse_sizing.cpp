// Binary fuse rows from binary_fuse_model. docs/families.md, "Binary fuse".
#include "bloomcalc/families/binary_fuse/binary_fuse_sizing.hpp"

#include <cmath>
#include <string>

#include "bloomcalc/error.hpp"
#include "bloomcalc/families/binary_fuse/binary_fuse_model.hpp"

namespace bloomcalc::families {

namespace {

FamilyRow row_of(const BinaryFuseModel& m, double p) {
    FamilyRow r;
    r.family = "binary-fuse";
    r.variant = "binary fuse " + std::to_string(m.arity) + "-wise, f = " + std::to_string(m.fingerprint_bits);
    r.params = {{"arity", static_cast<double>(m.arity)},
                {"f", static_cast<double>(m.fingerprint_bits)},
                {"segmentLength", static_cast<double>(m.segment_length)},
                {"segmentCount", static_cast<double>(m.segment_count)},
                {"sizeFactor", m.size_factor},
                {"slots", static_cast<double>(m.array_length)},
                {"maxAttempts", kFuseMaxAttempts}};
    r.bytes = m.bytes;
    r.bits_per_key = m.bits_per_key;
    r.fpr = m.fpr;
    r.meets = std::isnan(p) || m.fpr <= p;
    r.construction_failure = m.construction_failure;
    r.construction_failure_method =
        m.construction_trials > 0
            ? "simulation of the real construction, " + std::to_string(m.construction_trials) + " seeds"
            : "0 above 2^15 keys (no failure simulated there; docs/families.md)";
    r.cache_lines_per_lookup = m.cache_lines_per_lookup;
    r.operations = FamilyOperations{};  // static
    r.reference = m.arity == 3
                      ? "xor_singleheader include/binaryfusefilter.h binary_fuse8_allocate; Graf & Lemire, JEA 2022"
                      : "fastfilter_cpp src/xorfilter/4wise_xor_binary_fuse_filter_lowmem.h; Graf & Lemire, JEA 2022";
    return r;
}

}  // namespace

std::vector<FamilyRow> size_binary_fuse(double n, double p, const BinaryFuseOptions& options) {
    checked_family_n(n);
    if (!std::isnan(p)) checked_family_p(p);
    std::vector<FamilyRow> rows;
    for (const double a : {3.0, 4.0}) {
        if (options.arity != 0 && options.arity != a) continue;
        const BinaryFuseModel first =
            binary_fuse_model(n, a, options.fingerprint_bits != 0 ? options.fingerprint_bits : 8);
        for (const double f : {8.0, 16.0, 32.0}) {
            if (options.fingerprint_bits != 0 && options.fingerprint_bits != f) continue;
            BinaryFuseModel m = binary_fuse_allocation(n, a, f);  // failure does not depend on f: measured once
            m.construction_failure = first.construction_failure;
            m.construction_trials = first.construction_trials;
            m.construction_failure_interval = first.construction_failure_interval;
            m.expected_attempts = first.expected_attempts;
            m.failure_after_retries = first.failure_after_retries;
            rows.push_back(row_of(m, p));
        }
    }
    if (rows.empty()) binary_fuse_allocation(n, options.arity, options.fingerprint_bits);  // names the bad option
    return rows;
}

FamilyRow best_binary_fuse_in(double max_bytes, double n) {
    const std::uint64_t budget = checked_family_max_bytes(max_bytes);
    for (const double f : {32.0, 16.0, 8.0}) {
        const BinaryFuseModel a3 = binary_fuse_allocation(n, 3, f), a4 = binary_fuse_allocation(n, 4, f);
        const BinaryFuseModel& smaller = a4.bytes <= a3.bytes ? a4 : a3;
        if (smaller.bytes <= budget) return row_of(binary_fuse_model(n, smaller.arity, f), NAN);
    }
    throw InfeasibleError("maxBytes", "enough bytes for an 8-bit binary fuse filter of n keys",
                          "no binary fuse filter of n keys fits in " + std::to_string(budget) + " bytes");
}

}  // namespace bloomcalc::families
