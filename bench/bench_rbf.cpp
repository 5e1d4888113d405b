// Benchmark of the recycling-filter models: f¹_σ for every σ by one σ-independent fill against re-solving
// the chain for each σ as 000 describes (τ rows by eqs 4–8, π by eq 15), side by side; then a full
// recommendation (k = 1..32): the exact method's reference path (detail::recommend_rows_reference, the code
// before issue 13's speed-ups) against its fast path, and the fast path against the large-M method, side by
// side (time, error, heap) at 2^12 … 2^24, then the large-M method alone at 2^28 … 2^40; the same for distinct
// hashes. Times are medians of the process's CPU time (on a machine shared with other jobs, wall time measures
// the others too; on an idle one the two agree: both are in the JSON for the reference/fast table); the last
// line is JSON for scripts/bench.mjs.
#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <new>
#include <string>
#include <vector>

#include "bloomcalc/rbf/chain.hpp"
#include "bloomcalc/rbf/one_phase.hpp"
#include "bloomcalc/rbf/recommend.hpp"

#ifdef __EMSCRIPTEN__
#include <emscripten.h>
#else
#include <ctime>
#endif

using namespace bloomcalc;
using Clock = std::chrono::steady_clock;

// Heap in use and its peak (every allocation of the process goes through these), for "memory at each size".
namespace {
std::size_t g_heap = 0, g_peak = 0;
}
void* operator new(std::size_t n) {
    void* p = std::malloc(n + 16);
    if (!p) throw std::bad_alloc();
    *static_cast<std::size_t*>(p) = n;
    g_heap += n;
    g_peak = std::max(g_peak, g_heap);
    return static_cast<char*>(p) + 16;
}
void operator delete(void* p) noexcept {
    if (!p) return;
    char* base = static_cast<char*>(p) - 16;
    g_heap -= *reinterpret_cast<std::size_t*>(base);
    std::free(base);
}
void operator delete(void* p, std::size_t) noexcept { operator delete(p); }

namespace {

double ms_since(Clock::time_point t0) { return std::chrono::duration<double, std::milli>(Clock::now() - t0).count(); }

// CPU time of this process in ms: Node's process.cpuUsage() under wasm (the bench runs in Node), else the
// process CPU clock.
double cpu_ms() {
#ifdef __EMSCRIPTEN__
    return EM_ASM_DOUBLE({
        var u = process.cpuUsage();
        return (u.user + u.system) / 1000;
    });
#else
    timespec t;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
    return static_cast<double>(t.tv_sec) * 1e3 + static_cast<double>(t.tv_nsec) * 1e-6;
#endif
}

struct Timing {
    double cpu = 0, wall = 0;  // medians, ms
};

// The paper's method for one σ (colliding, non-retaining): rows τ_k(i, ·) by eq 4, π by eq 15 from π_0 = 1,
// normalised, then eq 18.
double paper_f1(std::uint64_t M, unsigned k, std::uint64_t sigma) {
    std::vector<std::vector<double>> tau(sigma + 1);
    for (std::uint64_t i = 0; i <= sigma; ++i) tau[i] = message_step(i, M, k, Hashing::colliding);
    std::vector<double> g(sigma + 1, 0.0);
    g[0] = 1.0;
    double total = 1.0, fp = 0.0;
    for (std::uint64_t i = 1; i <= sigma; ++i) {
        double in = 0.0;
        for (std::uint64_t j = i > k ? i - k : 0; j < i; ++j) in += g[j] * tau[j][i - j];
        g[i] = in / (1.0 - tau[i][0]);
        total += g[i];
    }
    for (std::uint64_t i = 0; i <= sigma; ++i) fp += g[i] * rbf_rho(i, M, k, Hashing::colliding);
    return fp / total;
}

}  // namespace

int main() {
    std::string json = "{\"allSigma\":[";
    std::printf(
        "f1 for every sigma, colliding, non-retaining, k = 6: one fill vs re-solving per sigma (000 eqs 4-18)\n");
    std::printf("%8s %14s %16s %10s %12s\n", "M", "fill ms", "per-sigma ms", "ratio", "max rel diff");
    bool first = true;
    for (std::uint64_t M : {250u, 1000u, 4000u}) {
        const unsigned k = 6;
        std::vector<double> fast(M), times;
        for (int rep = 0; rep < 7; ++rep) {  // median of 7: the first runs include warm-up
            const auto t0 = Clock::now();
            const OnePhaseModel model(M, k, RbfVariant{});
            for (std::uint64_t s = 0; s < M; ++s) fast[s] = model.at(s).average_fpr;
            times.push_back(ms_since(t0));
        }
        std::sort(times.begin(), times.end());
        const double t_fill = times[times.size() / 2];
        const auto t0 = Clock::now();
        double worst = 0;
        for (std::uint64_t s = 0; s < M; ++s) {
            const double slow = paper_f1(M, k, s);
            if (slow > 0) worst = std::max(worst, std::fabs(slow - fast[s]) / slow);
        }
        const double t_paper = ms_since(t0);
        std::printf("%8llu %14.3f %16.1f %9.0fx %12.2e\n", static_cast<unsigned long long>(M), t_fill, t_paper,
                    t_paper / t_fill, worst);
        char row[160];
        std::snprintf(row, sizeof row, "%s{\"M\":%llu,\"fillMs\":%.6g,\"perSigmaMs\":%.6g,\"relDiff\":%.3g}",
                      first ? "" : ",", static_cast<unsigned long long>(M), t_fill, t_paper, worst);
        json += row;
        first = false;
    }
    json += "],\"recommend\":[";
    // Full recommendations, f* = 1 %, k = 1..32: the exact method's reference and fast paths and the large-M
    // method in the same run.
    std::printf(
        "\nfull recommendation, f* = 1%%, k = 1..32 (one phase, two phases, three N rules per k): the exact\n"
        "method's reference path vs its fast path (ref/fast), and the fast path vs the large-M method\n"
        "(exact/large). CPU ms, median of 3 (exact at >= 2^22: one run). dth = thresholds that differ,\n"
        "err = the largest relative difference of the FPRs and capacities of equal thresholds (fast vs\n"
        "reference; large-M vs fast); heap = peak MiB allocated by the run\n");
    std::printf("%6s %9s %9s %9s %5s %9s %9s %9s %9s %4s %9s %9s %9s %9s\n", "M", "ref ms", "fast ms", "ref/fast",
                "dth", "err", "large ms", "ex/large", "err", "dth", "bound", "ref MiB", "fast MiB", "large MiB");
    auto timed = [](int reps, auto&& run, Recommendation& rec, double& peak_mib) {
        std::vector<double> cpu, wall;
        for (int rep = 0; rep < reps; ++rep) {
            g_peak = g_heap;
            const std::size_t before = g_heap;
            const double c0 = cpu_ms();
            const auto t0 = Clock::now();
            rec = run();
            wall.push_back(ms_since(t0));
            cpu.push_back(cpu_ms() - c0);
            peak_mib = static_cast<double>(g_peak - before) / (1 << 20);
        }
        std::sort(cpu.begin(), cpu.end());
        std::sort(wall.begin(), wall.end());
        return Timing{cpu[cpu.size() / 2], wall[wall.size() / 2]};
    };
    // The largest relative difference of FPRs and capacities where thresholds agree; dth = those that differ.
    auto compare = [](const Recommendation& a, const Recommendation& b, double& err, int& dth) {
        err = 0, dth = 0;
        for (std::size_t i = 0; i < b.rows.size(); ++i)
            for (auto rule : {&RecommendRow::one_phase, &RecommendRow::two_phase, &RecommendRow::worst_case,
                              &RecommendRow::oracle, &RecommendRow::lower_bound}) {
                const RuleChoice &x = a.rows[i].*rule, &y = b.rows[i].*rule;
                if (x.feasible != y.feasible || x.threshold != y.threshold) {
                    ++dth;
                    continue;
                }
                if (!y.feasible) continue;
                err = std::max({err, std::fabs(x.fpr / y.fpr - 1), std::fabs(x.capacity / y.capacity - 1)});
            }
    };
    first = true;
    for (int e : {12, 16, 18, 20, 22, 24}) {
        RecommendInput in;
        in.M = std::uint64_t{1} << e, in.target = 0.01, in.k_max = 32;
        Recommendation ref, ex, la;
        double mem_ref = 0, mem_ex = 0, mem_la = 0;
        in.method = RbfMethod::exact;
        const int reps = e >= 22 ? 1 : 3;
        const Timing t_ref = timed(
            reps, [&] { return merge_recommendation(in, detail::recommend_rows_reference(in, 1, in.k_max)); }, ref,
            mem_ref);
        const Timing t_ex = timed(
            reps, [&] { return recommend(in); }, ex, mem_ex);
        in.method = RbfMethod::asymptotic;
        const Timing t_la = timed(
            3, [&] { return recommend(in); }, la, mem_la);
        double err_ref = 0, err = 0;
        int dth_ref = 0, dth = 0;
        compare(ex, ref, err_ref, dth_ref);
        compare(la, ex, err, dth);
        std::printf("%4s%-2d %9.1f %9.1f %8.2fx %5d %9.2e %9.1f %8.1fx %9.2e %4d %9.2e %9.1f %9.1f %9.2f\n", "2^", e,
                    t_ref.cpu, t_ex.cpu, t_ref.cpu / t_ex.cpu, dth_ref, err_ref, t_la.cpu, t_ex.cpu / t_la.cpu, err,
                    dth, la.error_bound, mem_ref, mem_ex, mem_la);
        char row[512];
        std::snprintf(row, sizeof row,
                      "%s{\"M\":%llu,\"refMs\":%.6g,\"ms\":%.6g,\"largeMs\":%.6g,\"refWallMs\":%.6g,\"wallMs\":%.6g,"
                      "\"largeWallMs\":%.6g,"
                      "\"refErr\":%.3g,\"refDth\":%d,\"err\":%.3g,\"dth\":%d,\"bound\":%.3g,\"refMib\":%.4g,\"mib\":%."
                      "4g,\"largeMib\":%.4g}",
                      first ? "" : ",", static_cast<unsigned long long>(in.M), t_ref.cpu, t_ex.cpu, t_la.cpu,
                      t_ref.wall, t_ex.wall, t_la.wall, err_ref, dth_ref, err, dth, la.error_bound, mem_ref, mem_ex,
                      mem_la);
        json += row;
        first = false;
    }
    json += "],\"large\":[";
    std::printf("\nlarge-M method alone, full recommendation, f* = 1%% and 0.1%%, k = 1..32 (CPU ms, median of 3)\n");
    std::printf("%6s %8s %10s %10s %8s %14s %10s\n", "M", "f*", "ms", "bound", "best k", "capacity/M", "heap MiB");
    first = true;
    for (int e : {28, 32, 36, 40})
        for (double target : {1e-2, 1e-3}) {
            RecommendInput in;
            in.M = std::uint64_t{1} << e, in.target = target, in.k_max = 32, in.method = RbfMethod::asymptotic;
            Recommendation rec;
            double mem = 0;
            const double t = timed(
                                 3, [&] { return recommend(in); }, rec, mem)
                                 .cpu;
            const double per_bit = rec.one_phase.choice.capacity / static_cast<double>(in.M);
            std::printf("%4s%-2d %8g %10.1f %10.2e %8u %14.9f %10.2f\n", "2^", e, target, t, rec.error_bound,
                        rec.one_phase.k, per_bit, mem);
            char row[200];
            std::snprintf(
                row, sizeof row, "%s{\"M\":%llu,\"fpr\":%g,\"ms\":%.6g,\"bound\":%.3g,\"perBit\":%.10g,\"mib\":%.4g}",
                first ? "" : ",", static_cast<unsigned long long>(in.M), target, t, rec.error_bound, per_bit, mem);
            json += row;
            first = false;
        }
    // Distinct hashes (large_fill_distinct.cpp): the same side by side on the overlap, then the large-M method alone.
    // The exact fill (with_exact, `reps` runs) and the large-M method on `in`: CPU times, heap, err / dth.
    struct Versus {
        Recommendation ex, la;
        double t_ex = 0, t_la = 0, mem_ex = 0, mem_la = 0, err = 0;
        int dth = 0;
    };
    auto versus = [&](RecommendInput in, bool with_exact, int reps) {
        Versus v;
        if (with_exact) {
            in.method = RbfMethod::exact;
            v.t_ex = timed(
                         reps, [&] { return recommend(in); }, v.ex, v.mem_ex)
                         .cpu;
        }
        in.method = RbfMethod::asymptotic;
        v.t_la = timed(
                     3, [&] { return recommend(in); }, v.la, v.mem_la)
                     .cpu;
        if (with_exact) compare(v.la, v.ex, v.err, v.dth);
        return v;
    };
    // One JSON row of a versus table: M, the table's own fields (`own`: "\"kmax\":16," or ""), then the common ones.
    auto versus_row = [&](bool& first, std::uint64_t M, const std::string& own, double target, const Versus& v,
                          double per_bit) {
        char row[256];
        std::snprintf(row, sizeof row,
                      "%s{\"M\":%llu,%s\"fpr\":%g,\"ms\":%.6g,\"largeMs\":%.6g,\"err\":%.3g,\"dth\":%d,\"bound\":%.3g,"
                      "\"perBit\":%.10g,\"largeMib\":%.4g}",
                      first ? "" : ",", static_cast<unsigned long long>(M), own.c_str(), target, v.t_ex, v.t_la, v.err,
                      v.dth, v.la.error_bound, per_bit, v.mem_la);
        json += row;
        first = false;
    };
    json += "],\"distinct\":[";
    std::printf(
        "\ndistinct hashing, full recommendation, k = 1..32: exact fill vs large-M method (CPU ms, median of 3; exact "
        "at\n"
        "2^18: one run), then the large-M method alone (non-retaining and retaining)\n");
    std::printf("%6s %11s %8s %11s %11s %10s %5s %10s %8s %14s %10s\n", "M", "recycling", "f*", "exact ms", "large ms",
                "err", "dth", "bound", "best k", "capacity/M", "heap MiB");
    first = true;
    for (int e : {16, 18, 28, 32, 36, 40})
        for (Recycling recycling : {Recycling::nonretaining, Recycling::retaining})
            for (double target : {1e-2, 1e-3}) {
                if (e <= 18 && target < 1e-2) continue;
                RecommendInput in;
                in.M = std::uint64_t{1} << e, in.target = target, in.k_max = 32;
                in.variant.hashing = Hashing::distinct, in.variant.recycling = recycling;
                const Versus v = versus(in, e <= 18, e >= 18 ? 1 : 3);
                const double per_bit = v.la.one_phase.choice.capacity / static_cast<double>(in.M);
                std::printf("%4s%-2d %11s %8g %11.1f %11.1f %10.2e %5d %10.2e %8u %14.9f %10.2f\n", "2^", e,
                            to_string(recycling), target, v.t_ex, v.t_la, v.err, v.dth, v.la.error_bound,
                            v.la.one_phase.k, per_bit, v.mem_la);
                versus_row(first, in.M, std::string("\"recycling\":\"") + to_string(recycling) + "\",", target, v,
                           per_bit);
            }
    // Colliding, retaining, the exact restart law (large_retaining.cpp): exact model vs large-M on the overlap (the
    // exact model's k fills limit k·M ≤ 2^24: k ≤ 16 at 2^20), then the large-M method alone.
    json += "],\"exactLaw\":[";
    std::printf(
        "\ncolliding, retaining, exact restart law, full recommendation: exact model vs large-M method (CPU ms, "
        "median\n"
        "of 3; exact at 2^20: one run, k <= 16), then the large-M method alone, k = 1..32\n");
    std::printf("%6s %4s %8s %11s %11s %10s %5s %10s %8s %14s %10s\n", "M", "kmax", "f*", "exact ms", "large ms", "err",
                "dth", "bound", "best k", "capacity/M", "heap MiB");
    first = true;
    for (int e : {16, 20, 28, 36, 40})
        for (double target : {1e-2, 1e-3}) {
            if (e <= 20 && target < 1e-2) continue;
            RecommendInput in;
            in.M = std::uint64_t{1} << e, in.target = target, in.k_max = e == 20 ? 16 : 32;
            in.variant.recycling = Recycling::retaining, in.variant.restart = RestartLaw::exact;
            const Versus v = versus(in, e <= 20, e >= 20 ? 1 : 3);
            const double per_bit = v.la.one_phase.choice.capacity / static_cast<double>(in.M);
            std::printf("%4s%-2d %4u %8g %11.1f %11.1f %10.2e %5d %10.2e %8u %14.9f %10.2f\n", "2^", e, in.k_max,
                        target, v.t_ex, v.t_la, v.err, v.dth, v.la.error_bound, v.la.one_phase.k, per_bit, v.mem_la);
            versus_row(first, in.M, "\"kmax\":" + std::to_string(in.k_max) + ",", target, v, per_bit);
        }
    // Colliding, two phases, retaining with restart eq 10 and the swap "after" (the last σ-bounded variant the
    // large-M method took on): exact fill vs large-M on the overlap, then the large-M method alone; the two-phase
    // rule's best k and capacity (the one-phase rows are eq 10's, as in the table above).
    json += "],\"eq10After\":[";
    std::printf(
        "\ncolliding, retaining, restart eq10, swap after, full recommendation, k = 1..32: exact fill vs large-M "
        "method\n"
        "(CPU ms, median of 3; exact at 2^20: one run), then the large-M method alone\n");
    std::printf("%6s %8s %11s %11s %10s %5s %10s %8s %14s %10s\n", "M", "f*", "exact ms", "large ms", "err", "dth",
                "bound", "2-ph k", "2-ph cap./M", "heap MiB");
    first = true;
    for (int e : {16, 20, 28, 36, 40})
        for (double target : {1e-2, 1e-3}) {
            if (e <= 20 && target < 1e-2) continue;
            RecommendInput in;
            in.M = std::uint64_t{1} << e, in.target = target, in.k_max = 32;
            in.variant.recycling = Recycling::retaining, in.variant.restart = RestartLaw::eq10,
            in.variant.swap = SwapPoint::after;
            const Versus v = versus(in, e <= 20, e >= 20 ? 1 : 3);
            const double per_bit = v.la.two_phase.choice.capacity / static_cast<double>(in.M);
            std::printf("%4s%-2d %8g %11.1f %11.1f %10.2e %5d %10.2e %8u %14.9f %10.2f\n", "2^", e, target, v.t_ex,
                        v.t_la, v.err, v.dth, v.la.error_bound, v.la.two_phase.k, per_bit, v.mem_la);
            versus_row(first, in.M, "", target, v, per_bit);
        }
    json += "]}";
    std::printf("JSON %s\n", json.c_str());
    return 0;
}
