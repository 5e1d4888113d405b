// Layout sizing: the smallest size meeting p under the layout's rounding, searched on the exact FPR
// (monotone in m for a fixed k), then the best k by walking from the classic optimum while it helps.
#include "bloomcalc/layouts/layout_sizing.hpp"

#include <algorithm>
#include <cmath>
#include <functional>
#include <map>

#include "bloomcalc/error.hpp"
#include "bloomcalc/fpr/exact_fpr.hpp"
#include "bloomcalc/layouts/layout_fpr.hpp"
#include "bloomcalc/layouts/presets.hpp"

namespace bloomcalc {

std::vector<WhatIf> what_if(const LayoutFilter& f, const std::vector<double>& factors) {
    std::vector<WhatIf> out;
    for (double factor : factors) {
        WhatIf w;
        w.factor = factor;
        const double scaled = std::round(factor * static_cast<double>(f.n));
        w.n = static_cast<std::uint64_t>(std::clamp(scaled, 1.0, static_cast<double>(kMaxItems)));
        w.fpr = layout_exact_fpr(with_items(f, w.n));
        out.push_back(w);
    }
    return out;
}

LayoutReport layout_report(const LayoutFilter& f, const std::string& preset) {
    LayoutReport r;
    r.filter = f;
    r.preset = preset;
    r.exact = layout_exact_fpr(f);
    r.standard_exact = f.layout == Layout::standard ? r.exact : exact_fpr(Filter{f.m, f.n, f.k, f.hashing});
    r.blocks = block_count(f);
    r.load_per_block = static_cast<double>(f.n) / static_cast<double>(r.blocks);
    r.bits_per_key = static_cast<double>(f.m) / static_cast<double>(f.n);
    r.approximations = layout_approximations(f, r.exact);
    r.what_if = what_if(f);
    return r;
}

namespace {

// A filter for a number of size units (blocks, slices' k bits, bits), or nothing when that k is invalid.
using Maker = std::function<LayoutFilter(std::uint64_t units)>;

// The exact FPRs a search asks for, each shape's m-independent parts computed once (LayoutFprInM):
// the same numbers as layout_exact_fpr.
class ExactFprs {
public:
    double operator()(const LayoutFilter& f) {
        for (auto& shape : shapes_)
            if (shape.serves(f)) return shape.at(f.m);
        shapes_.emplace_back(f);
        return shapes_.back().at(f.m);
    }

private:
    std::vector<LayoutFprInM> shapes_;
};

// Distinct probes need k ≤ m.
std::uint64_t hashing_min_bits(const LayoutFilter& f) { return f.hashing == Hashing::distinct ? f.k : 1; }

struct Found {
    LayoutFilter filter;
    double fpr = 0;
    std::uint64_t units = 0;
};

// The smallest units in [1, max_units] with FPR ≤ p, nullopt if none. The FPR falls monotonically in m
// and log FPR is nearly linear in it, so a few secant steps on log FPR − log p land next to the answer;
// the answer itself is then settled by exact comparisons (fpr(u) ≤ p < fpr(u − 1)), bracketing and
// bisecting from where the secant stopped.
// With Model::estimate the same search runs on estimated_fpr (cheap, for starting points only); with
// Model::reference it is the search as it was before the shortcuts (a fresh layout_exact_fpr per size,
// no bound, no memo), kept for the tests and the benchmark.
enum class Model { exact, estimate, reference };
std::optional<Found> smallest_units(const Maker& make, std::uint64_t guess, std::uint64_t max_units, double p,
                                    Model model = Model::exact) {
    const bool shortcuts = model != Model::reference;
    // A proven lower bound above p at the largest size settles "none" without the exact sum (eq L6);
    // the margin covers the rounding of both.
    if (model == Model::exact && layout_fpr_lower_bound(make(max_units)) * (1.0 - 1e-9) > p) return std::nullopt;
    ExactFprs exact_fprs;
    auto exact = [&](const LayoutFilter& f) {
        switch (model) {
        case Model::exact: return exact_fprs(f);
        case Model::estimate: return estimated_fpr(f);
        case Model::reference: break;
        }
        return layout_exact_fpr(f);
    };
    std::map<std::uint64_t, double> seen;  // the search may ask for a size twice
    auto fpr_at = [&](std::uint64_t u) {
        if (!shortcuts) return exact(make(u));
        const auto it = seen.find(u);
        return it != seen.end() ? it->second : seen[u] = exact(make(u));
    };
    const double log_p = std::log(p);
    auto g = [&](double u) { return std::log(fpr_at(static_cast<std::uint64_t>(u))) - log_p; };
    double u0 = static_cast<double>(std::clamp<std::uint64_t>(guess, 1, max_units));
    double u1 = std::min(static_cast<double>(max_units), std::max(u0 + 1.0, std::floor(u0 * 1.05)));
    double g0 = g(u0), g1 = g(u1);
    for (int i = 0; i < 12 && std::isfinite(g0) && std::isfinite(g1) && g1 != g0 && std::fabs(u1 - u0) >= 1.0; ++i) {
        const double next =
            std::clamp(std::round(u1 - g1 * (u1 - u0) / (g1 - g0)), 1.0, static_cast<double>(max_units));
        if (next == u1) break;
        u0 = u1, g0 = g1;
        u1 = next, g1 = g(u1);
    }
    if (shortcuts && u1 == static_cast<double>(max_units) && g1 > 0.0)
        return std::nullopt;  // fpr(max) > p: none meets p
    std::uint64_t start = static_cast<std::uint64_t>(u1);
    std::uint64_t lo = 0, hi = 0;  // fpr(lo) > p (lo = 0: none smaller), fpr(hi) ≤ p
    if (fpr_at(start) <= p) {
        hi = start;
        for (std::uint64_t step = 1; hi > 1; step *= 2) {
            const std::uint64_t next = hi > step ? hi - step : 1;
            if (fpr_at(next) > p) {
                lo = next;
                break;
            }
            hi = next;
            if (next == 1) break;
        }
    } else {
        if (shortcuts && start < max_units && fpr_at(max_units) > p)
            return std::nullopt;  // the FPR falls with m: none meets p
        lo = start;
        for (std::uint64_t step = 1;; step *= 2) {
            if (lo >= max_units) return std::nullopt;
            const std::uint64_t next = std::min(max_units, lo + step);
            if (fpr_at(next) <= p) {
                hi = next;
                break;
            }
            lo = next;
        }
    }
    while (hi - lo > 1) {
        const std::uint64_t mid = lo + (hi - lo) / 2;
        (fpr_at(mid) <= p ? hi : lo) = mid;
    }
    Found out;
    out.filter = make(hi);
    out.fpr = exact(out.filter);
    out.units = hi;
    return out;
}

// Units of the classic estimate m ≈ −k·n / ln(1 − p^{1/k}) (the formula Parquet uses), for a start.
std::uint64_t classic_guess(double n, double p, unsigned k, std::uint64_t unit_bits) {
    const double m = -static_cast<double>(k) * n / std::log1p(-std::pow(p, 1.0 / k));
    // At tiny p with small k it can exceed 2^64 (or be NaN): the searches clamp to their largest size anyway.
    const double units = std::ceil(m / static_cast<double>(unit_bits));
    if (!(units < static_cast<double>(kMaxBits))) return kMaxBits;
    return static_cast<std::uint64_t>(std::max(1.0, units));
}

// The smallest size for one k: `guess_bits` (0: none) is where its search starts.
using SizeForK = std::function<std::optional<Found>(unsigned k, Model model, std::uint64_t guess_bits)>;

// From ks[start], walk up then down while the size does not grow (equal sizes: the smaller k).
template <class At>
std::optional<Found> walk_k(const std::vector<unsigned>& ks, std::size_t start, At&& at) {
    std::optional<Found> best = at(ks[start]);
    auto better = [&](const std::optional<Found>& a) {
        return a && (!best || a->filter.m < best->filter.m ||
                     (a->filter.m == best->filter.m && a->filter.k < best->filter.k));
    };
    for (std::size_t i = start + 1; i < ks.size(); ++i) {
        auto c = at(ks[i]);
        if (!better(c) && best) break;
        if (better(c)) best = c;
    }
    for (std::size_t i = start; i-- > 0;) {
        auto c = at(ks[i]);
        if (!better(c) && best) break;
        if (better(c)) best = c;
    }
    return best;
}

// Units where the estimated FPR meets p, as the exact search's start (the classic guess if none).
std::uint64_t estimated_start(const Maker& make, std::uint64_t classic, std::uint64_t max_units, double p,
                              Model model) {
    if (model == Model::reference) return classic;
    const auto rough = smallest_units(make, classic, max_units, p, Model::estimate);
    return rough ? rough->units : classic;
}

// The best over the k in `ks` (ascending). The walk runs first on the estimated FPR from the k nearest
// 0.85·log2(1/p) (cheap: a few hundred terms per size), then on the exact FPR from the estimate's best
// k, each exact search starting at that k's estimated size. The exact walk's answer is where it stops;
// the estimate only saves the exact searches of the k on the way (each costs the k terms' chains).
std::optional<Found> best_over_k(const std::vector<unsigned>& ks, const SizeForK& at, double p, Model model) {
    if (ks.empty()) return std::nullopt;
    const double k0 = std::log2(1.0 / p) * 0.85;
    std::size_t start = 0;
    for (std::size_t i = 0; i < ks.size(); ++i)
        if (std::fabs(ks[i] - k0) < std::fabs(ks[start] - k0)) start = i;
    return walk_k(ks, start, [&](unsigned k) {
        if (model == Model::reference) return at(k, model, 0);
        const auto rough = at(k, Model::estimate, 0);  // where this k's exact search starts
        return at(k, Model::exact, rough ? rough->filter.m : 0);
    });
}

// Where a search in units of `unit_bits` starts: the estimated size if known, else the classic one.
std::uint64_t start_units(std::uint64_t guess_bits, double n, double p, unsigned k, std::uint64_t unit_bits) {
    return guess_bits ? std::max<std::uint64_t>(1, guess_bits / unit_bits) : classic_guess(n, p, k, unit_bits);
}

std::vector<unsigned> k_range(std::optional<double> k, const std::function<bool(unsigned)>& valid) {
    std::vector<unsigned> ks;
    if (k) {
        ks.push_back(static_cast<unsigned>(checked_integer(*k, "k", 1, kMaxHashes)));
        return ks;
    }
    for (unsigned i = 1; i <= kMaxHashes; ++i)
        if (valid(i)) ks.push_back(i);
    return ks;
}

Found smallest_standard(std::uint64_t n, double p, Hashing hashing, Model search) {
    auto at = [&](unsigned k, Model model, std::uint64_t guess_bits) -> std::optional<Found> {
        LayoutFilter base;
        base.n = n, base.k = k, base.hashing = hashing;
        Maker make = [base](std::uint64_t units) {
            LayoutFilter f = base;
            f.m = f.block_bits = std::max<std::uint64_t>(units, hashing_min_bits(base));
            return f;
        };
        return smallest_units(make, start_units(guess_bits, static_cast<double>(n), p, k, 1), kMaxBits, p, model);
    };
    auto best = best_over_k(k_range(std::nullopt, [](unsigned) { return true; }), at, p, search);
    if (!best) throw InfeasibleError("p", "a rate a standard filter of at most 2^40 bits reaches", show_number(p));
    return *best;
}

}  // namespace

LayoutSizing size_layout(const LayoutSizingInput& in, SizingSearch method) {
    const Model search = method == SizingSearch::reference ? Model::reference : Model::exact;
    const std::uint64_t n = checked_integer(in.n, "n", 1, kMaxItems);
    const double p = checked_probability(in.p, "p");
    LayoutSizing out;
    out.target = p;
    out.preset = in.preset;
    std::optional<Found> found;
    // maxBytes is Parquet's writer's (schema/inputs.mjs `only`): with another preset or none it would be ignored.
    if (in.max_bytes && (in.preset.empty() || find_preset(in.preset).name != "parquet"))
        throw RangeError("maxBytes",
                         "absent without the parquet preset (arrow, impala, kudu): it is the Parquet writer's maximum",
                         show_number(*in.max_bytes));

    if (!in.preset.empty()) {
        const Preset& preset = find_preset(in.preset);
        out.preset = preset.name;
        if (preset.name == "parquet") {
            ParquetWriter w;
            w.max_bytes = in.max_bytes ? checked_parquet_max_bytes(*in.max_bytes) : kParquetDefaultMaxBytes;
            w.optimal_bits = parquet_optimal_num_of_bits(n, p);
            w.bytes = parquet_writer_bytes(n, p, w.max_bytes);
            w.fpr = layout_exact_fpr(preset_filter(preset, w.bytes * 8, n, 0));
            w.meets_target = w.fpr <= p;
            out.parquet = w;
            // The smallest power-of-two size in [32 bytes, 128 MiB] whose exact FPR meets p (above the
            // writer's maximum it tells what to raise the maximum to).
            for (std::uint64_t bytes = kParquetMinBytes; bytes <= kParquetUpperBoundBytes; bytes *= 2) {
                const LayoutFilter f = preset_filter(preset, bytes * 8, n, 0);
                const double fpr = layout_exact_fpr(f);
                if (fpr <= p) {
                    found = Found{f, fpr};
                    break;
                }
            }
            if (!found)
                throw InfeasibleError("p", "a rate a Parquet filter of at most 128 MiB reaches", show_number(p));
            out.rounding = "power-of-two bytes in [32 B, 128 MiB] (Parquet initBitset)";
        } else if (preset.k_rule == PresetK::rocksdb_rule) {
            Maker make = [&](std::uint64_t lines) { return preset_filter(preset, lines * 512, n, 0); };
            found = smallest_units(
                make,
                estimated_start(make, classic_guess(static_cast<double>(n), p, 6, 512), kMaxBits / 512, p, search),
                kMaxBits / 512, p, search);
            if (!found)
                throw InfeasibleError("p", "a rate a RocksDB filter of at most 2^40 bits reaches", show_number(p));
            // The bits_per_key setting whose CalculateSpace gives at least these cache lines.
            const std::uint64_t lines = found->filter.m / 512;
            const std::uint64_t millibits = 8000 * 64 * (lines - 1) / n + 1;
            const std::uint64_t bytes = rocksdb_filter_bytes(n, millibits);
            const LayoutFilter f = preset_filter(preset, (bytes - 5) * 8, n, 0);
            found = Found{f, layout_exact_fpr(f)};
            out.rocksdb_bits_per_key = static_cast<double>(millibits) / 1000.0;
            out.rounding = "whole 64-byte cache lines, k from RocksDB's probe rule, + 5 bytes metadata";
        } else {
            auto at = [&](unsigned k, Model model, std::uint64_t guess_bits) -> std::optional<Found> {
                const std::uint64_t B = preset.word_bits ? preset.word_bits * k : preset.block_bits;
                if (preset.layout == Layout::blocked && preset.hashing == Hashing::distinct && k > B)
                    return std::nullopt;
                Maker make = [&, k, B](std::uint64_t blocks) { return preset_filter(preset, blocks * B, n, k); };
                return smallest_units(make, start_units(guess_bits, static_cast<double>(n), p, k, B), kMaxBits / B, p,
                                      model);
            };
            found = best_over_k(k_range(in.k, [](unsigned) { return true; }), at, p, search);
            if (!found) throw InfeasibleError("p", "a rate this preset reaches within 2^40 bits", show_number(p));
            out.rounding = "whole blocks of B bits";
        }
        // A k the preset sets itself (Parquet's 8, RocksDB's probe rule) is refused when it differs, as layoutFpr
        // refuses it (resolve_layout_filter): it was silently replaced.
        if (in.k && preset.k_rule != PresetK::free && checked_integer(*in.k, "k", 1, kMaxHashes) != found->filter.k)
            throw RangeError("k", "the preset's own k (" + std::to_string(found->filter.k) + ") or absent",
                             show_number(*in.k));
    } else {
        const Layout layout = in.layout;
        std::uint64_t B = 0;
        if (layout == Layout::blocked || layout == Layout::split_block) {
            if (!in.block_bits)
                throw RangeError("blockBits",
                                 "an integer in [1, 2^40] for the " + std::string(to_string(layout)) + " layout",
                                 "absent");
            B = checked_integer(*in.block_bits, "blockBits", 1, kMaxBits);
        }
        if (layout == Layout::standard) {
            if (in.k) {
                LayoutFilter base;
                base.n = n, base.k = static_cast<unsigned>(checked_integer(*in.k, "k", 1, kMaxHashes)),
                base.hashing = in.hashing;
                Maker make = [base](std::uint64_t bits) {
                    LayoutFilter f = base;
                    f.m = f.block_bits = std::max(bits, hashing_min_bits(base));
                    return f;
                };
                found = smallest_units(
                    make,
                    estimated_start(make, classic_guess(static_cast<double>(n), p, base.k, 1), kMaxBits, p, search),
                    kMaxBits, p, search);
            } else {
                found = smallest_standard(n, p, in.hashing, search);
            }
            if (!found)
                throw InfeasibleError("p", "a rate a standard filter of at most 2^40 bits reaches", show_number(p));
            out.rounding = "none (any number of bits)";
        } else {
            auto valid = [&](unsigned k) {
                if (layout == Layout::split_block) return B % k == 0;
                if (layout == Layout::blocked && in.hashing == Hashing::distinct) return k <= B;
                return true;
            };
            auto at = [&](unsigned k, Model model, std::uint64_t guess_bits) -> std::optional<Found> {
                if (!valid(k)) return std::nullopt;
                const std::uint64_t unit = layout == Layout::partitioned ? k : B;
                Maker make = [&, k, unit](std::uint64_t units) {
                    LayoutFilter f;
                    f.layout = layout, f.n = n, f.k = k, f.hashing = in.hashing, f.m = units * unit;
                    f.block_bits = layout == Layout::partitioned ? f.m : B;
                    validate(f);
                    return f;
                };
                return smallest_units(make, start_units(guess_bits, static_cast<double>(n), p, k, unit),
                                      kMaxBits / unit, p, model);
            };
            const auto ks = k_range(in.k, valid);
            if (in.k && !valid(ks[0]))
                throw RangeError("k",
                                 layout == Layout::split_block ? "a divisor of B = " + std::to_string(B) : "at most B",
                                 show_number(*in.k));
            found = best_over_k(ks, at, p, search);
            if (!found) throw InfeasibleError("p", "a rate this layout reaches within 2^40 bits", show_number(p));
            out.rounding =
                layout == Layout::partitioned ? "a multiple of k bits (k equal slices)" : "whole blocks of B bits";
        }
    }

    out.filter = found->filter;
    out.fpr = found->fpr;
    out.meets_target = out.fpr <= p;
    out.bits_per_key = static_cast<double>(out.filter.m) / static_cast<double>(n);
    out.bytes = std::ceil(static_cast<double>(out.filter.m) / 8.0) + (out.rocksdb_bits_per_key ? 5.0 : 0.0);
    // The standard filter beside it (already sized when that is the request).
    const bool is_standard =
        in.preset.empty() && in.layout == Layout::standard && !in.k && in.hashing == Hashing::colliding;
    const Found standard = is_standard ? *found : smallest_standard(n, p, Hashing::colliding, search);
    out.standard = Filter{standard.filter.m, n, standard.filter.k, Hashing::colliding};
    out.standard_fpr = standard.fpr;
    out.overhead = static_cast<double>(out.filter.m) / static_cast<double>(standard.filter.m) - 1.0;
    out.approximations = layout_approximations(out.filter, out.fpr);
    out.what_if = what_if(out.filter);
    return out;
}

}  // namespace bloomcalc
