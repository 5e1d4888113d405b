// Messages of the error hierarchy: "<parameter> must be <range>; got <value>".
#include "bloomcalc/error.hpp"

namespace bloomcalc {

RangeError::RangeError(const std::string& parameter, const std::string& valid_range, const std::string& got)
    : Error(parameter, valid_range, parameter + " must be " + valid_range + "; got " + got) {}

ParseError::ParseError(const std::string& parameter, const std::string& valid_range, const std::string& text)
    : Error(parameter, valid_range,
            parameter + ": cannot read \"" + text + "\" as " + valid_range) {}

InfeasibleError::InfeasibleError(const std::string& parameter, const std::string& valid_range, const std::string& why)
    : Error(parameter, valid_range, parameter + ": " + why + " (valid: " + valid_range + ")") {}

}  // namespace bloomcalc
