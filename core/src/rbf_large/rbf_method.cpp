#include "bloomcalc/rbf_large/rbf_method.hpp"

#include "bloomcalc/error.hpp"
#include "bloomcalc/rbf_large/large_models.hpp"

namespace bloomcalc {

RbfMethod parse_rbf_method(const std::string& text) {
    if (text == "exact") return RbfMethod::exact;
    if (text == "asymptotic") return RbfMethod::asymptotic;
    if (text == "auto") return RbfMethod::automatic;
    throw RangeError("method", "\"exact\", \"asymptotic\" or \"auto\"", "\"" + text + "\"");
}

const char* to_string(RbfMethod m) {
    return m == RbfMethod::exact ? "exact" : m == RbfMethod::asymptotic ? "asymptotic" : "auto";
}

std::uint64_t checked_rbf_bits_any(double M, const std::string& name) { return checked_integer(M, name, 1, kMaxRbfLargeBits); }

void validate_rbf_any(std::uint64_t M, unsigned k) {
    checked_integer(static_cast<double>(k), "k", 1, kMaxHashes);
    if (M < k || M > kMaxRbfLargeBits)
        throw RangeError("m", "an integer in [k, " + format_limit(kMaxRbfLargeBits) + "] bits", std::to_string(M));
}

bool large_method_supports(const RbfVariant& v, bool two_phase) {
    if (v.hashing == Hashing::distinct) return true;  // every variant (large_fill_distinct.hpp)
    const bool retaining = v.recycling == Recycling::retaining;
    // Retaining two-phase: the exact law with either swap (the overlap model); eq 10 with the swap "before".
    return v.hashing == Hashing::colliding &&
           !(two_phase && retaining && v.restart == RestartLaw::eq10 && v.swap == SwapPoint::after);
}

RbfMethod resolve_rbf_method(RbfMethod requested, std::uint64_t M, unsigned k, const RbfVariant& variant, bool two_phase) {
    if (requested == RbfMethod::automatic) {
        const bool large = M > kAutoExactBits && large_method_supports(variant, two_phase) && LargeFill::applicable(M, k);
        // k > kMaxLargeHashes: exact where it runs; above 2^24 the large-M refusal below names k.
        requested = large && (k <= kMaxLargeHashes || M > kMaxRbfBits) ? RbfMethod::asymptotic : RbfMethod::exact;
    }
    if (requested == RbfMethod::exact && M > kMaxRbfBits)
        throw RangeError("m",
                         "at most " + format_limit(kMaxRbfBits) + " bits per filter for method \"exact\"" +
                             (large_method_supports(variant, two_phase) ? " (method \"asymptotic\" or \"auto\" reaches " +
                                                                   format_limit(kMaxRbfLargeBits) + ")"
                                                             : " (the large-M method does not model a two-phase retaining filter with restart \"eq10\" and swap \"after\")"),
                         std::to_string(M));
    if (requested == RbfMethod::asymptotic) {
        if (k > kMaxLargeHashes)
            throw RangeError("k",
                             "an integer in [1, " + std::to_string(kMaxLargeHashes) + "] for the large-M method (method \"asymptotic\", or \"auto\" above " +
                                 format_limit(kMaxRbfBits) + " bits per filter); method \"exact\" takes k up to " + std::to_string(kMaxHashes) +
                                 " at most " + format_limit(kMaxRbfBits) + " bits",
                             std::to_string(k));
        check_large_method(M, k, variant);
        if (!large_method_supports(variant, two_phase))
            throw RangeError("method", "\"exact\" for a retaining two-phase filter with restart \"eq10\" and swap \"after\"", "\"asymptotic\"");
    }
    return requested;
}

}  // namespace bloomcalc
