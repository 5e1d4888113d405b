// Quotient and counting quotient filter sizing (quotient.hpp).
#include "bloomcalc/families/quotient/quotient.hpp"

#include <cmath>

#include "bloomcalc/error.hpp"
#include "bloomcalc/params.hpp"

namespace bloomcalc {

const char* to_string(QuotientVariant v) { return v == QuotientVariant::quotient ? "quotient" : "counting-quotient"; }

bool quotient_holds(QuotientVariant v, unsigned q, double n) {
    const double limit = quotient_max_load(v) * std::ldexp(1.0, static_cast<int>(q));
    // gqf.c qf_insert refuses a key when noccupied_slots >= 0.95·nslots: the n-th key goes in while n − 1 is below.
    return v == QuotientVariant::counting_quotient ? n - 1 < limit : n <= limit;
}

double quotient_max_load(QuotientVariant v) {
    return v == QuotientVariant::quotient ? kQuotientMaxLoad : kCountingQuotientMaxLoad;
}

QuotientShape quotient_shape(QuotientVariant v, double q, double r) {
    QuotientShape s;
    s.variant = v;
    s.q = static_cast<unsigned>(checked_integer(q, "q", 1, 40));
    const unsigned r_min = v == QuotientVariant::quotient ? 1 : 2;  // gqf.c qf_init: assert(key_remainder_bits >= 2)
    s.r = static_cast<unsigned>(checked_integer(r, "r", r_min, 64 - s.q));
    s.slots = std::uint64_t{1} << s.q;
    if (v == QuotientVariant::quotient) {
        s.xnslots = s.slots;
        s.bytes = (s.slots * (s.r + 3) + 7) / 8;
    } else {
        // qf_init: xnslots = nslots + 10*sqrt((double)nslots) (truncated to uint64), 64 slots a block.
        s.xnslots = s.slots + static_cast<std::uint64_t>(10 * std::sqrt(static_cast<double>(s.slots)));
        const std::uint64_t nblocks = (s.xnslots + 63) / 64;
        s.bytes = kCqfMetadataBytes + nblocks * (17 + 64 * s.r / 8);
    }
    return s;
}

double quotient_fpr(const QuotientShape& s, double n) {
    return -std::expm1(n * std::log1p(-std::ldexp(1.0, -static_cast<int>(s.q + s.r))));
}

double quotient_cache_lines(const QuotientShape& s, double n) {
    if (s.variant == QuotientVariant::counting_quotient) return 1 + (17.0 + 8.0 * s.r - 1) / 64;
    const double alpha = n / static_cast<double>(s.slots);
    const double scanned = 0.5 * (1 + 1 / ((1 - alpha) * (1 - alpha)));
    return 1 + (scanned * (s.r + 3) - 1) / 512;
}

namespace {

unsigned q_for(QuotientVariant v, double n) {
    unsigned q = 1;
    while (!quotient_holds(v, q, n)) ++q;
    if (q > 40) throw InfeasibleError("n", "[1, 0.75·2^40] keys", "more keys than 2^40 slots hold at the load limit");
    return q;
}

FamilyRow row_of(const QuotientShape& s, double n, double p, bool has_p) {
    FamilyRow row;
    row.family = to_string(s.variant);
    row.variant = std::string(s.variant == QuotientVariant::quotient ? "quotient filter (Bender et al. 2012)"
                                                                     : "counting quotient filter (splatlab/cqf)") +
                  ", q = " + std::to_string(s.q) + ", r = " + std::to_string(s.r);
    row.params = {{"q", static_cast<double>(s.q)},
                  {"r", static_cast<double>(s.r)},
                  {"slots", static_cast<double>(s.xnslots)},
                  {"load", n / static_cast<double>(s.slots)},
                  {"maxLoad", quotient_max_load(s.variant)}};
    row.bytes = s.bytes;
    row.bits_per_key = 8.0 * static_cast<double>(s.bytes) / n;
    row.fpr = quotient_fpr(s, n);
    row.meets = !has_p || row.fpr <= p;
    row.construction_failure = 0;  // every insertion succeeds below the load limit (no kicks, no seeds)
    row.construction_failure_method = "closed form: none fail at load ≤ maxLoad";
    row.cache_lines_per_lookup = quotient_cache_lines(s, n);
    row.operations = {true, true, s.variant == QuotientVariant::counting_quotient, true, true};
    row.reference =
        s.variant == QuotientVariant::quotient
            ? "Bender et al., VLDB 2012 §3 (r + 3 bits a slot)"
            : "splatlab/cqf src/gqf.c qf_init, qf_insert; include/gqf_int.h qfblock; Pandey et al., SIGMOD 2017";
    return row;
}

std::vector<QuotientVariant> variants_of(const std::vector<QuotientVariant>& v) {
    return v.empty() ? std::vector<QuotientVariant>{QuotientVariant::quotient, QuotientVariant::counting_quotient} : v;
}

}  // namespace

std::vector<FamilyRow> size_quotient(double n, double p, const std::vector<QuotientVariant>& variants) {
    checked_family_n(n);
    checked_family_p(p);
    std::vector<FamilyRow> rows;
    for (const auto v : variants_of(variants)) {
        const unsigned q = q_for(v, n);
        unsigned r = v == QuotientVariant::quotient ? 1 : 2;
        while (r < 64 - q && quotient_fpr(quotient_shape(v, q, r), n) > p) ++r;
        rows.push_back(row_of(quotient_shape(v, q, r), n, p, true));
    }
    return rows;
}

std::vector<FamilyRow> best_quotient_in(double max_bytes, double n, const std::vector<QuotientVariant>& variants) {
    const auto limit = checked_family_max_bytes(max_bytes);
    checked_family_n(n);
    std::vector<FamilyRow> rows;
    for (const auto v : variants_of(variants)) {
        const unsigned q = q_for(v, n);
        unsigned r = v == QuotientVariant::quotient ? 1 : 2;
        if (quotient_shape(v, q, r).bytes > limit) continue;
        while (r < 64 - q && quotient_shape(v, q, r + 1).bytes <= limit) ++r;
        rows.push_back(row_of(quotient_shape(v, q, r), n, 0, false));
    }
    return rows;
}

}  // namespace bloomcalc
