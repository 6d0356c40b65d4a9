#include "cli/cards_output.h"

#include <fmt/format.h>

#include "replay/move_words.h"

namespace conquian::cli {

nlohmann::json cards_json(const Deck& deck, CardSet s) {
  nlohmann::json a = nlohmann::json::array();
  for (Card c : s) a.push_back(deck.token(c));
  return a;
}

nlohmann::json melds_json(const Deck& deck, const MeldList& melds) {
  nlohmann::json a = nlohmann::json::array();
  for (CardSet m : melds) a.push_back(cards_json(deck, m));
  return a;
}

std::string melds_text(const Deck& deck, const MeldList& melds) {
  std::string s;
  for (CardSet m : melds) s += (s.empty() ? "" : " | ") + deck.tokens(m);
  return s.empty() ? "(empty)" : s;
}

std::string choice_words(const Position& p, const Move& m) {
  if (m.kind == MoveKind::Waive)
    return fmt::format("(do not force seat {} to take {})", int(p.actor), p.rules->deck.token(p.up));
  // A turn from an unknown stock (a choice of the solvers, pimc.h): no card yet.
  if (m.kind == MoveKind::Turn && m.card == kNoCard)
    return fmt::format("{{seat: {}, turn: ?}} (turn the next card of the stock)", int(m.seat));
  return move_text(p, m);
}

}  // namespace conquian::cli
