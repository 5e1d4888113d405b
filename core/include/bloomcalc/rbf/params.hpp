// Parameters of a recycling Bloom filter (RBF, papers 000 and 002) and their validation.
#pragma once

#include <cstdint>
#include <string>

#include "bloomcalc/params.hpp"

namespace bloomcalc {

// What happens to the message whose insertion recycles the filter (000 §IV-B).
enum class Recycling {
    nonretaining,  // forgotten: the next arrival is the first message of the new cycle
    retaining,     // re-inserted as the first message of the new cycle
};

// The restart state of a retaining filter with colliding hashes. `exact`: the bits of the very message that
// triggered the recycle (what the data structure does). `eq10`: 000 eq 10, the bits of a fresh message.
// Identical for distinct hashing, where every message sets k bits (000 eq 14).
enum class RestartLaw { exact, eq10 };

// Two-phase swap (002 §II-C): the frozen filter is the active one after the triggering message's bits were
// set (`after`, an insert-then-check implementation), or before (`before`, 000 eq 24).
enum class SwapPoint { after, before };

struct RbfVariant {
    Hashing hashing = Hashing::colliding;
    Recycling recycling = Recycling::nonretaining;
    RestartLaw restart = RestartLaw::exact;
    SwapPoint swap = SwapPoint::after;
};

// M bits per filter; the largest M the chain models accept: a fill keeps 3 doubles per level, so 2^24 bits
// need 384 MiB, refused above before anything is allocated.
constexpr std::uint64_t kMaxRbfBits = std::uint64_t{1} << 24;

// 1 ≤ k ≤ 64, k ≤ M ≤ 2^24 (RangeError naming M or k).
void validate_rbf(std::uint64_t M, unsigned k);

// The cost of one exact fill, bounded before work for the synchronous calls (rbf, sigmaCurve): with distinct
// hashing every level updates k phases with a division each, ~M·(k + 3) steps of ~0.02–0.03 µs in wasm, so
// M·(k + 3) ≤ 2^25 keeps one model under ~1 s (at k = 8: M ≤ 3 050 402 bits). Colliding hashing switches to its
// closed form once the phases are uniform: every M ≤ 2^24 is under ~1 s. InfeasibleError naming `name` beyond.
constexpr std::uint64_t kMaxRbfExactWork = std::uint64_t{1} << 25;

// A curve of f¹_σ over σ by the exact fill: one pass serves every σ, except for the exact retaining law with
// colliding hashes, whose at(σ) sums over every level (~15 ns a level in wasm: 200 points at 2^20 bits took
// 3.6 s). There points·M ≤ 2^25 (about 1 s with the k fills; two phases count their total M, as each σ costs
// about twice): the most points a curve of M bits may have (2 at least).
constexpr std::uint64_t kMaxRbfCurveWork = std::uint64_t{1} << 25;
std::uint64_t rbf_exact_curve_max_points(std::uint64_t M, const RbfVariant& variant);
double rbf_exact_work(std::uint64_t M, unsigned k, Hashing h);
// `remedy` ends the message: what the caller can do instead (a binding names its asynchronous way).
void validate_rbf_exact_work(std::uint64_t M, unsigned k, Hashing h, std::uint64_t limit = kMaxRbfExactWork,
                             const std::string& name = "m", const std::string& remedy = "reduce m or k");
std::uint64_t checked_rbf_bits(double M, const std::string& name = "m");
// σ must satisfy σ < M (a filter with every bit set answers "seen" to everything) and, for retaining
// filters, σ ≥ k (the re-inserted message alone may set k bits).
std::uint64_t checked_sigma(double sigma, std::uint64_t M, unsigned k, Recycling recycling);

Recycling parse_recycling(const std::string& text);
RestartLaw parse_restart(const std::string& text);
SwapPoint parse_swap(const std::string& text);
const char* to_string(Recycling r);
const char* to_string(RestartLaw r);
const char* to_string(SwapPoint s);

}  // namespace bloomcalc
