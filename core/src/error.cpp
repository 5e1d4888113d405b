// Messages of the error hierarchy: "<parameter> must be <range>; got <value>".
#include "bloomcalc/error.hpp"

namespace bloomcalc {

RangeError::RangeError(const std::string& parameter, const std::string& valid_range, const std::string& got)
    : Error(parameter, valid_range, parameter + " must be " + valid_range + "; got " + got) {}

ParseError::ParseError(const std::string& parameter, const std::string& valid_range, const std::string& text)
    : Error(parameter, valid_range,
            parameter + ": cannot read " + quoted(text) + " as " + valid_range) {}

InfeasibleError::InfeasibleError(const std::string& parameter, const std::string& valid_range, const std::string& why)
    : Error(parameter, valid_range, parameter + ": " + why + " (valid: " + valid_range + ")") {}

std::string quoted(const std::string& text) {
    if (text.size() <= kQuotedPrefix) return "\"" + text + "\"";
    std::size_t cut = kQuotedPrefix;
    while (cut > 0 && (static_cast<unsigned char>(text[cut]) & 0xC0) == 0x80) --cut;  // not inside a UTF-8 character
    return "\"" + text.substr(0, cut) + "\"…(" + std::to_string(text.size()) + " bytes)";
}

}  // namespace bloomcalc
