#include "serve/pan_state_json.h"

#include "pan/engine.h"

namespace conquian::serve {
namespace {

using nlohmann::json;

json cards(const Deck& deck, const CardCounts& c) {
  json a = json::array();
  c.for_each([&](Card card, int n) {
    for (int i = 0; i < n; ++i) a.push_back(deck.token(card));
  });
  return a;
}

json outcome(const Outcome& o) {
  if (o.kind == Outcome::Kind::Win) return {{"winner", o.winner}};
  if (o.kind == Outcome::Kind::Draw) return {{"draw", true}};
  return nullptr;
}

// The keys every seat sees alike.
json public_part(const pan::Position& p) {
  const Deck& deck = p.rules->deck;
  json tables = json::array(), declared = json::array(), chips = json::array();
  for (int s = 0; s < p.seats(); ++s) {
    json melds = json::array();
    for (int i = 0; i < p.table[s].count; ++i) melds.push_back(cards(deck, p.table[s].melds[i].counts()));
    tables.push_back(melds);
    if ((p.playing >> s) & 1) declared.push_back("play");
    else if ((p.dropped >> s) & 1) declared.push_back("drop");
    else declared.push_back(nullptr);
    chips.push_back(p.chips[s]);
  }
  json j = {{"game", "panguingue"},
            {"tables", tables},
            {"dead", cards(deck, p.dead)},
            {"declared", declared},
            {"chips", chips},
            {"pot", p.pot},
            {"phase", pan::phase_name(p.phase)},
            {"outcome", outcome(p.result)},
            {"dealer", p.dealer},
            {"plies", p.plies},
            {"to_act", p.result.over() ? json(nullptr) : json(pan::to_act(p))}};
  j["face_up"] =
      p.up == kNoCard ? json(nullptr) : json{{"card", deck.token(p.up)}, {"seat", p.origin}, {"turned", p.up_turned}};
  return j;
}

}  // namespace

json pan_state_json(const pan::Position& p) {
  json j = public_part(p);
  json hands = json::array();
  for (int s = 0; s < p.seats(); ++s) hands.push_back(cards(p.rules->deck, p.hand[s]));
  j["hands"] = hands;
  if (p.stock_known) {
    json stock = json::array();
    for (int i = p.stock_top; i < p.stock_end; ++i) stock.push_back(p.rules->deck.token(p.stock[i]));
    j["stock"] = stock;
  } else {
    j["stock"] = p.stock_left();
  }
  return j;
}

json pan_view_json(const pan::Position& p, int seat) {
  json j = public_part(p);
  j["seat"] = seat;
  j["hand"] = cards(p.rules->deck, p.hand[seat]);
  json counts = json::array();
  for (int s = 0; s < p.seats(); ++s) counts.push_back(p.hand[s].size());
  j["hand_counts"] = counts;
  j["stock"] = p.stock_left();
  return j;
}

}  // namespace conquian::serve
