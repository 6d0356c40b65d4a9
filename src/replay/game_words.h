// A game's record words (turn/game.h leaves words to this layer): the deal a record states,
// a record's move as the game's move and back, and a move as text. One specialization per
// game, so that the replay loop, the sessions and the referee are written once for both.
#pragma once

#include <optional>
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
};

}  // namespace conquian
