// What the benchmarks' last line (`JSON {...}`, read by scripts/bench.mjs) is written with: a number that reads back
// exactly and a quoted string.
#pragma once

#include <cstdio>
#include <string>

namespace bench {

// A double in its shortest exact round trip (17 significant digits).
inline std::string num(double v) {
    char buf[40];
    std::snprintf(buf, sizeof buf, "%.17g", v);
    return buf;
}

// A JSON string; the benchmarks' labels hold no control characters or backslashes, only quotes to escape.
inline std::string str(const std::string& s) {
    std::string out = "\"";
    for (const char c : s) out += c == '"' ? std::string("\\\"") : std::string(1, c);
    return out + "\"";
}

}  // namespace bench
