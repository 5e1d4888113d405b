// The real Standard128Ribbon filter and its simulation. docs/families.md, "Ribbon filter".
#include "bloomcalc/families/ribbon/ribbon_filter.hpp"

#include <algorithm>
#include <cstddef>

#include "bloomcalc/families/binary_fuse/binary_fuse_filter.hpp"
#include "bloomcalc/narrow.hpp"
#include "bloomcalc/params.hpp"
#include "bloomcalc/sim/hashing.hpp"

namespace bloomcalc::families {

namespace {

constexpr std::uint64_t kMaxSlots = kRibbonMaxBuiltKeys * 2;  // GetNumSlots stays below 2n

bool is_zero(const Coeff128& c) { return (c.lo | c.hi) == 0; }
void xor_into(Coeff128& a, const Coeff128& b) {
    a.lo ^= b.lo;
    a.hi ^= b.hi;
}
unsigned trailing_zeros(const Coeff128& c) {
    return c.lo != 0 ? static_cast<unsigned>(__builtin_ctzll(c.lo)) : 64 + static_cast<unsigned>(__builtin_ctzll(c.hi));
}
Coeff128 shift_right(const Coeff128& c, unsigned s) {
    if (s == 0) return c;
    if (s >= 64) return {c.hi >> (s - 64), 0};
    return {(c.lo >> s) | (c.hi << (64 - s)), c.hi >> s};
}
Coeff128 shift_left(const Coeff128& c, unsigned s) {
    if (s == 0) return c;
    if (s >= 64) return {0, c.lo << (s - 64)};
    return {c.lo << s, (c.hi << s) | (c.lo >> (64 - s))};
}
// BitParity(a & b)
unsigned parity_and(const Coeff128& a, const Coeff128& b) {
    return static_cast<unsigned>(__builtin_parityll((a.lo & b.lo) ^ (a.hi & b.hi)));
}

}  // namespace

RibbonFilter::RibbonFilter(std::uint64_t n, double bloom_equivalent_bits_per_key)
    : shape_(ribbon_shape(ribbon_num_slots(checked_integer(static_cast<double>(n), "n", 1, kRibbonMaxBuiltKeys)),
                          1.0 / bloom_equivalent(bloom_equivalent_bits_per_key).fpr)),
      coeff_rows_(as_size<kMaxSlots>(shape_.slots)),
      result_rows_(as_size<kMaxSlots>(shape_.slots)),
      segments_(as_size<kMaxSlots * 32 / 128>(shape_.segments)) {}

RibbonFilter::Equation RibbonFilter::equation(std::uint64_t key, std::uint32_t seed) const {
    // StandardHasher::SetOrdinalSeed: raw seed = low 32 bits of (seed · kToRawSeedFactor) mixed within bytes.
    std::uint64_t raw = seed * 0xc78219a23eeadd03ULL;
    raw ^= (raw & 0xf0f0f0f0f0f0f0f0ULL) >> 4;
    // StandardRehasherAdapter::HashFn: (hash ^ raw_seed) · kRehashFactor.
    const std::uint64_t h = (key ^ static_cast<std::uint32_t>(raw)) * 0x6193d459236a3a0dULL;
    Equation e;
    e.start = mulhi64(h, shape_.starts);  // GetStart: FastRange64 into [0, starts)
    // GetCoeffRow: a = h · kCoeffAndResultFactor; the row is (a << 64) ^ (a ^ kCoeffXor64), first bit set.
    const std::uint64_t a = h * 0xc28f82822b650bedULL;
    e.coeff = {(a ^ 0xc367844a6e52731dULL) | 1, a};
    e.result = static_cast<std::uint32_t>(__builtin_bswap64(a));  // GetResultRowFromHash: EndianSwapValue(a)
    return e;
}

bool RibbonFilter::band(const std::vector<std::uint64_t>& keys, std::uint32_t seed) {
    std::fill(coeff_rows_.begin(), coeff_rows_.end(), Coeff128{});
    std::fill(result_rows_.begin(), result_rows_.end(), 0);
    for (const std::uint64_t key : keys) {
        const Equation e = equation(key, seed);
        std::size_t i = as_size<kMaxSlots>(e.start);
        Coeff128 cr = e.coeff;
        std::uint32_t rr = e.result;
        for (;;) {  // BandingAdd
            if (is_zero(coeff_rows_[i])) {
                coeff_rows_[i] = cr;
                result_rows_[i] = rr;
                break;
            }
            xor_into(cr, coeff_rows_[i]);
            rr ^= result_rows_[i];
            if (is_zero(cr)) {
                if (rr != 0) return false;  // inconsistent
                break;                      // redundant (a duplicate)
            }
            const unsigned tz = trailing_zeros(cr);
            i += tz;
            cr = shift_right(cr, tz);
        }
    }
    return true;
}

bool RibbonFilter::build(const std::vector<std::uint64_t>& keys, unsigned first_seed, unsigned max_seeds) {
    attempts_ = 0;
    std::uint32_t seed = first_seed & (kRibbonSeeds - 1);
    while (attempts_ < max_seeds) {
        ++attempts_;
        if (band(keys, seed)) {
            seed_ = seed;
            back_substitute();
            return true;
        }
        seed = (seed + 1) & (kRibbonSeeds - 1);
    }
    return false;
}

void RibbonFilter::back_substitute() {
    // InterleavedBackSubst: from the last block down, state[j] holds column j's solution on the 128 slots above the
    // current one; a free slot (zero row) takes 0.
    unsigned columns = shape_.upper_columns;
    std::vector<Coeff128> state(columns);
    std::size_t segment = segments_.size();
    for (std::uint64_t block = shape_.blocks; block-- > 0;) {
        if (block < shape_.upper_start_block && columns == shape_.upper_columns) --columns;
        for (std::uint64_t row = (block + 1) * kRibbonCoeffBits; row-- > block * kRibbonCoeffBits;) {
            const std::size_t i = as_size<kMaxSlots>(row);
            for (unsigned j = 0; j < columns; ++j) {
                Coeff128 next = shift_left(state[j], 1);
                next.lo |= parity_and(next, coeff_rows_[i]) ^ ((result_rows_[i] >> j) & 1u);
                state[j] = next;
            }
        }
        segment -= columns;
        for (unsigned j = 0; j < columns; ++j) segments_[segment + j] = state[j];
    }
}

bool RibbonFilter::contains(std::uint64_t key) const {
    // InterleavedPrepareQuery + InterleavedFilterQuery
    const Equation e = equation(key, seed_);
    const std::uint64_t block = e.start / kRibbonCoeffBits;
    const auto bit = static_cast<unsigned>(e.start % kRibbonCoeffBits);
    const unsigned columns = shape_.upper_columns - (block < shape_.upper_start_block ? 1 : 0);
    const std::size_t segment =
        as_size<kMaxSlots>(block * shape_.upper_columns - std::min(block, shape_.upper_start_block));
    const Coeff128 left = shift_left(e.coeff, bit), right = bit != 0 ? shift_right(e.coeff, 128 - bit) : Coeff128{};
    for (unsigned j = 0; j < columns; ++j) {
        unsigned got = parity_and(segments_[segment + j], left);
        if (bit != 0) got ^= parity_and(segments_[segment + columns + j], right);
        if (got != ((e.result >> j) & 1u)) return false;
    }
    return true;
}

std::uint64_t ribbon_failed_seeds(std::uint64_t n, std::uint64_t seeds, std::uint64_t seed) {
    RibbonFilter filter(checked_integer(static_cast<double>(n), "n", 1, std::uint64_t{1} << 16), 10);
    std::vector<std::uint64_t> keys(as_size<(1u << 16)>(n));
    Rng rng(seed);
    std::uint64_t failed = 0;
    for (std::uint64_t s = 0; s < seeds; ++s) {
        const std::uint64_t salt = rng.next();
        for (std::size_t i = 0; i < keys.size(); ++i) keys[i] = mix64(salt + i);
        failed += !filter.band(keys, 0);
    }
    return failed;
}

StaticSimResult simulate_ribbon(double n, double bloom_equivalent_bits_per_key, double trials, double lookups,
                                std::uint64_t seed) {
    const std::uint64_t keys = checked_integer(n, "n", 1, kRibbonMaxBuiltKeys);
    const std::uint64_t t = checked_integer(trials, "trials", 1, 100000);
    const std::uint64_t q = checked_integer(lookups, "lookups", 0, 100000000);
    RibbonFilter filter(keys, bloom_equivalent_bits_per_key);
    StaticSimResult r;
    r.bytes = filter.bytes();
    // The first seed from the first key, as RocksDB's entropy (the low byte of its hash).
    auto build = [&](const std::vector<std::uint64_t>& set) {
        return filter.build(set, static_cast<unsigned>(set[0] & (kRibbonSeeds - 1)));
    };
    run_static_trials(filter, as_size<kRibbonMaxBuiltKeys>(keys), t, q, seed, build, r);
    finish(r);
    return r;
}

}  // namespace bloomcalc::families
