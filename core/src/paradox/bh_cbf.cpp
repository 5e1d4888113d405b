// Theorem 5 of 004: the B_h-CBF-based membership probability.
#include "bloomcalc/paradox/bh_cbf.hpp"

#include <algorithm>
#include <cmath>
#include <functional>
#include <set>
#include <string>

#include "bloomcalc/error.hpp"
#include "bloomcalc/params.hpp"
#include "bloomcalc/paradox/cbf.hpp"
#include "bloomcalc/paradox/common.hpp"

namespace bloomcalc {

namespace {
// Every multiset of exactly `count` elements of D (as multiplicity vectors), visited with its sum.
void multisets(const std::vector<double>& D, unsigned count,
               const std::function<void(const std::vector<unsigned>&, double)>& visit) {
    std::vector<unsigned> mult(D.size(), 0);
    std::function<void(std::size_t, unsigned, double)> rec = [&](std::size_t i, unsigned left, double sum) {
        if (i + 1 == D.size()) {
            mult[i] = left;
            visit(mult, sum + left * D[i]);
            mult[i] = 0;
            return;
        }
        for (unsigned t = 0; t <= left; ++t) {
            mult[i] = t;
            rec(i + 1, left - t, sum + t * D[i]);
        }
        mult[i] = 0;
    };
    if (!D.empty()) rec(0, count, 0.0);
}
}  // namespace

bool is_bh_sequence(const std::vector<double>& D, unsigned h) {
    for (unsigned count = 1; count <= h; ++count) {
        std::set<double> seen;
        bool ok = true;
        multisets(D, count, [&](const std::vector<unsigned>&, double s) { ok = ok && seen.insert(s).second; });
        if (!ok) return false;
    }
    return true;
}

std::optional<unsigned> bh_multiplicity(const std::vector<double>& D, unsigned count, double sum, double v) {
    const auto at = std::find(D.begin(), D.end(), v);
    if (at == D.end()) return std::nullopt;
    const std::size_t iv = static_cast<std::size_t>(at - D.begin());
    std::optional<unsigned> found;
    multisets(D, count, [&](const std::vector<unsigned>& mult, double s) {
        if (s == sum) found = mult[iv];
    });
    return found;
}

BhCbfResult bh_cbf_paradox(const BhCbfInput& in) {
    const unsigned k = static_cast<unsigned>(checked_integer(in.k, "k", 1, kMaxHashes));
    const double m = static_cast<double>(checked_integer(in.m, "m", 1, kMaxBits));
    const double n = static_cast<double>(checked_integer(in.n, "n", 1, kMaxItems));
    const unsigned h = static_cast<unsigned>(checked_integer(in.h, "h", 1, 8));
    const double prior = checked_prior(in.prior), alpha = checked_alpha(in.alpha);
    if (in.sequence.empty() || in.sequence.size() > 64)
        throw RangeError("sequence", "a list of 1 to 64 distinct positive integers",
                         std::to_string(in.sequence.size()) + " entries");
    for (double v : in.sequence)
        if (!(v >= 1 && v == std::floor(v) && v <= 1e15))
            throw RangeError("sequence", "a list of 1 to 64 distinct positive integers", std::to_string(v));
    if (!is_bh_sequence(in.sequence, h))
        throw RangeError("sequence",
                         "a B_h sequence: all sums of up to h = " + std::to_string(h) + " elements distinct",
                         "a sequence with two equal sums");
    const std::vector<double> c = checked_counters(in.counters, k, n);
    if (in.sums.size() != k)
        throw RangeError("sums", "a list of k = " + std::to_string(k) + " sums",
                         std::to_string(in.sums.size()) + " sums");
    if (in.increments.size() != k)
        throw RangeError("increments", "a list of k = " + std::to_string(k) + " elements of the sequence",
                         std::to_string(in.increments.size()) + " increments");
    const double ell = static_cast<double>(in.sequence.size());
    BhCbfResult r;
    double log_delta = 0, delta = 1;
    for (unsigned j = 0; j < k; ++j) {
        if (std::find(in.sequence.begin(), in.sequence.end(), in.increments[j]) == in.sequence.end())
            throw RangeError("increments", "elements of the sequence D", std::to_string(in.increments[j]));
        if (c[j] <= h) {  // I(j) = 1: the multiset of addends of a_j is unique; y_j is v's multiplicity
            const auto y = bh_multiplicity(in.sequence, static_cast<unsigned>(c[j]), in.sums[j], in.increments[j]);
            if (!y) throw RangeError("sums", "sums of c_j elements of the sequence", std::to_string(in.sums[j]));
            r.multiplicities.push_back(static_cast<double>(*y));
            log_delta += std::log(ell * *y), delta *= ell * *y;
        } else {  // I(j) = 0: only the count c_j is informative
            r.multiplicities.push_back(std::nullopt);
            log_delta += std::log(c[j]), delta *= c[j];
        }
    }
    r.delta = delta;
    // Theorem 5 has Theorem 2's form with δ in place of ∏c_j.
    const double L = cbf_log_odds(log_delta, m, n, k, prior);
    r.posterior = logistic(L);
    r.posterior_threshold = 1.0 / (1.0 + alpha);
    r.positive = L >= -std::log(alpha);
    return r;
}

}  // namespace bloomcalc
