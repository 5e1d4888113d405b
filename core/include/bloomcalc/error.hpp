// The one exception hierarchy of the core. Every error names the parameter at fault and its
// valid range, so each surface (C++, JS, CLI, page) can show the same message.
#pragma once

#include <cstddef>
#include <stdexcept>
#include <string>

namespace bloomcalc {

class Error : public std::runtime_error {
public:
    Error(std::string parameter, std::string valid_range, const std::string& message)
        : std::runtime_error(message), parameter_(std::move(parameter)), valid_range_(std::move(valid_range)) {}
    const std::string& parameter() const noexcept { return parameter_; }
    const std::string& valid_range() const noexcept { return valid_range_; }

private:
    std::string parameter_;
    std::string valid_range_;
};

// A value outside its valid range (NaN, ±∞, negative, zero, too large, p outside (0, 1), ...).
class RangeError : public Error {
public:
    RangeError(const std::string& parameter, const std::string& valid_range, const std::string& got);
};

// Text that does not parse as a number with an accepted unit ("12 parsecs", "1 in zero").
class ParseError : public Error {
public:
    ParseError(const std::string& parameter, const std::string& valid_range, const std::string& text);
};

// A valid request that no filter can satisfy (a target FPR unreachable within the size limits),
// or a request beyond what a method supports (the table method on a huge filter).
class InfeasibleError : public Error {
public:
    InfeasibleError(const std::string& parameter, const std::string& valid_range, const std::string& why);
};

// A long computation stopped by its caller's progress callback.
class CancelledError : public Error {
public:
    CancelledError() : Error("", "", "cancelled") {}
};

// `text` in double quotes for an error message, cut to its first kQuotedPrefix bytes (at a UTF-8
// character boundary) with "…(N bytes)" when longer, so a 1 MB bad input makes a short message.
constexpr std::size_t kQuotedPrefix = 40;
std::string quoted(const std::string& text);

}  // namespace bloomcalc
