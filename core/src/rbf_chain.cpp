// Probe-level forward pass. State (b, q): b bits set, q probes of the current message done. At level b a
// probe at phase q leaves b unchanged with probability s_q(b) (it hits a set bit) and moves to (b+1, q+1)
// otherwise; phase k wraps to 0 (the next message). Visits G_b(q) at level b satisfy the circular recurrence
//   G_b(q) = e_b(q) + s_{q−1}·G_b(q−1),   G_b(0) = (e_b(0) + Σ_{p≥1} e_b(p)·Π_{t=p}^{k−1} s_t) / (1 − ρ(b)),
// with e_b the entries into level b and Π_t s_t = ρ(b); the exits (1 − s_q)·G_b(q) enter level b+1.
#include "bloomcalc/rbf_chain.hpp"

#include <algorithm>
#include <cmath>
#include <functional>

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
    double log_rho = 0.0;  // Σ_t log1p(−(1 − s_t))
    for (unsigned t = 0; t < k; ++t) log_rho += std::log1p(-move(b, M, t, h));
    return -std::expm1(log_rho);
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
    last = std::min(last, M - 1);  // a full filter (b = M) answers every message as seen: ρ(M) = 1
    std::vector<double> visits;
    visits.reserve(last + 1);
    std::vector<double> entries(k, 0.0), next(k, 0.0), G(k), s(k), mv(k), inv(k), pw(k + 4);
    for (unsigned q = 0; q < k; ++q) inv[q] = 1.0 / static_cast<double>(M - (h == Hashing::distinct ? q : 0));
    for (std::uint64_t b = 0; b <= last; ++b) {
        if (b < start.size()) entries[0] += start[b];
        if (h == Hashing::colliding) {  // one stay probability for every phase
            const double sb = static_cast<double>(b) * inv[0], mb = static_cast<double>(M - b) * inv[0];
            // Powers s^j: four independent chains, so the loop is not one long multiply latency chain.
            pw[0] = 1.0, pw[1] = sb, pw[2] = sb * sb, pw[3] = pw[2] * sb;
            const double s4 = pw[2] * pw[2];
            for (unsigned j = 4; j <= k; ++j) pw[j] = pw[j - 4] * s4;
            const double rho = pw[k];
            // 1 − ρ directly while it cannot cancel (ρ < 1/2), else from log1p/expm1.
            const double one_minus_rho = rho < 0.5 ? 1.0 - rho : -std::expm1(k * std::log1p(-mb));
            double part[4] = {0.0, 0.0, 0.0, 0.0};  // Σ_{p≥1} e(p)·s^{k−p}: four partial sums
            unsigned p = 1;
            for (; p + 3 < k; p += 4) {
                part[0] += entries[p] * pw[k - p];
                part[1] += entries[p + 1] * pw[k - p - 1];
                part[2] += entries[p + 2] * pw[k - p - 2];
                part[3] += entries[p + 3] * pw[k - p - 3];
            }
            for (; p < k; ++p) part[0] += entries[p] * pw[k - p];
            const double acc = (part[0] + part[1]) + (part[2] + part[3]);
            G[0] = (entries[0] + acc) / one_minus_rho;
            // G(q) = e(q) + s·e(q−1) + s²·e(q−2) + s³·e(q−3) + s⁴·G(q−4): four chains of length k/4.
            for (unsigned q = 1; q < k; ++q) {
                if (q < 4) {
                    G[q] = entries[q] + sb * G[q - 1];
                } else {
                    G[q] = entries[q] + pw[1] * entries[q - 1] + pw[2] * entries[q - 2] + pw[3] * entries[q - 3] + s4 * G[q - 4];
                }
            }
            visits.push_back(G[0]);
            if (stop && stop(b, G[0], rho)) break;
            for (unsigned q = 0; q + 1 < k; ++q) entries[q + 1] = mb * G[q];
            entries[0] = mb * G[k - 1];
            continue;
        }
        for (unsigned q = 0; q < k; ++q) {
            const unsigned t = h == Hashing::distinct ? q : 0;
            s[q] = b >= t ? static_cast<double>(b - t) * inv[q] : 0.0;  // s_q(b)
            mv[q] = static_cast<double>(M - b) * inv[q];                // 1 − s_q(b)
        }
        // G_b(0) from the circular recurrence, then the other phases forwards.
        double acc = 0.0;
        for (unsigned p = 1; p < k; ++p) acc = (acc + entries[p]) * s[p];
        G[0] = (entries[0] + acc) / rbf_one_minus_rho(b, M, k, h);
        for (unsigned q = 1; q < k; ++q) G[q] = entries[q] + s[q - 1] * G[q - 1];
        visits.push_back(G[0]);  // arrivals (phase 0) that find b bits set
        if (stop && stop(b, G[0], rbf_rho(b, M, k, h))) break;
        for (unsigned q = 0; q < k; ++q) next[(q + 1) % k] = mv[q] * G[q];
        entries.swap(next);
    }
    return visits;
}

}  // namespace bloomcalc
