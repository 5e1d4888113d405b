// Validation and names of the recycling-filter parameters.
#include "bloomcalc/rbf/params.hpp"

#include <algorithm>
#include <cmath>

#include "bloomcalc/error.hpp"

namespace bloomcalc {

void validate_rbf(std::uint64_t M, unsigned k) {
    checked_integer(static_cast<double>(k), "k", 1, kMaxHashes);
    if (M < k || M > kMaxRbfBits)
        throw RangeError("m", "an integer in [k, " + format_limit(kMaxRbfBits) + "] bits for the recycling models",
                         std::to_string(M));
}

double rbf_exact_work(std::uint64_t M, unsigned k, Hashing h) {
    return h == Hashing::distinct ? static_cast<double>(M) * (k + 3.0) : 0.0;  // colliding: bounded by kMaxRbfBits
}

void validate_rbf_exact_work(std::uint64_t M, unsigned k, Hashing h, std::uint64_t limit, const std::string& name,
                             const std::string& remedy) {
    if (rbf_exact_work(M, k, h) <= static_cast<double>(limit)) return;
    const auto most = limit / (k + 3u);
    throw InfeasibleError(name,
                          "m·(k + 3) ≤ " + format_limit(limit) + " for distinct hashing by the exact fill (at k = " +
                              std::to_string(k) + ": at most " + std::to_string(most) + " bits per filter)",
                          "the exact fill of " + std::to_string(M) + " bits would take about " +
                              show_number(std::round(rbf_exact_work(M, k, h) * 3e-8 * 10) / 10) + " s; " + remedy);
}

std::uint64_t rbf_exact_curve_max_points(std::uint64_t M, const RbfVariant& v) {
    const bool sums_per_sigma =
        v.hashing == Hashing::colliding && v.recycling == Recycling::retaining && v.restart == RestartLaw::exact;
    return sums_per_sigma ? std::max<std::uint64_t>(2, kMaxRbfCurveWork / std::max<std::uint64_t>(M, 1))
                          : ~std::uint64_t{0};
}

std::uint64_t checked_rbf_bits(double M, const std::string& name) { return checked_integer(M, name, 1, kMaxRbfBits); }

std::uint64_t checked_sigma(double sigma, std::uint64_t M, unsigned k, Recycling recycling) {
    const std::uint64_t lo = recycling == Recycling::retaining ? k : 0;
    return checked_integer(sigma, "sigma", lo, M - 1);
}

Recycling parse_recycling(const std::string& text) {
    if (text == "nonretaining") return Recycling::nonretaining;
    if (text == "retaining") return Recycling::retaining;
    throw RangeError("recycling", "\"nonretaining\" or \"retaining\"", quoted(text));
}

RestartLaw parse_restart(const std::string& text) {
    if (text == "exact") return RestartLaw::exact;
    if (text == "eq10") return RestartLaw::eq10;
    throw RangeError("restart", "\"exact\" or \"eq10\"", quoted(text));
}

SwapPoint parse_swap(const std::string& text) {
    if (text == "after") return SwapPoint::after;
    if (text == "before") return SwapPoint::before;
    throw RangeError("swap", "\"after\" or \"before\"", quoted(text));
}

const char* to_string(Recycling r) { return r == Recycling::retaining ? "retaining" : "nonretaining"; }
const char* to_string(RestartLaw r) { return r == RestartLaw::eq10 ? "eq10" : "exact"; }
const char* to_string(SwapPoint s) { return s == SwapPoint::before ? "before" : "after"; }

}  // namespace bloomcalc
