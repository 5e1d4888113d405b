// Theorem 1 of 004 and the quantities of its proof, in log-odds form so extreme priors stay finite.
#include "bloomcalc/paradox/bloom.hpp"

#include <algorithm>
#include <cmath>

#include "bloomcalc/error.hpp"
#include "bloomcalc/paradox/common.hpp"
#include "bloomcalc/params.hpp"

namespace bloomcalc {

namespace {
const double kLn2Sq = std::log(2.0) * std::log(2.0);

// log F from the input: log of the given FPR, or −ln²2·b for b bits per element (004 §III).
double log_fpr_of(const BloomParadoxInput& in) {
    if (in.fpr.has_value() == in.bits_per_element.has_value())
        throw RangeError("fpr", "given alone: exactly one of fpr and bpe",
                         in.fpr ? "both fpr and bpe" : "neither fpr nor bpe");
    if (in.fpr) {
        const double f = *in.fpr;
        if (!(f > 0.0 && f <= 1.0)) throw RangeError("fpr", "a probability in (0, 1]", show_number(f));
        return std::log(f);
    }
    const double b = *in.bits_per_element;
    if (!(b >= 0.0 && std::isfinite(b)))
        throw RangeError("bpe", "a finite number ≥ 0 of bits per element", show_number(b));
    return -kLn2Sq * b;
}
}  // namespace

double model_fpr_from_bits_per_element(double b) { return std::exp(-kLn2Sq * b); }

double paradox_threshold(double fpr, double alpha) { return logistic(std::log(fpr) - std::log(alpha)); }

double paradox_threshold_bpe(double b, double alpha) { return logistic(-kLn2Sq * b - std::log(alpha)); }

std::optional<double> min_bits_per_element(double prior, double alpha) {
    checked_prior(prior);
    checked_alpha(alpha);
    // Theorem 1: no paradox iff P ≥ 1/(1 + α·2^{ln2·b}) iff ln2·b·ln2 ≥ ln((1 − P)/(αP)).
    const double x = -logit(prior) - std::log(alpha);
    if (std::isinf(x) && x > 0) return std::nullopt;  // P = 0: every positive is false
    return std::max(0.0, x / kLn2Sq);
}

BloomParadoxResult bloom_paradox(const BloomParadoxInput& in) {
    BloomParadoxResult r;
    r.prior = checked_prior(in.prior);
    r.alpha = checked_alpha(in.alpha);
    const double log_f = log_fpr_of(in);
    const double P = r.prior, a = r.alpha;
    r.fpr = in.fpr ? *in.fpr : std::exp(log_f);
    r.bits_per_element = in.bits_per_element ? *in.bits_per_element : -log_f / kLn2Sq + 0.0;
    // Proof of Theorem 1: Pr(x ∈ S | BF = 1) = P / (P + (1 − P)F); its log-odds are logit(P) − ln F.
    const double L = logit(P) - log_f;
    r.posterior = logistic(L);
    r.posterior_complement = logistic(-L);
    r.threshold = logistic(log_f - std::log(a));  // P₀ = F/(F + α)
    r.posterior_threshold = 1.0 / (1.0 + a);      // the same condition on the posterior (Theorem 4 form)
    // Theorem 1: the paradox occurs iff (1 − P)·F > α·P, i.e. iff the posterior log-odds < −ln α.
    r.paradox = L < -std::log(a);
    r.cost_trust_given_positive = r.posterior_complement;  // E₁(x)
    r.cost_ignore_given_positive = a * r.posterior;        // E₀(x)
    r.cost_trust = (1.0 - P) * r.fpr;
    r.cost_ignore = a * P;
    r.positive_probability = P + (1.0 - P) * r.fpr;
    r.cost_optimal = r.paradox ? r.cost_ignore : r.cost_trust;
    r.min_bits_per_element = min_bits_per_element(P, a);
    return r;
}

std::vector<double> bloom_paradox_curve(const BloomParadoxCurveInput& curve) {
    BloomParadoxInput in;
    in.alpha = curve.alpha, in.fpr = curve.fpr, in.bits_per_element = curve.bits_per_element;
    std::vector<double> posteriors;
    posteriors.reserve(curve.priors.size());
    for (double prior : curve.priors) {
        in.prior = prior;
        posteriors.push_back(bloom_paradox(in).posterior);
    }
    return posteriors;
}

}  // namespace bloomcalc
