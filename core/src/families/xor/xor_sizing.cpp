// Xor rows from xor_model (xor/xor_model.hpp). docs/families.md, "Xor".
#include "bloomcalc/families/xor/xor_sizing.hpp"

#include <cmath>
#include <string>

#include "bloomcalc/error.hpp"
#include "bloomcalc/families/xor/xor_model.hpp"

namespace bloomcalc::families {

namespace {

FamilyRow row_of(const XorModel& m, double p) {
    FamilyRow r;
    r.family = "xor";
    r.variant = "xor" + std::to_string(m.fingerprint_bits) +
                (m.fingerprint_bits == 32 ? " (fastfilter_cpp)" : " (xor_singleheader)");
    r.params = {{"f", static_cast<double>(m.fingerprint_bits)},
                {"blockLength", static_cast<double>(m.block_length)},
                {"slots", static_cast<double>(m.capacity)},
                {"maxAttempts", kXorMaxAttempts}};
    r.bytes = m.bytes;
    r.bits_per_key = m.bits_per_key;
    r.fpr = m.fpr;
    r.meets = std::isnan(p) || m.fpr <= p;
    r.construction_failure = m.construction_failure;
    r.construction_failure_method =
        m.construction_trials > 0
            ? "simulation of the real construction, " + std::to_string(m.construction_trials) + " seeds"
            : "closed form: two keys on the same three slots, 1 − exp(−n(n−1)/(2·blockLength³)), a lower bound";
    r.cache_lines_per_lookup = m.cache_lines_per_lookup;
    r.operations = FamilyOperations{};  // static: built once from the whole set
    r.reference = m.fingerprint_bits == 32
                      ? "fastfilter_cpp src/xorfilter/xorfilter.h XorFilter(size); Graf & Lemire, JEA 2020"
                      : "xor_singleheader include/xorfilter.h xor" + std::to_string(m.fingerprint_bits) +
                            "_allocate; Graf & Lemire, JEA 2020";
    return r;
}

}  // namespace

std::vector<FamilyRow> size_xor(double n, double p, const XorOptions& options) {
    checked_family_n(n);
    if (!std::isnan(p)) checked_family_p(p);
    std::vector<FamilyRow> rows;
    if (options.fingerprint_bits != 0) {
        rows.push_back(row_of(xor_model(n, options.fingerprint_bits), p));
        return rows;
    }
    const XorModel first = xor_model(n, 8);  // the construction failure does not depend on f: measured once
    for (const double f : {8.0, 16.0, 32.0}) {
        XorModel m = xor_allocation(n, f);
        m.construction_failure = first.construction_failure;
        m.construction_trials = first.construction_trials;
        m.construction_failure_interval = first.construction_failure_interval;
        m.expected_attempts = first.expected_attempts;
        m.failure_after_retries = first.failure_after_retries;
        rows.push_back(row_of(m, p));
    }
    return rows;
}

FamilyRow best_xor_in(double max_bytes, double n) {
    const std::uint64_t budget = checked_family_max_bytes(max_bytes);
    for (const double f : {32.0, 16.0, 8.0}) {
        if (xor_allocation(n, f).bytes <= budget) return row_of(xor_model(n, f), NAN);
    }
    throw InfeasibleError("maxBytes", "at least " + std::to_string(xor_allocation(n, 8).bytes) + " bytes for n keys",
                          "an 8-bit xor filter of n keys does not fit in " + std::to_string(budget) + " bytes");
}

}  // namespace bloomcalc::families
