// Peeling a hypergraph: the construction of xor and binary fuse filters (Graf & Lemire 2020, Algorithm 2;
// Botelho, Pagh, Ziviani 2007). Each key is an edge on `arity` slots; a slot on exactly one remaining edge
// fixes that key, which is removed; construction succeeds when every key is removed (the 2-core is empty).
// The fingerprints are then assigned in reverse order (Algorithm 3), each key's slot set to its fingerprint
// XOR the other slots. xor_singleheader xorfilter.h xor8_populate and binaryfusefilter.h binary_fuse8_populate
// do the same with a count and an XOR of hashes per slot.
#pragma once

#include <cstdint>
#include <vector>

namespace bloomcalc::families {

struct PeelStep {
    std::uint32_t key = 0;   // index of the key (edge)
    std::uint32_t slot = 0;  // the slot it was alone in
};

// `positions` holds arity slots per key (keys in order), each below `slots`, a key's slots distinct.
// Returns true when every key peeled; `order` gets the steps in peeling order.
bool peel(const std::vector<std::uint32_t>& positions, unsigned arity, std::uint32_t slots,
          std::vector<PeelStep>& order);

// Assigns the slots (Algorithm 3): for the steps in reverse, value[slot] = fingerprint[key] XOR the key's other
// slots. Every slot no step names stays 0.
void assign(const std::vector<std::uint32_t>& positions, unsigned arity, const std::vector<PeelStep>& order,
            const std::vector<std::uint32_t>& fingerprints, std::vector<std::uint32_t>& values);

}  // namespace bloomcalc::families
