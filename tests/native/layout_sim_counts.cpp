// Native side of the layouts' native/wasm identity test: one layout simulation per stdin line as
// key=value pairs (the JS API's field names); prints one JSON line of per-epoch false positives.
// tests/js/layouts.test.mjs runs the same inputs through the wasm module and requires identical counts.
#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <sstream>
#include <string>

#include "bloomcalc/error.hpp"
#include "bloomcalc/layouts/layout_sim.hpp"
#include "bloomcalc/layouts/presets.hpp"
#include "key_values.hpp"

using namespace bloomcalc;

int main() {
    std::string line;
    while (std::getline(std::cin, line)) {
        if (line.empty()) continue;
        LayoutInput in;
        LayoutSimConfig c;
        for (const auto& [key, value, x] : key_values(line)) {
            if (key == "layout")
                in.layout = value;
            else if (key == "preset")
                in.preset = value;
            else if (key == "hashing")
                in.hashing = value;
            else if (key == "m")
                in.m = x;
            else if (key == "n")
                in.n = x;
            else if (key == "k")
                in.k = x;
            else if (key == "blockBits")
                in.block_bits = x;
            else if (key == "hashScheme")
                c.hashing = parse_layout_hashing(value);
            else if (key == "epochs")
                c.epochs = static_cast<std::uint64_t>(x);
            else if (key == "queries")
                c.queries = static_cast<std::uint64_t>(x);
            else if (key == "seed")
                c.seed = static_cast<std::uint64_t>(x);
            else {
                std::fprintf(stderr, "unknown key %s\n", key.c_str());
                return 2;
            }
        }
        try {
            c.filter = resolve_layout_filter(in);
            const LayoutSimResult r = simulate_layout(c);
            std::string out = "{\"falsePositives\":[";
            for (std::size_t i = 0; i < r.false_positives.size(); ++i)
                out += (i ? "," : "") + std::to_string(r.false_positives[i]);
            std::printf("%s]}\n", out.c_str());
        } catch (const Error& e) {
            std::printf("{\"error\":\"%s\"}\n", e.parameter().c_str());
        }
    }
    return 0;
}
