// The stdin format of the native/wasm identity programs: one input per line as key=value pairs (the JS
// API's field names), the value also read as a number.
#pragma once

#include <cstdlib>
#include <sstream>
#include <string>
#include <vector>

struct KeyValue {
    std::string key, value;
    double number;
};

inline std::vector<KeyValue> key_values(const std::string& line) {
    std::vector<KeyValue> out;
    std::istringstream fields(line);
    std::string field;
    while (fields >> field) {
        const auto eq = field.find('=');
        KeyValue kv{field.substr(0, eq), field.substr(eq + 1), 0.0};
        kv.number = std::strtod(kv.value.c_str(), nullptr);
        out.push_back(kv);
    }
    return out;
}
