// A game's record words (turn/game.h leaves words to this layer): the deal a record states,
// a record's move as the game's move and back, and a move as text. One specialization per
// game, so that the replay loop, the sessions and the referee are written once for both.
#pragma once

#include <optional>
#include <span>
#include <string>

#include "engine/game.h"
#include "pan/game.h"
#include "record/record.h"
#include "replay/move_words.h"
#include "replay/pan_moves.h"
#include "replay/record_moves.h"

namespace conquian {

template <class G>
struct RecordWords;

template <>
struct RecordWords<ConquianGame> {
  static DealOrFault deal(const record::GameRecord& rec, const Ruleset& rules) { return start_from_record(rec, rules); }
  static MoveOrFault move(const Position& p, const record::RecordMove& rm) { return to_move(p, rm); }
  static std::optional<record::RecordMove> words(const Position& p, const Move& m) { return to_record_move(p, m); }
  static std::string text(const Position& p, const Move& m) { return move_text(p, m); }
  // A move as a seat sees it (seen_by), in JSON words: a swap whose card the seat does not know
  // (seen_by left it out) has a null card.
  static nlohmann::json seen_json(const Position& p, const Move& m) {
    if (m.kind == MoveKind::Swap && m.card == kNoCard) return {{"seat", m.seat}, {"swap", nullptr}};
    return move_json(p, m);
  }
  // The record's deal of the pack in `order` dealt by `dealer` (Conquian's seats are the ruleset's).
  static void deal_words(const Ruleset& rules, int, std::span<const Card> order, int dealer, record::GameRecord& rec) {
    to_record_deal(rules, order, dealer, rec);
  }
  // {"seat": S, "turn": null} read: the turn of the stock's next card, whatever it is; none
  // when the stock's order is unknown (the card turned must then be named).
  static std::optional<Move> blind_turn(const Position& p, int seat) {
    if (!p.stock_known) return std::nullopt;
    Move m;
    m.kind = MoveKind::Turn;
    m.seat = static_cast<std::uint8_t>(seat);
    m.card = p.stock_left() > 0 ? p.stock[p.stock_top] : kNoCard;
    return m;
  }
  // What a record's result says besides its winner: nothing for Conquian (the settlement is
  // the ruleset's scoring of the deal).
  static void put_settlement(const Position&, record::RecordResult&) {}
};

template <>
struct RecordWords<PanGame> {
  static PanDealOrFault deal(const record::GameRecord& rec, const Ruleset& rules) {
    return start_pan_from_record(rec, rules);
  }
  static PanMoveOrFault move(const pan::Position& p, const record::RecordMove& rm) { return to_move(p, rm); }
  static std::optional<record::RecordMove> words(const pan::Position& p, const pan::Move& m) {
    return to_record_move(p, m);
  }
  static std::string text(const pan::Position& p, const pan::Move& m) { return move_text(p, m); }
  static nlohmann::json seen_json(const pan::Position& p, const pan::Move& m) { return move_json(p, m); }
  static void deal_words(const Ruleset& rules, int seats, std::span<const Card> order, int dealer,
                         record::GameRecord& rec) {
    to_record_deal(rules, seats, order, dealer, rec);
  }
  static std::optional<pan::Move> blind_turn(const pan::Position& p, int seat) {
    if (!p.stock_known) return std::nullopt;
    pan::Move m;
    m.kind = pan::MoveKind::Turn;
    m.seat = static_cast<std::uint8_t>(seat);
    m.card = p.stock_left() > 0 ? p.stock[p.stock_top] : kNoCard;
    return m;
  }
  // The chips each seat won or paid, and the pot, as a Pan record's result states them.
  static void put_settlement(const pan::Position& p, record::RecordResult& result) {
    conquian::put_settlement(p, result);
  }
};

}  // namespace conquian
