// Quotient filters (Bender et al., "Don't Thrash: How to Cache Your Hash on Flash", VLDB 2012) and counting
// quotient filters (Pandey, Bender, Johnson, Patro, SIGMOD 2017; splatlab/cqf) as sized: q quotient bits (2^q
// slots), r remainder bits, the bytes allocated, the FPR at n keys and the load limit. docs/families.md, "Quotient".
//   quotient           2^q slots of r + 3 bits (is_occupied, is_continuation, is_shifted), bytes ⌈2^q(r + 3)/8⌉;
//                      load at most 3/4 (the calculator's rule: a lookup scans a cluster, ½(1 + 1/(1 − α)²) slots
//                      as linear probing's unsuccessful search, Knuth TAOCP 3 §6.4, 8.5 slots at 3/4).
//   counting-quotient  cqf src/gqf.c qf_init: xnslots = nslots + 10·sqrt(nslots), nblocks = ⌈xnslots/64⌉, each block
//                      (include/gqf_int.h qfblock, packed) 1 offset byte + 8 occupieds + 8 runends + 64·r/8 slot
//                      bytes, plus sizeof(qfmetadata) = 128 bytes (x86-64); key_remainder_bits ≥ 2; qf_insert
//                      refuses past noccupied_slots ≥ 0.95·nslots (QF_NO_SPACE without auto-resize).
// Both store each key's p = q + r bit fingerprint exactly, so FPR = 1 − (1 − 2^−p)^n (n keys, ideal hashing).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "bloomcalc/families/row.hpp"

namespace bloomcalc {

enum class QuotientVariant { quotient, counting_quotient };
const char* to_string(QuotientVariant v);  // "quotient" | "counting-quotient"

constexpr double kQuotientMaxLoad = 0.75;          // the calculator's rule for the 2012 QF (above)
constexpr double kCountingQuotientMaxLoad = 0.95;  // gqf.c qf_insert
constexpr std::uint64_t kCqfMetadataBytes = 128;   // sizeof(qfmetadata), gqf_int.h, x86-64

struct QuotientShape {
    QuotientVariant variant = QuotientVariant::quotient;
    unsigned q = 0, r = 0;
    std::uint64_t slots = 0;    // 2^q (cqf: nslots; xnslots below)
    std::uint64_t xnslots = 0;  // cqf's slots with the overflow ones; the QF's 2^q
    std::uint64_t bytes = 0;
};

// RangeError naming q (1..40) or r (QF: 1..64 − q; cqf: 2..64 − q, key_bits ≤ 64).
QuotientShape quotient_shape(QuotientVariant v, double q, double r);
double quotient_max_load(QuotientVariant v);
// Whether 2^q slots hold n keys under the variant's limit (QF: n ≤ 0.75·2^q; cqf: n − 1 < 0.95·2^q, qf_insert's test).
bool quotient_holds(QuotientVariant v, unsigned q, double n);
// 1 − (1 − 2^−(q+r))^n.
double quotient_fpr(const QuotientShape& s, double n);
// Cache lines of a negative lookup: QF, the scanned cluster (above) of r + 3-bit slots; cqf, the home block of
// 17 + 8r bytes at a byte offset packed blocks give it, 1 + (bytes − 1)/64 on average.
double quotient_cache_lines(const QuotientShape& s, double n);

// One row per variant (or the one asked): q the smallest whose load limit holds n, r the smallest meeting p.
std::vector<FamilyRow> size_quotient(double n, double p, const std::vector<QuotientVariant>& variants = {});
// One row per variant: the same q, the largest r whose bytes fit in max_bytes; none when r's minimum does not.
std::vector<FamilyRow> best_quotient_in(double max_bytes, double n, const std::vector<QuotientVariant>& variants = {});

}  // namespace bloomcalc
