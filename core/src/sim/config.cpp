// The simulation's configuration: the structure names, the input's parsing and validation, the budgets.
// Cold code (once per run), compiled for size (CMake CORE_COLD_SOURCES); the engine is core/src/sim/runner.cpp.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>

#include "bloomcalc/error.hpp"
#include "bloomcalc/params.hpp"
#include "bloomcalc/sim/runner.hpp"

namespace bloomcalc {

std::string show_count(double x) {
    char buf[40];
    std::snprintf(buf, sizeof buf, "%.3g", x);
    return buf;
}

// ---- names ---------------------------------------------------------------------------------------

Structure parse_structure(const std::string& text) {
    if (text == "bloom") return Structure::bloom;
    if (text == "counting") return Structure::counting;
    if (text == "sigma") return Structure::sigma;
    if (text == "two-phase") return Structure::two_phase;
    if (text == "n-real") return Structure::n_real;
    if (text == "n-oracle") return Structure::n_oracle;
    throw RangeError("structure", "\"bloom\", \"counting\", \"sigma\", \"two-phase\", \"n-real\" or \"n-oracle\"",
                     quoted(text));
}

const char* to_string(Structure s) {
    switch (s) {
    case Structure::bloom: return "bloom";
    case Structure::counting: return "counting";
    case Structure::sigma: return "sigma";
    case Structure::two_phase: return "two-phase";
    case Structure::n_real: return "n-real";
    case Structure::n_oracle: return "n-oracle";
    }
    return "?";
}

bool is_recycling(Structure s) { return s != Structure::bloom && s != Structure::counting; }

std::uint64_t array_bits(const SimConfig& c) { return c.structure == Structure::two_phase ? c.m / 2 : c.m; }

// ---- validation and budgets ----------------------------------------------------------------------

namespace {

std::uint64_t check(std::uint64_t v, const char* name, std::uint64_t lo, std::uint64_t hi) {
    return checked_integer(static_cast<double>(v), name, lo, hi);
}

// The default warm-up W per epoch (docs/simulation.md, "Warm-up"): ⌈A/8⌉, and at least three cycles so the first,
// atypical cycle (from empty arrays) is behind and the jitter J < W spreads the start over two more; at most 4·A (a
// stream with repeats may recycle rarely). A cycle's arrivals from empty, estimated: N for N-bounded filters; for σ
// the fill of σ + 1 bits of one array, (M/k)·ln(M/(M − σ − 1)) new messages, over newFraction for a fading stream.
std::uint64_t default_warmup(const SimConfig& c) {
    const double a = static_cast<double>(c.arrivals);
    double cycle = static_cast<double>(c.n);
    if (c.structure == Structure::sigma || c.structure == Structure::two_phase) {
        const double m = static_cast<double>(array_bits(c)), set = std::min(static_cast<double>(c.sigma) + 1, m - 0.5);
        cycle = m / c.k * std::log(m / (m - set));
    }
    if (c.stream.kind == StreamKind::fading) cycle /= c.stream.new_fraction;
    return static_cast<std::uint64_t>(std::ceil(std::min(4 * a, std::max(a / 8, 3 * cycle))));
}

}  // namespace

double estimated_probes(const SimConfig& c) {
    const double k = c.k;
    // each epoch warms up for W + J_e arrivals, J_e uniform in [0, W): about 1.5·W on average (epoch_warmup)
    const double per_epoch = static_cast<double>(c.arrivals) + 1.5 * static_cast<double>(c.warmup.value_or(0));
    const double all = static_cast<double>(c.epochs) * per_epoch;
    if (!is_recycling(c.structure)) {
        // every epoch starts a fresh instance: ⌈arrivals/queries⌉ fills of n per epoch
        const double q = static_cast<double>(c.queries ? c.queries : std::max<std::uint64_t>(64, c.n));
        return all * k + static_cast<double>(c.epochs) * std::ceil(per_epoch / q) * static_cast<double>(c.n) * k;
    }
    return all * k * (c.structure == Structure::two_phase ? 2 : 1);
}

std::uint64_t estimated_bytes(const SimConfig& c) {
    const std::uint64_t arrays = c.structure == Structure::two_phase ? 2 : 1;
    const std::uint64_t bits = array_bits(c);
    const std::uint64_t per = c.structure == Structure::counting ? bits : (bits + 63) / 64 * 8;
    const std::uint64_t truth = is_recycling(c.structure) ? MessageStream::memory_bytes(c.stream) : 0;
    return arrays * per + truth;
}

SimConfig validate(const SimConfig& in) {
    SimConfig c = in;
    check(c.m, "m", 1, kSimMaxBits);
    check(c.k, "k", 1, kMaxHashes);
    if (c.hashing == HashScheme::ideal_distinct && c.k > array_bits(c))
        throw RangeError("k",
                         "at most the bits of one array (" + std::to_string(array_bits(c)) + ") for distinct hashing",
                         std::to_string(c.k));
    switch (c.structure) {
    case Structure::bloom:
    case Structure::counting:
        check(c.n, "n", 1, kMaxItems);
        if (c.stream.kind != StreamKind::fresh)
            throw RangeError("stream", "\"fresh\" for bloom and counting (001's experiment looks up new messages)",
                             "\"" + std::string(to_string(c.stream.kind)) + "\"");
        if (c.queries == 0) c.queries = std::max<std::uint64_t>(64, c.n);
        check(c.queries, "queries", 1, kSimMaxArrivals);
        if (!c.warmup) c.warmup = 0;
        break;
    case Structure::sigma:
    case Structure::two_phase: {
        // exceeds: b > σ must be reachable, σ ≤ m − 1; reaches: b ≥ σ, σ ≤ m (m of one array: ⌊m/2⌋ for two-phase)
        const std::uint64_t bits = array_bits(c);
        const bool two = c.structure == Structure::two_phase;
        if (c.boundary == Boundary::exceeds) {
            if (bits < 2)
                throw RangeError(
                    "m",
                    two ? "at least 4 bits for a two-phase filter (two arrays of ⌊m/2⌋ ≥ 2) with boundary \"exceeds\""
                        : "at least 2 bits for a σ-bounded filter with boundary \"exceeds\"",
                    std::to_string(c.m));
            check(c.sigma, "sigma", 1, bits - 1);
        } else {
            if (bits < 1)
                throw RangeError("m", "at least 2 bits for a two-phase filter (two arrays of ⌊m/2⌋)",
                                 std::to_string(c.m));
            check(c.sigma, "sigma", 1, bits);
        }
        if (!two && c.swap != SwapPoint::after)
            throw RangeError("swap", "\"after\" (the swap point applies to two-phase filters only)", "\"before\"");
        break;
    }
    case Structure::n_real:
    case Structure::n_oracle:
        check(c.n, "n", 1, kMaxItems);
        if (c.retaining)
            throw RangeError("retaining",
                             "false for N-bounded filters (a cycle ends after its N-th message is inserted)", "true");
        break;
    }
    if (is_recycling(c.structure)) {
        if (c.stream.kind == StreamKind::pool) check(c.stream.pool, "pool", 1, kMaxPool);
        if (c.stream.kind == StreamKind::fading) {
            check(c.stream.window, "window", 1, kMaxWindow);
            if (!(c.stream.new_fraction > 0 && c.stream.new_fraction <= 1))
                throw RangeError("newFraction", "a probability in (0, 1]", show_number(c.stream.new_fraction));
        }
        if (!c.warmup) c.warmup = default_warmup(c);
    }
    check(c.epochs, "epochs", 2, kSimMaxEpochs);
    check(c.arrivals, "arrivals", 1, kSimMaxArrivals);
    check(*c.warmup, "warmup", 0, kSimMaxArrivals);
    check(c.seed, "seed", 0, std::uint64_t{1} << 53);
    if (!(c.confidence > 0 && c.confidence < 1))
        throw RangeError("confidence", "a probability in (0, 1)", show_number(c.confidence));
    // budgets, before anything is allocated
    const std::uint64_t bytes = estimated_bytes(c);
    const std::uint64_t truth_bytes = is_recycling(c.structure) ? MessageStream::memory_bytes(c.stream) : 0;
    if (bytes > kSimMemoryBudget)
        throw InfeasibleError(
            truth_bytes > kSimMemoryBudget / 2 ? (c.stream.kind == StreamKind::pool ? "pool" : "window") : "m",
            "a simulation state of at most 256 MiB",
            "the simulation needs " + show_count(static_cast<double>(bytes) / 1048576.0) + " MiB of state");
    const double probes = estimated_probes(c);
    if (probes > kSimMaxProbes)
        throw InfeasibleError(
            "arrivals", "at most 2^38 bit probes per run (about 45 min natively)",
            "the run needs " + show_count(probes) + " bit probes; reduce epochs, arrivals, warm-up, n or k");
    return c;
}

SimConfig make_sim_config(const SimInput& in) {
    SimConfig c;
    c.structure = parse_structure(in.structure);
    c.hashing = parse_hash_scheme(in.hashing);
    c.boundary = parse_boundary(in.boundary);
    c.stream.kind = parse_stream(in.stream);
    c.retaining = in.retaining;
    c.swap = parse_swap(in.swap);
    c.m = checked_integer(in.m, "m", 1, kSimMaxBits);
    c.k = static_cast<unsigned>(checked_integer(in.k, "k", 1, kMaxHashes));
    c.epochs = checked_integer(in.epochs, "epochs", 2, kSimMaxEpochs);
    c.arrivals = checked_integer(in.arrivals, "arrivals", 1, kSimMaxArrivals);
    const bool needs_n = c.structure == Structure::bloom || c.structure == Structure::counting ||
                         c.structure == Structure::n_real || c.structure == Structure::n_oracle;
    if (needs_n) c.n = checked_integer(in.n.value_or(NAN), "n", 1, kMaxItems);
    if (c.structure == Structure::sigma || c.structure == Structure::two_phase)
        c.sigma = checked_integer(in.sigma.value_or(NAN), "sigma", 1, kSimMaxBits);
    if (in.queries) c.queries = checked_integer(*in.queries, "queries", 1, kSimMaxArrivals);
    if (in.warmup) c.warmup = checked_integer(*in.warmup, "warmup", 0, kSimMaxArrivals);
    if (in.seed) c.seed = checked_integer(*in.seed, "seed", 0, std::uint64_t{1} << 53);
    if (in.confidence) c.confidence = *in.confidence;
    if (in.pool) c.stream.pool = checked_integer(*in.pool, "pool", 1, kMaxPool);
    if (in.window) c.stream.window = checked_integer(*in.window, "window", 1, kMaxWindow);
    if (in.new_fraction) c.stream.new_fraction = *in.new_fraction;
    return validate(c);
}

}  // namespace bloomcalc
