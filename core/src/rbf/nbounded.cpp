// Real user: after i − 1 counted (bit-setting) messages the filter has B_{i−1} bits; the new messages that
// set no bits before the i-th counted one are R_i ~ Geometric with P(no new bit) = ρ(B_{i−1}), so
// E[R_i] = E[ρ/(1 − ρ)], and by renewal–reward the average FPR is Σ E[R_i] / Σ (1 + E[R_i]) (000 §III).
// B moves by one message step conditioned on setting at least one bit: τ_k(b, b+x)/(1 − τ_k(b, b)).
// When (N − 1)·k ≥ M the filter can fill (B = M) before its N-th counted message and then never recycles:
// the long-run average is 1; the average over cycles that end conditions on not filling, through
// G_i(b) = P(fill | B_{i−1} = b), computed backwards (G_N = 0, G_i(b) = Σ_x q(b, x)·G_{i+1}(b + x), G(M) = 1).
#include "bloomcalc/rbf/nbounded.hpp"

#include <algorithm>
#include <cmath>
#include <deque>

#include "bloomcalc/compensated_sum.hpp"
#include "bloomcalc/error.hpp"
#include "bloomcalc/fpr/formulas.hpp"
#include "bloomcalc/rbf/chain.hpp"
#include "bloomcalc/rbf/large/rbf_method.hpp"

namespace bloomcalc {

namespace {

constexpr std::uint64_t kMaxN = std::uint64_t{1} << 22;
constexpr double kTail = 1e-30;
// 2^27 estimated multiply-adds: ≤ ~0.6 s in wasm (measured at 2^30: 2.3 s at k = 8, 5.3 s at k = 1, the
// slowest per step), so the synchronous call stays under ~1 s (docs/rbf.md, "Limits").
constexpr double kMaxWork = 134217728.0;
constexpr double kMaxStored = 16777216.0;  // 2^24 stored probabilities (128 MiB) for the backward pass

// A distribution over bit counts kept on the window [lo, lo + p.size()).
struct Window {
    std::uint64_t lo = 0;
    std::vector<double> p{1.0};
};

// One level's message step (eq 4 / eq 11), computed once per level: the windows move up with i, so each level
// enters the cache once and leaves it once (this made the cost O(N·w·k) instead of O(N·w·k²) with libm calls).
using Level = ChainLevel;

class StepCache {
public:
    StepCache(std::uint64_t M, unsigned k, Hashing h, bool conditioned)
        : M_(M), k_(k), h_(h), conditioned_(conditioned) {}
    const Level& at(std::uint64_t b) {
        if (levels_.empty()) lo_ = b;
        while (b < lo_) levels_.push_front(make(--lo_));
        while (lo_ + levels_.size() <= b) levels_.push_back(make(lo_ + levels_.size()));
        return levels_[static_cast<std::size_t>(b - lo_)];
    }
    void drop_below(std::uint64_t b) {
        while (!levels_.empty() && lo_ < b) levels_.pop_front(), ++lo_;
    }
    void drop_above(std::uint64_t b) {
        while (!levels_.empty() && lo_ + levels_.size() > b + 1) levels_.pop_back();
    }

private:
    Level make(std::uint64_t b) const { return chain_level(b, M_, k_, h_, conditioned_); }
    std::uint64_t M_;
    unsigned k_;
    Hashing h_;
    bool conditioned_;
    std::uint64_t lo_ = 0;
    std::deque<Level> levels_;
};

// One message step of every state below M; mass reaching M (the full filter) is added to *full.
Window advance(const Window& w, std::uint64_t M, unsigned k, StepCache& cache, double* full) {
    Window out;
    out.lo = w.lo;
    out.p.assign(w.p.size() + k, 0.0);
    for (std::size_t i = 0; i < w.p.size(); ++i) {
        if (w.p[i] == 0.0) continue;
        const std::uint64_t b = w.lo + i;
        const auto& step = cache.at(b).step;
        for (unsigned x = 0; x <= k && b + x <= M; ++x) out.p[i + x] += w.p[i] * step[x];
    }
    if (full && out.lo + out.p.size() > M) {  // the full state leaves the window: absorbing, never trimmed
        *full += out.p[static_cast<std::size_t>(M - out.lo)];
        out.p.resize(static_cast<std::size_t>(M - out.lo));
    }
    // Trim the tails below kTail of the largest mass.
    const double top = out.p.empty() ? 0.0 : *std::max_element(out.p.begin(), out.p.end());
    std::size_t a = 0, z = out.p.size();
    while (a < z && out.p[a] < kTail * top) ++a;
    while (z > a && out.p[z - 1] < kTail * top) --z;
    out.lo += a;
    out.p = std::vector<double>(out.p.begin() + static_cast<std::ptrdiff_t>(a),
                                out.p.begin() + static_cast<std::ptrdiff_t>(z));
    cache.drop_below(out.lo);
    return out;
}

// Standard deviation of the set bits after t colliding probes (occupancy), for the work estimate only.
double occupancy_sd(double M, double t) {
    const double e1 = std::exp(t * std::log1p(-1.0 / M)), e2 = std::exp(t * std::log1p(-2.0 / M));
    return std::sqrt(std::max(0.0, M * e1 + M * (M - 1) * e2 - M * M * e1 * e1));
}

}  // namespace

WorstCase::WorstCase(std::uint64_t M, unsigned k, Hashing h)
    : k_(k),
      log_clear_(h == Hashing::colliding ? k * std::log1p(-1.0 / static_cast<double>(M))
                                         : std::log1p(-static_cast<double>(k) / static_cast<double>(M))) {
    for (unsigned j = 0; j < kBlock; ++j) clear_after_[j] = -std::expm1(static_cast<double>(j) * log_clear_);
}

// eq 1: (1 − (1 − 1/M)^{k(i−1)})^k, or (1 − (1 − k/M)^{i−1})^k for distinct hashes.
double WorstCase::at(std::uint64_t i) const noexcept {
    if (i <= 1) return 0.0;  // an empty filter answers every message as new
    return std::pow(-std::expm1(static_cast<double>(i - 1) * log_clear_), k_);
}

void WorstCase::at_block(std::uint64_t i0, unsigned n, double* out) const noexcept {
    const std::uint64_t a = i0 - 1;  // messages before the block's first arrival (i0 ≥ 1)
    const double y_a = -std::expm1(static_cast<double>(a) * log_clear_),
                 c_a = std::exp(static_cast<double>(a) * log_clear_);
    double base[kBlock];  // y = 1 − c^{i−1}, then its squares
    for (unsigned j = 0; j < n; ++j) {
        base[j] = y_a + clear_after_[j] * c_a;  // 1 − c^{a+j} = (1 − c^a) + (1 − c^j)·c^a
        out[j] = 1.0;
    }
    for (unsigned e = k_; e > 0; e >>= 1) {  // y^k: the set bits of k
        if (e & 1)
            for (unsigned j = 0; j < n; ++j) out[j] *= base[j];
        if (e > 1)
            for (unsigned j = 0; j < n; ++j) base[j] *= base[j];
    }
}

double n_bounded_work(std::uint64_t M, unsigned k, std::uint64_t N) {
    // Σ_i (window width + 100)·k for both chains: the width is at most ~24 standard deviations of the
    // occupancy (tails below 1e-30) plus k, and at most M; the 100 is each message's bookkeeping per probe
    // (its k new levels' steps, the window's copies), which dominates when the windows are narrow (large M:
    // m = 2^40, k = 1, N = 2^22 took 5.3 s in wasm with an estimate of 2^24.6; now refused).
    const double Md = static_cast<double>(M), Nd = static_cast<double>(N);
    double widest = 0;
    for (double f : {0.25, 0.5, 0.75, 1.0})
        widest = std::max(widest, 24.0 * occupancy_sd(Md, f * Nd * k) + 2.0 * k + 1.0);
    return 2.0 * Nd * (std::min(widest, Md) + 100.0) * k;
}

NBoundedResult n_bounded(const NBoundedInput& in) {
    const std::uint64_t M = checked_rbf_bits_any(in.m);
    const auto k = static_cast<unsigned>(checked_integer(in.k, "k", 1, kMaxHashes));
    return n_bounded(M, k, in.hashing, checked_integer(in.N, "N", 1, M));
}

NBoundedResult n_bounded(std::uint64_t M, unsigned k, Hashing h, std::uint64_t N) {
    validate_rbf_any(M, k);  // O(N·w·k): the cost does not grow with M, so M may reach 2^40
    // Each counted message sets at least one bit, so a real user can count at most M of them.
    checked_integer(static_cast<double>(N), "N", 1, std::min<std::uint64_t>(kMaxN, M));
    const double work = n_bounded_work(M, k, N);
    if (work > kMaxWork)
        throw InfeasibleError(
            "N", "N·(width of the bit-count distribution)·k ≤ 2^27 for the exact N-bounded averages (~0.6 s)",
            "about " + format_limit(static_cast<std::uint64_t>(work)) + " operations; reduce N, k or M");
    NBoundedResult r;
    r.M = M, r.N = N, r.k = k, r.hashing = h;
    r.can_fill = N >= 2 && static_cast<double>(N - 1) * k >= static_cast<double>(M);

    CompensatedSum sum_f, sum_r, sum_arrivals;
    const WorstCase eq1(M, k, h);
    // eq 1 in blocks (WorstCase::at_block), as the recommender's N rules scan it: the same values, so a
    // recommended N and n_bounded at that N report the same FPRs, bit for bit.
    double f_block[WorstCase::kBlock], fi = 0;
    for (std::uint64_t i = 1; i <= N; ++i) {
        const unsigned j = static_cast<unsigned>((i - 1) % WorstCase::kBlock);
        if (j == 0)
            eq1.at_block(i, static_cast<unsigned>(std::min<std::uint64_t>(WorstCase::kBlock, N - i + 1)), f_block);
        fi = f_block[j];
        sum_f.add(fi);
        const double ri = fi / (1.0 - fi);  // E[R_i] with p_i = f_i, eq 3
        sum_r.add(ri);
        sum_arrivals.add(1.0 + ri);
    }
    r.worst_case = fi;
    r.oracle = sum_f.value() / static_cast<double>(N);     // eq 2
    r.lower_bound = sum_r.value() / sum_arrivals.value();  // eq 3

    StepCache real_steps(M, k, h, true), oracle_steps(M, k, h, false);
    Window real, oracle;       // both start empty: B_0 = 0
    std::vector<Window> kept;  // the real chain's windows, for the backward pass when the filter can fill
    double stored = 0, full = 0;
    CompensatedSum exact_r, oracle_f;
    for (std::uint64_t i = 1; i <= N; ++i) {
        CompensatedSum er, ef;
        for (std::size_t j = 0; j < real.p.size(); ++j) er.add(real.p[j] * real_steps.at(real.lo + j).ratio);
        for (std::size_t j = 0; j < oracle.p.size(); ++j) ef.add(oracle.p[j] * oracle_steps.at(oracle.lo + j).rho);
        exact_r.add(er.value());
        oracle_f.add(ef.value());
        if (r.can_fill) {
            stored += static_cast<double>(real.p.size());
            if (stored > kMaxStored)
                throw InfeasibleError("N", "at most 2^24 stored probabilities for the backward pass when (N − 1)·k ≥ M",
                                      "reduce N or M");
            kept.push_back(real);
        }
        if (i < N) {
            real = advance(real, M, k, real_steps, &full);
            oracle = advance(oracle, M, k, oracle_steps, nullptr);
        }
    }
    r.exact_oracle = oracle_f.value() / static_cast<double>(N);
    r.fill_probability = full;
    if (!r.can_fill) {
        r.exact_given_cycle_ends = exact_r.value() / (static_cast<double>(N) + exact_r.value());
        r.exact = r.exact_given_cycle_ends;
        r.expected_arrivals = static_cast<double>(N) + exact_r.value();
        return r;
    }
    // Backwards: G_i(b) = P(the filter fills before the N-th counted message | B_{i−1} = b), on the forward
    // windows (outside them the forward mass is below 1e-30 of the peak: G = 0 there changes nothing visible).
    StepCache steps(M, k, h, true);
    std::vector<double> G_next;  // G_{i+1} on kept[i]'s window (0-based: kept[i] is B_i)
    std::uint64_t next_lo = 0;
    CompensatedSum num, den;
    for (std::uint64_t i = N; i-- > 0;) {
        const Window& w = kept[static_cast<std::size_t>(i)];
        std::vector<double> G(w.p.size(), 0.0);
        if (i + 1 < N)
            for (std::size_t j = 0; j < w.p.size(); ++j) {
                const std::uint64_t b = w.lo + j;
                const auto& step = steps.at(b).step;
                double g = 0;
                for (unsigned x = 1; x <= k && b + x <= M; ++x) {
                    const std::uint64_t c = b + x;
                    if (c == M)
                        g += step[x];
                    else if (c >= next_lo && c - next_lo < G_next.size())
                        g += step[x] * G_next[static_cast<std::size_t>(c - next_lo)];
                }
                G[j] = std::min(1.0, g);
            }
        for (std::size_t j = 0; j < w.p.size(); ++j) {
            const double keep = w.p[j] * (1.0 - G[j]);  // P(B_i = b and the cycle ends)
            const double ratio = steps.at(w.lo + j).ratio;
            num.add(keep * ratio);
            den.add(keep * (1.0 + ratio));
        }
        G_next.swap(G);
        next_lo = w.lo;
        steps.drop_above(w.lo + w.p.size() + k);  // the windows move down: keep the levels still reachable
    }
    r.exact_given_cycle_ends = num.value() / den.value();
    r.exact = 1.0;  // the filter fills with positive probability and then never recycles: every later message is "seen"
    r.expected_arrivals = den.value() / (1.0 - std::min(1.0, full));  // per cycle that ends
    return r;
}

}  // namespace bloomcalc
