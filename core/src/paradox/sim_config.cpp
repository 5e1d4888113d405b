// The paradox simulation's configuration: the input's parsing and validation (the engine's limits and
// budgets). Cold code (once per run), compiled for size (CMake CORE_COLD_SOURCES); the loop is
// core/src/paradox/sim.cpp.
#include <cmath>
#include <cstdio>
#include <string>

#include "bloomcalc/error.hpp"
#include "bloomcalc/params.hpp"
#include "bloomcalc/paradox/sim.hpp"

namespace bloomcalc {

namespace {

std::string show(double x) {
    char buf[40];
    std::snprintf(buf, sizeof buf, "%.6g", x);
    return buf;
}

double checked_open_prior(double p) {
    if (!(std::isfinite(p) && p > 0 && p < 1)) throw RangeError("prior", "a probability in (0, 1)", show_number(p));
    return p;
}

}  // namespace

// The engine's configuration of the same filter (for its model table and memory estimate).
SimConfig engine_config(const ParadoxSimConfig& c) {
    SimConfig s;
    s.structure = c.structure;
    s.m = c.m, s.n = c.n, s.k = c.k, s.hashing = c.hashing;
    s.queries = c.queries, s.epochs = c.epochs, s.arrivals = c.queries, s.seed = c.seed;
    s.confidence = c.confidence;
    return s;
}

ParadoxSimConfig validate(const ParadoxSimConfig& in) {
    ParadoxSimConfig c = in;
    if (c.structure != Structure::bloom && c.structure != Structure::counting)
        throw RangeError("structure", "\"bloom\" or \"counting\"", "\"" + std::string(to_string(c.structure)) + "\"");
    checked_integer(static_cast<double>(c.m), "m", 1, kSimMaxBits);
    checked_integer(static_cast<double>(c.n), "n", 1, kMaxItems);
    checked_integer(static_cast<double>(c.k), "k", 1, kMaxHashes);
    if (c.hashing == HashScheme::ideal_distinct && c.k > c.m)
        throw RangeError("k", "at most m = " + std::to_string(c.m) + " for distinct hashing", std::to_string(c.k));
    checked_open_prior(c.prior);
    checked_integer(static_cast<double>(c.queries), "queries", 1, kSimMaxArrivals);
    checked_integer(static_cast<double>(c.epochs), "epochs", 2, kSimMaxEpochs);
    checked_integer(static_cast<double>(c.seed), "seed", 0, std::uint64_t{1} << 53);
    if (!(c.confidence > 0 && c.confidence < 1))
        throw RangeError("confidence", "a probability in (0, 1)", show_number(c.confidence));
    const std::uint64_t bytes = estimated_bytes(engine_config(c));
    if (bytes > kSimMemoryBudget)
        throw InfeasibleError("m", "a simulation state of at most 256 MiB",
                              "the filter needs " + show(static_cast<double>(bytes) / 1048576.0) + " MiB");
    const double probes = estimated_probes(c);
    if (probes > kSimMaxProbes)
        throw InfeasibleError("epochs", "at most 2^38 bit probes per run (about 45 min natively)",
                              "the run needs " + show(probes) + " bit probes; reduce epochs, queries, n or k");
    return c;
}

ParadoxSimConfig make_paradox_sim_config(const ParadoxSimInput& in) {
    ParadoxSimConfig c;
    c.structure = parse_structure(in.structure);
    c.hashing = parse_hash_scheme(in.hashing);
    c.m = checked_integer(in.m, "m", 1, kSimMaxBits);
    c.n = checked_integer(in.n, "n", 1, kMaxItems);
    c.k = static_cast<unsigned>(checked_integer(in.k, "k", 1, kMaxHashes));
    c.prior = checked_open_prior(in.prior);
    c.queries = checked_integer(in.queries, "queries", 1, kSimMaxArrivals);
    c.epochs = checked_integer(in.epochs, "epochs", 2, kSimMaxEpochs);
    if (in.seed) c.seed = checked_integer(*in.seed, "seed", 0, std::uint64_t{1} << 53);
    if (in.confidence) c.confidence = *in.confidence;
    return validate(c);
}

}  // namespace bloomcalc
