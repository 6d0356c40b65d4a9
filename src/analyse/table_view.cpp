#include "analyse/table_view.h"

#include <fmt/format.h>

namespace conquian::analyse {
namespace {

std::string cards_text(const Deck& deck, CardSet s) { return s.empty() ? "-" : deck.tokens(s); }

nlohmann::json cards_list(const Deck& deck, CardSet s) {
  nlohmann::json a = nlohmann::json::array();
  for (Card c : s) a.push_back(deck.token(c));
  return a;
}

}  // namespace

std::string next_text(const Position& p) {
  const Deck& deck = p.rules->deck;
  if (p.result.kind == Outcome::Kind::Win) return fmt::format("over: seat {} won", p.result.winner);
  if (p.result.kind == Outcome::Kind::Draw) return "over: a draw";
  const int seat = to_act(p);
  switch (p.phase) {
    case Phase::Swap: return fmt::format("seat {} to choose a card to swap", seat);
    case Phase::Turn: return fmt::format("seat {} to turn a card from the stock", seat);
    case Phase::Offer: return fmt::format("seat {} to take or pass {}", seat, deck.token(p.up));
    case Phase::ForceWindow:
      return fmt::format("seat {} may force {} on seat {}", seat, deck.token(p.up), int(p.actor));
    case Phase::Forced: return fmt::format("seat {} must take {}", seat, deck.token(p.up));
    case Phase::Throw: return fmt::format("seat {} to throw a card", seat);
    case Phase::Over: break;
  }
  return "over";
}

std::string table_text(const Position& p) {
  const Deck& deck = p.rules->deck;
  std::string out;
  for (int s = 0; s < p.seats(); ++s) {
    std::string melds;
    for (CardSet m : table_melds(p, s)) melds += (melds.empty() ? "" : " | ") + deck.tokens(m);
    out += fmt::format("seat {}{}  hand:  {}\n        table: {}\n", s, s == p.dealer ? " (dealer)" : "",
                       cards_text(deck, p.hand[std::size_t(s)]), melds.empty() ? "-" : melds);
  }
  std::string up = "-";
  if (p.up != kNoCard)
    up = fmt::format("{} ({} seat {})", deck.token(p.up), p.up_turned ? "turned by" : "thrown by", int(p.origin));
  out += fmt::format("face up: {}\ndead:    {}\nstock:   {} card{}{}\n", up, cards_text(deck, p.dead), p.stock_left(),
                     p.stock_left() == 1 ? "" : "s", p.stock_known ? "" : " (order unknown)");
  out += fmt::format("next:    {}\n", next_text(p));
  return out;
}

nlohmann::json table_json(const Position& p) {
  const Deck& deck = p.rules->deck;
  nlohmann::json hands = nlohmann::json::array(), tables = nlohmann::json::array();
  for (int s = 0; s < p.seats(); ++s) {
    hands.push_back(cards_list(deck, p.hand[std::size_t(s)]));
    nlohmann::json melds = nlohmann::json::array();
    for (CardSet m : table_melds(p, s)) melds.push_back(cards_list(deck, m));
    tables.push_back(melds);
  }
  const bool over = p.result.over();
  return {{"hands", hands},
          {"tables", tables},
          {"up", p.up == kNoCard ? nlohmann::json(nullptr) : nlohmann::json(deck.token(p.up))},
          {"up_seat", p.up == kNoCard ? nlohmann::json(nullptr) : nlohmann::json(int(p.origin))},
          {"up_turned", p.up != kNoCard && p.up_turned},
          {"dead", cards_list(deck, p.dead)},
          {"stock", p.stock_left()},
          {"to_act", over ? nlohmann::json(nullptr) : nlohmann::json(to_act(p))},
          {"next", next_text(p)}};
}

}  // namespace conquian::analyse
