// Catch2 v2 main, in its own translation unit so it compiles once (it is the slowest file to compile).
#define CATCH_CONFIG_MAIN
#include <catch2/catch.hpp>
