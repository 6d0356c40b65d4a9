// `conquian show FILE [--after N] [--game K] [--ascii]`: the table after the first N moves of
// a recorded game, as text for a terminal (specs/analyse.md), with the move that led there and
// the record's next move in words (specs/notation.md: suit symbols, or with --ascii the
// record's letters), or with --json as the engine protocol's `state` gives it
// (serve/state_json.h).
#include <fmt/core.h>

#include "analyse/pan_table_view.h"
#include "analyse/table_view.h"
#include "cli/command_error.h"
#include "cli/commands.h"
#include "cli/input_files.h"
#include "cli/position_input.h"
#include "record/json_text.h"
#include "record/record_writer.h"
#include "replay/game_of.h"
#include "replay/game_words.h"
#include "replay/move_notation.h"
#include "replay/position_setup.h"
#include "replay/settlement.h"
#include "serve/pan_state_json.h"
#include "serve/state_json.h"

namespace conquian::cli {
namespace {

bool json_output = false;
bool ascii = false;

// Move `k` (0-based) of the record in words, played in `before`; the record's own words when
// it does not resolve there.
template <class G, class P>
std::string show_move_words(const P& before, const record::GameRecord& rec, std::size_t k) {
  const record::RecordMove& rm = rec.moves[k];
  const auto mf = RecordWords<G>::move(before, rm);
  if (!mf.fault.ok()) return record::write_move(rm);
  return fmt::format("{}. {}", k + 1, move_words(before, mf.move, ascii ? SuitStyle::Letters : SuitStyle::Symbols));
}

// The move that led to the position shown and the record's next one, each on a line of its own.
template <class G, class P, class After>
void print_moves_around(const P& now, const LoadedPosition& loaded, std::size_t after, After position_after_n,
                        const std::string& table) {
  fmt::print("{}\n", loaded.label);
  const record::GameRecord* rec = loaded.record ? &*loaded.record : nullptr;
  if (rec && after > 0 && after <= rec->moves.size())
    fmt::print("last:    {}\n", show_move_words<G>(position_after_n(after - 1), *rec, after - 1));
  fmt::print("{}", table);
  if (rec && after < rec->moves.size()) fmt::print("then:    {}\n", show_move_words<G>(now, *rec, after));
}

// The position cut from the record, as its game's type; its state's JSON and table's text.
const Position& cut_position(GameTag<ConquianGame>, const LoadedPosition& l) { return l.position; }
const pan::Position& cut_position(GameTag<PanGame>, const LoadedPosition& l) { return l.pan_position; }
nlohmann::json state_of(const Position& p) { return serve::state_json(p); }
nlohmann::json state_of(const pan::Position& p) { return serve::pan_state_json(p); }
std::string table_of(const Position& p) { return analyse::table_text(p); }
std::string table_of(const pan::Position& p) { return analyse::pan_table_text(p); }
Position cut_after(GameTag<ConquianGame>, const LoadedPosition& l, std::size_t n) {
  return position_after(*l.record, *l.rules, n);
}
pan::Position cut_after(GameTag<PanGame>, const LoadedPosition& l, std::size_t n) {
  return pan_position_after(*l.record, *l.rules, n);
}
// At a deal's end, how each seat's chips arose: Panguingue's settlement broken down (a
// Conquian deal settles in one stake, which the table already says).
std::string settlement_of(const Position&, const LoadedPosition&, std::size_t) { return ""; }
std::string settlement_of(const pan::Position& p, const LoadedPosition& l, std::size_t after) {
  if (!p.result.over() || !l.record) return "";
  return settlement_text(seat_settlements(chip_log_of(*l.record, *l.rules, after), p.seats()), l.rules->deck,
                         l.record->players, ascii ? SuitStyle::Letters : SuitStyle::Symbols);
}

int run_show(const PositionInput& in) {
  refuse_if(ascii && json_output, "--ascii writes the text's moves with letters; --json writes no text");
  LoadedPosition loaded = load_position(in, true);
  const std::size_t after = in.after < 0 ? 0 : static_cast<std::size_t>(in.after);
  return visit_game(*loaded.rules, [&](auto tag) {
    using G = typename decltype(tag)::Game;
    const auto& now = cut_position(tag, loaded);
    if (json_output) {
      fmt::print("{}\n", record::json_dump(state_of(now)));
      return kExitOk;
    }
    print_moves_around<G>(
        now, loaded, after, [&](std::size_t n) { return cut_after(tag, loaded, n); }, table_of(now));
    fmt::print("{}", settlement_of(now, loaded, after));
    return kExitOk;
  });
}

}  // namespace

void register_show(CLI::App& app, Runner& run) {
  static PositionInput in;
  in.after = 0;
  auto* cmd =
      app.add_subcommand("show",
                         "Print the table of a recorded game after its first N moves. The hands, the melds, the "
                         "face-up card, the dead cards, the stock and whose move it is; the move that led there "
                         "(last:) and the record's next move (then:) in words.\n\n"
                         "Exit status: 0 shown; 2 the file or the move is unusable (an illegal move included).");
  cmd->add_option("FILE", in.path, "A record file")->required();
  add_input_format_option(cmd);
  cmd->add_option("--after", in.after, "After the first N moves (default 0: the deal)")->check(CLI::NonNegativeNumber);
  cmd->add_option("--game", in.game, "The K-th game of the file (default 1)")->check(CLI::PositiveNumber);
  cmd->add_option("--ruleset,-r", in.ruleset, "This ruleset instead of the file's");
  cmd->add_flag("--ascii", ascii, "Suits as the record's letters (5h), not symbols");
  cmd->add_flag("--json", json_output, "One JSON object, the engine protocol's state (specs/protocol.md)");
  cmd->callback([&run] { run = [] { return run_show(in); }; });
}

}  // namespace conquian::cli
