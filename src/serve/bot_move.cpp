#include "serve/bot_move.h"

#include <fmt/format.h>

#include "batch/players.h"
#include "record/input_error.h"
#include "record/json_text.h"
#include "record/position_file.h"
#include "replay/move_words.h"
#include "replay/view_setup.h"
#include "serve/game_session.h"
#include "serve/protocol_moves.h"

namespace conquian::serve {

nlohmann::json bot_move(const nlohmann::json& view, const nlohmann::json& legal, const std::string& player) {
  if (!view.is_object()) throw SessionError("bad-field", "act: 'view' must be a view as `view` gives it");
  if (!view.contains("position") || view["position"].is_null()) {
    // The swap, which position files do not hold: the player has no world to look at, so the
    // seat passes the first card the list offers (specs/protocol.md). Any other view needs its
    // position.
    if (view.contains("phase") && view["phase"] == "swap") {
      if (!legal.is_array() || legal.empty())
        throw SessionError("bad-field", "act: the swap's 'legal' must list the cards the seat may pass");
      return legal.front();
    }
    throw SessionError("bad-field", "act: the view has no 'position' (only the swap's may lack it)");
  }
  if (!view["position"].is_string() || !view.contains("ruleset"))
    throw SessionError("bad-field", "act: the view needs 'ruleset' and 'position' as `view` gives them");
  auto rules = ruleset_from_json(view["ruleset"]);
  SeatView seat_view;
  try {
    seat_view = view_from_file(record::read_position_text(view["position"].get<std::string>(), "<view>"), *rules);
  } catch (const record::InputError& e) {
    throw SessionError("bad-position", fmt::format("act: the view's position: {}", e.what()));
  }
  auto p = batch::make_player(player);
  if (!p) throw SessionError("bad-field", fmt::format("act: no player '{}'", player));
  // The player is seeded by the view, so that a deal replays the same.
  Rng rng(seat_view.pos.hash() ^ 0x5eedULL);
  Position world = sample_world(seat_view, rng);
  std::vector<Move> moves;
  legal_moves(world, moves);
  if (moves.empty()) throw SessionError("bad-position", "act: the view's deal is over: there is no move to choose");
  const Move chosen = moves[p->choose(world, moves, rng)];
  // The protocol's words (a waive too: {"seat": S, "waive": true}).
  const nlohmann::json words = protocol_move(world, chosen);
  // A turn names the card only the stock knows: any turn of the list is the same choice.
  for (const auto& m : legal)
    if (m == words || (chosen.kind == MoveKind::Turn && m.is_object() && m.contains("turn"))) return m;
  // Never a move the player did not choose: the list and the view disagree.
  throw SessionError("bad-field", fmt::format("act: the player chose {}, which 'legal' does not list (is 'legal' the "
                                              "list of this view's decision?)",
                                              record::json_dump(words)));
}

}  // namespace conquian::serve
