// One Z3 check, its three answers kept apart. "unknown" (a timeout, a resource limit, an
// error) is no proof of anything: a caller that treats it as unsat would claim a property
// it never proved (issue 11). So every check under src/prove goes through check() below or
// switches on all three results itself (partition_z3.cpp), and an unknown answer carries
// Z3's reason_unknown up to the command, which then exits 3.
#pragma once

#include <stdexcept>
#include <string>

namespace z3 {
class solver;
}

namespace conquian::prove {

// What a check may spend. 0: no limit. The timeout is what `--z3-timeout MS` sets; the
// resource limit (Z3's deterministic count of work) lets tests reach "unknown" on any
// machine, however fast.
struct Z3Limits {
  unsigned timeout_ms = 0;
  unsigned rlimit = 0;
};

enum class Z3Result { Sat, Unsat, Unknown };

struct Z3Answer {
  Z3Result result = Z3Result::Unknown;
  std::string reason_unknown;  // Unknown: Z3's reason ("timeout", "canceled", ...) or "z3 error: ..."
  bool sat() const { return result == Z3Result::Sat; }
  bool unsat() const { return result == Z3Result::Unsat; }
  bool unknown() const { return result == Z3Result::Unknown; }
};

// Applies `limits` to `solver` and checks; a z3::exception becomes Unknown with its message.
Z3Answer check(z3::solver& solver, const Z3Limits& limits);

// Thrown where an answer needs a Z3 check that came back unknown (`forcing`): the command
// catches it and exits 3 with the reason.
struct Z3Undecided : std::runtime_error {
  using std::runtime_error::runtime_error;
};

}  // namespace conquian::prove
