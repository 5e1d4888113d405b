// Scalable filters: the chain, its exact FPR (eq S1) and the memory-optimal R and S
// (core/include/bloomcalc/libraries/scalable.hpp).
#include "bloomcalc/libraries/scalable.hpp"

#include <algorithm>
#include <cmath>

#include "bloomcalc/error.hpp"
#include "bloomcalc/layouts/layout_fpr.hpp"
#include "bloomcalc/params.hpp"

namespace bloomcalc {

namespace {

// At most 64 links; 24 for the libraries whose rule is a search (RocksDB: a layout sizing, ~40 ms in wasm per
// link; Boost: a bisection per K), so that a chain stays under ~1 s.
constexpr std::size_t kMaxLinks = 64, kMaxSearchedLinks = 24;

bool closed_form(const std::string& library) { return library != "rocksdb" && library.rfind("boost", 0) != 0; }

struct Chain {
    std::vector<ScalableLink> links;
    std::uint64_t bits = 0, bytes = 0;
    double bound = 0;
};

// The links holding n items; with `exact` each link's FPR at its fill.
Chain build_chain(const std::string& library, double p, std::uint64_t C, double R, double S, std::uint64_t n,
                  bool exact) {
    Chain chain;
    std::uint64_t left = n;
    double capacity = static_cast<double>(C);
    double error = p * (1.0 - R);
    const std::size_t max_links = closed_form(library) ? kMaxLinks : kMaxSearchedLinks;
    while (left > 0) {
        if (chain.links.size() == max_links)
            throw InfeasibleError("n",
                                  "a chain of at most " + std::to_string(max_links) + " links (" + library +
                                      "); raise capacity or growth",
                                  show_number(static_cast<double>(n)));
        if (capacity > static_cast<double>(kMaxItems))
            throw InfeasibleError("n", "links of at most 2^40 items", show_number(static_cast<double>(n)));
        ScalableLink link;
        link.capacity = static_cast<std::uint64_t>(capacity);
        link.error = error;
        LibrarySizingInput in;
        in.library = library, in.n = static_cast<double>(link.capacity), in.p = error;
        try {
            const LibrarySizing sized = size_for_library(in);
            link.filter = sized.filter;
            link.bytes = sized.bytes;
        } catch (const Error& e) {
            // Every chain has a first link: when it fails, the fault is in what sized it, p (its error p(1 − R)) or
            // capacity (its items), not in n; a later link is there because n asked for it.
            const bool first = chain.links.empty();
            const std::string parameter = !first ? "n" : e.parameter() == "n" ? "capacity" : "p";
            const double got = !first ? static_cast<double>(n) : parameter == "capacity" ? static_cast<double>(C) : p;
            throw InfeasibleError(parameter,
                                  "a chain whose links the library can size: link " +
                                      std::to_string(chain.links.size()) + " (capacity " + show_number(capacity) +
                                      ", error " + show_number(error) + ") fails: " + e.what(),
                                  show_number(got));
        }
        link.fill = std::min(left, link.capacity);
        left -= link.fill;
        if (exact) link.fpr = layout_exact_fpr(with_items(link.filter, link.fill));
        chain.bits += link.filter.m;
        chain.bytes += link.bytes;
        chain.bound += error;
        chain.links.push_back(link);
        capacity = std::floor(capacity * S);  // RedisBloom: entries * (size_t)growth
        error *= R;
    }
    return chain;
}

double union_fpr(const std::vector<ScalableLink>& links) {
    double miss = 0.0;  // Σ log(1 − f_i)
    for (const auto& l : links) miss += std::log1p(-l.fpr);
    return -std::expm1(miss);
}

}  // namespace

ScalableResult scalable_filter(const ScalableInput& in) {
    ScalableResult r;
    r.input = in;
    const double p = checked_probability(in.p, "p");
    const std::uint64_t C = checked_integer(in.capacity, "capacity", 1, kMaxItems);
    const std::uint64_t n = checked_integer(in.n, "n", 1, kMaxItems);
    if (!(in.ratio > 0.0 && in.ratio < 1.0)) throw RangeError("ratio", "a number in (0, 1)", show_number(in.ratio));
    if (!(in.growth >= 1.0 && in.growth <= 1024.0))
        throw RangeError("growth", "a number in [1, 1024]", show_number(in.growth));
    find_library(in.library);

    Chain chain = build_chain(in.library, p, C, in.ratio, in.growth, n, true);
    r.links = chain.links;
    r.bits = chain.bits;
    r.bytes = chain.bytes;
    r.bound = chain.bound;
    r.fpr = union_fpr(r.links);
    r.misses_target = r.fpr > p;

    // The search sizes ~150 chains; the closed-form rules take microseconds, RocksDB's and Boost's searches
    // milliseconds each, so for those the optimum is left out.
    if (in.optimise && closed_form(in.library)) {
        ScalableOptimum best;
        for (int s = 1; s <= 8; ++s)
            for (int step = 1; step <= 19; ++step) {
                const double R = 0.05 * step;
                try {
                    const Chain c = build_chain(in.library, p, C, R, s, n, false);
                    if (best.bits == 0 || c.bits < best.bits)
                        best.ratio = R, best.growth = s, best.bits = c.bits, best.links = c.links.size();
                } catch (const InfeasibleError&) {  // that (R, S) needs a link out of range: not a candidate
                }
            }
        if (best.bits != 0) {
            Chain c = build_chain(in.library, p, C, best.ratio, best.growth, n, true);
            best.fpr = union_fpr(c.links);
            r.optimum = best;
        }
    }
    return r;
}

}  // namespace bloomcalc
