// An engine move in words, for messages and output: the record's words of the move
// (to_record_move, replay/record_moves.h) written by the one writer of moves
// (record/record_writer.h), as text or as JSON. The engine's waive of a force, which
// no record writes, has words of its own. Here in replay/, not in the engine: the engine
// knows no file format.
#pragma once

#include <nlohmann/json.hpp>
#include <string>

#include "engine/engine.h"
#include "pan/engine.h"

namespace conquian {

// The move as a record writes it, {seat: 0, take: 5h, melds: [[5h, 5c, 5s]], discard: Kd};
// a waive as "(seat 1 does not force seat 0 to take 5d)". `before`: the position the move
// is played in.
std::string move_text(const Position& before, const Move& move);
// The move as a JSON object with the record's keys; null for a waive.
nlohmann::json move_json(const Position& before, const Move& move);

// The same for Panguingue's moves.
std::string move_text(const pan::Position& before, const pan::Move& move);
nlohmann::json move_json(const pan::Position& before, const pan::Move& move);

}  // namespace conquian
