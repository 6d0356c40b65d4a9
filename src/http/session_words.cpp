#include "http/session_words.h"

#include "analyse/pan_table_view.h"
#include "analyse/table_view.h"
#include "record/record_writer.h"
#include "replay/game_words.h"
#include "replay/move_notation.h"
#include "serve/game_session.h"
#include "serve/move_from_json.h"
#include "serve/pan_session.h"

namespace conquian::http {
namespace {

template <class S>
nlohmann::json legal_of(const S& s) {
  nlohmann::json out = nlohmann::json::array();
  for (const auto& m : s.legal_moves()) {
    const auto rm = RecordWords<typename S::Game>::words(m.before, m.move);
    if (!rm) continue;
    out.push_back({{"move", record::move_json(*rm)},
                   {"words", move_words(m.before, m.move, SuitStyle::Symbols)},
                   {"text", move_words(m.before, m.move, SuitStyle::Letters)}});
  }
  return out;
}

template <class S>
nlohmann::json words_in(const S& s, const nlohmann::json& move) {
  const auto rm = serve::move_from_json(move);
  const auto mf = RecordWords<typename S::Game>::move(s.position(), rm);
  if (!mf.fault.ok()) {
    const std::string text = record::write_move(rm);
    return {{"words", text}, {"text", text}};
  }
  return {{"words", move_words(s.position(), mf.move, SuitStyle::Symbols)},
          {"text", move_words(s.position(), mf.move, SuitStyle::Letters)}};
}

}  // namespace

nlohmann::json table_of(const serve::Session& session) {
  if (const auto* g = dynamic_cast<const serve::GameSession*>(&session))
    return {{"cards", analyse::table_json(g->position())},
            {"text", analyse::table_text(g->position())},
            {"next", analyse::next_text(g->position())}};
  if (const auto* p = dynamic_cast<const serve::PanSession*>(&session))
    return {{"cards", nullptr}, {"text", analyse::pan_table_text(p->position())}, {"next", ""}};
  return {{"cards", nullptr}, {"text", ""}, {"next", ""}};
}

nlohmann::json legal_with_words(const serve::Session& session) {
  if (const auto* g = dynamic_cast<const serve::GameSession*>(&session)) return legal_of(*g);
  if (const auto* p = dynamic_cast<const serve::PanSession*>(&session)) return legal_of(*p);
  return nlohmann::json::array();
}

nlohmann::json words_of(const serve::Session& session, const nlohmann::json& move) {
  if (const auto* g = dynamic_cast<const serve::GameSession*>(&session)) return words_in(*g, move);
  if (const auto* p = dynamic_cast<const serve::PanSession*>(&session)) return words_in(*p, move);
  return {{"words", ""}, {"text", ""}};
}

nlohmann::json deck_json(const Ruleset& rules) {
  const Deck& deck = rules.deck;
  nlohmann::json ranks = nlohmann::json::array(), suits = nlohmann::json::array();
  for (int r = 0; r < deck.rank_count(); ++r) ranks.push_back(deck.rank_label(r));
  for (int s = 0; s < deck.suit_count(); ++s) suits.push_back(deck.suit_label(s));
  return {{"name", deck.name()}, {"ranks", ranks}, {"suits", suits}};
}

}  // namespace conquian::http
