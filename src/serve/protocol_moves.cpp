#include "serve/protocol_moves.h"

#include "record/record.h"
#include "replay/move_words.h"
#include "replay/record_moves.h"
#include "serve/game_session.h"
#include "serve/move_from_json.h"

namespace conquian::serve {
using nlohmann::json;

json protocol_move(const Position& before, const Move& move) {
  if (move.kind == MoveKind::Waive) return {{"seat", move.seat}, {"waive", true}};
  return move_json(before, move);
}

ReadMove read_protocol_move(const Position& pos, const json& j) {
  ReadMove out;
  if (j.is_object() && j.contains("waive")) {
    // Who may waive is the engine's to judge (judge(): the seat whose decision the window is).
    if (j.size() != 2 || !j.contains("seat") || j["waive"] != true || !j["seat"].is_number_integer() ||
        j["seat"].get<long long>() < 0 || j["seat"].get<long long>() >= pos.seats())
      out.not_a_move = "a waive is {\"seat\": S, \"waive\": true}, S a seat of the game";
    else out.move = waive_move(j["seat"].get<int>());
    return out;
  }
  try {
    // The one reader of a move's JSON (the session's), so that a bot's move and an engine
    // session's `play` are read alike, by the record schema's rules (discard only with take).
    MoveOrFault mf = to_move(pos, move_from_json(j));
    if (mf.fault.ok()) out.move = mf.move;
    else out.fault = mf.fault;
  } catch (const SessionError& e) { out.not_a_move = e.what(); }
  return out;
}

}  // namespace conquian::serve
