// The row shape every family returns (row.hpp): the named parameters and the shared checks of the sizings.
#include <catch2/catch.hpp>

#include "bloomcalc/families/row.hpp"
#include "parameter.hpp"

using namespace bloomcalc;

TEST_CASE("A family row gives its named parameters, and names the one it lacks", "[families][row]") {
    FamilyRow row;
    row.family = "cuckoo";
    row.params = {{"f", 12}, {"b", 4}};
    CHECK(param(row, "f") == 12);
    CHECK(param(row, "b") == 4);
    CHECK(parameter_of([&] { param(row, "arity"); }) == "arity");
}

TEST_CASE("The families' shared checks name n, p and maxBytes with their ranges", "[families][row]") {
    CHECK(checked_family_n(1e7) == 10000000u);
    CHECK(parameter_of([] { checked_family_n(0); }) == "n");
    CHECK(parameter_of([] { checked_family_n(0x1p40 + 1); }) == "n");
    CHECK(parameter_of([] { checked_family_n(1.5); }) == "n");
    CHECK(checked_family_p(0.01) == 0.01);
    CHECK(parameter_of([] { checked_family_p(1); }) == "p");
    CHECK(parameter_of([] { checked_family_p(NAN); }) == "p");
    CHECK(parameter_of([] { checked_family_max_bytes(0); }) == "maxBytes");
    CHECK(checked_family_max_bytes(4096) == 4096u);
}
