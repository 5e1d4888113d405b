// Window sizing (window/window.hpp): per rule and per k, the smallest M' (bits per filter) whose long-run average
// FPR meets p, by bisection on M' (the FPR falls as M' grows) under the approximation, then certified: where the
// exact insertion chain runs, a local search under it (the chosen M' meets p under the chain, M' − 1 does not);
// elsewhere the approximation with its error bound (docs/window.md, "Error bound"); k from the N rule's best
// outwards while the memory falls (it is unimodal in k). The σ rule's FPR is rbf's two-phase model through SigmaModel (TwoPhaseModel, or LargeTwoPhaseModel
// above 2^16 bits per filter, as rbf's `auto`); the N rule's is the renewal–reward average below.
//
// N rule, per cycle of N insertions (the active filter A at B_i bits before its (i + 1)-th insertion, the frozen
// filter F at f = B_N bits from the previous cycle, independent of A since A's probes do not depend on F):
// arrivals at level B_i are geometric with mean 1/(1 − ρ(B_i)) (an arrival stays iff it is a positive of A), each
// positive with P(pos | b, f) = ρ(b) + ρ(f) − P(all probes in A ∩ F) (docs/rbf.md#two-phase), so
//   f_N = Σ_i E[(ρ(B_i) + ρ(f) − both(B_i, f))/(1 − ρ(B_i))] / Σ_i E[1/(1 − ρ(B_i))],
// both(b, f) = Σ_j P(J = j)·(b)_j/(M')_j·(f)_j/(M')_j (colliding, J the distinct probes, 001 eq 8), ρ(b)ρ(f) distinct.
#include "bloomcalc/window/window.hpp"

#include <algorithm>
#include <cmath>
#include <vector>

#include "bloomcalc/error.hpp"
#include "bloomcalc/fpr/exact_fpr.hpp"
#include "bloomcalc/fpr/sizing.hpp"
#include "bloomcalc/rbf/sigma_model.hpp"
#include "bloomcalc/rbf/large/rbf_method.hpp"

namespace bloomcalc {

namespace {

constexpr std::uint64_t kMaxW = std::uint64_t{1} << 36;
constexpr std::uint64_t kMaxFilterBits = kMaxRbfLargeBits;  // bits per filter: the large-M method's limit

RbfVariant window_variant(Hashing h) {
    RbfVariant v;
    v.hashing = h;
    v.recycling = Recycling::nonretaining;
    v.swap = SwapPoint::after;
    return v;
}

double inverse_upper_normal(double delta) {  // z with P(Z > z) = δ, by bisection on erfc
    double a = -40, b = 40;
    for (int i = 0; i < 200; ++i) {
        const double c = 0.5 * (a + b);
        (0.5 * std::erfc(c / std::sqrt(2.0)) > delta ? a : b) = c;
    }
    return 0.5 * (a + b);
}

// Smallest M' in [lo, kMaxFilterBits] with fpr(M') ≤ p, from a guess; 0 if none.
// `step`: the first relative step of the bracketing (doubled at each miss).
template <class Fpr>
std::uint64_t smallest_bits(const Fpr& fpr, double p, std::uint64_t guess, std::uint64_t lo, double step = 1.0) {
    std::uint64_t good = std::clamp(guess, lo, kMaxFilterBits), bad = lo - 1;
    if (fpr(good) > p) {
        bad = good;
        do {
            if (good == kMaxFilterBits) return 0;
            bad = good;
            good = std::min(kMaxFilterBits,
                            std::max(good + 1, static_cast<std::uint64_t>(static_cast<double>(good) * (1 + step))));
            step *= 2;
        } while (fpr(good) > p);
    } else {
        std::uint64_t probe = good;
        while (probe > lo) {
            probe = std::max(lo, probe / 2);
            if (fpr(probe) > p) {
                bad = probe;
                break;
            }
            good = probe;
        }
        if (bad < lo) return good;
    }
    while (good - bad > 1) {
        const std::uint64_t mid = bad + (good - bad) / 2;
        (fpr(mid) <= p ? good : bad) = mid;
    }
    return good;
}

// Smallest M' ≥ lo with fpr(M') ≤ p near a guess: steps of 1, 2, 4, … away from it until the answer is
// bracketed, then bisection (a few evaluations when the guess is off by a few bits, as the approximation's is).
template <class Fpr>
std::uint64_t refine_bits(const Fpr& fpr, double p, std::uint64_t guess, std::uint64_t lo) {
    std::uint64_t good, bad;
    if (fpr(guess) <= p) {
        good = guess, bad = guess;
        for (std::uint64_t d = 1;; d *= 2) {
            if (good <= lo) return lo;
            bad = good > lo + d ? good - d : lo - 1;
            if (bad < lo || fpr(bad) > p) break;
            good = bad;
        }
        if (bad < lo) {  // every M' down to lo meets p
            if (fpr(lo) <= p) return lo;
            bad = lo;
        }
    } else {
        bad = guess, good = guess;
        for (std::uint64_t d = 1;; d *= 2) {
            if (bad >= kMaxFilterBits) return 0;
            good = std::min(kMaxFilterBits, bad + d);
            if (fpr(good) <= p) break;
            bad = good;
        }
    }
    while (good - bad > 1) {
        const std::uint64_t mid = bad + (good - bad) / 2;
        (fpr(mid) <= p ? good : bad) = mid;
    }
    return good;
}

// For k = k0, k0 ± 1, … while the smallest memory falls (and k ≤ kmax), the best (M', k).
template <class BitsFor>
void best_over_k(const BitsFor& bits_for, unsigned k0, unsigned kmax, std::uint64_t& M, unsigned& k) {
    M = 0;
    k = 0;
    const auto consider = [&](unsigned kk) {
        const std::uint64_t b = bits_for(kk);
        if (b != 0 && (M == 0 || b < M || (b == M && kk < k))) M = b, k = kk;
        return b;
    };
    consider(k0);
    for (unsigned kk = k0 + 1, worse = 0; kk <= kmax && worse < 2; ++kk) {
        const std::uint64_t b = bits_for(kk);
        if (b != 0 && (M == 0 || b < M))
            M = b, k = kk, worse = 0;
        else
            ++worse;
    }
    for (unsigned kk = k0 - 1, worse = 0; kk >= 1 && worse < 2; --kk) {
        const std::uint64_t b = bits_for(kk);
        if (b != 0 && (M == 0 || b < M || (b == M && kk < k)))
            M = b, k = kk, worse = 0;
        else
            ++worse;
    }
}

}  // namespace

double window_n_fpr(std::uint64_t M, unsigned k, Hashing h, std::uint64_t N, const std::string& force) {
    if (static_cast<double>(N - 1) * k >= static_cast<double>(M)) return 1.0;  // can fill: never swaps again
    const InsertionSums s = insertion_sums(M, k, h, N, force);
    double both = 0;
    if (h == Hashing::colliding) {
        const std::vector<double> pj = distinct_probe_counts(k, static_cast<double>(M));
        for (unsigned j = 1; j <= k; ++j) both += pj[j] * s.both[j] * s.frozen[j];
    } else {
        both = s.active_fp * s.frozen_rho;
    }
    const double fp = s.active_fp + s.frozen_rho * s.arrivals - both;
    return std::clamp(fp / s.arrivals, 0.0, 1.0);
}

double window_lna_margin(std::uint64_t M, unsigned k, std::uint64_t N) {
    const double r = static_cast<double>(k) * k / static_cast<double>(M),
                 s = static_cast<double>(k) / static_cast<double>(N);
    return 4 * r * r + s * s;
}

double window_n_certified(std::uint64_t M, unsigned k, Hashing h, std::uint64_t N, bool* exact) {
    const bool chain = insertion_chain_exact(M, k, N);
    if (exact) *exact = chain;
    if (chain) return window_n_fpr(M, k, h, N, "exact");
    const double f = window_n_fpr(M, k, h, N, "lna");
    return f >= 1.0 ? 1.0 : std::min(1.0, f * (1 + window_lna_margin(M, k, N)) + 1e-12);
}

std::uint64_t window_sigma(std::uint64_t M, unsigned k, Hashing h, std::uint64_t W, double delta, double* tail,
                           const std::string& force) {
    if (W == 1) {  // a cycle always holds its first insertion
        if (tail) *tail = 0;
        return 0;
    }
    if (W > M) {  // W − 1 insertions set at least W − 1 ≥ M' bits: every cycle is shorter than W
        if (tail) *tail = 1;
        return M;
    }
    const InsertionSums t = insertion_moments(M, k, h, W, force);  // law_last = B_{W−1}
    std::uint64_t sigma;
    double p_tail;
    if (t.exact) {
        double above = 0;
        std::size_t b = t.law_last.size();
        // smallest σ with Σ_{c>σ} P(B = c) ≤ δ
        while (b > 0 && above + t.law_last[b - 1] <= delta) above += t.law_last[--b];
        sigma = b == 0 ? 0 : b - 1;
        p_tail = above;
        if (sigma >= M) {  // the mass at M' (full, absorbed) alone exceeds δ
            p_tail = M < t.law_last.size() ? t.law_last[static_cast<std::size_t>(M)] : 0.0;
            sigma = M;
        }
    } else {
        const double z = inverse_upper_normal(delta);
        sigma = static_cast<std::uint64_t>(std::max(0.0, std::ceil(t.mean_last + z * t.sd_last - 0.5)));
        // k = 1 (one new bit per insertion) has no spread: B_{W−1} = W − 1
        const double gap = static_cast<double>(sigma) + 0.5 - t.mean_last;
        p_tail = t.sd_last > 0 ? 0.5 * std::erfc(gap / t.sd_last / std::sqrt(2.0)) : (gap > 0 ? 0.0 : 1.0);
        // the approximation does not hold as the filter fills (its moments leave [0, M']): no window there
        if (!std::isfinite(t.mean_last) || !std::isfinite(t.sd_last) || sigma >= M ||
            t.mean_last + 8 * t.sd_last >= static_cast<double>(M)) {
            sigma = M;
            p_tail = 1;
        }
    }
    if (tail) *tail = p_tail;
    return sigma;
}

WindowRule window_sigma_rule(std::uint64_t M, unsigned k, Hashing h, std::uint64_t W, double delta,
                             const std::string& force) {
    WindowRule r;
    r.m = 2 * M;
    r.k = k;
    double tail = 0;
    const bool exact = force == "exact" || (force != "lna" && insertion_chain_exact(M, k, W));
    r.tail_method = exact ? "exact" : "lna";
    r.certified = exact ? "exact" : "margin";
    r.sigma = window_sigma(M, k, h, W, delta, &tail, exact ? "exact" : "lna");
    r.delta = tail;
    if (r.sigma >= M) {  // cannot hold W insertions with probability 1 − δ
        r.fpr = 1.0;
        r.method = exact ? "exact" : "lna";
        return r;
    }
    // rbf's one choice of method (SigmaModel): the exact fill to 2^16 bits per filter, the large-M method above
    const SigmaModel model(plan_sigma_model(2 * M, k, 2, window_variant(h), RbfMethod::automatic));
    const TwoPhaseResult t = model.two_phase(r.sigma);
    r.method = to_string(model.plan().method);
    r.fpr = t.average_fpr;
    r.mean_cycle = t.expected_messages * (1.0 - t.active_fpr);
    return r;
}

WindowResult size_window(const WindowInput& in) {
    WindowResult out;
    out.w = checked_integer(in.w, "w", 1, kMaxW);
    out.p = checked_probability(in.p, "p");
    out.delta = checked_probability(in.delta, "delta");
    out.hashing = in.hashing;
    const std::uint64_t W = out.w;
    const double p = out.p;
    const unsigned kmax = kMaxLargeHashes;

    // N rule
    std::vector<std::uint64_t> n_memo(kmax + 1, ~std::uint64_t{0});
    const auto n_bits = [&](unsigned k) {
        if (n_memo[k] != ~std::uint64_t{0}) return n_memo[k];
        const double guess = -static_cast<double>(k) * static_cast<double>(W) / std::log1p(-std::pow(p / 2, 1.0 / k));
        const std::uint64_t lo = std::max<std::uint64_t>(k, 2);
        if (!insertion_chain_exact(0, k, W))  // the approximation with its error bound
            return n_memo[k] = smallest_bits([&](std::uint64_t M) { return window_n_certified(M, k, out.hashing, W); },
                                             p, static_cast<std::uint64_t>(std::min(guess, 1e12)) + 1, lo);
        // the approximation's answer, then the exact chain's near it
        const std::uint64_t approx =
            smallest_bits([&](std::uint64_t M) { return window_n_fpr(M, k, out.hashing, W, "lna"); }, p,
                          static_cast<std::uint64_t>(std::min(guess, 1e12)) + 1, lo);
        if (approx == 0) return n_memo[k] = 0;
        return n_memo[k] = refine_bits([&](std::uint64_t M) { return window_n_fpr(M, k, out.hashing, W, "exact"); }, p,
                                       approx, lo);
    };
    const unsigned k_guess = std::clamp(static_cast<unsigned>(std::lround(std::log2(1.0 / p))), 1u, kmax);
    std::uint64_t M = 0;
    unsigned k = 0;
    best_over_k(n_bits, k_guess, kmax, M, k);
    if (M == 0)
        throw InfeasibleError("p",
                              "a target a window of W = " + std::to_string(W) + " meets within 2^40 bits per filter",
                              "no filter of at most 2^41 bits meets it");
    out.n_bounded.m = 2 * M;
    out.n_bounded.k = k;
    out.n_bounded.n = W;
    bool n_exact = false;
    out.n_bounded.fpr = window_n_certified(M, k, out.hashing, W, &n_exact);
    out.n_bounded.mean_cycle = static_cast<double>(W);
    out.n_bounded.method = n_exact ? "exact" : "lna";
    out.n_bounded.certified = n_exact ? "exact" : "margin";

    // σ rule: from the N rule's memory for each k (the σ rule needs at least about as much)
    // (searched with the approximation's tail, an upper bound, then certified by the chain's where it runs)
    const auto s_bits = [&](unsigned kk) {
        const std::uint64_t from = n_bits(kk);
        if (from == 0) return std::uint64_t{0};
        const std::uint64_t lo = std::max<std::uint64_t>(kk + 1, 2);
        const auto fpr = [&](const char* force) {
            return [&, force](std::uint64_t Mb) {
                return Mb <= kk ? 1.0 : window_sigma_rule(Mb, kk, out.hashing, W, out.delta, force).fpr;
            };
        };
        const std::uint64_t approx = smallest_bits(fpr("lna"), p, from, lo, 1.0 / 256);
        if (approx == 0 || !insertion_chain_exact(0, kk, W)) return approx;
        return refine_bits(fpr("exact"), p, approx, lo);
    };
    std::uint64_t Ms = 0;
    unsigned ks = 0;
    best_over_k(s_bits, k, kmax, Ms, ks);
    if (Ms == 0)
        throw InfeasibleError("p",
                              "a target a window of W = " + std::to_string(W) + " meets within 2^40 bits per filter",
                              "no filter of at most 2^41 bits meets it");
    out.sigma_bounded = window_sigma_rule(Ms, ks, out.hashing, W, out.delta);
    if (out.sigma_bounded.sigma >= Ms)
        throw InfeasibleError("p",
                              "a target a window of W = " + std::to_string(W) + " meets within 2^40 bits per filter",
                              "no filter of at most 2^41 bits holds the window");

    SizingInput plain;
    plain.n = 2.0 * static_cast<double>(W);
    plain.p = p;
    plain.method = SizingMethod::exact;
    plain.hashing = out.hashing;
    try {
        const SizingResult sized = solve_sizing(plain);
        out.plain_m = sized.filter.m;
        out.plain_k = sized.filter.k;
        out.plain_fpr = sized.p;
    } catch (const InfeasibleError&) {  // beyond 2^40 bits: no plain filter to compare (plain_m = 0)
    }
    return out;
}

}  // namespace bloomcalc
