// A game record replayed through its game's engine: the deal, then each move judged before it
// is applied. The one replay loop, written once for every game of the family (turn/game.h):
// `check` judges whole records with it (and `diff --games` through check), `solve --after` and
// `forcing --after` cut records with it (position_after in replay/position_setup.h), and the
// sessions start from records with it.
#pragma once

#include <algorithm>
#include <cstddef>
#include <functional>
#include <string>

#include "engine/engine.h"
#include "record/record.h"
#include "replay/game_words.h"

namespace conquian {

template <class P>
struct ReplayOf {
  P position;              // after the deal and the moves replayed (no ruleset: the deal is bad)
  std::size_t moves = 0;   // the moves judged legal and applied
  Verdict fault;           // ok(): the deal and every move asked for are legal
  bool in_deal = false;    // the fault is the deal's; otherwise it is move `moves + 1`'s
  record::Mark deal_mark;  // with in_deal: where in the deal
  std::string move_text;   // the refused move in the game's words, when judge() refused it
};

// The deal of `rec` and its first `upto` moves (at most all of them), stopping at the first
// fault: a deal that is not legal, a move after the end (after-end), a move whose words do
// not resolve against the deck (unknown-card, duplicate-card, ...), or one judge() refuses.
// `visit(before, move)`, when given, sees each legal move with the position it is played in,
// before it is applied (`analyse` walks a game with it).
template <GameInterface G, class Visit>
ReplayOf<typename G::Position> replay_game(const record::GameRecord& rec, const Ruleset& rules, std::size_t upto,
                                           Visit&& visit) {
  using Words = RecordWords<G>;
  ReplayOf<typename G::Position> r;
  auto deal = Words::deal(rec, rules);
  if (!deal.fault.ok()) {
    r.fault = deal.fault;
    r.in_deal = true;
    r.deal_mark = deal.mark;
    return r;
  }
  r.position = deal.position;
  auto& pos = r.position;
  upto = std::min(upto, rec.moves.size());
  for (; r.moves < upto; ++r.moves) {
    if (G::outcome(pos).over()) {  // any move after the end is after-end, whatever it says
      r.fault = G::judge(pos, typename G::Move{});
      return r;
    }
    auto mf = Words::move(pos, rec.moves[r.moves]);
    if (!mf.fault.ok()) {
      r.fault = mf.fault;
      return r;
    }
    if (Verdict v = G::judge(pos, mf.move); !v.ok()) {
      r.fault = v;
      r.move_text = Words::text(pos, mf.move);
      return r;
    }
    visit(pos, mf.move);
    G::apply(pos, mf.move);
  }
  return r;
}

using Replay = ReplayOf<Position>;
using MoveVisitor = std::function<void(const Position& before, const Move& move)>;
// Conquian's replay (the loop above for ConquianGame).
Replay replay(const record::GameRecord& rec, const Ruleset& rules, std::size_t upto, const MoveVisitor& visit = {});

}  // namespace conquian
