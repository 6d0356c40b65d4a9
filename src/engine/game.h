// Conquian as a game of the family's interface (turn/game.h): the engine's questions, as they
// are (each call is the engine's own, inlined), and the deal, the seat's view and the
// settlement a front end asks of it.
#pragma once

#include "engine/engine.h"
#include "engine/seat_view.h"
#include "rules/scoring.h"
#include "turn/game.h"
#include "turn/offer_flow.h"

namespace conquian {

struct ConquianGame {
  using Position = conquian::Position;
  using Move = conquian::Move;
  static constexpr const char* kName = "conquian";
  static constexpr int kMaxSeats = conquian::kMaxSeats;
  static constexpr bool kSolved = true;
  static constexpr bool kPlaysMatches = true;
  static constexpr bool kSettlesInChips = false;

  // A Conquian ruleset seats exactly its `seats` (two to four).
  static int default_seats(const Ruleset& rules) { return rules.seats; }
  static int min_seats(const Ruleset& rules) { return rules.seats; }
  static int max_seats(const Ruleset& rules) { return rules.seats; }
  static std::vector<Card> pack(const Ruleset& rules) {
    std::vector<Card> cards(static_cast<std::size_t>(rules.deck.size()));
    for (std::size_t i = 0; i < cards.size(); ++i) cards[i] = static_cast<Card>(i);
    return cards;
  }
  // `seats` is the ruleset's (callers check it against min_seats/max_seats first).
  static Position deal(const Ruleset& rules, int, std::span<const Card> order, int dealer) {
    return conquian::deal(rules, order, dealer);
  }
  // An upper bound on a deal's moves: the swap; every card laid from a hand (at most the
  // deck); and each face-up card (each card of the stock turned, each card a hand throws or
  // discards: at most twice the deck) with its round: the move that showed it, an offer to
  // every seat, a force and a forced take.
  static int max_plies(const Ruleset& rules, int seats) {
    const int deck = rules.deck.size();
    return seats + deck + 3 * deck * (seats + 3);
  }

  static void legal_moves(const Position& p, std::vector<Move>& out) { conquian::legal_moves(p, out); }
  static Verdict judge(const Position& p, const Move& m) { return conquian::judge(p, m); }
  static void apply(Position& p, const Move& m) { conquian::apply(p, m); }
  static int to_act(const Position& p) { return conquian::to_act(p); }
  static int mover(const Move& m) { return m.seat; }
  static Outcome outcome(const Position& p) { return p.result; }
  static bool implies_waive(const Position& p, const Move& m) { return conquian::implies_waive(p, m); }
  static Move waive(const Position& p) { return waive_move(conquian::to_act(p)); }
  static bool is_waive(const Move& m) { return m.kind == MoveKind::Waive; }

  static Move seen_by(const Position& p, const Move& m, int seat) { return conquian::seen_by(p, m, seat); }
  // A turn from a stock whose order is known names the card only the stock knows.
  static Move offered_as(const Position& p, const Move& m, int) {
    if (m.kind != MoveKind::Turn || !p.stock_known) return m;
    Move blind = m;
    blind.card = kNoCard;
    return blind;
  }
  static bool is_blind(const Move& m) { return m.kind == MoveKind::Turn && m.card == kNoCard; }
  static Position sample_world(const Position& p, int seat, Rng& rng) {
    return conquian::sample_world(view_of(p, seat), rng);
  }

  // A won deal as the ruleset's scoring settles it (rules/scoring.h, deal_points): each
  // losing seat pays the winner the stake, or under hand_points the points of the cards left
  // in its own hand (000), so the winner's chips at two seats are what the deal scores in a
  // match; a draw moves none. Each deal sums to zero.
  static std::int64_t chips(const Position& p, int seat) {
    if (p.result.kind != Outcome::Kind::Win) return 0;
    if (seat != p.result.winner) return -seat_pays(p, seat);
    std::int64_t won = 0;
    for (int s = 0; s < p.seats(); ++s)
      if (s != p.result.winner) won += seat_pays(p, s);
    return won;
  }
  static std::int64_t pot(const Position&) { return 0; }
  static int seats(const Position& p) { return p.seats(); }
  // A Conquian deal cannot go on without a seat: it ends, won by the next seat (the referee's
  // forfeit: specs/referee.md), which is paid as for any won deal.
  static std::optional<Move> forfeit_move(const Position&, int, const std::string&) { return std::nullopt; }
  static void end_by_forfeit(Position& p, int seat) { turn::win(p, (seat + 1) % p.seats()); }

 private:
  static std::int64_t seat_pays(const Position& p, int seat) {
    int points = 0;
    for (Card c : p.hand[seat]) points += p.rules->card_points(c);
    return deal_points(p.rules->scoring, points, 1);
  }
};
static_assert(GameInterface<ConquianGame>);

}  // namespace conquian
