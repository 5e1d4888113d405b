// Binary fuse sizing: xor_singleheader binaryfusefilter.h binary_fuse8_allocate (3-wise), fastfilter_cpp
// 4wise_xor_binary_fuse_filter_lowmem.h XorBinaryFuseFilter(size) (4-wise). docs/families.md, "Binary fuse".
#include "bloomcalc/families/binary_fuse/binary_fuse_model.hpp"

#include <algorithm>
#include <cmath>

#include "bloomcalc/error.hpp"
#include "bloomcalc/families/binary_fuse/binary_fuse_filter.hpp"
#include "bloomcalc/params.hpp"

namespace bloomcalc::families {

BinaryFuseModel binary_fuse_allocation(double n, double arity, double fingerprint_bits) {
    BinaryFuseModel m;
    m.n = checked_integer(n, "n", 1, kFuseMaxKeys);
    if (!(arity == 3 || arity == 4)) throw RangeError("arity", "3 or 4", show_number(arity));
    if (!(fingerprint_bits == 8 || fingerprint_bits == 16 || fingerprint_bits == 32))
        throw RangeError("fingerprintBits", "8, 16 or 32", show_number(fingerprint_bits));
    m.arity = static_cast<unsigned>(arity);
    m.fingerprint_bits = static_cast<unsigned>(fingerprint_bits);
    const double size = static_cast<double>(m.n);
    // binary_fuse_calculate_segment_length / calculateSegmentLength
    const double exponent = m.arity == 3 ? std::floor(std::log(size) / std::log(3.33) + 2.25)
                                         : std::floor(std::log(size) / std::log(2.91) - 0.5);
    m.segment_length = std::min<std::uint64_t>(std::uint64_t{1} << static_cast<unsigned>(std::max(0.0, exponent)),
                                               kFuseMaxSegmentLength);
    // binary_fuse_calculate_size_factor (size ≤ 1: 0) / calculateSizeFactor (size clamped to ≥ 2)
    if (m.arity == 3) {
        m.size_factor = m.n <= 1 ? 0 : std::max(1.125, 0.875 + 0.25 * std::log(1000000.0) / std::log(size));
        m.capacity = m.n <= 1 ? 0 : static_cast<std::uint64_t>(std::round(size * m.size_factor));
    } else {
        m.size_factor = std::max(1.075, 0.77 + 0.305 * std::log(600000.0) / std::log(std::max(size, 2.0)));
        m.capacity = static_cast<std::uint64_t>(size * m.size_factor);
    }
    const std::uint64_t L = m.segment_length;
    // initSegmentCount = ⌈capacity/L⌉ − (arity − 1); ArrayLength = (initSegmentCount + arity − 1)·L (the 32-bit
    // wrap of the subtraction undone by the addition); SegmentCount = ArrayLength/L − (arity − 1), or 1.
    const std::uint64_t segments = (m.capacity + L - 1) / L;
    m.segment_count = segments <= m.arity - 1 ? 1 : segments - (m.arity - 1);
    m.array_length = (m.segment_count + m.arity - 1) * L;
    m.bytes = m.array_length * m.fingerprint_bits / 8;
    m.bits_per_key = 8.0 * static_cast<double>(m.bytes) / size;
    m.fpr = std::ldexp(1.0, -static_cast<int>(m.fingerprint_bits));
    m.cache_lines_per_lookup = m.arity;
    return m;
}

BinaryFuseModel binary_fuse_model(double n, double arity, double fingerprint_bits) {
    BinaryFuseModel m = binary_fuse_allocation(n, arity, fingerprint_bits);
    if (m.n <= kFuseSimulatedKeys) {
        m.construction_trials = std::min<std::uint64_t>(4096, kFuseSimulationBudget / m.n);
        const std::uint64_t failed = fuse_failed_seeds(m, m.construction_trials, 0x66757365);
        m.construction_failure = static_cast<double>(failed) / static_cast<double>(m.construction_trials);
        m.construction_failure_interval = clopper_pearson_interval(failed, m.construction_trials, 0.99);
    }
    m.expected_attempts = m.construction_failure < 1 ? 1 / (1 - m.construction_failure) : INFINITY;
    m.failure_after_retries = std::pow(m.construction_failure, kFuseMaxAttempts);
    return m;
}

}  // namespace bloomcalc::families
