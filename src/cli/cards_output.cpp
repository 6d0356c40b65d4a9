#include "cli/cards_output.h"

#include <fmt/format.h>

#include "record/record_writer.h"
#include "replay/record_moves.h"

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

nlohmann::json record_move_json(const record::RecordMove& m) {
  nlohmann::json j = {{"seat", m.seat}};
  auto list = [](const record::TokenList& l) {
    nlohmann::json a = nlohmann::json::array();
    for (const auto& t : l) a.push_back(t.text);
    return a;
  };
  switch (m.kind) {
    case record::MoveKind::Swap: j["swap"] = m.card.text; break;
    case record::MoveKind::Turn: j["turn"] = m.card.text; break;
    case record::MoveKind::Pass: j["pass"] = m.card.text; break;
    case record::MoveKind::Throw: j["throw"] = m.card.text; break;
    case record::MoveKind::Force: j["force"] = m.force_seat; break;
    case record::MoveKind::Take: j["take"] = m.card.text; [[fallthrough]];
    case record::MoveKind::Lay: {
      nlohmann::json melds = nlohmann::json::array();
      for (const auto& meld : m.melds) melds.push_back(list(meld));
      j["melds"] = melds;
      if (m.discard) j["discard"] = m.discard->text;
      if (m.onto >= 0) j["onto"] = m.onto;
      break;
    }
  }
  return j;
}

std::string move_words(const Position& p, const Move& m) {
  if (auto rm = to_record_move(p, m)) return record::write_move(*rm);
  return fmt::format("(do not force seat {} to take {})", int(p.actor), p.rules->deck.token(p.up));
}

}  // namespace conquian::cli
