// The parameter a call's error names ("none" when it returns): for the tests of the checks the core makes of an
// input as the surfaces give it.
#pragma once

#include <string>

#include "bloomcalc/error.hpp"

template <class F>
std::string parameter_of(F&& fn) {
    try {
        fn();
    } catch (const bloomcalc::Error& e) {
        return e.parameter();
    }
    return "none";
}
