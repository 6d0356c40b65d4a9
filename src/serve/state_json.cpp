#include "serve/state_json.h"

#include "record/json_text.h"
#include "serve/view_position.h"

namespace conquian::serve {
namespace {

using record::append_json_int;
using record::append_json_key;
using record::append_json_string;

void cards(std::string& out, const Deck& deck, CardSet set) {
  out += '[';
  bool first = true;
  for (Card c : set) {
    if (!first) out += ',';
    first = false;
    append_json_string(out, deck.token(c));
  }
  out += ']';
}

// The keys are written in nlohmann's order (sorted), so that state_json's objects, parsed
// from this text, and the text itself are the same JSON: dead, dealer, face_up, hand,
// hand_counts, hands, known, outcome, phase, plies, position, ruleset, seat, stock, tables,
// to_act.
void dead_dealer_face_up(std::string& out, const Position& p) {
  append_json_key(out, "dead");
  cards(out, p.rules->deck, p.dead);
  out += ',';
  append_json_key(out, "dealer");
  append_json_int(out, p.dealer);
  out += ',';
  append_json_key(out, "face_up");
  if (p.up == kNoCard) {
    out += "null";
  } else {
    out += "{\"card\":";
    append_json_string(out, p.rules->deck.token(p.up));
    out += ",\"seat\":";
    append_json_int(out, p.origin);
    out += p.up_turned ? ",\"turned\":true}" : ",\"turned\":false}";
  }
  out += ',';
}

void outcome_phase_plies(std::string& out, const Position& p) {
  append_json_key(out, "outcome");
  switch (p.result.kind) {
    case Outcome::Kind::Ongoing: out += "null"; break;
    case Outcome::Kind::Win:
      out += "{\"winner\":";
      append_json_int(out, p.result.winner);
      out += '}';
      break;
    case Outcome::Kind::Draw: out += "{\"draw\":true}"; break;
  }
  out += ',';
  append_json_key(out, "phase");
  append_json_string(out, phase_name(p.phase));
  out += ',';
  append_json_key(out, "plies");
  append_json_int(out, p.plies);
  out += ',';
}

void tables_to_act(std::string& out, const Position& p) {
  append_json_key(out, "tables");
  out += '[';
  for (int s = 0; s < p.seats(); ++s) {
    if (s) out += ',';
    out += '[';
    bool first = true;
    for (CardSet m : table_melds(p, s)) {
      if (!first) out += ',';
      first = false;
      cards(out, p.rules->deck, m);
    }
    out += ']';
  }
  out += "],";
  append_json_key(out, "to_act");
  if (p.result.over()) out += "null";
  else append_json_int(out, to_act(p));
}

}  // namespace

void append_state_json(std::string& out, const Position& p) {
  out += '{';
  dead_dealer_face_up(out, p);
  append_json_key(out, "hands");
  out += '[';
  for (int s = 0; s < p.seats(); ++s) {
    if (s) out += ',';
    cards(out, p.rules->deck, p.hand[std::size_t(s)]);
  }
  out += "],";
  outcome_phase_plies(out, p);
  append_json_key(out, "stock");
  if (p.stock_known) {
    out += '[';
    for (int i = p.stock_top; i < p.stock_end; ++i) {
      if (i != p.stock_top) out += ',';
      append_json_string(out, p.rules->deck.token(p.stock[std::size_t(i)]));
    }
    out += ']';
  } else {
    append_json_int(out, p.stock_left());
  }
  out += ',';
  tables_to_act(out, p);
  out += '}';
}

void append_view_json(std::string& out, const SeatView& v) {
  const Position& p = v.pos;
  out += '{';
  dead_dealer_face_up(out, p);
  append_json_key(out, "hand");
  if (v.seat >= 0) cards(out, p.rules->deck, p.hand[std::size_t(v.seat)]);
  else out += "[]";
  out += ',';
  append_json_key(out, "hand_counts");
  out += '[';
  for (int s = 0; s < p.seats(); ++s) {
    if (s) out += ',';
    append_json_int(out, v.hand_count[std::size_t(s)]);
  }
  out += "],";
  append_json_key(out, "known");
  out += '[';
  for (int s = 0; s < p.seats(); ++s) {
    if (s) out += ',';
    cards(out, p.rules->deck, v.known(s));
  }
  out += "],";
  outcome_phase_plies(out, p);
  // For a bot that asks a built-in player (serve/bot_move.h): the same view as a position file.
  append_json_key(out, "position");
  if (std::optional<std::string> text = view_position_text(v)) append_json_string(out, *text);
  else out += "null";
  out += ',';
  append_json_key(out, "ruleset");
  append_json_string(out, p.rules->name);
  out += ',';
  append_json_key(out, "seat");
  append_json_int(out, v.seat);
  out += ',';
  append_json_key(out, "stock");
  append_json_int(out, v.stock_count());
  out += ',';
  tables_to_act(out, p);
  out += '}';
}

nlohmann::json state_json(const Position& p) {
  std::string text;
  append_state_json(text, p);
  return nlohmann::json::parse(text);
}

nlohmann::json view_json(const SeatView& v) {
  std::string text;
  append_view_json(text, v);
  return nlohmann::json::parse(text);
}

}  // namespace conquian::serve
