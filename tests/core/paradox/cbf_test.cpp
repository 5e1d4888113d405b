// 004 §V–VII: Theorem 2 against brute-force enumeration of every hash outcome, Corollary 3, Theorem 4's
// minimal product against a linear search, §V-C's cost against enumeration of counter vectors,
// Table III and Fig. 8's printed products, Theorem 5's Example 2, Theorems 6–7 against all orders.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <map>
#include <numeric>
#include <random>
#include <vector>

#include "bloomcalc/paradox/cache_order.hpp"
#include "bloomcalc/error.hpp"
#include "bloomcalc/paradox/bh_cbf.hpp"
#include "bloomcalc/paradox/cbf.hpp"
#include "bloomcalc/paradox/selective.hpp"
#include "parameter.hpp"

using namespace bloomcalc;

namespace {
double rel(double a, double b) { return a == b ? 0 : std::fabs(a - b) / std::fabs(b); }

double posterior(std::vector<double> c, double m, double n, double k, double P, double a = 1) {
    return cbf_paradox(CbfInput{std::move(c), m, n, k, P, a}).posterior;
}

// Every way n elements can hash into a partitioned CBF of k sub-arrays of s counters; x's counters are
// the first counter of each sub-array. Returns, for each counter vector seen at x, how many outcomes
// produce it (as exact integer counts, weights s^{-k·n}).
std::map<std::vector<int>, long long> enumerate(int s, int k, int n) {
    std::map<std::vector<int>, long long> out;
    const int cells = k * n;
    std::vector<int> pos(cells, 0);
    while (true) {
        std::vector<int> c(k, 0);
        for (int e = 0; e < n; ++e)
            for (int j = 0; j < k; ++j) c[j] += pos[e * k + j] == 0;
        ++out[c];
        int i = 0;
        while (i < cells && ++pos[i] == s) pos[i++] = 0;
        if (i == cells) break;
    }
    return out;
}
}  // namespace

TEST_CASE("Theorem 2 equals Bayes over brute-force enumeration of every hash outcome", "[paradox]") {
    for (int s : {2, 3})
        for (int k : {1, 2, 3})
            for (int n : {1, 2, 3}) {
                if (k * n > 9) continue;
                const double m = s * k;
                // X = 0: n other elements; X = 1: x itself (adds 1 to each of its counters) plus n − 1 others
                const auto out0 = enumerate(s, k, n), out1 = enumerate(s, k, n - 1);
                const double w0 = std::pow(s, k * n), w1 = std::pow(s, k * (n - 1));
                for (double P : {1e-3, 0.2, 0.5, 0.9}) {
                    for (const auto& [c1, count1] : out1) {
                        std::vector<double> c(c1.begin(), c1.end());
                        for (double& v : c) v += 1;
                        std::vector<int> ci(c.begin(), c.end());
                        const double l1 = count1 / w1;
                        const double l0 = out0.count(ci) ? out0.at(ci) / w0 : 0.0;
                        const double bayes = P * l1 / (P * l1 + (1 - P) * l0);
                        INFO("s=" << s << " k=" << k << " n=" << n << " P=" << P);
                        CHECK(rel(posterior(c, m, n, k, P), bayes) < 1e-12);
                    }
                    // a zero counter: x ∉ S
                    for (const auto& [c0, count0] : out0) {
                        (void)count0;
                        if (std::find(c0.begin(), c0.end(), 0) == c0.end()) continue;
                        CHECK(posterior(std::vector<double>(c0.begin(), c0.end()), m, n, k, P) == 0);
                    }
                }
            }
}

TEST_CASE("Corollary 3 and Example 1: the posterior depends on the counters only through their product", "[paradox]") {
    const double m = 1000, n = 100, k = 2, P = 0.01;
    CHECK(posterior({5, 5}, m, n, k, P) > posterior({1, 10}, m, n, k, P));  // 25 > 10 (Fig. 4)
    CHECK(posterior({2, 6}, m, n, k, P) == posterior({3, 4}, m, n, k, P));
    CHECK(posterior({2, 6}, m, n, k, P) == posterior({6, 2}, m, n, k, P));
    double last = 0;
    for (double p = 1; p <= 100; ++p) {
        const double now = posterior({p, 1}, m, n, k, P);
        CHECK(now > last);
        last = now;
    }
}

TEST_CASE("Theorem 4: the minimal product is the first π with posterior ≥ 1/(1+α) (linear search)", "[paradox]") {
    for (double k : {1.0, 3.0, 6.0})
        for (double P : {0.5, 0.125, 1.0 / 32, 1.0 / 128, 1e-4})
            for (double a : {0.25, 1.0, 2.4, 5.0}) {
                const double m = 26624, n = 3328;
                const auto pi = cbf_min_product(m, n, static_cast<unsigned>(k), P, a);
                REQUIRE(pi.has_value());
                // linear search with the unsimplified formula of Theorem 2, in long double
                long double best = 0;
                for (long double t = 1; t < 1e7; ++t) {
                    const long double num = std::pow((long double)m, k) * t * P;
                    const long double post = num / (num + std::pow((long double)(n * k), k) * (1 - P));
                    if (post >= 1.0L / (1.0L + a)) {
                        best = t;
                        break;
                    }
                }
                CHECK(*pi == (double)best);
            }
    // α = 2.4: the probability threshold is 1/(1 + α) = 10/34 (004 §VIII-C)
    CHECK(cbf_paradox(CbfInput{{1}, 10, 1, 1, 0.5, 2.4}).posterior_threshold == 10.0 / 34.0);
}

TEST_CASE("Fig. 8: at m/n = 8, k = 6, posterior ≥ 0.8 needs products 5, 23, 91 for priors 2^-3, 2^-5, 2^-7",
          "[paradox]") {
    // posterior ≥ 0.8 is Theorem 4 with α = 1/4
    CHECK(*cbf_min_product(26624, 3328, 6, 0.125, 0.25) == 5);
    CHECK(*cbf_min_product(26624, 3328, 6, 1.0 / 32, 0.25) == 23);
    CHECK(*cbf_min_product(26624, 3328, 6, 1.0 / 128, 0.25) == 91);
    // Theorem 2 at product 8 (the printed 0.90594, 0.68504, 0.34679 are measured; see docs/paradox.md)
    CHECK(std::fabs(posterior({8, 1, 1, 1, 1, 1}, 26624, 3328, 6, 0.125) - 0.86528) < 5e-5);
}

TEST_CASE("§V-C: expected cost per k equals enumeration of all counter vectors", "[paradox]") {
    for (unsigned k : {1u, 2u, 3u})
        for (double P : {0.3, 0.05})
            for (double a : {0.5, 3.0}) {
                const double m = 12, n = 6;
                const auto r = cbf_cost_for_k(m, n, k, P, a);
                // enumerate every counter vector c ∈ {0..n}^k with binomial weights
                const double q = k / m;
                auto bin = [&](int trials, int x) {
                    if (x < 0 || x > trials) return 0.0;
                    return std::tgamma(trials + 1.0) / (std::tgamma(x + 1.0) * std::tgamma(trials - x + 1.0)) *
                           std::pow(q, x) * std::pow(1 - q, trials - x);
                };
                double fp = 0, fn = 0;
                std::vector<int> c(k, 0);
                while (true) {
                    double w0 = 1, w1 = 1, prod = 1;
                    for (int v : c) w0 *= bin(int(n), v), w1 *= bin(int(n) - 1, v - 1), prod *= v;
                    const bool positive = r.min_product && prod >= *r.min_product;
                    if (positive)
                        fp += w0;
                    else
                        fn += w1;
                    unsigned i = 0;
                    while (i < k && ++c[i] > n) c[i++] = 0;
                    if (i == k) break;
                }
                CHECK(std::fabs(r.fpr - fp) < 1e-12);
                CHECK(std::fabs(r.fnr - fn) < 1e-12);
                CHECK(std::fabs(r.cost - ((1 - P) * fp + a * P * fn)) < 1e-12);
            }
    const auto best = cbf_optimal_k(7680, 1024, 1.0 / 1024, 5, 10);
    for (const auto& row : best.by_k) CHECK(best.by_k[best.best_k - 1].cost <= row.cost);
}

TEST_CASE("Table III: selective CBF fpr, fnr and cost within 1% of the printed values (α = 5)", "[paradox]") {
    const double fpr[] = {8.95e-5, 9.59e-5, 9.42e-5, 1.01e-4}, fnr[] = {7.65e-1, 6.57e-1, 5.35e-1, 4.16e-1},
                 cost[] = {1.42e4, 1.25e4, 1.05e4, 8.61e3}, cbf_fpr[] = {1.47e-1, 5.61e-2, 2.16e-2, 8.20e-3};
    const int bpe[] = {16, 24, 32, 40};
    for (int i = 0; i < 4; ++i) {
        const auto o = selective_cbf(SelectiveInput{paper_table2_classes(), 3328.0 * bpe[i] / 4, 5});
        INFO("bpe " << bpe[i] << ": " << o[1].fpr << " " << o[1].fnr << " " << o[1].cost);
        CHECK(rel(o[0].fpr, cbf_fpr[i]) < 0.01);
        CHECK(rel(o[1].fpr, fpr[i]) < 0.01);
        CHECK(rel(o[1].fnr, fnr[i]) < 0.01);
        CHECK(rel(o[1].cost, cost[i]) < 0.01);
    }
}

TEST_CASE("bad CBF input is a named RangeError", "[paradox]") {
    auto param = [](CbfInput in) {
        try {
            cbf_paradox(in);
        } catch (const RangeError& e) {
            return e.parameter();
        }
        return std::string("none");
    };
    CHECK(param({{1, 2}, 100, 10, 2, 0.1, 1}) == "none");
    CHECK(param({{1, -1}, 100, 10, 2, 0.1, 1}) == "counters");
    CHECK(param({{1, 1.5}, 100, 10, 2, 0.1, 1}) == "counters");
    CHECK(param({{1, 11}, 100, 10, 2, 0.1, 1}) == "counters");
    CHECK(param({{1}, 100, 10, 2, 0.1, 1}) == "counters");
    CHECK(param({{}, 100, 10, 0, 0.1, 1}) == "k");
    CHECK(param({{1, 2}, 100, 10, 2, -0.1, 1}) == "prior");
    CHECK(param({{1, 2}, 100, 10, 2, 0.1, 0}) == "alpha");
    CHECK(param({{1, 2}, 1, 10, 2, 0.1, 1}) == "k");
    // extreme priors: finite answers
    CHECK(posterior({3, 4}, 100, 10, 2, 1e-300) > 0);
    CHECK(posterior({3, 4}, 100, 10, 2, 1 - 1e-16) == 1.0);
    CHECK(cbf_paradox(CbfInput{{3, 4}, 100, 10, 2, 1 - 1e-16, 1}).posterior_complement > 0);
    CHECK_FALSE(cbf_min_product(100, 10, 2, 0.0, 1).has_value());
    CHECK(*cbf_min_product(100, 10, 2, 1.0, 1) == 1);
}

TEST_CASE("a CBF cost table too wide to tabulate is refused by name before any allocation", "[paradox]") {
    // n = 2^40 items in 1000 counters: the counter pmf would need ~10^9 entries (seconds, gigabytes).
    auto param = [](double m, double n) {
        try {
            cbf_optimal_k(m, n, 0.125, 0.25, 8);
        } catch (const InfeasibleError& e) {
            return e.parameter();
        }
        return std::string("none");
    };
    CHECK(param(1000, 1099511627776.0) == "n");
    CHECK(param(26624, 3328) == "none");
}

TEST_CASE("cbf_optimal_k names kmax, with the largest k it can tabulate, when Π outgrows 2^22 (not prior)",
          "[paradox]") {
    // m = n = 2^40, P = 0.1, α = 1: Π = 9·k^k (Theorem 2) is 4.2e5 at k = 6 and 7.4e6 > 2^22 at k = 7.
    const double big = 1099511627776.0;
    try {
        cbf_optimal_k(big, big, 0.1, 1, 16);
        FAIL("no error");
    } catch (const InfeasibleError& e) {
        CHECK(e.parameter() == "kmax");
        CHECK(e.valid_range().rfind("at most 6 ", 0) == 0);
    }
    const auto ok = cbf_optimal_k(big, big, 0.1, 1, 6);  // the range it names is computable
    CHECK(ok.by_k.size() == 6);
    CHECK(*ok.by_k[5].min_product > 4e5);
    try {
        cbf_optimal_k(100, 10, 0.1, 1, 0);
        FAIL("no error");
    } catch (const RangeError& e) {
        CHECK(e.parameter() == "kmax");
    }
}

TEST_CASE("Theorem 5, Example 2: δ = 18 for x and δ = 12 for z with D = {1, 2, 4}", "[paradox]") {
    CHECK(is_bh_sequence({1, 2, 4}, 2));
    CHECK_FALSE(is_bh_sequence({1, 2, 3}, 2));  // 1 + 3 = 2 + 2
    BhCbfInput x{{1, 2}, {2, 8}, {2, 4}, {1, 2, 4}, 2, 100, 10, 2, 0.1, 1};
    const auto rx = bh_cbf_paradox(x);
    CHECK(rx.delta == 18);
    CHECK(*rx.multiplicities[0] == 1);
    CHECK(*rx.multiplicities[1] == 2);
    BhCbfInput z{{2, 4}, {3, 7}, {1, 2}, {1, 2, 4}, 2, 100, 10, 2, 0.1, 1};
    const auto rz = bh_cbf_paradox(z);
    CHECK(rz.delta == 12);
    CHECK_FALSE(rz.multiplicities[1].has_value());
    // Theorem 5 has Theorem 2's form with δ for the product
    CHECK(rel(rx.posterior, posterior({6, 3}, 100, 10, 2, 0.1)) < 1e-15);
    // all I(j) = 0 reduces to Theorem 2 (004 §VI)
    BhCbfInput w{{3, 5}, {5, 11}, {1, 4}, {1, 2, 4}, 2, 100, 10, 2, 0.1, 1};
    CHECK(rel(bh_cbf_paradox(w).posterior, posterior({3, 5}, 100, 10, 2, 0.1)) < 1e-15);
    w.sequence = {1, 2, 3};
    CHECK_THROWS_AS(bh_cbf_paradox(w), RangeError);
}

TEST_CASE("Theorems 6 and 7: the ratio order is as cheap as the best of all orders", "[paradox]") {
    std::mt19937_64 rng(4004);
    std::uniform_real_distribution<double> u(0, 1);
    int cases = 0;
    for (int L = 0; L <= 6; ++L)
        for (int rep = 0; rep < 40; ++rep) {
            CacheOrderInput in;
            const bool equal = rep % 2 == 0;  // Theorem 7's simple case
            const double tau = 0.5 + u(rng) * 2;
            for (int j = 0; j < L; ++j) {
                in.probs.push_back(rep % 5 == 0 && j == 0 ? 1.0 : u(rng));
                in.costs.push_back(equal ? tau : 0.2 + u(rng) * 3);
            }
            in.special_cost = 1 + u(rng) * 10;
            const auto r = optimal_cache_order(in);
            // brute force: every permutation of the proxies and the special proxy
            std::vector<int> items(L);
            std::iota(items.begin(), items.end(), 0);
            items.push_back(-1);
            std::sort(items.begin(), items.end());
            double best = INFINITY;
            do best = std::min(best, cache_order_cost(in, items));
            while (std::next_permutation(items.begin(), items.end()));
            CHECK(r.expected_cost <= best * (1 + 1e-12));
            CHECK(r.theorem == ((equal || L == 1) && L > 0 ? 7 : 6));  // one proxy: trivially equal costs
            if (equal) {  // Theorem 7: regular proxies by non-increasing p, the special one once p < τ/ψ
                for (std::size_t i = 0; i + 1 < r.steps.size(); ++i)
                    if (r.steps[i].proxy >= 0 && r.steps[i + 1].proxy >= 0)
                        CHECK(r.steps[i].prob >= r.steps[i + 1].prob);
                for (const auto& s : r.steps)
                    if (s.proxy >= 0) CHECK(s.prob >= tau / in.special_cost);
            }
            ++cases;
        }
    CHECK(cases == 280);
    CHECK_THROWS_AS(optimal_cache_order(CacheOrderInput{{0.5}, {1, 2}, 3}), RangeError);
    CHECK_THROWS_AS(optimal_cache_order(CacheOrderInput{{1.5}, {1}, 3}), RangeError);
    CHECK_THROWS_AS(optimal_cache_order(CacheOrderInput{{0.5}, {0}, 3}), RangeError);
    CHECK_THROWS_AS(optimal_cache_order(CacheOrderInput{{0.5}, {1}, -3}), RangeError);
}

TEST_CASE("CBF optimal k: kmax is an integer in [1, 64] (16 unless given), checked before the filter",
          "[paradox][cbf][errors]") {
    CbfOptimalKInput in;
    in.m = 200, in.n = 20, in.prior = 0.1, in.alpha = 1;
    CHECK(cbf_optimal_k(in).by_k.size() == 16);
    CHECK(cbf_optimal_k(in).best_k == cbf_optimal_k(200, 20, 0.1, 1, 16).best_k);
    for (double kmax : {0.0, 65.0, 2.5, double(NAN)}) {
        in.kmax = kmax;
        CHECK(parameter_of([&] { cbf_optimal_k(in); }) == "kmax");
    }
    in.m = -1;  // kmax first
    CHECK(parameter_of([&] { cbf_optimal_k(in); }) == "kmax");
    in.kmax = 10;
    CHECK(parameter_of([&] { cbf_optimal_k(in); }) == "m");
}

TEST_CASE("Selective insertion: the surfaces' request, the classes from two lists and the counting policies",
          "[paradox][selective]") {
    SelectiveRequest request;
    request.sizes = {1000, 1000}, request.members = {100, 10}, request.m = 2000, request.alpha = 1;
    SelectiveInput in;
    in.classes = make_prior_classes(request.sizes, request.members), in.m = 2000, in.alpha = 1;
    CHECK(selective(request).size() == selective_bloom(in).size());
    CHECK(selective(request)[0].cost == selective_bloom(in)[0].cost);
    request.counting = true;
    CHECK(selective(request).size() == selective_cbf(in).size());
    CHECK(selective(request).back().cost == selective_cbf(in).back().cost);
    request.members = {100};
    CHECK(parameter_of([&] { selective(request); }) == "members");
}
