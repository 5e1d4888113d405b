// Parsing of user-typed quantities with units, shared by the CLI, the page and the JS API.
#pragma once

#include <string>

namespace bloomcalc {

// A count of items or hashes: "1000", "1e6", "1M" (10^6), "1Mi" (2^20), "2^20", "64k", "1.5G".
// SI prefixes k/K, M, G, T, P are powers of 10; Ki, Mi, Gi, Ti, Pi are powers of 2.
double parse_count(const std::string& text, const std::string& parameter);

// A filter size in bits: a count optionally followed by "b"/"bit"/"bits" (bits) or "B"/"byte"/"bytes"
// (bytes, ×8): "8192", "64KiB" (= 524288 bits), "2Gb" (= 2·10^9 bits), "1 MiB".
double parse_bits(const std::string& text, const std::string& parameter);

// A probability: "0.001", "1e-3", "0.1%", "1 in 1000", "1/1000". Must lie in (0, 1).
double parse_probability(const std::string& text, const std::string& parameter);

}  // namespace bloomcalc
