// Moves as the bot protocol writes them (specs/referee.md): a record's move as JSON
// (replay/move_words.h), and the one move no record writes, the waive of a force, as
// {"seat": S, "waive": true}; a turn the seat cannot see is {"seat": S, "turn": null}. The
// session reads them back (serve/session_of.h, read_move), so a bot's move means what the
// same words in a record mean, and is judged by the engine as check judges it.
#pragma once

#include <nlohmann/json.hpp>

#include "engine/engine.h"

namespace conquian::serve {

nlohmann::json protocol_move(const Position& before, const Move& move);

}  // namespace conquian::serve
