// Which method computes a recycling-filter model: the exact fill (rbf/one_phase.hpp, O(k·M), M ≤ 2^24), the
// large-M method (rbf/large/, cost independent of M, M ≤ 2^40, with an error bound), or `automatic`: exact
// where it is fast (M ≤ 2^16 bits) or where the large-M method does not apply (k > 32, a filter too small for
// it), large-M above.
#pragma once

#include <cstdint>
#include <string>

#include "bloomcalc/rbf/params.hpp"

namespace bloomcalc {

// `mixed` is an output only: a recommendation whose rows used both methods (docs/rbf.md#large-m-limits).
enum class RbfMethod { exact, asymptotic, automatic, mixed };

constexpr std::uint64_t kMaxRbfLargeBits = std::uint64_t{1} << 40;  // the large-M method's limit
constexpr std::uint64_t kAutoExactBits = std::uint64_t{1} << 16;    // `auto` runs exact up to here
// The large-M method is proven to 1e-9 for k ≤ 32 only (docs/rbf.md#large-m, the limits): above, its error
// reaches 1e-4 at 2^16 (issue 13). `auto` runs exact there (M ≤ 2^24); method "asymptotic", or `auto` above
// 2^24, is a RangeError naming "k".
constexpr unsigned kMaxLargeHashes = 32;

RbfMethod parse_rbf_method(const std::string& text);  // "exact" | "asymptotic" | "auto"
const char* to_string(RbfMethod m);

// M (bits of one filter) in [1, 2^40]: the surfaces' check before a method is chosen.
std::uint64_t checked_rbf_bits_any(double M, const std::string& name = "m");

// 1 ≤ k ≤ 64, k ≤ M ≤ 2^40 (RangeError naming M or k): models whose cost does not grow with M.
void validate_rbf_any(std::uint64_t M, unsigned k);

// The method that runs for (M bits per filter, k, variant): `exact` or `asymptotic`, never `automatic`. Every
// σ-bounded variant, one or two phases, has its large-M model. `exact` above 2^24 is a RangeError naming "m";
// the large-M method (asked for, or `auto` above 2^24) with k > kMaxLargeHashes a RangeError naming "k", on a
// filter too small for it an InfeasibleError naming "m".
RbfMethod resolve_rbf_method(RbfMethod requested, std::uint64_t M, unsigned k, const RbfVariant& variant);

// As resolve_rbf_method, for the filters of a search over k (the recommender's rows and their two-phase halves):
// where method "asymptotic" cannot take the filter (too small for the large-M fill, or k > kMaxLargeHashes within
// the exact fill's 2^24 bits) the exact fill runs instead of a refusal.
RbfMethod resolve_rbf_search_method(RbfMethod requested, std::uint64_t M, unsigned k, const RbfVariant& variant);

}  // namespace bloomcalc
