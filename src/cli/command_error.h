// How a command says its input is unusable: it throws CommandError (or record::InputError),
// and main prints it once, in the one form every command shares: `conquian CMD: reason` on
// standard error, and under --json an {"error": {...}} object on standard output; exit 2.
#pragma once

#include <memory>
#include <nlohmann/json.hpp>
#include <stdexcept>
#include <string>

#include "cli/commands.h"
#include "rules/ruleset.h"

namespace conquian::cli {

class CommandError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// A question the command could not decide within its budget (a search that reached
// --max-nodes): nothing is claimed, and main exits 3, as for Z3's unknown (specs/solve.md),
// so that a script never takes "too big to solve here" for "bad input".
class Undecided : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// Prints an error in that one form and returns `status`. Only main (CommandLine::fail) calls
// it, and a command that must end other MPI ranks itself once the error is out (diff).
int report_error(const std::string& command, bool json, const std::string& message,
                 nlohmann::json where = nlohmann::json::object(), int status = kExitUnusable);

// Two options that cannot go together, or one that needs another: refused, never ignored.
inline void refuse_if(bool conflict, const std::string& why) {
  if (conflict) throw CommandError(why);
}

// The ruleset an option names. A name that is no ruleset, or a path that cannot be opened,
// blames the option (`--ruleset: unknown ruleset 'americn'; did you mean 'american'?`);
// a ruleset file with a fault inside still names its file and line.
std::shared_ptr<const Ruleset> ruleset_option(const std::string& name_or_path, const std::string& option = "--ruleset");

}  // namespace conquian::cli
