// Message streams: parsing of the kind, allocation of the ground-truth tables.
#include "bloomcalc/sim/streams.hpp"

#include "bloomcalc/error.hpp"

namespace bloomcalc {

StreamKind parse_stream(const std::string& text) {
    if (text == "fresh") return StreamKind::fresh;
    if (text == "pool") return StreamKind::pool;
    if (text == "fading") return StreamKind::fading;
    throw RangeError("stream", "\"fresh\", \"pool\" or \"fading\"", quoted(text));
}

const char* to_string(StreamKind s) {
    switch (s) {
    case StreamKind::fresh: return "fresh";
    case StreamKind::pool: return "pool";
    case StreamKind::fading: return "fading";
    }
    return "?";
}

namespace {
std::uint64_t table_size(const StreamSpec& spec) {
    if (spec.kind == StreamKind::pool) return spec.pool;
    if (spec.kind == StreamKind::fading) {
        std::uint64_t size = 1;
        while (size < spec.window) size <<= 1;
        return size;
    }
    return 0;
}
}  // namespace

std::uint64_t MessageStream::memory_bytes(const StreamSpec& spec) {
    const std::uint64_t n = table_size(spec);
    return spec.kind == StreamKind::pool ? n * (8 + 1 + 1) : n * (8 + 8 + 1);
}

MessageStream::MessageStream(const StreamSpec& spec, std::uint64_t seed)
    : spec_(spec), rng_(seed ^ 0xa0761d6478bd642fULL) {
    const std::size_t n = static_cast<std::size_t>(table_size(spec));
    if (spec.kind == StreamKind::pool) {
        mask_ = ~std::uint64_t{0};  // direct index
        stamp_.assign(n, kNever);
        flag_.assign(n, 0);
        seen_.assign(n, 0);
    } else if (spec.kind == StreamKind::fading) {
        mask_ = n - 1;
        tag_.assign(n, kNever);
        stamp_.assign(n, kNever);
        flag_.assign(n, 0);
        // P(new) = q exactly to 2^-53: a 64-bit uniform below ⌊q·2^64⌋ (q = 1: always new).
        new_threshold_ = spec.new_fraction >= 1.0
                             ? ~std::uint64_t{0}
                             : static_cast<std::uint64_t>(spec.new_fraction * 18446744073709551616.0);
    }
}

}  // namespace bloomcalc
