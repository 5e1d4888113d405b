// Probe-level forward pass (the loop itself is `detail::fill` in rbf/fill.hpp). State (b, q): b bits set, q
// probes of the current message done. At level b a probe at phase q leaves b unchanged with probability s_q(b)
// (it hits a set bit) and moves to (b+1, q+1) otherwise; phase k wraps to 0 (the next message). Visits G_b(q)
// at level b satisfy the circular recurrence
//   G_b(q) = e_b(q) + s_{q−1}·G_b(q−1),   G_b(0) = (e_b(0) + Σ_{p≥1} e_b(p)·Π_{t=p}^{k−1} s_t) / (1 − ρ(b)),
// with e_b the entries into level b and Π_t s_t = ρ(b); the exits (1 − s_q)·G_b(q) enter level b+1.
#include "bloomcalc/rbf/chain.hpp"

#include "fill.hpp"

#include <algorithm>
#include <cmath>
#include <functional>

#include "bloomcalc/rbf/params.hpp"

namespace bloomcalc {

namespace {
// s_q(b): the probe at phase q hits a set bit. Colliding: b/M. Distinct: the q bits this message already
// probed are set and excluded, so (b − q)/(M − q).
double stay(std::uint64_t b, std::uint64_t M, unsigned q, Hashing h) {
    if (h == Hashing::colliding) return static_cast<double>(b) / static_cast<double>(M);
    return b >= q ? static_cast<double>(b - q) / static_cast<double>(M - q) : 0.0;
}
// 1 − s_q(b) as an exact ratio.
double move(std::uint64_t b, std::uint64_t M, unsigned q, Hashing h) {
    if (h == Hashing::colliding) return static_cast<double>(M - b) / static_cast<double>(M);
    return static_cast<double>(M - b) / static_cast<double>(M - q);
}
}  // namespace

double rbf_rho(std::uint64_t b, std::uint64_t M, unsigned k, Hashing h) {
    if (h == Hashing::colliding) return std::pow(static_cast<double>(b) / static_cast<double>(M), k);
    double r = 1.0;  // C(b,k)/C(M,k) = Π_t (b − t)/(M − t)
    for (unsigned t = 0; t < k; ++t) r *= stay(b, M, t, h);
    return r;
}

double rbf_one_minus_rho(std::uint64_t b, std::uint64_t M, unsigned k, Hashing h) {
    if (b == 0 || (h == Hashing::distinct && b < k)) return 1.0;
    if (h == Hashing::colliding) return -std::expm1(k * std::log1p(-move(b, M, 0, h)));  // 1 − (b/M)^k
    double log_rho = 0.0;                                                                // Σ_t log1p(−(1 − s_t))
    for (unsigned t = 0; t < k; ++t) log_rho += std::log1p(-move(b, M, t, h));
    return -std::expm1(log_rho);
}

ChainLevel chain_level(std::uint64_t b, std::uint64_t M, unsigned k, Hashing h, bool conditioned) {
    ChainLevel l;
    l.step = message_step(b, M, k, h);
    l.rho = rbf_rho(b, M, k, h);
    l.one_minus_rho = rbf_one_minus_rho(b, M, k, h);
    l.ratio = b >= M ? HUGE_VAL : l.rho / l.one_minus_rho;
    if (conditioned && b < M) {
        l.step[0] = 0.0;
        for (unsigned x = 1; x <= k; ++x) l.step[x] /= l.one_minus_rho;
    }
    return l;
}

std::vector<double> message_step(std::uint64_t i, std::uint64_t M, unsigned k, Hashing h) {
    // eq 4 (colliding) / eq 11 (non-colliding): probe by probe, d = bits added so far.
    std::vector<double> d(k + 1, 0.0), next(k + 1);
    d[0] = 1.0;
    for (unsigned q = 0; q < k; ++q) {
        std::fill(next.begin(), next.end(), 0.0);
        for (unsigned x = 0; x <= q; ++x) {
            if (d[x] == 0.0) continue;
            const std::uint64_t b = i + x;
            if (b > M) continue;
            next[x] += d[x] * stay(b, M, q, h);
            if (b < M) next[x + 1] += d[x] * move(b, M, q, h);
        }
        d.swap(next);
    }
    return d;
}

std::vector<double> fill_visits(std::uint64_t M, unsigned k, Hashing h, const std::vector<double>& start,
                                std::uint64_t last, const std::function<bool(std::uint64_t, double, double)>& stop) {
    validate_rbf(M, k);  // the fill stores up to M levels: M ≤ 2^24 keeps them within size_t in wasm32 too
    auto each = detail::per_level([&](std::uint64_t b, double v, double rho) { return stop && stop(b, v, rho); });
    return detail::fill(M, k, h, start, last, each);
}

}  // namespace bloomcalc
