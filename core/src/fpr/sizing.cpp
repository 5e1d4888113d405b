// Sizing by monotone search: for fixed n and k the FPR (classic or exact) falls as m grows and rises as
// n grows, so "smallest m" and "largest n" meeting a target are bisections over integers.
#include "bloomcalc/fpr/sizing.hpp"

#include <algorithm>
#include <cmath>
#include <functional>

#include "bloomcalc/error.hpp"
#include "bloomcalc/fpr/exact_fpr.hpp"
#include "bloomcalc/fpr/formulas.hpp"

namespace bloomcalc {

namespace {

const double kLn2 = std::log(2.0);

Filter filter_of(double m, double n, unsigned k, Hashing h) {
    return Filter{static_cast<std::uint64_t>(m), static_cast<std::uint64_t>(n), k, h};
}

unsigned max_k(double m, Hashing h) {
    return h == Hashing::distinct ? static_cast<unsigned>(std::min<double>(kMaxHashes, m)) : kMaxHashes;
}

// The integer k with the lowest FPR for (m, n): start at the classic optimum (m/n)·ln 2 and walk downhill.
KChoice best_k(double m, double n, SizingMethod method, Hashing h) {
    const unsigned top = max_k(m, h);
    auto at = [&](unsigned k) { return KChoice{k, fpr_by_method(filter_of(m, n, k, h), method)}; };
    const double ideal = optimal_k_real(m, n);
    unsigned k0 = static_cast<unsigned>(std::clamp(std::floor(ideal), 1.0, static_cast<double>(top)));
    KChoice best = at(k0);
    if (k0 < top) {
        const KChoice up = at(k0 + 1);
        if (up.p < best.p) best = up;
    }
    for (bool moved = true; moved;) {
        moved = false;
        for (int dir : {-1, +1}) {
            const long k = static_cast<long>(best.k) + dir;
            if (k < 1 || k > static_cast<long>(top)) continue;
            const KChoice c = at(static_cast<unsigned>(k));
            if (c.p < best.p) best = c, moved = true;
        }
    }
    return best;
}

// Smallest integer x in [lo, hi] with ok(x), given ok is monotone (false … false true … true).
double smallest(double lo, double hi, const std::function<bool(double)>& ok) {
    while (lo < hi) {
        const double mid = std::floor(lo + (hi - lo) / 2);
        if (ok(mid))
            hi = mid;
        else
            lo = mid + 1;
    }
    return lo;
}

double round_bits(double m, Rounding r) {
    switch (r) {
    case Rounding::word64: return std::ceil(m / 64) * 64;
    case Rounding::pow2: return std::exp2(std::ceil(std::log2(m)));
    case Rounding::none: break;
    }
    return m;
}

std::string probability_text(double p) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.6g", p);
    return buf;
}

// Smallest m meeting the target: with k given, or with the best k for each m.
double solve_m(double n, double target, std::optional<unsigned> k, SizingMethod method, Hashing h) {
    auto p_at = [&](double m) { return k ? fpr_by_method(filter_of(m, n, *k, h), method) : best_k(m, n, method, h).p; };
    const double limit = static_cast<double>(kMaxBits);
    const double first = std::max(1.0, k && h == Hashing::distinct ? static_cast<double>(*k) : 1.0);
    if (p_at(limit) > target)
        throw InfeasibleError("p", "a target reachable with m ≤ " + format_limit(kMaxBits) + " bits",
                              "no filter of at most " + format_limit(kMaxBits) + " bits reaches p = " +
                                  probability_text(target) + " for n = " + std::to_string(static_cast<long long>(n)));
    // Bracket by doubling from 1 so the bisection works on a short interval.
    double hi = first;
    while (hi < limit && p_at(hi) > target) hi = std::min(limit, hi * 2);
    const double lo = std::max(first, std::floor(hi / 2));
    return smallest(lo, hi, [&](double m) { return p_at(m) <= target; });
}

// Largest n meeting the target: with k given, or with the best k for each n.
double solve_n(double m, double target, std::optional<unsigned> k, SizingMethod method, Hashing h) {
    auto ok = [&](double n) {
        const double p = k ? fpr_by_method(filter_of(m, n, *k, h), method) : best_k(m, n, method, h).p;
        return p <= target;
    };
    if (!ok(1))
        throw InfeasibleError("p", "a target that m = " + std::to_string(static_cast<long long>(m)) + " bits can reach",
                              "even one item exceeds p = " + probability_text(target) +
                                  " with m = " + std::to_string(static_cast<long long>(m)) + " bits");
    const double limit = static_cast<double>(kMaxItems);
    if (ok(limit)) return limit;
    // Largest ok n = (smallest failing n) − 1.
    return smallest(1, limit, [&](double n) { return !ok(n); }) - 1;
}

}  // namespace

double fpr_by_method(const Filter& f, SizingMethod method) {
    if (method == SizingMethod::exact) return exact_fpr(f);
    return f.hashing == Hashing::colliding ? classic_fpr(f) : classic_distinct_fpr(f);
}

SizingResult solve_sizing(const SizingInput& in) {
    SizingResult r;
    r.rounding = in.rounding;
    r.method = in.method;
    const Hashing h = in.hashing;
    std::optional<double> n, m, target;
    std::optional<unsigned> k;
    if (in.n) n = static_cast<double>(checked_integer(*in.n, "n", 1, kMaxItems));
    if (in.m) m = static_cast<double>(checked_integer(*in.m, "m", 1, kMaxBits));
    if (in.k) k = static_cast<unsigned>(checked_integer(*in.k, "k", 1, kMaxHashes));
    if (in.p) target = checked_probability(*in.p, "p");
    r.target = target;

    if (n && m) {
        r.solved = k ? (target ? "none" : "p") : "k";
        r.m_ideal = *m;
    } else if (n && target) {
        r.solved = k ? "m" : "m,k";
        // Classic real-valued m: −n·ln p/ln²2 at the optimal k, −kn/ln(1 − p^{1/k}) for a given k.
        r.m_ideal = k ? -static_cast<double>(*k) * *n / std::log1p(-std::pow(*target, 1.0 / *k))
                      : -*n * std::log(*target) / (kLn2 * kLn2);
        m = round_bits(solve_m(*n, *target, k, in.method, h), in.rounding);  // 2^40 is a multiple of 64
    } else if (m && target) {
        r.solved = k ? "n" : "n,k";
        r.m_ideal = *m;
        n = solve_n(*m, *target, k, in.method, h);
    } else {
        const char* missing = !n ? "n" : "p";
        throw RangeError(missing, "given with the others: sizing needs n and p, n and m, or m and p (k optional)",
                         "too few of n, p, m given");
    }
    if (!k) k = best_k(*m, *n, in.method, h).k;

    r.filter = filter_of(*m, *n, *k, h);
    validate(r.filter);
    r.p = fpr_by_method(r.filter, in.method);
    r.meets_target = !target || r.p <= *target;
    r.k_ideal = optimal_k_real(*m, *n);
    const unsigned top = max_k(*m, h);
    unsigned lower = static_cast<unsigned>(std::clamp(std::floor(r.k_ideal), 1.0, static_cast<double>(top)));
    if (lower == top && top > 1) lower = top - 1;
    const unsigned upper = std::min(lower + 1, top);
    r.k_lower = KChoice{lower, fpr_by_method(filter_of(*m, *n, lower, h), in.method)};
    r.k_upper = KChoice{upper, fpr_by_method(filter_of(*m, *n, upper, h), in.method)};
    r.bits_per_element = *m / *n;
    r.bytes = std::ceil(*m / 8);
    r.fpr = compare_fpr(r.filter);
    return r;
}

Rounding parse_rounding(const std::string& text) {
    if (text == "none") return Rounding::none;
    if (text == "word64") return Rounding::word64;
    if (text == "pow2") return Rounding::pow2;
    throw RangeError("rounding", "\"none\", \"word64\" or \"pow2\"", quoted(text));
}

SizingMethod parse_method(const std::string& text) {
    if (text == "classic") return SizingMethod::classic;
    if (text == "exact") return SizingMethod::exact;
    throw RangeError("method", "\"classic\" or \"exact\"", quoted(text));
}

const char* to_string(Rounding r) {
    switch (r) {
    case Rounding::word64: return "word64";
    case Rounding::pow2: return "pow2";
    case Rounding::none: break;
    }
    return "none";
}

const char* to_string(SizingMethod m) { return m == SizingMethod::exact ? "exact" : "classic"; }

}  // namespace bloomcalc
