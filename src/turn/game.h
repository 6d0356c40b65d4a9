// The game interface: everything a front end asks of a game of the family, so that replay, the
// players, the sessions, the referee, the rings, the board and Python are written once for
// every game (specs/architecture.md, "One interface"). A game is a plain struct of types and
// static functions, checked by the concept GameInterface below, as OpenSpiel's Game/State pair
// is a contract every game fills in; templates written against it compile to direct calls, so
// Conquian's 64-bit hot paths pay nothing for it. Which game a ruleset plays is answered in one
// place (replay/game_of.h, visit_game).
//
// The game and its deal:
//   G::kName                      the game's name, as rulesets write it (`game:`)
//   G::kMaxSeats                  the most seats any of its rulesets may seat
//   G::kSolved                    its positions are solved exactly (solve, analyse)
//   G::kPlaysMatches              its deals add up to matches by the ruleset's scoring
//   G::kSettlesInChips            its deals settle in chips at the table (antes, conditions, a pot)
//   G::default_seats(rules)       the seats a deal has when nobody says (simulate, Python, serve)
//   G::min_seats(rules), G::max_seats(rules)
//   G::pack(rules)                the cards of the pack in order, before shuffling
//   G::deal(rules, seats, order, dealer)
//                                 the position dealt from `order` (top first) by `dealer`
//   G::max_plies(rules, seats)    an upper bound on the moves of a deal (room, action layouts)
// A turn:
//   G::Position, G::Move          a deal in progress, and one move of it
//   G::legal_moves(p, out)        every legal move (a force window's forces by every seat that
//                                 may force, and the window's waive)
//   G::judge(p, m)                Verdict: legal, or the contract's code and a sentence
//   G::apply(p, m)                the position after a legal move
//   G::to_act(p)                  the seat whose decision it is
//   G::mover(m)                   the seat a move is played by
//   G::outcome(p)                 Outcome: still going, won, drawn
//   G::implies_waive(p, m)        m first lets a force window's refusal stand (records write
//                                 no waive); G::waive(p) is that waive
//   G::is_waive(m)                whether m is a waive (it has no words)
// What a seat sees:
//   G::seen_by(p, m, seat)        the move as `seat` sees it once played (a card passed face
//                                 down hidden until every seat has passed)
//   G::offered_as(p, m, seat)     the move as `seat` is offered it before it is played (a
//                                 turn's card, still face down in the stock, hidden)
//   G::is_blind(m)                a move whose card nobody choosing it can see (a turn from
//                                 the face-down stock): every such move of a seat is one choice
//   G::sample_world(p, seat, rng) a whole deal drawn uniformly from what `seat` knows of `p`
//                                 (the stock's order unknown)
// What a deal pays:
//   G::chips(p, seat)             a seat's net chips for the deal so far, as the ruleset's
//                                 scoring settles it (rules/scoring.h for Conquian; antes,
//                                 conditions and going out for Panguingue); with G::pot(p)
//                                 they sum to zero
//   G::pot(p)                     chips left on the table
//   G::seats(p)                   seats dealt in
//   G::forfeit_move(p, seat, reason)
//                                 seat `seat` broke a protocol, and the game decides what
//                                 follows: the move by which the seat leaves while the others
//                                 play on (a drop's), or none when the deal cannot go on
//                                 without it; then G::end_by_forfeit(p, seat) ends the deal
//                                 (won by the next seat)
//
// Their words (a record's moves to and from them) are replay/'s (replay/game_words.h).
#pragma once

#include <concepts>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "base/rng.h"
#include "cards/card_set.h"
#include "rules/ruleset.h"
#include "turn/outcome.h"
#include "turn/verdict.h"

namespace conquian {

template <class G>
concept GameInterface = requires(const typename G::Position& p, typename G::Position& q, const typename G::Move& m,
                                 std::vector<typename G::Move>& out, int seat, const Ruleset& rules,
                                 std::span<const Card> order, Rng& rng, const std::string& reason) {
  { G::kName } -> std::convertible_to<const char*>;
  { G::kMaxSeats } -> std::convertible_to<int>;
  { G::kSolved } -> std::convertible_to<bool>;
  { G::kPlaysMatches } -> std::convertible_to<bool>;
  { G::kSettlesInChips } -> std::convertible_to<bool>;
  { G::default_seats(rules) } -> std::convertible_to<int>;
  { G::min_seats(rules) } -> std::convertible_to<int>;
  { G::max_seats(rules) } -> std::convertible_to<int>;
  { G::pack(rules) } -> std::same_as<std::vector<Card>>;
  { G::deal(rules, seat, order, seat) } -> std::same_as<typename G::Position>;
  { G::max_plies(rules, seat) } -> std::convertible_to<int>;
  {G::legal_moves(p, out)};
  { G::judge(p, m) } -> std::same_as<Verdict>;
  {G::apply(q, m)};
  { G::to_act(p) } -> std::convertible_to<int>;
  { G::mover(m) } -> std::convertible_to<int>;
  { G::outcome(p) } -> std::same_as<Outcome>;
  { G::chips(p, seat) } -> std::convertible_to<std::int64_t>;
  { G::pot(p) } -> std::convertible_to<std::int64_t>;
  { G::seats(p) } -> std::convertible_to<int>;
  { G::implies_waive(p, m) } -> std::convertible_to<bool>;
  { G::waive(p) } -> std::same_as<typename G::Move>;
  { G::is_waive(m) } -> std::convertible_to<bool>;
  { G::seen_by(p, m, seat) } -> std::same_as<typename G::Move>;
  { G::offered_as(p, m, seat) } -> std::same_as<typename G::Move>;
  { G::is_blind(m) } -> std::convertible_to<bool>;
  { G::sample_world(p, seat, rng) } -> std::same_as<typename G::Position>;
  { G::forfeit_move(p, seat, reason) } -> std::same_as<std::optional<typename G::Move>>;
  {G::end_by_forfeit(q, seat)};
};

// The moves `seat` may choose now, as it is offered them: only its own (a force window's
// forces by other seats are theirs, not its), each naming only cards the seat can see
// (G::offered_as), none twice. Empty when the deal is over or another seat is to act. The one
// list every front end offers a seat: the referee's bots and built-in players, the board's
// card table, the sessions and Python.
template <GameInterface G>
void offered_moves(const typename G::Position& p, int seat, std::vector<typename G::Move>& out) {
  out.clear();
  if (G::outcome(p).over()) return;
  thread_local std::vector<typename G::Move> all;
  G::legal_moves(p, all);
  bool blind = false;
  for (const auto& m : all) {
    if (G::mover(m) != seat) continue;
    typename G::Move offered = G::offered_as(p, m, seat);
    if (G::is_blind(offered)) {
      if (blind) continue;
      blind = true;
    }
    out.push_back(std::move(offered));
  }
}

}  // namespace conquian
