// `conquian show FILE [--after N] [--game K]`: the table after the first N moves of a
// recorded game, as text for a terminal (specs/analyse.md), or with --json as the engine
// protocol's `state` gives it (serve/state_json.h).
#include <fmt/core.h>

#include "analyse/pan_table_view.h"
#include "analyse/table_view.h"
#include "cli/commands.h"
#include "cli/input_files.h"
#include "cli/position_input.h"
#include "record/json_text.h"
#include "serve/pan_state_json.h"
#include "serve/state_json.h"

namespace conquian::cli {
namespace {

bool json_output = false;

int run_show(const PositionInput& in) {
  LoadedPosition loaded = load_position(in, true);
  if (loaded.rules->is_pan()) {
    if (json_output) fmt::print("{}\n", record::json_dump(serve::pan_state_json(loaded.pan_position)));
    else fmt::print("{}\n{}", loaded.label, analyse::pan_table_text(loaded.pan_position));
    return kExitOk;
  }
  if (json_output) {
    fmt::print("{}\n", record::json_dump(serve::state_json(loaded.position)));
    return kExitOk;
  }
  fmt::print("{}\n{}", loaded.label, analyse::table_text(loaded.position));
  return kExitOk;
}

}  // namespace

void register_show(CLI::App& app, Runner& run) {
  static PositionInput in;
  in.after = 0;
  auto* cmd =
      app.add_subcommand("show",
                         "Print the table of a recorded game after its first N moves: the hands, the tables with\n"
                         "their melds, the face-up card, the dead cards, the stock count and whose move it is.\n"
                         "Exit status: 0 shown, 2 the file or the move is unusable (an illegal move included).");
  cmd->add_option("FILE", in.path, "A record file")->required();
  add_input_format_option(cmd);
  cmd->add_option("--after", in.after, "After the first N moves (default 0: the deal)")->check(CLI::NonNegativeNumber);
  cmd->add_option("--game", in.game, "Which game of the file (1-based, default 1)")->check(CLI::PositiveNumber);
  cmd->add_option("--ruleset,-r", in.ruleset, "Use this ruleset instead of the one the file names");
  cmd->add_flag("--json", json_output,
                "One JSON object: hands, tables, face_up, dead, stock (the cards when known, else the count), "
                "to_act, phase, outcome (specs/protocol.md, \"State\")");
  cmd->callback([&run] { run = [] { return run_show(in); }; });
}

}  // namespace conquian::cli
