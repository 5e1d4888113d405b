// Xor filter sizing: xor_singleheader xorfilter.h xor8_allocate / xor16_allocate, fastfilter_cpp xorfilter.h
// XorFilter(size) for 32-bit fingerprints. docs/families.md, "Xor".
#include "bloomcalc/families/xor/xor_model.hpp"

#include <algorithm>
#include <cmath>

#include "bloomcalc/error.hpp"
#include "bloomcalc/families/xor/xor_filter.hpp"
#include "bloomcalc/params.hpp"

namespace bloomcalc::families {

XorModel xor_allocation(double n, double fingerprint_bits) {
    XorModel m;
    m.n = checked_integer(n, "n", 1, kXorMaxKeys);
    if (!(fingerprint_bits == 8 || fingerprint_bits == 16 || fingerprint_bits == 32))
        throw RangeError("fingerprintBits", "8, 16 or 32", show_number(fingerprint_bits));
    m.fingerprint_bits = static_cast<unsigned>(fingerprint_bits);
    const double keys = static_cast<double>(m.n);
    // size_t capacity = (size_t)(32 + 1.23 * size);  capacity = capacity / 3 * 3;   (xor8_allocate)
    // this->arrayLength = 32 + 1.23 * size;  this->blockLength = arrayLength / 3;  (fastfilter_cpp XorFilter)
    m.capacity = static_cast<std::uint64_t>(32 + 1.23 * keys);
    m.block_length = m.capacity / 3;
    if (m.fingerprint_bits != 32) m.capacity = m.block_length * 3;
    m.bytes = m.capacity * m.fingerprint_bits / 8;
    m.bits_per_key = 8.0 * static_cast<double>(m.bytes) / keys;
    m.fpr = std::ldexp(1.0, -static_cast<int>(m.fingerprint_bits));
    return m;
}

XorModel xor_model(double n, double fingerprint_bits) {
    XorModel m = xor_allocation(n, fingerprint_bits);
    const double keys = static_cast<double>(m.n), b = static_cast<double>(m.block_length);
    if (m.n <= kXorSimulatedKeys) {
        m.construction_trials = std::min<std::uint64_t>(4096, kXorSimulationBudget / m.n);
        const std::uint64_t failed = xor_failed_seeds(m, m.construction_trials, 0x786f72);
        m.construction_failure = static_cast<double>(failed) / static_cast<double>(m.construction_trials);
        m.construction_failure_interval = clopper_pearson_interval(failed, m.construction_trials, 0.99);
    } else {
        m.construction_failure = -std::expm1(-keys * (keys - 1) / (2 * b * b * b));
        m.construction_failure_interval = Interval{m.construction_failure, m.construction_failure};
    }
    m.expected_attempts = m.construction_failure < 1 ? 1 / (1 - m.construction_failure) : INFINITY;
    m.failure_after_retries = std::pow(m.construction_failure, kXorMaxAttempts);
    return m;
}

}  // namespace bloomcalc::families
