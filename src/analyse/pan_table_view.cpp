#include "analyse/pan_table_view.h"

#include <fmt/format.h>

#include "pan/engine.h"
#include "pan/melds.h"
#include "pan/partition.h"
#include "replay/chips_words.h"

namespace conquian::analyse {
namespace {

std::string next_text(const pan::Position& p) {
  const Deck& deck = p.rules->deck;
  if (p.result.kind == Outcome::Kind::Win) return fmt::format("over: seat {} won", p.result.winner);
  if (p.result.kind == Outcome::Kind::Draw) return "over: a draw";
  const int seat = pan::to_act(p);
  switch (p.phase) {
    case pan::Phase::Declare: return fmt::format("seat {} to declare: play or drop", seat);
    case pan::Phase::Turn: return fmt::format("seat {} to turn a card from the stock", seat);
    case pan::Phase::Offer: return fmt::format("seat {} to take or pass {}", seat, deck.token(p.up));
    case pan::Phase::ForceWindow:
      return fmt::format("seat {} may force {} on seat {}", seat, deck.token(p.up), int(p.actor));
    case pan::Phase::Forced: return fmt::format("seat {} must take {}", seat, deck.token(p.up));
    case pan::Phase::Over: break;
  }
  return "over";
}

const char* declaration(const pan::Position& p, int s) {
  return (p.playing >> s) & 1 ? "plays" : (p.dropped >> s) & 1 ? "dropped" : "to declare";
}

nlohmann::json pan_cards_list(const Deck& deck, const CardCounts& cards) {
  nlohmann::json a = nlohmann::json::array();
  cards.for_each([&](Card c, int n) {
    for (int i = 0; i < n; ++i) a.push_back(deck.token(c));
  });
  return a;
}

}  // namespace

std::string pan_table_text(const pan::Position& p) {
  const Deck& deck = p.rules->deck;
  std::string out;
  for (int s = 0; s < p.seats(); ++s) {
    const char* said = declaration(p, s);
    std::string melds;
    for (int i = 0; i < p.table[s].count; ++i) {
      const CardCounts m = p.table[s].melds[i].counts();
      const pan::Condition c = pan::condition_of(*p.rules, m);
      melds += (melds.empty() ? "" : " | ") + pan::tokens(deck, m);
      if (c.value > 0) melds += fmt::format(" (pays {})", c.value);
    }
    out += fmt::format("seat {} {}{}  {}\n        hand:  {}\n        table: {}\n", s, signed_chips(p.chips[s]),
                       s == p.dealer ? " (dealer)" : "", said, p.hand[s].empty() ? "-" : pan::tokens(deck, p.hand[s]),
                       melds.empty() ? "-" : melds);
  }
  std::string up = "-";
  if (p.up != kNoCard)
    up = fmt::format("{} ({} seat {})", deck.token(p.up), p.up_turned ? "turned by" : "thrown by", int(p.origin));
  out += fmt::format("face up: {}\ndead:    {} card{}\nstock:   {} card{}{}\npot:     {}\n", up, p.dead.size(),
                     p.dead.size() == 1 ? "" : "s", p.stock_left(), p.stock_left() == 1 ? "" : "s",
                     p.stock_known ? "" : " (order unknown)", p.pot);
  out += fmt::format("next:    {}\n", next_text(p));
  return out;
}

nlohmann::json pan_table_json(const pan::Position& p) {
  const Deck& deck = p.rules->deck;
  nlohmann::json hands = nlohmann::json::array(), tables = nlohmann::json::array(), pays = nlohmann::json::array(),
                 said = nlohmann::json::array(), chips = nlohmann::json::array();
  for (int s = 0; s < p.seats(); ++s) {
    hands.push_back(pan_cards_list(deck, p.hand[s]));
    nlohmann::json melds = nlohmann::json::array(), paid = nlohmann::json::array();
    for (int i = 0; i < p.table[s].count; ++i) {
      const CardCounts m = p.table[s].melds[i].counts();
      melds.push_back(pan_cards_list(deck, m));
      paid.push_back(pan::condition_of(*p.rules, m).value);
    }
    tables.push_back(melds);
    pays.push_back(paid);
    said.push_back(declaration(p, s));
    chips.push_back(p.chips[s]);
  }
  const bool over = p.result.over();
  return {{"hands", hands},
          {"tables", tables},
          {"pays", pays},
          {"said", said},
          {"chips", chips},
          {"pot", p.pot},
          {"up", p.up == kNoCard ? nlohmann::json(nullptr) : nlohmann::json(deck.token(p.up))},
          {"up_seat", p.up == kNoCard ? nlohmann::json(nullptr) : nlohmann::json(int(p.origin))},
          {"dead", pan_cards_list(deck, p.dead)},
          {"stock", p.stock_left()},
          {"to_act", over ? nlohmann::json(nullptr) : nlohmann::json(pan::to_act(p))},
          {"next", next_text(p)}};
}

}  // namespace conquian::analyse
