// The part of `conquian_bench solve` for the stock unknown (bench_solve_chance.cpp).
#pragma once

#include "bench.h"

namespace conquian::bench {

int bench_solve_chance(const Args& args);

}  // namespace conquian::bench
