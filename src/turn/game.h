// The game interface: what every game of the family answers, so that replay, the players, the
// sessions, the referee and Python are written once for both (ARCHITECTURE: "A second game").
// A game is a plain struct of types and static functions, checked by the concept GameInterface below, as
// OpenSpiel's Game/State pair is a contract every game fills in; templates written against it
// compile to direct calls, so Conquian's 64-bit hot paths pay nothing for it.
//
//   G::Position, G::Move          a deal in progress, and one move of it
//   G::legal_moves(p, out)        every legal move
//   G::judge(p, m)                Verdict: legal, or the contract's code and a sentence
//   G::apply(p, m)                the position after a legal move
//   G::to_act(p)                  the seat whose decision it is
//   G::outcome(p)                 Outcome: still going, won, drawn
//   G::chips(p, seat)             a seat's net chips for the deal so far (returns sum to zero
//                                 with G::pot(p))
//   G::pot(p)                     chips left on the table
//   G::seats(p)                   seats dealt in
//   G::implies_waive(p, m)        m first lets a force window's refusal stand (records write
//                                 no waive); G::waive(p) is that waive
//   G::is_waive(m)                whether m is a waive (it has no words)
//   G::seen_by(p, m, seat)        the move as `seat` may see it (a card passed face down hidden)
//
// Their words (a record's moves to and from them) are replay/'s: to_move(p, rm),
// to_record_move(p, m) and the deal, overloaded on the position type.
#pragma once

#include <concepts>
#include <cstdint>
#include <vector>

#include "turn/outcome.h"
#include "turn/verdict.h"

namespace conquian {

template <class G>
concept GameInterface = requires(const typename G::Position& p, typename G::Position& q, const typename G::Move& m,
                                 std::vector<typename G::Move>& out, int seat) {
  {G::legal_moves(p, out)};
  { G::judge(p, m) } -> std::same_as<Verdict>;
  {G::apply(q, m)};
  { G::to_act(p) } -> std::convertible_to<int>;
  { G::outcome(p) } -> std::same_as<Outcome>;
  { G::chips(p, seat) } -> std::convertible_to<std::int64_t>;
  { G::pot(p) } -> std::convertible_to<std::int64_t>;
  { G::seats(p) } -> std::convertible_to<int>;
  { G::implies_waive(p, m) } -> std::convertible_to<bool>;
  { G::waive(p) } -> std::same_as<typename G::Move>;
  { G::is_waive(m) } -> std::convertible_to<bool>;
  { G::seen_by(p, m, seat) } -> std::same_as<typename G::Move>;
};

}  // namespace conquian
