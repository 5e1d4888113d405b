#include "bloomcalc/rbf/large/rbf_method.hpp"

#include "bloomcalc/error.hpp"
#include "bloomcalc/rbf/large/large_models.hpp"

namespace bloomcalc {

RbfMethod parse_rbf_method(const std::string& text) {
    if (text == "exact") return RbfMethod::exact;
    if (text == "asymptotic") return RbfMethod::asymptotic;
    if (text == "auto") return RbfMethod::automatic;
    throw RangeError("method", "\"exact\", \"asymptotic\" or \"auto\"", quoted(text));
}

const char* to_string(RbfMethod m) {
    return m == RbfMethod::exact        ? "exact"
           : m == RbfMethod::asymptotic ? "asymptotic"
           : m == RbfMethod::mixed      ? "mixed"
                                        : "auto";
}

std::uint64_t checked_rbf_bits_any(double M, const std::string& name) {
    return checked_integer(M, name, 1, kMaxRbfLargeBits);
}

void validate_rbf_any(std::uint64_t M, unsigned k) {
    checked_integer(static_cast<double>(k), "k", 1, kMaxHashes);
    if (M < k || M > kMaxRbfLargeBits)
        throw RangeError("m", "an integer in [k, " + format_limit(kMaxRbfLargeBits) + "] bits", std::to_string(M));
}

RbfMethod resolve_rbf_method(RbfMethod requested, std::uint64_t M, unsigned k, const RbfVariant& variant) {
    // Every σ-bounded variant has its large-M model (one and two phases, docs/rbf.md#large-m).
    if (requested == RbfMethod::automatic) {
        const bool large = M > kAutoExactBits && LargeFill::applicable(M, k);
        // k > kMaxLargeHashes: exact where it runs; above 2^24 the large-M refusal below names k.
        requested = large && (k <= kMaxLargeHashes || M > kMaxRbfBits) ? RbfMethod::asymptotic : RbfMethod::exact;
    }
    if (requested == RbfMethod::exact && M > kMaxRbfBits)
        throw RangeError("m",
                         "at most " + format_limit(kMaxRbfBits) +
                             " bits per filter for method \"exact\" (method \"asymptotic\" or \"auto\" reaches " +
                             format_limit(kMaxRbfLargeBits) + ")",
                         std::to_string(M));
    if (requested == RbfMethod::asymptotic) {
        if (k > kMaxLargeHashes)
            throw RangeError("k",
                             "an integer in [1, " + std::to_string(kMaxLargeHashes) +
                                 "] for the large-M method (method \"asymptotic\", or \"auto\" above " +
                                 format_limit(kMaxRbfBits) + " bits per filter); method \"exact\" takes k up to " +
                                 std::to_string(kMaxHashes) + " at most " + format_limit(kMaxRbfBits) + " bits",
                             std::to_string(k));
        check_large_method(M, k, variant);
    }
    return requested;
}

RbfMethod resolve_rbf_search_method(RbfMethod requested, std::uint64_t M, unsigned k, const RbfVariant& variant) {
    const bool too_small = requested == RbfMethod::asymptotic &&
                           (!LargeFill::applicable(M, k) || (k > kMaxLargeHashes && M <= kMaxRbfBits));
    return resolve_rbf_method(too_small ? RbfMethod::exact : requested, M, k, variant);
}

}  // namespace bloomcalc
