#include "serve/bot_move.h"

#include <fmt/format.h>

#include "batch/players.h"
#include "record/input_error.h"
#include "record/position_file.h"
#include "replay/move_words.h"
#include "replay/view_setup.h"
#include "serve/game_session.h"

namespace conquian::serve {

nlohmann::json bot_move(const nlohmann::json& view, const nlohmann::json& legal, const std::string& player) {
  if (!view.is_object()) throw SessionError("bad-field", "act: 'view' must be a view as `view` gives it");
  if (!view.contains("position") || view["position"].is_null()) return legal.front();
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
  if (moves.empty()) return legal.front();
  const Move chosen = moves[p->choose(world, moves, rng)];
  const nlohmann::json words = move_json(world, chosen);
  // A turn names the card only the stock knows: any turn of the list is the same choice.
  for (const auto& m : legal)
    if (m == words || (chosen.kind == MoveKind::Turn && m.is_object() && m.contains("turn"))) return m;
  // A waive (no words) or a move the list writes otherwise: the list's first move.
  return legal.front();
}

}  // namespace conquian::serve
