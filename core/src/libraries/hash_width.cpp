// The hash-width floor, eqs H1 and H2 (core/include/bloomcalc/libraries/hash_width.hpp).
#include "bloomcalc/libraries/hash_width.hpp"

#include <algorithm>

#include "bloomcalc/error.hpp"
#include "bloomcalc/layouts/layout_fpr.hpp"
#include "bloomcalc/params.hpp"

namespace bloomcalc {

unsigned checked_hash_bits(double value) {
    if (value == 32.0 || value == 64.0) return static_cast<unsigned>(value);
    throw RangeError("hashBits", "32 or 64", show_number(value));
}

HashFloor hash_floor(const LayoutFilter& f, double fpr, unsigned hash_bits, double target) {
    hash_bits = checked_hash_bits(hash_bits);
    const double m = static_cast<double>(f.m), k = f.k, B = static_cast<double>(f.block_bits);
    double sets = 0;  // log2 of the layout's probe sets
    switch (f.layout) {
    case Layout::standard: sets = 2 * std::log2(m); break;
    case Layout::blocked: sets = std::log2(m / B) + k * std::log2(B); break;
    case Layout::split_block: sets = std::log2(m / B) + k * std::log2(B / k); break;
    case Layout::partitioned: sets = k * std::log2(m / k); break;
    }
    HashFloor h;
    h.hash_bits = hash_bits;
    h.log2_probe_sets = std::min<double>(hash_bits, sets);
    // 1 − (1 − 2^{−s})^n without cancellation
    h.floor = -std::expm1(static_cast<double>(f.n) * std::log1p(-std::exp2(-h.log2_probe_sets)));
    h.fpr = fpr + h.floor * (1.0 - fpr);  // f ⊕ c, exactly 1 for a saturated filter (f = 1)
    const double reference = std::isnan(target) ? fpr : std::min(fpr, target);
    h.matters = h.floor >= 0.01 * reference;
    h.target_below_floor = !std::isnan(target) && target < h.floor;
    return h;
}

HashFloor hash_floor(const HashFloorInput& in) {
    const auto filter = make_layout_filter(in.layout, in.m, in.n, in.k, in.block_bits, in.hashing);
    const unsigned bits = checked_hash_bits(in.hash_bits);
    // ideal may be 0 or 1 (the exact FPR of a saturated filter is 1: fpr, size and layoutSize pass theirs here)
    if (in.ideal && !(*in.ideal >= 0.0 && *in.ideal <= 1.0))
        throw RangeError("ideal", "a probability in [0, 1]", show_number(*in.ideal));
    const double f = in.ideal ? *in.ideal : layout_exact_fpr(filter);
    return hash_floor(filter, f, bits, in.p ? checked_probability(*in.p, "p") : NAN);
}

}  // namespace bloomcalc
