// The recycling filters of the simulator against brute-force Markov chains over the filter's bit-sets
// (not over set-bit counts, so independent of the recycling models of 002 §IV): every tiny configuration's
// stationary count-instance FPR must sit inside the simulated 99% interval, and where variants or
// boundary choices differ measurably, the other variant's value must lie outside it.
#include <catch2/catch.hpp>

#include <cmath>
#include <cstdint>
#include <map>
#include <unordered_map>
#include <vector>

#include "sim/support.hpp"

using namespace bloomcalc;
using simtest::config;
using simtest::inside;

namespace {

// The distribution of a new message's bit-set: all m^k ordered outcomes (colliding) or all ordered
// k-tuples of different bits (distinct), collapsed to masks.
std::vector<std::pair<std::uint32_t, double>> message_sets(unsigned m, unsigned k, bool distinct) {
    std::map<std::uint32_t, double> weight;
    std::vector<unsigned> pos(k, 0);
    double total = 0;
    while (true) {
        std::uint32_t mask = 0;
        bool ok = true;
        for (unsigned p : pos) {
            if (distinct && ((mask >> p) & 1)) ok = false;
            mask |= 1u << p;
        }
        if (ok) weight[mask] += 1, total += 1;
        unsigned d = 0;
        while (d < k && ++pos[d] == m) pos[d++] = 0;
        if (d == k) break;
    }
    std::vector<std::pair<std::uint32_t, double>> out;
    for (auto& [mask, w] : weight) out.emplace_back(mask, w / total);
    return out;
}

int popcount(std::uint64_t x) {
    int c = 0;
    for (; x; x &= x - 1) ++c;
    return c;
}

// Stationary count-instance FPR of a chain whose state is a 64-bit key, by power iteration of the lazy
// chain (π ← (π + πP)/2: same stationary law, aperiodic). `step(state, set)` gives the next state and
// `positive(state, set)` whether a message with that set is a false positive in that state.
template <class Step, class Positive>
double stationary_fpr(unsigned m, unsigned k, bool distinct, Step step, Positive positive) {
    const auto sets = message_sets(m, k, distinct);
    std::unordered_map<std::uint64_t, std::size_t> index{{0, 0}};
    std::vector<std::uint64_t> states{0};
    std::vector<std::vector<std::pair<std::size_t, double>>> next;
    std::vector<double> fp;
    for (std::size_t i = 0; i < states.size(); ++i) {  // breadth-first over reachable states
        std::map<std::size_t, double> row;
        double f = 0;
        for (auto& [set, w] : sets) {
            const std::uint64_t to = step(states[i], set);
            auto it = index.find(to);
            if (it == index.end()) {
                it = index.emplace(to, states.size()).first;
                states.push_back(to);
            }
            row[it->second] += w;
            if (positive(states[i], set)) f += w;
        }
        next.emplace_back(row.begin(), row.end());
        fp.push_back(f);
    }
    std::vector<double> pi(states.size(), 0), nxt(states.size());
    pi[0] = 1;
    for (int it = 0; it < 200000; ++it) {
        std::fill(nxt.begin(), nxt.end(), 0);
        for (std::size_t i = 0; i < states.size(); ++i)
            for (auto& [j, w] : next[i]) nxt[j] += pi[i] * w;
        double diff = 0;
        for (std::size_t i = 0; i < states.size(); ++i) {
            const double v = 0.5 * (pi[i] + nxt[i]);
            diff += std::fabs(v - pi[i]);
            pi[i] = v;
        }
        if (diff < 1e-14) break;
    }
    double total = 0;
    for (std::size_t i = 0; i < states.size(); ++i) total += pi[i] * fp[i];
    return total;
}

bool covers(std::uint64_t filter, std::uint64_t set) { return (filter & set) == set; }

double exact_sigma(unsigned m, unsigned k, bool distinct, unsigned sigma, Boundary b, bool retaining) {
    const int limit = b == Boundary::exceeds ? static_cast<int>(sigma) : static_cast<int>(sigma) - 1;
    return stationary_fpr(
        m, k, distinct,
        [&](std::uint64_t a, std::uint32_t s) -> std::uint64_t {
            const std::uint64_t n = a | s;
            return popcount(n) > limit ? (retaining ? s : 0) : n;
        },
        [](std::uint64_t a, std::uint32_t s) { return covers(a, s); });
}

// state = active | frozen << 32
double exact_two_phase(unsigned m, unsigned k, unsigned sigma, bool retaining) {
    return stationary_fpr(
        m, k, false,
        [&](std::uint64_t st, std::uint32_t s) -> std::uint64_t {
            const std::uint64_t act = (st & 0xffffffffu) | s, frozen = st >> 32;
            if (popcount(act) > static_cast<int>(sigma)) return (retaining ? s : 0) | (act << 32);
            return act | (frozen << 32);
        },
        [](std::uint64_t st, std::uint32_t s) { return covers(st & 0xffffffffu, s) || covers(st >> 32, s); });
}

// state = filter | count << 32
double exact_n_bounded(unsigned m, unsigned k, unsigned n, bool oracle) {
    return stationary_fpr(
        m, k, false,
        [&](std::uint64_t st, std::uint32_t s) -> std::uint64_t {
            const std::uint64_t f = st & 0xffffffffu, next = f | s;
            std::uint64_t count = st >> 32;
            if (oracle || next != f) ++count;
            if (count == n) return 0;
            return next | (count << 32);
        },
        [](std::uint64_t st, std::uint32_t s) { return covers(st & 0xffffffffu, s); });
}

struct Check {
    double mean, half;
    Interval ci;
};

Check run(const SimConfig& c) {
    const SimResult r = simulate(c);
    return {r.count_instance.batch.mean, r.count_instance.batch.half_width, r.count_instance.batch.interval};
}

}  // namespace

TEST_CASE("σ-bounded filter: simulation inside the bit-set chain's 99% interval, all four variants", "[sim]") {
    const unsigned m = 10, k = 2, sigma = 5;
    std::map<std::pair<int, int>, double> exact;
    for (int retaining : {0, 1})
        for (int boundary : {0, 1}) {
            const Boundary b = boundary ? Boundary::reaches : Boundary::exceeds;
            exact[{retaining, boundary}] = exact_sigma(m, k, false, sigma, b, retaining);
        }
    for (int retaining : {0, 1})
        for (int boundary : {0, 1}) {
            SimConfig c = config(Structure::sigma, m, k, 40, 50000, 300 + retaining * 2 + boundary);
            c.sigma = sigma;
            c.retaining = retaining;
            c.boundary = boundary ? Boundary::reaches : Boundary::exceeds;
            const Check s = run(c);
            const double e = exact[{retaining, boundary}];
            INFO("retaining " << retaining << ", boundary " << to_string(c.boundary) << ": simulated " << s.mean
                              << " ± " << s.half << ", chain " << e);
            CHECK(inside(s.ci, e));
            // the other retention and the other boundary are different numbers at this size
            CHECK_FALSE(inside(s.ci, exact[{1 - retaining, boundary}]));
            CHECK_FALSE(inside(s.ci, exact[{retaining, 1 - boundary}]));
        }
}

TEST_CASE("σ-bounded filter with distinct hashing matches its chain, not the colliding one", "[sim]") {
    const unsigned m = 10, k = 3, sigma = 6;
    const double distinct = exact_sigma(m, k, true, sigma, Boundary::exceeds, false);
    const double colliding = exact_sigma(m, k, false, sigma, Boundary::exceeds, false);
    SimConfig c = config(Structure::sigma, m, k, 40, 50000, 41);
    c.sigma = sigma;
    c.hashing = HashScheme::ideal_distinct;
    const Check s = run(c);
    INFO("simulated " << s.mean << " ± " << s.half << ", chain distinct " << distinct << ", colliding " << colliding);
    CHECK(inside(s.ci, distinct));
    CHECK_FALSE(inside(s.ci, colliding));
}

TEST_CASE("two-phase filter: simulation inside the chain over (active, frozen) bit-sets", "[sim]") {
    const unsigned m = 6, k = 2, sigma = 3;
    for (bool retaining : {false, true}) {
        const double e = exact_two_phase(m, k, sigma, retaining);
        SimConfig c = config(Structure::two_phase, 2 * m, k, 40, 50000, 77 + retaining);  // m: the total memory
        c.sigma = sigma;
        c.retaining = retaining;
        const Check s = run(c);
        INFO("retaining " << retaining << ": simulated " << s.mean << " ± " << s.half << ", chain " << e);
        CHECK(inside(s.ci, e));
        // and it is not the one-phase filter's value
        CHECK_FALSE(inside(s.ci, exact_sigma(m, k, false, sigma, Boundary::exceeds, retaining)));
    }
}

TEST_CASE("N-bounded filters, real and oracle user: simulation inside the chain; the real user's FPR is higher",
          "[sim]") {
    const unsigned m = 8, k = 2, n = 4;
    const double real = exact_n_bounded(m, k, n, false), oracle = exact_n_bounded(m, k, n, true);
    REQUIRE(real > oracle);  // 000 §III: the oracle recycles no later than the real user
    for (bool is_oracle : {false, true}) {
        SimConfig c = config(is_oracle ? Structure::n_oracle : Structure::n_real, m, k, 40, 50000, 5 + is_oracle);
        c.n = n;
        const Check s = run(c);
        INFO((is_oracle ? "oracle" : "real")
             << ": simulated " << s.mean << " ± " << s.half << ", chains real " << real << ", oracle " << oracle);
        CHECK(inside(s.ci, is_oracle ? oracle : real));
        CHECK_FALSE(inside(s.ci, is_oracle ? real : oracle));
    }
}

TEST_CASE("boundary 'reaches σ' is the filter 'exceeds σ − 1': identical counts for one seed", "[sim]") {
    for (Structure st : {Structure::sigma, Structure::two_phase}) {
        SimConfig a = config(st, st == Structure::two_phase ? 400 : 200, 3, 5, 20000, 9);
        a.sigma = 120;
        a.boundary = Boundary::reaches;
        a.stream.kind = StreamKind::pool;
        a.stream.pool = 500;
        SimConfig b = a;
        b.sigma = 119;
        b.boundary = Boundary::exceeds;
        const SimResult ra = simulate(a), rb = simulate(b);
        for (std::size_t i = 0; i < ra.epochs.size(); ++i) {
            CHECK(ra.epochs[i].fp_first == rb.epochs[i].fp_first);
            CHECK(ra.epochs[i].fp_each == rb.epochs[i].fp_each);
            CHECK(ra.epochs[i].recycles == rb.epochs[i].recycles);
        }
    }
}

TEST_CASE("σ-bounded filter at M = 1000: the structure keeps its invariants", "[sim]") {
    SimConfig c = config(Structure::sigma, 1000, 7, 10, 20000, 3);
    c.sigma = 500;
    const SimResult r = simulate(c);
    // every cycle sets σ + 1 … σ + k bits with σ = 500, k = 7, so a cycle has at least 500/7 messages
    CHECK(r.recycles > 0);
    CHECK(r.recycles <= 10 * 20000 / (500 / 7));
    CHECK(r.count_instance.batch.mean > 0);
    CHECK(r.count_instance.batch.mean < std::pow(501.0 / 1000, 7));  // ρ(σ) = (σ/M)^k bounds every arrival
    CHECK(r.false_negatives == 0);                                   // a fresh stream never repeats
}
