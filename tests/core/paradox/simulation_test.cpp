// 004 §VIII with a small deterministic test-only simulator (the product's simulation engine is a
// separate issue): real partitioned Bloom and counting filters, members drawn by their priors (a fixed
// number of members per class, chosen uniformly, as in 004 §VIII-A), every element of the universe
// queried. Measured posteriors and costs must lie inside a 99 % interval around the theorems.
//
// Interval: the estimate is a ratio Σ_t A_t / Σ_t B_t over T independent filter instances; its
// standard error comes from the per-instance residuals A_t − R·B_t (delta method), which keeps the
// correlation between queries of one instance. When one test checks several cells, z is Bonferroni
// corrected so that the whole family has 99 % coverage: z = Φ^{-1}(1 − 0.005/cells).
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <map>
#include <numeric>
#include <random>
#include <vector>

#include "bloomcalc/paradox/bloom.hpp"
#include "bloomcalc/paradox/bh_cbf.hpp"
#include "bloomcalc/paradox/cbf.hpp"
#include "bloomcalc/paradox/common.hpp"
#include "bloomcalc/paradox/selective.hpp"

using namespace bloomcalc;

namespace {

struct Ratio {  // Σ A / Σ B with per-instance pairs
    std::vector<double> a, b;
    void add(double x, double y) { a.push_back(x), b.push_back(y); }
    double value() const { return std::accumulate(a.begin(), a.end(), 0.0) / std::accumulate(b.begin(), b.end(), 0.0); }
    double se() const {
        const double R = value(), B = std::accumulate(b.begin(), b.end(), 0.0);
        double s = 0;
        for (std::size_t t = 0; t < a.size(); ++t) s += (a[t] - R * b[t]) * (a[t] - R * b[t]);
        const double T = static_cast<double>(a.size());
        return std::sqrt(s * T / (T - 1)) / B;
    }
};

// z for a two-sided interval of total coverage 99 % over `cells` simultaneous checks (Bonferroni),
// by bisection on the normal tail erfc(z/√2)/2 = 0.005/cells.
double z_for(int cells) {
    const double tail = 0.005 / cells;
    double lo = 0, hi = 10;
    for (int i = 0; i < 100; ++i) {
        const double mid = (lo + hi) / 2;
        (0.5 * std::erfc(mid / std::sqrt(2.0)) > tail ? lo : hi) = mid;
    }
    return hi;
}

// A universe of classes; each instance draws exactly `members` of each class uniformly.
struct Universe {
    std::vector<PriorClass> classes;
    std::vector<int> cls;  // element → class
    explicit Universe(std::vector<PriorClass> c) : classes(std::move(c)) {
        for (std::size_t i = 0; i < classes.size(); ++i)
            cls.insert(cls.end(), static_cast<std::size_t>(classes[i].size), static_cast<int>(i));
    }
    std::vector<char> draw(std::mt19937_64& rng) const {
        std::vector<char> in(cls.size(), 0);
        std::size_t start = 0;
        for (const auto& c : classes) {
            std::vector<std::size_t> idx(static_cast<std::size_t>(c.size));
            std::iota(idx.begin(), idx.end(), start);
            for (std::size_t j = 0; j < static_cast<std::size_t>(c.members); ++j) {
                std::uniform_int_distribution<std::size_t> pick(j, idx.size() - 1);
                std::swap(idx[j], idx[pick(rng)]);
                in[idx[j]] = 1;
            }
            start += idx.size();
        }
        return in;
    }
};

// Each element's k counter positions, one per sub-array of s = m/k counters (partitioned hashing).
std::vector<std::uint32_t> hash_positions(std::size_t elements, unsigned k, std::uint32_t s, std::mt19937_64& rng) {
    std::vector<std::uint32_t> pos(elements * k);
    std::uniform_int_distribution<std::uint32_t> u(0, s - 1);
    for (std::size_t e = 0; e < elements; ++e)
        for (unsigned j = 0; j < k; ++j) pos[e * k + j] = j * s + u(rng);
    return pos;
}

}  // namespace

TEST_CASE("simulated Bloom filters: posterior of a positive per class matches Theorem 1's proof",
          "[paradox][simulation]") {
    // 4 classes, priors 1/4, 1/16, 1/64, 1/256; m = 8·n bits, k = 6 partitioned hash functions
    const Universe U({{256, 64}, {1024, 64}, {4096, 64}, {16384, 64}});
    const double n = 256, m = 2048;
    const unsigned k = 6;
    const std::uint32_t s = static_cast<std::uint32_t>(m) / k + 0;  // 341 bits per sub-array
    const double m_used = double(s) * k;
    const double F = std::pow(-std::expm1(n * std::log1p(-1.0 / s)), k);  // exact mean FPR, partitioned
    std::mt19937_64 rng(20240004);
    std::vector<Ratio> post(4);
    Ratio cost_query;  // selective query at α = 5: measured cost per instance / 1
    const double alpha = 5;
    const double p0 = F / (F + alpha);  // Theorem 1 with the filter's FPR
    const int T = 120;
    for (int t = 0; t < T; ++t) {
        const auto in = U.draw(rng);
        const auto pos = hash_positions(in.size(), k, s, rng);
        std::vector<char> bits(static_cast<std::size_t>(m_used), 0);
        for (std::size_t e = 0; e < in.size(); ++e)
            if (in[e])
                for (unsigned j = 0; j < k; ++j) bits[pos[e * k + j]] = 1;
        std::vector<double> positives(4, 0), hits(4, 0);
        double cost = 0;
        for (std::size_t e = 0; e < in.size(); ++e) {
            bool all = true;
            for (unsigned j = 0; j < k; ++j) all = all && bits[pos[e * k + j]];
            const int c = U.cls[e];
            if (all) positives[c] += 1, hits[c] += in[e];
            const double prior = U.classes[c].members / U.classes[c].size;
            const bool answer = prior >= p0 && all;  // selective query
            if (answer && !in[e]) cost += 1;
            if (!answer && in[e]) cost += alpha;
        }
        for (int c = 0; c < 4; ++c) post[c].add(hits[c], positives[c]);
        cost_query.add(cost, 1);
    }
    const double z = z_for(5);
    double expected_cost = 0;
    for (int c = 0; c < 4; ++c) {
        const double P = U.classes[c].members / U.classes[c].size;
        BloomParadoxInput bi;
        bi.prior = P, bi.alpha = alpha, bi.fpr = F;
        const double theory = bloom_paradox(bi).posterior;
        INFO("class " << c << ": measured " << post[c].value() << " ± " << z * post[c].se() << ", Theorem 1 "
                      << theory);
        CHECK(std::fabs(post[c].value() - theory) <= z * post[c].se());
        expected_cost += P >= p0 ? (U.classes[c].size - U.classes[c].members) * F : U.classes[c].members * alpha;
    }
    INFO("selective-query cost: measured " << cost_query.value() << " ± " << z * cost_query.se() << ", model "
                                           << expected_cost);
    CHECK(std::fabs(cost_query.value() - expected_cost) <= z * cost_query.se());
}

TEST_CASE("simulated counting Bloom filters: posterior given the counter product matches Theorem 2",
          "[paradox][simulation]") {
    // one class, prior 1/8: n = 256 of N = 2048; m = 6·n counters, k = 4 (s = 384 per sub-array)
    const Universe U({{2048, 256}});
    const double n = 256, m = 1536;
    const unsigned k = 4;
    const std::uint32_t s = 384;
    std::mt19937_64 rng(3004);
    const std::vector<double> products = {1, 2, 3, 4, 6, 8};
    std::map<double, Ratio> post;
    Ratio cost;
    const double alpha = 2.4, P = 0.125;
    const double Pi = *cbf_min_product(m, n, k, P, alpha);
    const int T = 1500;
    for (int t = 0; t < T; ++t) {
        const auto in = U.draw(rng);
        const auto pos = hash_positions(in.size(), k, s, rng);
        std::vector<int> counters(static_cast<std::size_t>(m), 0);
        for (std::size_t e = 0; e < in.size(); ++e)
            if (in[e])
                for (unsigned j = 0; j < k; ++j) ++counters[pos[e * k + j]];
        std::map<double, double> seen, members;
        double c_total = 0;
        for (std::size_t e = 0; e < in.size(); ++e) {
            double prod = 1;
            for (unsigned j = 0; j < k; ++j) prod *= counters[pos[e * k + j]];
            seen[prod] += 1, members[prod] += in[e];
            const bool positive = prod >= Pi;  // Theorem 4
            if (positive && !in[e]) c_total += 1;
            if (!positive && in[e]) c_total += alpha;
        }
        for (double p : products) post[p].add(members[p], seen[p]);
        cost.add(c_total, 1);
    }
    const double z = z_for(static_cast<int>(products.size()) + 1);
    for (double p : products) {
        std::vector<double> c(k, 1.0);
        c[0] = p;
        const double theory = cbf_paradox(CbfInput{c, m, n, k, P, alpha}).posterior;
        INFO("product " << p << ": measured " << post[p].value() << " ± " << z * post[p].se() << ", Theorem 2 "
                        << theory);
        CHECK(std::fabs(post[p].value() - theory) <= z * post[p].se());
    }
    // §V-C: the cost of Theorem 4's rule over the universe equals N·E(x, k)
    const double model = 2048 * cbf_cost_for_k(m, n, k, P, alpha).cost;
    INFO("cost per instance: measured " << cost.value() << " ± " << z * cost.se() << ", §V-C " << model);
    CHECK(std::fabs(cost.value() - model) <= z * cost.se());
}

TEST_CASE("simulated B_h-CBF: posterior given δ matches Theorem 5", "[paradox][simulation]") {
    // D = {1, 2, 4} (B_2), h = 2; n = 64 of N = 512, k = 2, m = 128 entries (s = 64): light load
    const std::vector<double> D = {1, 2, 4};
    const Universe U({{512, 64}});
    const double n = 64, m = 128;
    const unsigned k = 2;
    const std::uint32_t s = 64;
    std::mt19937_64 rng(55);
    std::uniform_int_distribution<int> g(0, 2);
    std::map<double, Ratio> post;
    const std::vector<double> deltas = {9, 18, 12};  // (3·1)(3·1), (3·1)(3·2), (3·1)·c with c = 4 > h
    const int T = 300;
    for (int t = 0; t < T; ++t) {
        const auto in = U.draw(rng);
        const auto pos = hash_positions(in.size(), k, s, rng);
        std::vector<int> inc(in.size() * k);
        for (auto& v : inc) v = g(rng);
        std::vector<double> c(static_cast<std::size_t>(m), 0), a(static_cast<std::size_t>(m), 0);
        for (std::size_t e = 0; e < in.size(); ++e)
            if (in[e])
                for (unsigned j = 0; j < k; ++j)
                    c[pos[e * k + j]] += 1, a[pos[e * k + j]] += D[static_cast<std::size_t>(inc[e * k + j])];
        std::map<double, double> seen, members;
        for (std::size_t e = 0; e < in.size(); ++e) {
            BhCbfInput q;
            for (unsigned j = 0; j < k; ++j) {
                q.counters.push_back(c[pos[e * k + j]]);
                q.sums.push_back(a[pos[e * k + j]]);
                q.increments.push_back(D[static_cast<std::size_t>(inc[e * k + j])]);
            }
            if (std::find(q.counters.begin(), q.counters.end(), 0.0) != q.counters.end()) continue;
            q.sequence = D, q.h = 2, q.m = m, q.n = n, q.k = k, q.prior = 0.125, q.alpha = 1;
            const auto r = bh_cbf_paradox(q);
            seen[r.delta] += 1, members[r.delta] += in[e];
        }
        for (double d : deltas) post[d].add(members[d], seen[d]);
    }
    const double z = z_for(static_cast<int>(deltas.size()));
    for (double d : deltas) {
        const double theory = logistic(logit(0.125) + k * std::log(m / (n * k)) + std::log(d));
        INFO("δ = " << d << ": measured " << post[d].value() << " ± " << z * post[d].se() << ", Theorem 5 " << theory);
        CHECK(std::fabs(post[d].value() - theory) <= z * post[d].se());
    }
}
