// "Which filter?" (issue 33 item 3): every family's rows (families/row.hpp) for n keys and a target p, or for a
// memory budget, marked and sorted. docs/families.md, "Which filter?".
//   rows      every family and variant: bloom (standard, layouts/layout_sizing.hpp), blocked-bloom (RocksDB,
//             Parquet, Boost as libraries/library_sizing.hpp sizes them), cuckoo, xor, binary-fuse, ribbon,
//             quotient, counting-quotient (their own sizing headers); with `family`, that family's rows and knobs only
//   allowed   the row's operations include those asked: delete when `deletes`, insert after build unless `static`
//   order     with p: the rows that meet p (and fit max_bytes when given) and are allowed, by bytes; then the rest, by
//             bytes. max_bytes alone: each family's lowest FPR in that memory, the allowed rows first, by FPR
#pragma once

#include <cmath>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "bloomcalc/families/row.hpp"

namespace bloomcalc::families {

// The families in the order rows are built (row.hpp's names); "all" asks for every one.
const std::vector<std::string>& compare_families();

// As the surfaces give it (schema/inputs.mjs, CompareInput). An optional number is absent or given: a given NaN is
// refused naming it, as any value out of its range ("" for family: the default, as every choice's).
struct CompareInput {
    double n = NAN;
    std::optional<double> p;
    bool deletes = false;             // the set loses keys: rows must support delete
    bool static_set = false;          // the whole set is known at build time: filters built once qualify
    std::optional<double> max_bytes;  // with p: a row must fit too; alone: the lowest FPR in this memory
    std::string family = "all";
    std::optional<double> fingerprint_bits, bucket_size, arity;  // a family's own knobs (with `family`)
};

struct CompareResult {
    std::uint64_t n = 0;
    std::optional<double> p;                   // the target, when given
    std::optional<double> max_bytes;           // the budget, when given
    std::vector<FamilyRow> rows;               // sorted (above)
    std::optional<double> recommended;         // the index of the first row, when it meets p and is allowed
    std::optional<double> bound_bits_per_key;  // log2(1/p): no filter of false-positive rate p needs fewer
};

// RangeError naming n, p, maxBytes, family, fingerprintBits, bucketSize or arity (a knob without a family, or one
// the family has not); InfeasibleError naming maxBytes when no row fits the budget.
CompareResult compare(const CompareInput& in);

}  // namespace bloomcalc::families
