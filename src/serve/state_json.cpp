#include "serve/state_json.h"

#include "serve/view_position.h"

namespace conquian::serve {
namespace {

nlohmann::json cards(const Deck& deck, CardSet set) {
  nlohmann::json a = nlohmann::json::array();
  for (Card c : set) a.push_back(deck.token(c));
  return a;
}

nlohmann::json tables(const Position& p) {
  nlohmann::json all = nlohmann::json::array();
  for (int s = 0; s < p.seats(); ++s) {
    nlohmann::json melds = nlohmann::json::array();
    for (CardSet m : table_melds(p, s)) melds.push_back(cards(p.rules->deck, m));
    all.push_back(melds);
  }
  return all;
}

nlohmann::json face_up(const Position& p) {
  if (p.up == kNoCard) return nullptr;
  return {{"card", p.rules->deck.token(p.up)}, {"seat", int(p.origin)}, {"turned", p.up_turned}};
}

nlohmann::json outcome_json(const Outcome& o) {
  switch (o.kind) {
    case Outcome::Kind::Ongoing: return nullptr;
    case Outcome::Kind::Win: return {{"winner", o.winner}};
    case Outcome::Kind::Draw: return {{"draw", true}};
  }
  return nullptr;
}

// The keys both the state and a view share, in one order.
void put_public(nlohmann::json& j, const Position& p) {
  j["tables"] = tables(p);
  j["face_up"] = face_up(p);
  j["dead"] = cards(p.rules->deck, p.dead);
}

void put_turn(nlohmann::json& j, const Position& p) {
  j["to_act"] = p.result.over() ? nlohmann::json(nullptr) : nlohmann::json(to_act(p));
  j["phase"] = phase_name(p.phase);
  j["outcome"] = outcome_json(p.result);
  j["dealer"] = int(p.dealer);
  j["plies"] = p.plies;
}

}  // namespace

nlohmann::json state_json(const Position& p) {
  nlohmann::json j;
  nlohmann::json hands = nlohmann::json::array();
  for (int s = 0; s < p.seats(); ++s) hands.push_back(cards(p.rules->deck, p.hand[std::size_t(s)]));
  j["hands"] = hands;
  put_public(j, p);
  if (p.stock_known) {
    nlohmann::json stock = nlohmann::json::array();
    for (int i = p.stock_top; i < p.stock_end; ++i) stock.push_back(p.rules->deck.token(p.stock[std::size_t(i)]));
    j["stock"] = stock;
  } else {
    j["stock"] = p.stock_left();
  }
  put_turn(j, p);
  return j;
}

nlohmann::json view_json(const SeatView& v) {
  const Position& p = v.pos;
  nlohmann::json j;
  j["seat"] = v.seat;
  j["hand"] = v.seat >= 0 ? cards(p.rules->deck, p.hand[std::size_t(v.seat)]) : nlohmann::json::array();
  nlohmann::json counts = nlohmann::json::array(), known = nlohmann::json::array();
  for (int s = 0; s < p.seats(); ++s) {
    counts.push_back(v.hand_count[std::size_t(s)]);
    known.push_back(cards(p.rules->deck, v.known(s)));
  }
  j["hand_counts"] = counts;
  j["known"] = known;
  put_public(j, p);
  j["stock"] = v.stock_count();
  put_turn(j, p);
  // For a bot that asks a built-in player (serve/bot_move.h): the same view as a position file.
  j["ruleset"] = p.rules->name;
  std::optional<std::string> text = view_position_text(v);
  j["position"] = text ? nlohmann::json(*text) : nlohmann::json(nullptr);
  return j;
}

}  // namespace conquian::serve
