// Layout names and shape validation.
#include "bloomcalc/layouts/layout.hpp"

#include <cmath>

#include "bloomcalc/error.hpp"

namespace bloomcalc {

Layout parse_layout(const std::string& text) {
    if (text == "standard") return Layout::standard;
    if (text == "blocked") return Layout::blocked;
    if (text == "split-block") return Layout::split_block;
    if (text == "partitioned") return Layout::partitioned;
    throw RangeError("layout", "\"standard\", \"blocked\", \"split-block\" or \"partitioned\"", quoted(text));
}

const char* to_string(Layout layout) {
    switch (layout) {
    case Layout::standard: return "standard";
    case Layout::blocked: return "blocked";
    case Layout::split_block: return "split-block";
    case Layout::partitioned: return "partitioned";
    }
    return "standard";
}

void validate(const LayoutFilter& f) {
    validate(Filter{f.m, f.n, f.k, f.hashing});
    const std::string B = std::to_string(f.block_bits);
    switch (f.layout) {
    case Layout::standard:
        if (f.block_bits != f.m) throw RangeError("blockBits", "m for the standard layout", B);
        break;
    case Layout::partitioned:
        if (f.block_bits != f.m) throw RangeError("blockBits", "m for the partitioned layout", B);
        if (f.m % f.k != 0)
            throw RangeError("m", "a multiple of k = " + std::to_string(f.k) + " (k slices of m/k bits)",
                             std::to_string(f.m));
        break;
    case Layout::blocked:
    case Layout::split_block:
        if (f.block_bits < 1 || f.block_bits > f.m || f.m % f.block_bits != 0)
            throw RangeError("blockBits",
                             "a divisor of m = " + std::to_string(f.m) + " (m is a whole number of blocks)", B);
        if (f.layout == Layout::split_block && f.block_bits % f.k != 0)
            throw RangeError("blockBits", "a multiple of k = " + std::to_string(f.k) + " (k words of B/k bits)", B);
        if (f.layout == Layout::blocked && f.hashing == Hashing::distinct && f.k > f.block_bits)
            throw RangeError("k", "at most B = " + B + " for distinct probes in a block", std::to_string(f.k));
        break;
    }
}

LayoutFilter make_layout_filter(Layout layout, double m, double n, double k, double block_bits, Hashing hashing) {
    LayoutFilter f;
    f.layout = layout;
    f.m = checked_integer(m, "m", 1, kMaxBits);
    f.n = checked_integer(n, "n", 1, kMaxItems);
    f.k = static_cast<unsigned>(checked_integer(k, "k", 1, kMaxHashes));
    // One bit per word or slice: the probes of split-block and partitioned filters are distinct by shape.
    f.hashing = layout == Layout::split_block || layout == Layout::partitioned ? Hashing::colliding : hashing;
    if (layout == Layout::blocked || layout == Layout::split_block)
        f.block_bits = checked_integer(block_bits, "blockBits", 1, kMaxBits);
    else
        f.block_bits = f.m;
    validate(f);
    return f;
}

std::uint64_t block_count(const LayoutFilter& f) { return f.m / f.block_bits; }

LayoutFilter with_items(LayoutFilter f, std::uint64_t n) {
    f.n = n;
    return f;
}

}  // namespace bloomcalc
