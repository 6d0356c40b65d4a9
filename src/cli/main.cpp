// conquian: verify and analyse the rules of Conquian. Parse, dispatch, catch.
#include <fmt/core.h>

#include <exception>

#include "cli/commands.h"
#include "record/input_error.h"

int main(int argc, char** argv) {
  using namespace conquian::cli;
  CLI::App app{
      "conquian: check recorded games of Conquian, solve endgames, prove rule properties, and\n"
      "compare variants. Rulesets are named (american, nine-card, ...; see `conquian rulesets`)\n"
      "or given as a path to a YAML file.\n\n"
      "Exit status: 0 all good, 1 the input was read and found wanting (an illegal game, a\n"
      "refuted property), 2 the input could not be used (unreadable file, bad YAML, unknown\n"
      "ruleset, bad option)."};
  app.require_subcommand(1);
  app.set_version_flag("--version", "conquian 0.1.0");
  Runner run;
  register_check(app, run);
  register_rulesets(app, run);
  register_simulate(app, run);
  register_diff(app, run);
  register_prove(app, run);
  register_solve(app, run);
  register_forcing(app, run);
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    int code = app.exit(e);
    return code == 0 ? kExitOk : kExitUnusable;
  }
  try {
    return run ? run() : kExitUnusable;
  } catch (const conquian::record::InputError& e) {
    fmt::print(stderr, "conquian: {}\n", e.what());
    return kExitUnusable;
  } catch (const std::exception& e) {
    fmt::print(stderr, "conquian: {}\n", e.what());
    return kExitUnusable;
  }
}
