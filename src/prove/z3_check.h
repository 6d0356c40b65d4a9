// One Z3 check, its three answers kept apart. "unknown" (a timeout, a resource limit, an
// error) is no proof of anything: a caller that treats it as unsat would claim a property
// it never proved. So every check under src/prove goes through check() below or
// switches on all three results itself (partition_z3.cpp), and an unknown answer carries
// Z3's reason_unknown up to the command, which then exits 3.
#pragma once

#include <stdexcept>
#include <string>
#include <utility>

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

// The one wording of an undecided Z3 question: "Z3 could not QUESTION (REASON)", REASON
// being Z3's own (`reason_unknown`). Property details and the commands' messages use it.
std::string z3_could_not(const std::string& question, const std::string& reason);

// Thrown where a command's answer needs a Z3 check that came back unknown (`forcing`,
// `prove partition`): nothing is claimed; main reports it in the one undecided form
// (specs/check-output.md, "Undecided"), exit 3. what() is z3_could_not(question, reason).
class Z3Undecided : public std::runtime_error {
 public:
  Z3Undecided(const std::string& question, std::string reason)
      : std::runtime_error(z3_could_not(question, reason)), reason_(std::move(reason)) {}
  const std::string& reason() const { return reason_; }  // Z3's own ("timeout", ...)

 private:
  std::string reason_;
};

}  // namespace conquian::prove
