// Improvements against the Bloom paradox (004 §IV-C, §IV-D): per-class decisions when the universe
// splits into classes of uniform a-priori probability. Selective insertion (insert only elements
// above the threshold P₀ of the final load), selective query (answer negative without querying below
// P₀), both, and the selective counting Bloom filter (Theorem 4 per class, §VIII-B, Table III).
// All rates are expectations over the hash functions; costs are in units of W_FP (W_FN = α).
#pragma once

#include <cmath>
#include <cstdint>
#include <string>
#include <vector>

namespace bloomcalc {

struct PriorClass {
    double size = 0;     // elements of the universe in this class, N_i (integer ≥ 1)
    double members = 0;  // of them in S, n_i ≤ N_i; the class's prior is n_i / N_i
};

enum class SelectivePolicy { none, insertion, query, both };
const char* to_string(SelectivePolicy p);

struct ClassOutcome {
    double prior = 0;
    double inserted = 0;   // members inserted into the filter
    bool queried = false;  // whether the filter is queried for this class's elements
};

struct SelectiveOutcome {
    SelectivePolicy policy = SelectivePolicy::none;
    double inserted = 0;    // n*, elements in the filter
    unsigned k = 0;         // hash functions: the integer nearest ln2·m/n* (004 §III), in [1, 64]
    double threshold = 0;   // P₀ = 1/(1 + α·2^{ln2·m/n*}) used for the decisions
    double filter_fpr = 0;  // FPR of the filter: (1 − (1 − k/m)^{n*})^k (partitioned, exact mean)
    double false_positives = 0, false_negatives = 0;  // expected counts over one query of each element
    double fpr = 0;                                   // false positives / (N − n)
    double fnr = 0;                                   // false negatives / n
    double cost = 0;                                  // false positives + α·false negatives
    std::vector<ClassOutcome> classes;
};

struct SelectiveInput {
    std::vector<PriorClass> classes;
    double m = 0;  // bits (Bloom) or counters (CBF)
    double alpha = 1;
};

// The four Bloom-filter policies of 004 Table II (none = the plain Bloom filter).
std::vector<SelectiveOutcome> selective_bloom(const SelectiveInput& in);
// The plain CBF and the selective CBF (query only, Theorem 4 per class) of 004 Table III; k as above.
// For the selective CBF, `threshold` is unused (0) and each class's decision is its minimal product.
std::vector<SelectiveOutcome> selective_cbf(const SelectiveInput& in);

// Classes from two parallel lists; RangeError naming members when the lengths differ.
std::vector<PriorClass> make_prior_classes(const std::vector<double>& sizes, const std::vector<double>& members);

// As the surfaces ask it (selective): the classes as two lists (make_prior_classes), and the counting filter's
// policies (selective_cbf) or the Bloom filter's (selective_bloom).
struct SelectiveRequest {
    std::vector<double> sizes, members;
    double m = NAN, alpha = NAN;
    bool counting = false;
};
std::vector<SelectiveOutcome> selective(const SelectiveRequest& request);

// The classes of 004 §VIII-A: 13 classes, class i has 2^{i+10} elements of which 256 are in S.
std::vector<PriorClass> paper_table2_classes();

}  // namespace bloomcalc
