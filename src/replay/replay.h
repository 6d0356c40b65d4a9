// A game record replayed through the engine: the deal, then each move judged before it is
// applied. The one replay loop: `check` judges whole records with it (and `diff --games`
// through check), `solve --after` and `forcing --after` cut records with it
// (position_after in replay/position_setup.h).
#pragma once

#include <cstddef>
#include <functional>
#include <string>

#include "engine/engine.h"
#include "record/record.h"

namespace conquian {

struct Replay {
  Position position;       // after the deal and the moves replayed (no ruleset: the deal is bad)
  std::size_t moves = 0;   // the moves judged legal and applied
  Verdict fault;           // ok(): the deal and every move asked for are legal
  bool in_deal = false;    // the fault is the deal's; otherwise it is move `moves + 1`'s
  record::Mark deal_mark;  // with in_deal: where in the deal
  std::string move_text;   // the refused move in the engine's words, when judge() refused it
};

// The deal of `rec` and its first `upto` moves (at most all of them), stopping at the first
// fault: a deal that is not legal, a move after the end (after-end), a move whose words do
// not resolve against the deck (unknown-card, duplicate-card, ...), or one judge() refuses.
// `visit`, when given, sees each legal move with the position it is played in, before it is
// applied (`analyse` walks a game with it).
using MoveVisitor = std::function<void(const Position& before, const Move& move)>;
Replay replay(const record::GameRecord& rec, const Ruleset& rules, std::size_t upto, const MoveVisitor& visit = {});

}  // namespace conquian
