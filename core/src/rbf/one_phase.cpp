// f¹_σ = Σ_{b≤σ} v_b ρ(b) / Σ_{b≤σ} v_b and E[N₀] = Σ_{b≤σ} v_b, with v the visits of one cycle
// (fill_visits): a cycle visits exactly the levels 0..σ, and its arrivals are the visits, so π_b = v_b/Σv
// (eqs 15–16) and E[N₀] (eqs 20–23 with the boundary b > σ) come from the same prefix sums.
#include "bloomcalc/rbf/one_phase.hpp"

#include <algorithm>
#include <cmath>
#include <type_traits>

#include "bloomcalc/error.hpp"
#include "bloomcalc/fpr/exact_fpr.hpp"
#include "bloomcalc/narrow.hpp"
#include "bloomcalc/rbf/chain.hpp"
#include "fill.hpp"

namespace bloomcalc {

namespace {

constexpr std::uint64_t kMaxBasisDoubles = std::uint64_t{1} << 24;

}  // namespace

// A message's J distinct probes are a uniform J-subset of the M bits, whatever their multiplicities: so
// P(x new, J distinct) = P(J distinct)·P(x of J uniform distinct bits are among the M − i clear ones), the
// second factor hypergeometric, built draw by draw without replacement (non-negative terms only).
void trigger_table(std::uint64_t i, std::uint64_t M, unsigned k, const std::vector<double>& pj,
                   std::vector<double>& T) {
    const double m = static_cast<double>(M), clear = static_cast<double>(M - i), set = static_cast<double>(i);
    std::vector<double> h(k + 1, 0.0);  // h[x]: x of the first J draws clear
    h[0] = 1.0;
    T.assign((k + 1) * (k + 1), 0.0);
    T[0] = pj[0];
    for (unsigned J = 1; J <= k; ++J) {
        const double left = m - (J - 1);
        for (unsigned x = J; x-- > 0;) {                      // from the top: h[x] still holds J − 1 draws
            const double y = static_cast<double>(J - 1 - x);  // set bits drawn so far
            const double stay_set = set > y ? (set - y) / left : 0.0, to_clear = clear > x ? (clear - x) / left : 0.0;
            h[x + 1] += h[x] * to_clear;
            h[x] *= stay_set;
        }
        for (unsigned x = 0; x <= J; ++x) T[x * (k + 1) + J] = pj[J] * h[x];
    }
}

namespace {

constexpr std::uint64_t kLevelStride = 8;  // Sums::per_level keeps its running sums every 8 levels

// What both kinds of running sums keep: the checkpoints, the stop rule, the sums so far and the levels taken.
struct RunningSums {
    RunningSums(std::vector<CompensatedSum>& v, std::vector<CompensatedSum>& p, std::uint64_t lo, double stop)
        : at_visits(v), at_fp(p), sigma_min(lo), stop_above(stop) {}
    std::vector<CompensatedSum>& at_visits;
    std::vector<CompensatedSum>& at_fp;
    std::uint64_t sigma_min;
    double stop_above;
    std::uint64_t levels = 0;
    CompensatedSum sv, sf;  // Σ v_b and Σ v_b ρ(b) so far
};

// Sums::per_level (the reference): running sums Σ v_b and Σ v_b ρ(b) (compensated, one addition per level),
// kept before every 8th level (at() adds at most 7 levels); stops after the first level σ ≥ σ_min whose f¹_σ
// exceeds `stop_above`.
struct PrefixSums : RunningSums {
    using RunningSums::RunningSums;

    // noexcept: in wasm the call needs no exception trampoline.
    bool level(std::uint64_t b, double v, double rho) noexcept {
        if (b % kLevelStride == 0) at_visits.push_back(sv), at_fp.push_back(sf);
        sv.add(v);
        sf.add(v * rho);
        levels = b + 1;
        return b >= sigma_min && sf.value() > stop_above * sv.value();
    }
    unsigned block(std::uint64_t b, unsigned n, const double* v, const double* rho) noexcept {
        CompensatedSum x = sv, y = sf;  // locals: they stay in registers
        unsigned i = 0;
        while (i < n) {
            if ((b + i) % kLevelStride == 0) at_visits.push_back(x), at_fp.push_back(y);
            x.add(v[i]);
            y.add(v[i] * rho[i]);
            if (b + i++ >= sigma_min && y.value() > stop_above * x.value()) break;
        }
        sv = x, sf = y;
        levels = b + i;
        return i;
    }
    void finish() noexcept {}
};

// Sums::blocked (the default): the levels of each aligned block of kBlock are buffered; at the block's end its
// sums — 8 lanes of plain additions, then a tree: at most 10 roundings relative to the block's sum, every term
// non-negative — are added to the compensated running sums, kept at every block start. The serial chain of
// one compensated addition per level becomes one per block, and the lanes vectorise. The stop test (f¹ at the
// block's last level above `stop_above`) runs per block; the block that crosses is then added level by level
// from its checkpoint, as at() adds it, to find the first σ that exceeds.
struct BlockSums : RunningSums {
    static constexpr unsigned B = OnePhaseModel::kBlock;
    using RunningSums::RunningSums;
    std::uint64_t start = 0;  // the buffered block's first level (sv, sf: the sums before it)
    unsigned n = 0;
    double bv[B], bp[B];  // v_b and v_b·ρ(b) of the buffered levels

    bool stopped = false;  // further levels (the fill may pass a few more) are not added

    bool level(std::uint64_t b, double v, double rho) noexcept { return block(b, 1, &v, &rho) == 0; }
    // Takes levels b..b+count−1: count, or 0 once the fill should stop (the fill takes anything below count as
    // a stop; `levels` says where).
    unsigned block(std::uint64_t b, unsigned count, const double* v, const double* rho) noexcept {
        if (stopped) return 0;
        if (n == 0 && count == B) {  // a whole aligned block (the fill's closed form): summed where it is
            start = b, at_visits.push_back(sv), at_fp.push_back(sf);
            levels = b + B;
            return add(v, rho) ? 0 : count;
        }
        unsigned i = 0;
        while (i < count) {
            if (n == 0) start = b + i, at_visits.push_back(sv), at_fp.push_back(sf);  // b % B == 0: fills start at 0
            const unsigned m = std::min(count - i, B - n);
            for (unsigned j = 0; j < m; ++j) bv[n + j] = v[i + j], bp[n + j] = v[i + j] * rho[i + j];
            n += m, i += m;
            levels = b + i;
            if (n == B && flush()) return 0;
        }
        return count;
    }
    // A whole block from the fill's arrays, as flush() adds it from the buffer: the same lanes, the same order.
    bool add(const double* v, const double* rho) noexcept {
        double lv[8] = {}, lp[8] = {};
        for (unsigned i = 0; i < B; i += 8)
            for (unsigned l = 0; l < 8; ++l) lv[l] += v[i + l], lp[l] += v[i + l] * rho[i + l];
        if (!settle(lv, lp, B)) return false;
        for (unsigned j = 0; j < B; ++j) bv[j] = v[j], bp[j] = v[j] * rho[j];  // the crossing block, level by level
        return refine(B);
    }
    // Adds the buffered levels; true when the fill stops (levels = the first σ ≥ σ_min whose f¹ exceeds).
    bool flush() noexcept {
        double lv[8] = {}, lp[8] = {};
        unsigned i = 0;
        for (; i + 8 <= n; i += 8)
            for (unsigned l = 0; l < 8; ++l) lv[l] += bv[i + l], lp[l] += bp[i + l];
        for (unsigned l = 0; i + l < n; ++l) lv[l] += bv[i + l], lp[l] += bp[i + l];
        const unsigned count = n;
        n = 0;
        return settle(lv, lp, count) && refine(count);
    }
    // Adds the block's lane sums to the running sums unless f¹ at its last level exceeds stop_above: then
    // true, the running sums left before the block for refine().
    bool settle(const double* lv, const double* lp, unsigned count) noexcept {
        CompensatedSum nv = sv, np = sf;
        nv.add(((lv[0] + lv[1]) + (lv[2] + lv[3])) + ((lv[4] + lv[5]) + (lv[6] + lv[7])));
        np.add(((lp[0] + lp[1]) + (lp[2] + lp[3])) + ((lp[4] + lp[5]) + (lp[6] + lp[7])));
        if (start + count - 1 >= sigma_min && np.value() > stop_above * nv.value()) return true;
        sv = nv, sf = np;
        return false;
    }
    // The crossing block level by level from its checkpoint (as at() adds it): the first σ that exceeds. If
    // rounding puts none inside, the block is added as a whole after all and the fill goes on.
    bool refine(unsigned count) noexcept {
        CompensatedSum x = sv, y = sf;
        for (unsigned j = 0; j < count; ++j) {
            x.add(bv[j]);
            y.add(bp[j]);
            if (start + j >= sigma_min && y.value() > stop_above * x.value()) {
                levels = start + j + 1;
                return stopped = true;
            }
        }
        double lv[8] = {}, lp[8] = {};
        for (unsigned j = 0; j < count; ++j) lv[j % 8] += bv[j], lp[j % 8] += bp[j];
        sv.add(((lv[0] + lv[1]) + (lv[2] + lv[3])) + ((lv[4] + lv[5]) + (lv[6] + lv[7])));
        sf.add(((lp[0] + lp[1]) + (lp[2] + lp[3])) + ((lp[4] + lp[5]) + (lp[6] + lp[7])));
        return false;
    }
    void finish() noexcept {  // a fill that reached its last level: the partial block's stop test
        if (n > 0) flush();
    }
};

template <class Sums>
std::vector<double> fill_with_sums(std::uint64_t M, unsigned k, Hashing h, const std::vector<double>& start,
                                   std::uint64_t last, Sums& sums, detail::Tail& tail) {
    constexpr bool reference = std::is_same<Sums, PrefixSums>::value;
    auto visits = detail::fill(M, k, h, start, last, sums, &tail, reference, !reference);
    sums.finish();
    return visits;
}

}  // namespace

std::vector<double> fresh_message_bits(std::uint64_t M, unsigned k, Hashing h) { return message_step(0, M, k, h); }

std::vector<double> stationary_gth(std::vector<std::vector<double>> P) {
    const std::size_t n = P.size();
    for (std::size_t r = n - 1; r > 0; --r) {
        double s = 0.0;
        for (std::size_t j = 0; j < r; ++j) s += P[r][j];
        for (std::size_t i = 0; i < r; ++i) {
            const double f = P[i][r] / s;
            for (std::size_t j = 0; j < r; ++j) P[i][j] += f * P[r][j];
        }
        P[r][r] = s;  // the rate out of r into lower states, for the back substitution
    }
    std::vector<double> pi(n, 0.0);
    pi[0] = 1.0;
    double total = 1.0;
    for (std::size_t j = 1; j < n; ++j) {
        double v = 0.0;
        for (std::size_t i = 0; i < j; ++i) v += pi[i] * P[i][j];
        pi[j] = v / P[j][j];
        total += pi[j];
    }
    for (double& v : pi) v /= total;
    return pi;
}

OnePhaseModel::OnePhaseModel(std::uint64_t M, unsigned k, RbfVariant variant, double stop_above,
                             std::uint64_t sigma_limit, Sums sums)
    : M_(M), k_(k), variant_(variant) {
    validate_rbf(M, k);
    const Hashing h = variant.hashing;
    const bool exact_colliding_retaining =
        variant.recycling == Recycling::retaining && h == Hashing::colliding && variant.restart == RestartLaw::exact;
    if (exact_colliding_retaining) {
        if (static_cast<double>(k) * static_cast<double>(M) > static_cast<double>(kMaxBasisDoubles))
            throw InfeasibleError("m", "k·m ≤ " + format_limit(kMaxBasisDoubles) + " for the exact retaining law",
                                  "the exact restart law needs k fills of m levels; use restart = eq10");
        for (unsigned j = 1; j <= k; ++j) {
            std::vector<double> start(j + 1, 0.0);
            start[j] = 1.0;
            basis_.push_back(fill_visits(M, k, h, start, M - 1));
        }
        return;
    }
    // σ-independent start: empty filter, or the bits of a fresh message (eq 10 / eq 14).
    const std::vector<double> start =
        variant.recycling == Recycling::nonretaining ? std::vector<double>{1.0} : fresh_message_bits(M, k, h);
    const std::uint64_t last = std::min(M - 1, std::max(sigma_limit, sigma_min()));
    detail::Tail tail;
    stride_ = sums == Sums::blocked ? kBlock : kLevelStride;
    const std::size_t checkpoints = as_size<kMaxRbfBits>(last / stride_ + 1);  // last < M ≤ 2^24 (validate_rbf)
    at_visits_.reserve(checkpoints), at_fp_.reserve(checkpoints);
    if (sums == Sums::blocked) {
        BlockSums running(at_visits_, at_fp_, sigma_min(), stop_above);
        visits_ = fill_with_sums(M, k, h, start, last, running, tail);
        levels_ = running.levels;
    } else {
        PrefixSums running(at_visits_, at_fp_, sigma_min(), stop_above);
        visits_ = fill_with_sums(M, k, h, start, last, running, tail);
        levels_ = running.levels;
    }
    tail_from_ = tail.from, tail_eM_ = tail.eM;
}

std::vector<double> OnePhaseModel::restart_law(std::uint64_t sigma) const {
    // Exact law: the next cycle starts with the bits of the message that ended this one. A[j][j'] =
    // P(a cycle started at j bits restarts at j'); its stationary vector is the restart distribution.
    std::vector<std::vector<double>> A(k_, std::vector<double>(k_, 0.0));  // index = bits − 1
    const std::uint64_t first = sigma + 1 >= k_ ? sigma + 1 - k_ : 0;
    const auto pj = fresh_message_bits(M_, k_, Hashing::colliding);
    std::vector<double> T, D(k_ + 1);
    for (std::uint64_t i = first; i <= sigma; ++i) {
        trigger_table(i, M_, k_, pj, T);
        std::fill(D.begin(), D.end(), 0.0);  // P(x > σ − i new bits, J distinct bits)
        for (unsigned x = static_cast<unsigned>(sigma - i) + 1; x <= k_; ++x)
            for (unsigned J = 1; J <= k_; ++J) D[J] += T[x * (k_ + 1) + J];
        for (unsigned j = 1; j <= k_; ++j) {
            const double v = basis_[j - 1][as_size<kMaxRbfBits>(i)];
            if (v == 0.0) continue;
            for (unsigned J = 1; J <= k_; ++J) A[j - 1][J - 1] += v * D[J];
        }
    }
    return k_ == 1 ? std::vector<double>{1.0} : stationary_gth(A);
}

std::vector<double> OnePhaseModel::cycle_visits(std::uint64_t sigma) const {
    checked_sigma(static_cast<double>(sigma), M_, k_, variant_.recycling);
    if (sigma > sigma_max())
        throw RangeError("sigma", "at most " + std::to_string(sigma_max()) + " for this model", std::to_string(sigma));
    const std::size_t levels = as_size<kMaxRbfBits>(sigma + 1);  // σ < M ≤ 2^24 (validate_rbf)
    if (basis_.empty()) {
        std::vector<double> v(levels);
        for (std::size_t b = 0; b < levels; ++b) v[b] = level_visits(b);
        return v;
    }
    const auto pi = restart_law(sigma);
    std::vector<double> v(levels, 0.0);
    for (std::size_t b = 0; b < levels; ++b)
        for (unsigned j = 1; j <= k_; ++j) v[b] += pi[j - 1] * basis_[j - 1][b];
    return v;
}

OnePhaseResult OnePhaseModel::at(std::uint64_t sigma) const {
    checked_sigma(static_cast<double>(sigma), M_, k_, variant_.recycling);
    if (sigma > sigma_max())
        throw RangeError("sigma", "at most " + std::to_string(sigma_max()) + " for this model", std::to_string(sigma));
    OnePhaseResult r;
    r.M = M_, r.sigma = sigma, r.k = k_, r.variant = variant_;
    const Hashing h = variant_.hashing;
    if (basis_.empty()) {
        // The fill's running sums: from the checkpoint before σ, the same additions in the same order.
        const std::size_t at = as_size<kMaxRbfBits>(sigma / stride_);  // σ < M ≤ 2^24 (validate_rbf)
        CompensatedSum sv = at_visits_[at], sf = at_fp_[at];
        for (std::uint64_t b = sigma / stride_ * stride_; b <= sigma; ++b) {
            const double v = level_visits(b);
            sv.add(v);
            sf.add(v * detail::level_rho(b, M_, k_, h));
        }
        r.average_fpr = sf.value() / sv.value();  // eq 18 with π_b = v_b / Σ v
        r.expected_messages = sv.value();         // eq 23, E[N₀]
        if (variant_.recycling == Recycling::retaining) r.restart = fresh_message_bits(M_, k_, h);
    } else {
        const auto pi = restart_law(sigma);
        r.restart.assign(k_ + 1, 0.0);
        std::copy(pi.begin(), pi.end(), r.restart.begin() + 1);
        const auto v = cycle_visits(sigma);
        CompensatedSum sv, sf;
        for (std::size_t b = 0; b < v.size(); ++b) sv.add(v[b]), sf.add(v[b] * rbf_rho(b, M_, k_, h));
        r.average_fpr = sf.value() / sv.value();
        r.expected_messages = sv.value();
    }
    // Non-retaining: the recycling message is dropped. Retaining: it replaces the one re-inserted at the start.
    r.messages_held = variant_.recycling == Recycling::nonretaining ? r.expected_messages - 1 : r.expected_messages;
    return r;
}

}  // namespace bloomcalc
