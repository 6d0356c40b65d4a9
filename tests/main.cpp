// The one file that holds doctest's main; every other tests/*.cpp is one module's tests.
#define DOCTEST_CONFIG_IMPLEMENT_WITH_MAIN
#include <doctest/doctest.h>
