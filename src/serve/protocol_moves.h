// Moves as the bot protocol writes them (specs/referee.md): a record's move as JSON
// (replay/move_words.h), and the one move no record writes, the waive of a force, as
// {"seat": S, "waive": true}. Read back into engine moves with the record's own
// conversion (replay/record_moves.h), so a bot's move means what the same words in a
// record mean, and is judged by the engine as check judges it.
#pragma once

#include <nlohmann/json.hpp>
#include <optional>
#include <string>

#include "engine/engine.h"

namespace conquian::serve {

nlohmann::json protocol_move(const Position& before, const Move& move);

struct ReadMove {
  std::optional<Move> move;  // the words resolved against the deck (not yet judged)
  std::string not_a_move;    // else: why the JSON is no move ("'take' must be a card token")
  Verdict fault;             // or: the words name no card of the deck (unknown-card, ...)
};

ReadMove read_protocol_move(const Position& pos, const nlohmann::json& j);

}  // namespace conquian::serve
