// Peeling with a count and an XOR of key indices per slot (as the libraries keep a count and an XOR of hashes).
#include "bloomcalc/families/xor/peeling.hpp"

#include <cstddef>

namespace bloomcalc::families {

bool peel(const std::vector<std::uint32_t>& positions, unsigned arity, std::uint32_t slots,
          std::vector<PeelStep>& order) {
    const std::size_t keys = positions.size() / arity;
    std::vector<std::uint32_t> count(slots, 0), keyxor(slots, 0), queue;
    for (std::size_t e = 0; e < keys; ++e)
        for (unsigned j = 0; j < arity; ++j) {
            const std::uint32_t s = positions[e * arity + j];
            ++count[s];
            keyxor[s] ^= static_cast<std::uint32_t>(e);
        }
    for (std::uint32_t s = 0; s < slots; ++s)
        if (count[s] == 1) queue.push_back(s);
    order.clear();
    order.reserve(keys);
    while (!queue.empty()) {
        const std::uint32_t s = queue.back();
        queue.pop_back();
        if (count[s] != 1) continue;  // emptied since it was queued
        const std::uint32_t e = keyxor[s];
        order.push_back(PeelStep{e, s});
        for (unsigned j = 0; j < arity; ++j) {
            const std::uint32_t q = positions[static_cast<std::size_t>(e) * arity + j];
            --count[q];
            keyxor[q] ^= e;
            if (count[q] == 1) queue.push_back(q);
        }
    }
    return order.size() == keys;
}

void assign(const std::vector<std::uint32_t>& positions, unsigned arity, const std::vector<PeelStep>& order,
            const std::vector<std::uint32_t>& fingerprints, std::vector<std::uint32_t>& values) {
    for (std::size_t i = order.size(); i-- > 0;) {
        const PeelStep step = order[i];
        std::uint32_t v = fingerprints[step.key];
        for (unsigned j = 0; j < arity; ++j) {
            const std::uint32_t q = positions[static_cast<std::size_t>(step.key) * arity + j];
            if (q != step.slot) v ^= values[q];
        }
        values[step.slot] = v;
    }
}

}  // namespace bloomcalc::families
