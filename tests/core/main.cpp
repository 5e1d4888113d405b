// Catch2 v2 main, in its own translation unit so it compiles once (TOOLCHAIN.md §9).
#define CATCH_CONFIG_MAIN
#include <catch2/catch.hpp>
