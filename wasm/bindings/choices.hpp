// The `field` readers of the core's named choices (enums), each through the core's own parser, which names a bad
// value: the overloads the generated readers (inputs.generated.hpp) pick by the member's type.
#pragma once

#include "bindings/common.hpp"
#include "bloomcalc/fpr/sizing.hpp"
#include "bloomcalc/layouts/layout.hpp"
#include "bloomcalc/layouts/layout_sim.hpp"
#include "bloomcalc/params.hpp"
#include "bloomcalc/rbf/large/rbf_method.hpp"
#include "bloomcalc/rbf/params.hpp"

namespace bcjs {

namespace bc = bloomcalc;

inline void field(const val& in, const char* name, bc::Hashing& out) { choice(in, name, out, bc::parse_hashing); }
inline void field(const val& in, const char* name, bc::Rounding& out) { choice(in, name, out, bc::parse_rounding); }
inline void field(const val& in, const char* name, bc::SizingMethod& out) { choice(in, name, out, bc::parse_method); }
inline void field(const val& in, const char* name, bc::Layout& out) { choice(in, name, out, bc::parse_layout); }
inline void field(const val& in, const char* name, bc::LayoutHashing& out) {
    choice(in, name, out, bc::parse_layout_hashing);
}
inline void field(const val& in, const char* name, bc::Recycling& out) { choice(in, name, out, bc::parse_recycling); }
inline void field(const val& in, const char* name, bc::RestartLaw& out) { choice(in, name, out, bc::parse_restart); }
inline void field(const val& in, const char* name, bc::SwapPoint& out) { choice(in, name, out, bc::parse_swap); }
inline void field(const val& in, const char* name, bc::RbfMethod& out) { choice(in, name, out, bc::parse_rbf_method); }

}  // namespace bcjs
