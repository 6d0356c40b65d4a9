// `conquian analyse FILE [--game K | --id ID] [--json] [--html OUT] [--threads N] ...`:
// every legal game of the file gone through move by move (specs/analyse.md).
#include <fmt/core.h>

#include <fstream>
#include <nlohmann/json.hpp>

#include "analyse/analyse_file.h"
#include "analyse/analysis_json.h"
#include "analyse/analysis_text.h"
#include "analyse/html_page.h"
#include "check/verdict_text.h"
#include "cli/command_error.h"
#include "cli/commands.h"
#include "cli/input_files.h"
#include "cli/output_file.h"
#include "cli/progress.h"
#include "record/input_error.h"
#include "record/json_text.h"

namespace conquian::cli {
namespace {

struct AnalyseCliOptions {
  std::string file;
  int game = 0;
  std::string id;
  bool json = false;
  std::string html;
  int threads = 0;
  bool ascii = false;
  analyse::AnalyseOptions how;
};

int run_analyse(const AnalyseCliOptions& opt) {
  const bool one = opt.game > 0 || !opt.id.empty();
  refuse_if(opt.ascii && (opt.json || !opt.html.empty()),
            "--ascii writes the text's moves with letters; --json and --html write no text");
  Progress progress("analysed", "games", 0, 1, false);  // on a terminal only, on standard error
  auto results = analyse::analyse_file(opt.file, {opt.game, opt.id}, opt.how, opt.threads,
                                       [&](std::size_t done, std::size_t total) {
                                         progress.set_total(total);
                                         progress.set(done);
                                       });
  progress.done();  // wiped before any result prints
  int exit = kExitOk;
  std::vector<const analyse::Analysis*> done;
  std::vector<const analyse::PanAnalysis*> estimated;  // Panguingue deals, from each seat's view
  nlohmann::json games = nlohmann::json::array();      // --json: every game analysed, in file order
  for (const auto& r : results) {
    if (r.analysis) {
      done.push_back(&*r.analysis);
      if (opt.json) games.push_back(analyse::analysis_json(*r.analysis));
      continue;
    }
    if (r.pan_analysis) {
      estimated.push_back(&*r.pan_analysis);
      if (opt.json) games.push_back(analyse::pan_analysis_json(*r.pan_analysis));
      continue;
    }
    // Refused as check refuses it, with check's words.
    fmt::print(stderr, "conquian analyse: {}", check::verdict_text(r.verdict));
    exit = std::max(exit, r.verdict.judgement == check::Judgement::Malformed ? kExitUnusable : kExitFound);
  }
  if (!opt.html.empty()) {
    refuse_if(!estimated.empty(),
              "--html draws a game of Conquian only: a panguingue deal's analysis is text or --json");
    refuse_if(done.size() != 1,
              fmt::format("--html draws one game; {} holds {} legal game{} (choose one with --game or --id)", opt.file,
                          done.size(), done.size() == 1 ? "" : "s"));
    write_text_file(opt.html, analyse::html_page(*done.front()), "--html");
  }
  if (opt.json) {
    if (one) {
      if (!games.empty()) fmt::print("{}\n", record::json_dump(games.front()));
    } else {
      fmt::print("{}\n", record::json_dump(nlohmann::json{{"games", games}}));
    }
  } else if (opt.html.empty()) {
    const SuitStyle style = opt.ascii ? SuitStyle::Letters : SuitStyle::Symbols;
    for (const auto& r : results) {
      if (r.analysis) fmt::print("{}", analyse::analysis_text(*r.analysis, style));
      if (r.pan_analysis) fmt::print("{}", analyse::pan_analysis_text(*r.pan_analysis, style));
    }
  }
  return exit;
}

}  // namespace

void register_analyse(CLI::App& app, Runner& run) {
  static AnalyseCliOptions opt;
  static bool no_seat_view = false;
  static bool pan_worlds_given = false;
  const CLI::Validator at_least_one(
      [](std::string& v) {
        return v.find_first_not_of('0') == std::string::npos ? std::string("must be at least 1") : std::string();
      },
      "N>=1");
  auto* cmd = app.add_subcommand(
      "analyse",
      "Every decision of recorded games against the best move. With every card known (a change of value is a "
      "blunder), with the stock unknown and from the seat's own view (a drop of --threshold is a mistake); forces "
      "missed; per seat a summary and the first decisive mistake (specs/analyse.md). A Panguingue deal: every "
      "decision of every seat in chips from the seat's own view, each value an estimate with its 95% interval "
      "(text or --json).\n\n"
      "Exit status: 0 every game analysed (estimates included); 1 a game is illegal (check's message); 2 unusable "
      "input.");
  cmd->add_option("FILE", opt.file, "A record file")->required();
  add_input_format_option(cmd);
  auto* game =
      cmd->add_option("--game", opt.game, "Only the K-th game of the file (1-based)")->check(CLI::PositiveNumber);
  cmd->add_option("--id", opt.id, "Only the game with this id")->excludes(game);
  cmd->add_flag("--json", opt.json, "JSON on standard output");
  cmd->add_option("--html", opt.html, "Write a page that replays the game (one game)");
  cmd->add_flag("--ascii", opt.ascii, "Suits as the record's letters (5h), not symbols");
  cmd->add_option("--threads", opt.threads, "Games analysed in parallel (default: one per core)")
      ->check(CLI::Range(1, 256));
  cmd->add_option("--threshold", opt.how.threshold, "A drop of expected score that is a mistake (default 0.1)")
      ->check(CLI::Range(0.0, 2.0));
  cmd->add_option("--max-nodes", opt.how.budgets.exact_nodes, "Every card known: nodes a position (default 5000000)");
  cmd->add_option("--chance-nodes", opt.how.budgets.chance_nodes, "Stock unknown: nodes a position (default 200000)");
  cmd->add_flag("--no-seat-view", no_seat_view, "Skip the seat's own view (PIMC)");
  cmd->add_option("--seat-worlds", opt.how.budgets.seat_worlds,
                  fmt::format("Seat view: worlds enumerated up to N, else N sampled (default {}; Panguingue: "
                              "worlds a decision, default {})",
                              analyse::Budgets{}.seat_worlds, analyse::AnalyseOptions{}.pan_worlds))
      ->check(CLI::Range(1, 1000000))
      ->each([](const std::string& v) {
        opt.how.pan_worlds = std::stoi(v);
        pan_worlds_given = true;
      });
  cmd->add_option("--seat-world-nodes", opt.how.budgets.seat_world_nodes,
                  fmt::format("Seat view: nodes a world (default {}; past it, {} stock orders)",
                              analyse::Budgets{}.seat_world_nodes, analyse::Budgets{}.seat_orders))
      ->check(at_least_one);  // 0 would leave a stock order's search unbounded
  cmd->add_option("--seat-nodes", opt.how.budgets.seat_nodes,
                  fmt::format("Seat view: nodes a decision, all worlds (default {})", analyse::Budgets{}.seat_nodes))
      ->check(at_least_one);
  cmd->add_option("--time", opt.how.seconds,
                  "Panguingue: seconds for a deal's decisions, shared out evenly, as many worlds as they allow "
                  "(at least 4; default: none, --seat-worlds worlds a decision)")
      ->check(CLI::PositiveNumber);
  cmd->callback([&run] {
    opt.how.budgets.seat_view = !no_seat_view;
    if (opt.how.seconds > 0 && !pan_worlds_given) opt.how.pan_worlds = 0;  // as many as the time allows
    run = [] { return run_analyse(opt); };
  });
}

}  // namespace conquian::cli
