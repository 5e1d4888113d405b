// The anchors' approximations (docs/layouts.md, eqs A1–A5).
#include "bloomcalc/layouts/approximations.hpp"

#include <algorithm>
#include <cmath>

namespace bloomcalc {

namespace {

double kd(const LayoutFilter& f) { return static_cast<double>(f.k); }
double Bd(const LayoutFilter& f) { return static_cast<double>(f.block_bits); }

// (1 − e^{−kn/m})^k with n/m the load per bit (A1).
double classic_at(double items_per_bit, double k) { return std::pow(-std::expm1(-k * items_per_bit), k); }

// Putze eq 3's inner term: the standard approximation for a block of B bits holding i items (A2).
double putze_inner(double i, const LayoutFilter& f) { return classic_at(i / Bd(f), kd(f)); }
// Boost.Bloom's FPR(i, b, k'): (1 − (1 − 1/b)^{k'i})^{k'} (A3).
double boost_block_inner(double i, const LayoutFilter& f) {
    return std::pow(-std::expm1(kd(f) * i * std::log1p(-1.0 / Bd(f))), kd(f));
}
// Boost.Bloom multiblock / libfilter: FPR(i, w, 1)^k, w = B/k bits per word (A5).
double multiblock_inner(double i, const LayoutFilter& f) {
    return std::pow(-std::expm1(i * std::log1p(-kd(f) / Bd(f))), kd(f));
}

// RocksDB BloomMath::CacheLocalFpRate(bits_per_key, k, B) (A4).
double rocksdb_cache_local(const LayoutFilter& f) {
    const double bits_per_key = static_cast<double>(f.m) / static_cast<double>(f.n);
    const double keys_per_line = Bd(f) / bits_per_key;
    const double sd = std::sqrt(keys_per_line);
    const double crowded = std::pow(1.0 - std::exp(-kd(f) / (Bd(f) / (keys_per_line + sd))), kd(f));
    const double uncrowded = std::pow(1.0 - std::exp(-kd(f) / (Bd(f) / (keys_per_line - sd))), kd(f));
    return (crowded + uncrowded) / 2;
}

constexpr double kMaxPoissonMean = 1048576.0;  // 2^20

}  // namespace

double poisson_mixture(double lambda, double (*g)(double, const LayoutFilter&), const LayoutFilter& f) {
    const double spread = 40.0 * std::sqrt(lambda) + 40.0;
    const double lo = std::max(0.0, std::floor(lambda - spread)), hi = std::ceil(lambda + spread);
    double sum = 0.0;
    for (double i = lo; i <= hi; ++i) {
        const double log_pois = i * std::log(lambda) - lambda - std::lgamma(i + 1.0);
        if (i > 0) sum += std::exp(log_pois) * g(i, f);
    }
    return sum;
}

std::vector<Approximation> layout_approximations(const LayoutFilter& f, double exact) {
    std::vector<Approximation> out;
    auto add = [&](const char* name, const char* label, const char* reference, double value) {
        Approximation a;
        a.name = name, a.label = label, a.reference = reference, a.value = value;
        a.relative_error = (value - exact) / exact;
        out.push_back(a);
    };
    const double load = static_cast<double>(f.n) / static_cast<double>(f.m);
    const double lambda = static_cast<double>(f.n) * Bd(f) / static_cast<double>(f.m);  // items per block
    add("classic", "classic (1 − e^(−kn/m))^k",
        "001 eq 1, large-m form; the formula Parquet/Arrow's optimalNumOfBits inverts (k = 8)",
        classic_at(load, kd(f)));
    const bool blocks = f.layout == Layout::blocked || f.layout == Layout::split_block;
    if (!blocks || lambda > kMaxPoissonMean) return out;
    if (f.layout == Layout::blocked) {
        add("putze-eq3", "Putze–Sanders–Singler eq 3", "Σ Pois(i; nB/m)·(1 − e^(−ki/B))^k (Putze et al. 2007, eq 3)",
            poisson_mixture(lambda, putze_inner, f));
        add("boost-block", "Boost.Bloom block (fpr_estimation)",
            "Σ Pois(i; nB/m)·(1 − (1 − 1/B)^(ki))^k (Boost.Bloom, Appendix A: FPR estimation)",
            poisson_mixture(lambda, boost_block_inner, f));
        if (lambda > 1.0)
            add("rocksdb", "RocksDB CacheLocalFpRate",
                "mean of (1 − e^(−k/c))^k at c = B/(λ ± √λ), λ = nB/m (RocksDB util/bloom_impl.h)",
                rocksdb_cache_local(f));
    } else {
        add("boost-multiblock", "Boost.Bloom multiblock / libfilter block_fpp",
            "Σ Pois(i; nB/m)·(1 − (1 − k/B)^i)^k (Boost.Bloom Appendix A; libfilter block_fpp, Putze eq 3)",
            poisson_mixture(lambda, multiblock_inner, f));
    }
    return out;
}

BoostFprForC::BoostFprForC(Layout layout, unsigned k, std::uint64_t block_bits)
    : layout_(layout), k_(k), B_(static_cast<double>(block_bits)) {}

double BoostFprForC::operator()(double c) {
    LayoutFilter shape;  // the inner terms read k and B only
    shape.layout = layout_, shape.k = k_, shape.block_bits = static_cast<std::uint64_t>(B_);
    const double lambda = B_ / c, log_lambda = std::log(lambda);
    double res = 0.0, deltap = 0.0, log_pois = -lambda;  // log Pois(0; λ)
    for (std::size_t i = 0; i < 1000; ++i) {
        if (i == inner_.size()) {
            inner_.push_back(layout_ == Layout::blocked ? boost_block_inner(static_cast<double>(i), shape)
                                                        : multiblock_inner(static_cast<double>(i), shape));
            log_i_.push_back(i ? std::log(static_cast<double>(i)) : 0.0);
        }
        if (i) log_pois += log_lambda - log_i_[i];  // i·log λ − λ − lgamma(i + 1), term by term
        const double delta = std::exp(log_pois) * inner_[i];
        const double resn = res + delta;
        if (delta < deltap && resn == res) break;  // Boost's stop: past the mode, no longer changing the sum
        deltap = delta;
        res = resn;
    }
    return std::max(res, classic_at(1.0 / c, static_cast<double>(k_)));
}

double boost_fpr_for_c(Layout layout, unsigned k, std::uint64_t block_bits, double c) {
    return BoostFprForC(layout, k, block_bits)(c);
}

}  // namespace bloomcalc
