// Simulation of a real scalable filter (docs/scalable.md): the chain of libraries/scalable.hpp as bit
// arrays, built the way RedisBloom's SBChain_Add builds it — an item positive in any link is not added
// (it "exists"), a full link starts the next — until the chain holds n items; then `queries` fresh items,
// a false positive when any link holds all its bits. Each link's probes are RedisBloom's
// (a + i·b) mod m_i on one pair of 64-bit hashes shared by all links (deps/bloom/bloom.c). Epochs are fresh
// chains; their rates give a Student-t interval (batch means) that eq S1 must fall in.
#pragma once

#include <cstdint>
#include <vector>

#include "bloomcalc/libraries/scalable.hpp"
#include "bloomcalc/sim/statistics.hpp"

namespace bloomcalc {

struct ScalableSimConfig {
    ScalableInput chain;        // the chain to build (its links must be standard filters)
    std::uint64_t epochs = 16;  // 2 … 2^16
    std::uint64_t queries = 0;  // per epoch; 0: max(4096, n)
    std::uint64_t seed = 1;
    double confidence = 0.99;
};

struct ScalableSimResult {
    ScalableResult model;
    std::vector<double> rates;  // per epoch
    BatchMeans batch;
    std::uint64_t rejected = 0;  // items not added because the chain already reported them (all epochs)
    bool inside = false;         // model.fpr within the interval
};

// RangeError naming the parameter: a link that is not a standard filter ("library"), Σ m_i > 2^31 bits
// ("n"), epochs, or more than 2^32 bit probes in all ("epochs").
ScalableSimResult simulate_scalable(const ScalableSimConfig& config);

}  // namespace bloomcalc
