// Native side of the native/wasm identity test: reads one simulation input per line on stdin as
// key=value pairs (the JS API's field names), runs it with the native core and prints one JSON line of
// per-epoch counts. tests/js/simulate.test.mjs runs the same inputs through the wasm module and
// requires identical counts.
#include <cstdio>
#include <iostream>
#include <sstream>
#include <string>

#include "bloomcalc/error.hpp"
#include "bloomcalc/sim/runner.hpp"
#include "key_values.hpp"

using namespace bloomcalc;

int main() {
    std::string line;
    while (std::getline(std::cin, line)) {
        if (line.empty()) continue;
        SimInput in;
        for (const auto& [key, value, x] : key_values(line)) {
            if (key == "structure")
                in.structure = value;
            else if (key == "hashing")
                in.hashing = value;
            else if (key == "boundary")
                in.boundary = value;
            else if (key == "stream")
                in.stream = value;
            else if (key == "retaining")
                in.retaining = value == "true";
            else if (key == "swap")
                in.swap = value;
            else if (key == "m")
                in.m = x;
            else if (key == "k")
                in.k = x;
            else if (key == "epochs")
                in.epochs = x;
            else if (key == "arrivals")
                in.arrivals = x;
            else if (key == "n")
                in.n = x;
            else if (key == "sigma")
                in.sigma = x;
            else if (key == "queries")
                in.queries = x;
            else if (key == "warmup")
                in.warmup = x;
            else if (key == "seed")
                in.seed = x;
            else if (key == "pool")
                in.pool = x;
            else if (key == "newFraction")
                in.new_fraction = x;
            else if (key == "window")
                in.window = x;
            else {
                std::fprintf(stderr, "unknown key %s\n", key.c_str());
                return 2;
            }
        }
        try {
            const SimResult r = simulate(make_sim_config(in));
            std::string out = "{";
            const char* names[] = {"arrivals",       "newArrivals", "fpFirst",           "fpEach",
                                   "falseNegatives", "recycles",    "counterSaturations"};
            std::uint64_t EpochCounts::*members[] = {&EpochCounts::arrivals,           &EpochCounts::new_arrivals,
                                                     &EpochCounts::fp_first,           &EpochCounts::fp_each,
                                                     &EpochCounts::false_negatives,    &EpochCounts::recycles,
                                                     &EpochCounts::counter_saturations};
            for (int f = 0; f < 7; ++f) {
                out += std::string(f ? "," : "") + "\"" + names[f] + "\":[";
                for (std::size_t i = 0; i < r.epochs.size(); ++i)
                    out += (i ? "," : "") + std::to_string(r.epochs[i].*members[f]);
                out += "]";
            }
            std::printf("%s}\n", out.c_str());
        } catch (const Error& e) {
            std::printf("{\"error\":\"%s\"}\n", e.parameter().c_str());
        }
    }
    return 0;
}
