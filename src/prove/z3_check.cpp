#include "prove/z3_check.h"

#include <z3++.h>

namespace conquian::prove {

Z3Answer check(z3::solver& solver, const Z3Limits& limits) {
  Z3Answer a;
  try {
    z3::params p(solver.ctx());
    if (limits.timeout_ms > 0) p.set("timeout", limits.timeout_ms);
    if (limits.rlimit > 0) p.set("rlimit", limits.rlimit);
    solver.set(p);
    switch (solver.check()) {
      case z3::sat: a.result = Z3Result::Sat; break;
      case z3::unsat: a.result = Z3Result::Unsat; break;
      case z3::unknown:
        a.result = Z3Result::Unknown;
        a.reason_unknown = solver.reason_unknown();
        break;
    }
  } catch (const z3::exception& e) {
    a.result = Z3Result::Unknown;
    a.reason_unknown = std::string("z3 error: ") + e.msg();
  }
  return a;
}

std::string z3_could_not(const std::string& question, const std::string& reason) {
  return "Z3 could not " + question + " (" + reason + ")";
}

}  // namespace conquian::prove
