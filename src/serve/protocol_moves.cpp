#include "serve/protocol_moves.h"

#include <array>
#include <string_view>

#include "record/record.h"
#include "replay/move_words.h"
#include "replay/record_moves.h"

namespace conquian::serve {
namespace {

using nlohmann::json;

struct ShapeError {
  std::string why;
};

int seat_of(const json& v, const char* key) {
  if (!v.is_number_integer() || v.get<long long>() < 0 || v.get<long long>() > record::kMaxSeatNumber)
    throw ShapeError{std::string("'") + key + "' must be a seat number (0..63)"};
  return v.get<int>();
}

record::Token token_of(const json& v, const char* key) {
  if (!v.is_string()) throw ShapeError{std::string("'") + key + "' must be a card token (a string)"};
  return {v.get<std::string>(), {}};
}

record::TokenList tokens_of(const json& v, const char* key) {
  if (!v.is_array()) throw ShapeError{std::string("'") + key + "' must be a list of card tokens"};
  record::TokenList out;
  for (const json& t : v) out.push_back(token_of(t, key));
  return out;
}

record::RecordMove record_move_of(const json& j) {
  if (!j.is_object()) throw ShapeError{"a move is a JSON object with the keys of a record's move"};
  record::RecordMove m;
  int actions = 0;
  bool laying = false;
  for (auto it = j.begin(); it != j.end(); ++it) {
    const std::string& k = it.key();
    const json& v = it.value();
    if (k == "seat") {
      m.seat = seat_of(v, "seat");
    } else if (k == "swap" || k == "turn" || k == "take" || k == "pass" || k == "throw") {
      ++actions;
      m.card = token_of(v, k.c_str());
      m.kind = k == "swap"   ? record::MoveKind::Swap
               : k == "turn" ? record::MoveKind::Turn
               : k == "take" ? record::MoveKind::Take
               : k == "pass" ? record::MoveKind::Pass
                             : record::MoveKind::Throw;
    } else if (k == "force") {
      ++actions;
      m.kind = record::MoveKind::Force;
      m.force_seat = seat_of(v, "force");
    } else if (k == "melds") {
      if (!v.is_array()) throw ShapeError{"'melds' must be a list of melds, each a list of card tokens"};
      for (const json& meld : v) m.melds.push_back(tokens_of(meld, "melds"));
      m.has_melds = laying = true;
    } else if (k == "lay") {
      m.lay = tokens_of(v, "lay");
      m.has_lay = laying = true;
    } else if (k == "discard") {
      m.discard = token_of(v, "discard");
    } else if (k == "onto") {
      m.onto = seat_of(v, "onto");
    } else {
      throw ShapeError{"'" + k + "' is not a key of a move"};
    }
  }
  if (m.seat < 0) throw ShapeError{"a move needs 'seat'"};
  if (m.has_melds && m.has_lay) throw ShapeError{"a move has 'melds' or 'lay', not both"};
  if (actions > 1) throw ShapeError{"a move has one action (swap, turn, take, pass, force or throw)"};
  if (actions == 0 && !laying) throw ShapeError{"a move needs an action (swap, turn, take, pass, force, throw, lay)"};
  if (actions == 1 && laying && m.kind != record::MoveKind::Take)
    throw ShapeError{"'melds' and 'lay' go only with 'take' (or alone)"};
  if (actions == 0) m.kind = record::MoveKind::Lay;
  if ((m.discard || m.onto >= 0) && m.kind != record::MoveKind::Take && m.kind != record::MoveKind::Lay)
    throw ShapeError{"'discard' and 'onto' go only with 'take' or a lay"};
  if (m.onto >= 0 && !m.discard) throw ShapeError{"'onto' needs a 'discard'"};
  return m;
}

}  // namespace

json protocol_move(const Position& before, const Move& move) {
  if (move.kind == MoveKind::Waive) return {{"seat", to_act(before)}, {"waive", true}};
  return move_json(before, move);
}

ReadMove read_protocol_move(const Position& pos, const json& j) {
  ReadMove out;
  if (j.is_object() && j.contains("waive")) {
    if (j.size() != 2 || !j.contains("seat") || j["waive"] != true)
      out.not_a_move = "a waive is {\"seat\": S, \"waive\": true}";
    else if (!j["seat"].is_number_integer() || j["seat"].get<long long>() != to_act(pos))
      out.fault = Verdict::bad(Code::NotYourTurn, "only the seat to act may waive");
    else out.move = waive_move();
    return out;
  }
  try {
    record::RecordMove rm = record_move_of(j);
    MoveOrFault mf = to_move(pos, rm);
    if (mf.fault.ok()) out.move = mf.move;
    else out.fault = mf.fault;
  } catch (const ShapeError& e) { out.not_a_move = e.why; }
  return out;
}

}  // namespace conquian::serve
