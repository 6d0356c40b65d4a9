// Panguingue as a game of the family's interface (turn/game.h).
#pragma once

#include <algorithm>

#include "pan/engine.h"
#include "pan/world.h"
#include "turn/game.h"
#include "turn/offer_flow.h"

namespace conquian {

struct PanGame {
  using Position = pan::Position;
  using Move = pan::Move;
  static constexpr const char* kName = "panguingue";
  static constexpr int kMaxSeats = pan::kMaxSeats;
  // A deal of several seats and hundreds of unseen cards is past an exact search
  // (specs/panguingue.md, "What is not solved"); a deal settles alone, in chips.
  static constexpr bool kSolved = false;
  static constexpr bool kPlaysMatches = false;
  static constexpr bool kSettlesInChips = true;

  // A Pan table seats from the ruleset's seats_min to its seats; a deal nobody sized seats six
  // (S1, S3: "best with six to eight"), within the ruleset's range.
  static int default_seats(const Ruleset& rules) { return std::min(std::max(6, rules.seats_min), rules.seats); }
  static int min_seats(const Ruleset& rules) { return rules.seats_min; }
  static int max_seats(const Ruleset& rules) { return rules.seats; }
  static std::vector<Card> pack(const Ruleset& rules) { return pan::pack_cards(rules); }
  static Position deal(const Ruleset& rules, int seats, std::span<const Card> order, int dealer) {
    return pan::deal(rules, seats, order, dealer);
  }
  // An upper bound on a deal's moves: two declarations and a forfeit a seat; every card laid
  // from a hand; each face-up card (each card of the stock turned, each discard: at most
  // twice the pack) with its round: the move that showed it, an offer to every seat, a force
  // and a forced take.
  static int max_plies(const Ruleset& rules, int seats) {
    const int pack = rules.pack_size();
    return 3 * seats + pack + 2 * pack * (seats + 3);
  }

  static void legal_moves(const Position& p, std::vector<Move>& out) { pan::legal_moves(p, out); }
  static Verdict judge(const Position& p, const Move& m) { return pan::judge(p, m); }
  static void apply(Position& p, const Move& m) { pan::apply(p, m); }
  static int to_act(const Position& p) { return pan::to_act(p); }
  static int mover(const Move& m) { return m.seat; }
  static Outcome outcome(const Position& p) { return p.result; }
  static bool implies_waive(const Position& p, const Move& m) { return pan::implies_waive(p, m); }
  static Move waive(const Position& p) { return pan::waive_move(pan::to_act(p)); }
  static bool is_waive(const Move& m) { return m.kind == pan::MoveKind::Waive; }

  // Every Pan move is public once played: declarations, turns, takes and discards are all face up.
  static Move seen_by(const Position&, const Move& m, int) { return m; }
  // A turn from a stock whose order is known names the card only the stock knows.
  static Move offered_as(const Position& p, const Move& m, int) {
    if (m.kind != pan::MoveKind::Turn || !p.stock_known) return m;
    Move blind = m;
    blind.card = kNoCard;
    return blind;
  }
  static bool is_blind(const Move& m) { return m.kind == pan::MoveKind::Turn && m.card == kNoCard; }
  static Position sample_world(const Position& p, int seat, Rng& rng) { return pan::sample_world(p, seat, rng); }

  // Antes, forfeits, conditions and going out, as the engine moves them with each move.
  static std::int64_t chips(const Position& p, int seat) { return p.chips[static_cast<std::size_t>(seat)]; }
  static std::int64_t pot(const Position& p) { return p.pot; }
  static int seats(const Position& p) { return p.seats(); }
  // A seat that breaks a protocol leaves as a drop does, paying the drop forfeit, and the
  // others play on (the record says {seat: S, forfeit: "reason"}).
  static std::optional<Move> forfeit_move(const Position&, int seat, const std::string& reason) {
    Move m;
    m.kind = pan::MoveKind::Forfeit;
    m.seat = static_cast<std::uint8_t>(seat);
    m.reason = reason;
    return m;
  }
  static void end_by_forfeit(Position& p, int seat) { turn::win(p, turn::next_in(p, seat)); }
};
static_assert(GameInterface<PanGame>);

}  // namespace conquian
