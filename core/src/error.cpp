// Messages of the error hierarchy: "<parameter> must be <range>; got <value>".
#include "bloomcalc/error.hpp"

namespace bloomcalc {

RangeError::RangeError(const std::string& parameter, const std::string& valid_range, const std::string& got)
    : Error(parameter, valid_range, parameter + " must be " + valid_range + "; got " + got) {}

ParseError::ParseError(const std::string& parameter, const std::string& valid_range, const std::string& text)
    : Error(parameter, valid_range, parameter + ": cannot read " + quoted(text) + " as " + valid_range) {}

InfeasibleError::InfeasibleError(const std::string& parameter, const std::string& valid_range, const std::string& why)
    : Error(parameter, valid_range, parameter + ": " + why + " (valid: " + valid_range + ")") {}

namespace {

// `text` with JSON's escapes for a quote, a backslash and the control characters (as JSON.stringify writes
// them), so the message stays one line and whole: a NUL would end it where it is read as a C string (what()).
std::string escaped(const std::string& text) {
    static const char* const kHex = "0123456789abcdef";
    std::string out;
    out.reserve(text.size());
    for (const char c : text) {
        const auto byte = static_cast<unsigned char>(c);
        if (c == '"' || c == '\\')
            out += '\\', out += c;
        else if (c == '\n')
            out += "\\n";
        else if (c == '\t')
            out += "\\t";
        else if (c == '\r')
            out += "\\r";
        else if (c == '\b')
            out += "\\b";
        else if (c == '\f')
            out += "\\f";
        else if (byte < 0x20)
            out += "\\u00", out += kHex[byte >> 4], out += kHex[byte & 15];
        else
            out += c;
    }
    return out;
}

}  // namespace

std::string quoted(const std::string& text) {
    if (text.size() <= kQuotedPrefix) return "\"" + escaped(text) + "\"";
    std::size_t cut = kQuotedPrefix;
    while (cut > 0 && (static_cast<unsigned char>(text[cut]) & 0xC0) == 0x80) --cut;  // not inside a UTF-8 character
    return "\"" + escaped(text.substr(0, cut)) + "\"…(" + std::to_string(text.size()) + " bytes)";
}

}  // namespace bloomcalc
