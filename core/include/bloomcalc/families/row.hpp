// One row of the "Which filter?" comparison (issue 33): every family's sizing returns these, so the compare
// table, the chart and the tests read one shape. docs/families.md.
//   family                 "bloom", "blocked-bloom", "cuckoo", "xor", "binary-fuse", "ribbon", "quotient",
//                          "counting-quotient"
//   variant                the library and its knobs in words ("efficient/cuckoofilter, f = 12, b = 4")
//   params                 the sizing's named numbers in the order shown (f, b, buckets, arity, slots, …)
//   bytes                  memory as the library allocates it (its rounding, load rule, segment lengths)
//   bits_per_key           8·bytes / n
//   fpr                    the false-positive rate under the model at n keys
//   meets                  fpr ≤ p (the p asked for; with no p, true)
//   allowed                its operations include those the comparison asked for (compare.hpp; else true)
//   construction_failure   the probability that building n keys fails (per seed / before the kick limit)
//   cache_lines_per_lookup the cache lines a negative lookup touches (64-byte lines, aligned as allocated)
//   operations             what the built filter supports
//   reference              the library's file and function, and the paper
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace bloomcalc {

struct NamedNumber {
    std::string name;  // the paper's symbol or the library's constant ("f", "b", "buckets", "segmentLength")
    double value = 0;
};

struct FamilyOperations {
    bool insert_after_build = false;  // add keys to a built filter (no rebuild)
    bool remove = false;              // delete a key (false positives of a deleted non-member: docs/families.md)
    bool count = false;               // report a key's multiplicity
    bool merge = false;               // union of two filters of the same shape without the keys
    bool resize = false;              // grow without the keys
};

struct FamilyRow {
    std::string family;
    std::string variant;
    std::vector<NamedNumber> params;
    std::uint64_t bytes = 0;
    double bits_per_key = 0;
    double fpr = 0;
    bool meets = true;
    bool allowed = true;
    double construction_failure = 0;
    std::string construction_failure_method;  // "closed form (eq …)" or "simulation of the real table, T trials"
    double cache_lines_per_lookup = 0;
    FamilyOperations operations;
    std::string reference;
};

// The value of the named parameter of a row; RangeError("name") when the row has none of that name.
double param(const FamilyRow& row, const std::string& name);

// The checks every family's sizing makes, naming the parameter and its range (error.hpp):
// n an integer in [1, 2^40], p a probability in (0, 1), max_bytes an integer in [1, 2^43] (a 2^40-key table
// of 8-bit keys).
constexpr std::uint64_t kFamilyMaxKeys = std::uint64_t{1} << 40;
constexpr std::uint64_t kFamilyMaxBytes = std::uint64_t{1} << 43;
std::uint64_t checked_family_n(double n);
double checked_family_p(double p);
std::uint64_t checked_family_max_bytes(double max_bytes);

}  // namespace bloomcalc
