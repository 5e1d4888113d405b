// Requesting a cache line before it is needed (docs/simulation.md, "Batched probes"). Natively a prefetch
// hint; WebAssembly has none, so there the line is loaded, and the loads of a batch, independent of each
// other, are in flight together: the caller hands the loaded words OR-ed to keep() so they are not dropped.
#pragma once

#include <cstdint>

namespace bloomcalc {

// Positions of this many upcoming arrivals are computed and their lines requested before the first is probed.
constexpr unsigned kProbeBatch = 16;
// Arrays of at most this many bytes sit in the caches: requesting their lines ahead only costs time.
constexpr std::uint64_t kCachedBytes = std::uint64_t{1} << 20;

template <class T>
inline std::uint64_t touch_line(const T* p) {
#if defined(__EMSCRIPTEN__) || !defined(__GNUC__)
    return static_cast<std::uint64_t>(*p);
#else
    __builtin_prefetch(p, 1, 3);  // for writing: every probed line of a structure may be updated
    return 0;
#endif
}

// Requests the lines line_of(i) for i < count, in blocks of 8 with a constant trip count, then the rest: a loop
// whose trip count is known only at run time compiles (in wasm) to more instructions per request, and fewer requests
// then fit in the core's window of instructions in flight (docs/simulation.md, "Throughput").
template <class LineOf>
inline std::uint64_t touch_lines(unsigned count, LineOf line_of) {
    std::uint64_t sink = 0;
    unsigned i = 0;
    for (; i + 8 <= count; i += 8)
        for (unsigned j = 0; j < 8; ++j) sink |= touch_line(line_of(i + j));
    for (; i < count; ++i) sink |= touch_line(line_of(i));
    return sink;
}

// Keeps touched words alive: a store the compiler may not remove (its cost is one store per batch).
inline volatile std::uint64_t touch_sink = 0;
inline void keep(std::uint64_t sink) { touch_sink = sink; }

}  // namespace bloomcalc
