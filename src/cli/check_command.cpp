// `conquian check FILE... [--ruleset R] [--json] [--quiet]`: replay every game, judge
// every move, name the first bad one.
#include <fmt/core.h>
#include <unistd.h>

#include <nlohmann/json.hpp>

#include "check/check_file.h"
#include "check/verdict_json.h"
#include "check/verdict_text.h"
#include "cli/command_error.h"
#include "cli/commands.h"
#include "cli/input_files.h"
#include "cli/progress.h"
#include "replay/ruleset_cache.h"

namespace conquian::cli {
namespace {

struct CheckOptions {
  std::vector<std::string> files;
  std::string ruleset;
  bool json = false;
  bool json_lines = false;
  bool quiet = false;
};

int run_check(const CheckOptions& opt) {
  refuse_if(opt.quiet && opt.json, "--quiet prints nothing and --json prints JSON: give one of them");
  refuse_if(opt.quiet && opt.json_lines, "--quiet prints nothing and --json-lines prints JSON: give one of them");
  refuse_if(opt.json && opt.json_lines, "--json prints one object and --json-lines one per game: give one of them");
  RulesetCache cache;
  check::CheckFileOptions how{.cache = &cache, .under = {}};
  if (!opt.ruleset.empty()) how.under.push_back(ruleset_option(opt.ruleset));
  const std::vector<std::string> files = expand_inputs(opt.files);  // before any output
  int counts[3] = {0, 0, 0};
  bool first = true;
  Progress progress("checked", "games", 0, 64, opt.quiet || opt.json || opt.json_lines);
  if (opt.json) fmt::print("{{\"games\": [");
  auto emit = [&](const check::GameVerdict& v) {
    counts[static_cast<int>(v.judgement)]++;
    progress.tick();
    if (opt.json) {
      fmt::print("{}\n  {}", first ? "" : ",", check::verdict_json(v).dump());
      first = false;
    } else if (opt.json_lines) {
      fmt::print("{}\n", check::verdict_json(v).dump());
      std::fflush(stdout);  // a stream that never ends is read as it goes
    } else if (!opt.quiet) {
      progress.clear();
      fmt::print("{}", check::verdict_text(v));
    }
  };
  for (const auto& file : files) check::check_file(file, emit, how);
  progress.done();
  if (opt.json || opt.json_lines) {
    nlohmann::json summary = {{"legal", counts[0]}, {"illegal", counts[1]}, {"malformed", counts[2]}};
    if (opt.json) fmt::print("\n], \"summary\": {}}}\n", summary.dump());
    else fmt::print("{}\n", nlohmann::json{{"summary", summary}}.dump());
  } else if (!opt.quiet) {
    fmt::print("{} {}: {} legal, {} illegal, {} malformed\n", counts[0] + counts[1] + counts[2],
               counts[0] + counts[1] + counts[2] == 1 ? "game" : "games", counts[0], counts[1], counts[2]);
  }
  if (counts[2] > 0) return kExitUnusable;
  if (counts[1] > 0) return kExitFound;
  return kExitOk;
}

}  // namespace

void register_check(CLI::App& app, Runner& run) {
  static CheckOptions opt;
  auto* cmd = app.add_subcommand("check",
                                 "Replay recorded games and judge every move against the ruleset.\n"
                                 "Each game is legal, illegal (the first bad move is named with a code and a reason)\n"
                                 "or malformed (it could not be read as a record).\n"
                                 "Exit status: 0 all legal, 1 some game illegal, 2 something malformed or unreadable.");
  cmd->add_option("FILE", opt.files,
                  "Record files (YAML, one game per document, --- between games; .json: one record or an array;\n"
                  ".jsonl/.ndjson: one record per line); - reads standard input, a folder stands for every\n"
                  "*.yaml, *.yml, *.json, *.jsonl and *.ndjson file under it")
      ->required();
  cmd->add_option("--ruleset,-r", opt.ruleset,
                  "Judge every game under this ruleset (a name or a path) instead of the one it names");
  add_input_format_option(cmd);
  cmd->add_flag("--json", opt.json, "One JSON object on standard output: {\"games\": [...], \"summary\": {...}}");
  cmd->add_flag("--json-lines", opt.json_lines,
                "One JSON object a line on standard output, each game's as it is judged, then {\"summary\": {...}}");
  cmd->add_flag("--quiet,-q", opt.quiet, "Print nothing; only the exit status tells");

  cmd->callback([&run] { run = [] { return run_check(opt); }; });
}

}  // namespace conquian::cli
