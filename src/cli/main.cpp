// conquian: verify and analyse the rules of Conquian. Parse, dispatch, catch; every error
// leaves here in one form (cli/command_error.h).
#include <fmt/core.h>

#include <exception>
#include <new>
#include <nlohmann/json.hpp>

#include "base/heap_tuning.h"
#include "base/spelling.h"
#include "cli/command_error.h"
#include "cli/command_line.h"
#include "cli/commands.h"
#include "cli/help_format.h"
#include "cli/version.h"
#include "prove/z3_check.h"
#include "record/input_error.h"

namespace {

using namespace conquian::cli;

// `conquian help [COMMAND [SUBCOMMAND]]`: the same text as `conquian [COMMAND] --help`.
void register_help(CLI::App& app, Runner& run) {
  static std::vector<std::string> words;
  auto* cmd = app.add_subcommand("help", "Print the help of conquian or of a COMMAND (as COMMAND --help does)");
  cmd->add_option("COMMAND", words, "A command, and a subcommand of it");
  cmd->callback([&app, &run] {
    run = [&app] {
      const CLI::App* at = &app;
      for (const auto& w : words) {
        const CLI::App* sub = find_command(*at, w);
        if (!sub) throw CommandError("unknown command '" + w + "'" + conquian::did_you_mean(w, command_names(*at)));
        at = sub;
      }
      // help() would describe the command chosen on this line (help itself): format `at`,
      // named as `conquian COMMAND --help` names it.
      std::string name = app.get_name();
      for (const auto& w : words) name += " " + w;
      fmt::print("{}", at->get_formatter()->make_help(at, name, CLI::AppFormatMode::Normal));
      return kExitOk;
    };
  });
}

}  // namespace

int main(int argc, char** argv) {
  conquian::hold_freed_heap();
#if defined(__x86_64__) && defined(__POPCNT__)
  // Built for x86-64-v2 (CMakeLists.txt, CONQUIAN_ARCH): say so instead of dying of SIGILL.
  if (!__builtin_cpu_supports("popcnt")) {
    fmt::print(stderr,
               "conquian: this build needs a processor with the popcnt instruction (x86-64-v2); "
               "rebuild with -DCONQUIAN_ARCH= for the x86-64 baseline\n");
    return 2;
  }
#endif
  CLI::App app{
      "conquian: check, solve and compare the rules of Conquian, the Mexican card game that began the rummy "
      "family, of its variants, and of Panguingue (Pan), its card-room relative. Rulesets are named (american, "
      "nine-card, panguingue, ...: conquian rulesets) or given as a path to a YAML file.\n\n"
      "Exit status: 0 all good; 1 the input was found wanting (an illegal game, a refuted property); 2 the input "
      "could not be used (a file not there, bad YAML, an unknown ruleset, a bad option); 3 undecided (prove, forcing: "
      "Z3 answered unknown; solve: only estimated).",
      "conquian"};  // named, not argv[0]: help says `conquian check`, wherever the binary is
  app.require_subcommand(1);
  app.formatter(fitting_formatter(help_width()));  // before the commands, which take it from app
  app.set_version_flag("-V,--version", version_line());
  Runner run;
  register_check(app, run);
  register_rulesets(app, run);
  register_simulate(app, run);
  register_diff(app, run);
  register_prove(app, run);
  register_solve(app, run);
  register_forcing(app, run);
  register_analyse(app, run);
  register_show(app, run);
  register_convert(app, run);
  register_engine(app, run);
  register_referee(app, run);
  register_tournament(app, run);
  register_serve(app, run);
  register_cards(app, run);
  register_completion(app, run);
  register_help(app, run);
  add_ruleset_dir_option(app);
  CommandLine line(app, argc, argv);
  if (auto status = line.before_parse()) return *status;
  try {
    app.parse(argc, argv);
  } catch (const CLI::CallForHelp& e) { return app.exit(e); } catch (const CLI::CallForAllHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForVersion& e) { return app.exit(e); } catch (const CLI::ParseError& e) {
    std::string cmd = line.command();
    return line.fail(line.explain(e) + " (see conquian " + (cmd.empty() ? "" : cmd + " ") + "--help)");
  }
  try {
    return run ? run() : kExitUnusable;
  } catch (const conquian::record::InputError& e) {
    nlohmann::json where = {{"file", e.file()}, {"reason", e.reason()}};
    if (e.mark().line) where["line"] = e.mark().line;
    return line.fail(e.what(), where);
  } catch (const conquian::prove::Z3Undecided& e) {
    // Undecided, in the one form of specs/check-output.md: the question, and Z3's own reason.
    return line.fail(e.what(), {{"reason", e.reason()}}, kExitUnknown);
  } catch (const conquian::cli::Undecided& e) {
    return line.fail(e.what(), nlohmann::json::object(), kExitUnknown);
  } catch (const nlohmann::json::exception& e) {
    // Not the library's words, which name its internals: what went wrong, in ours.
    return line.fail(
        fmt::format("internal error: a JSON value could not be read or written as expected (nlohmann "
                    "error {}); this is a fault of conquian, please report the command",
                    e.id));
  } catch (const std::bad_alloc&) { return line.fail("out of memory"); } catch (const std::exception& e) {
    return line.fail(e.what());
  }
}
