#include "http/session_words.h"

#include <algorithm>
#include <map>
#include <type_traits>

#include "analyse/pan_table_view.h"
#include "analyse/table_view.h"
#include "cards/deck_looks.h"
#include "engine/game.h"
#include "record/record_writer.h"
#include "replay/game_words.h"
#include "replay/move_notation.h"
#include "serve/game_session.h"
#include "serve/move_from_json.h"
#include "serve/pan_session.h"

namespace conquian::http {
namespace {

// A Conquian take's place in the short list a player picks from (source 004: "the game works
// out the arrangement for you; when there is a real choice of which cards to lay down, you
// pick from a short list"): the card taken, the cards it lays from the hand, and which of
// that card's distinct tables it makes ("arrangement", in the engine's order).
void add_take_choice(nlohmann::json& entry, const Position& before, const Move& move,
                     std::map<Card, std::vector<CardSet>>& tables) {
  if (move.kind != MoveKind::Take) return;
  const Deck& deck = before.rules->deck;
  CardSet laid = move.table - before.table[move.seat];
  laid.erase(move.card);
  nlohmann::json lay = nlohmann::json::array();
  std::string lay_words;
  for (Card c : laid) {
    lay.push_back(deck.token(c));
    lay_words += (lay_words.empty() ? "" : " ") + card_words(deck, deck.token(c), SuitStyle::Symbols);
  }
  std::vector<CardSet>& seen = tables[move.card];
  const auto arrangement = std::find(seen.begin(), seen.end(), move.table) - seen.begin();
  if (arrangement == static_cast<std::ptrdiff_t>(seen.size())) seen.push_back(move.table);
  entry["take"] = deck.token(move.card);
  entry["lay"] = std::move(lay);
  entry["lay_words"] = std::move(lay_words);
  entry["arrangement"] = arrangement;
}

// Each taken card's default arrangement: the one that lays the most cards from the hand (each
// card laid is one fewer to go out with), the first of them in the engine's order.
void mark_default_takes(nlohmann::json& legal) {
  std::map<std::string, std::pair<std::size_t, long long>> best;  // take -> (cards laid, arrangement)
  for (const nlohmann::json& e : legal) {
    if (!e.contains("take")) continue;
    const std::size_t n = e["lay"].size();
    const long long k = e["arrangement"].get<long long>();
    auto [it, fresh] = best.try_emplace(e["take"].get<std::string>(), n, k);
    if (!fresh && (n > it->second.first || (n == it->second.first && k < it->second.second))) it->second = {n, k};
  }
  for (nlohmann::json& e : legal)
    if (e.contains("take"))
      e["default"] = e["arrangement"].get<long long>() == best[e["take"].get<std::string>()].second;
}

template <class S>
nlohmann::json legal_of(const S& s) {
  nlohmann::json out = nlohmann::json::array();
  [[maybe_unused]] std::map<Card, std::vector<CardSet>> tables;
  for (const auto& m : s.legal_moves()) {
    const auto rm = RecordWords<typename S::Game>::words(m.before, m.move);
    if (!rm) continue;
    // In words with suit symbols only: the list is sent with every state, the largest part of
    // each play's answer, and the page draws symbols (a played move's answer has both forms).
    nlohmann::json entry = {{"move", record::move_json(*rm)},
                            {"words", move_words(m.before, m.move, SuitStyle::Symbols)}};
    if constexpr (std::is_same_v<typename S::Game, ConquianGame>) add_take_choice(entry, m.before, m.move, tables);
    out.push_back(std::move(entry));
  }
  if constexpr (std::is_same_v<typename S::Game, ConquianGame>) mark_default_takes(out);
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
  if (const auto* p = dynamic_cast<const serve::PanSession*>(&session)) {
    nlohmann::json cards = analyse::pan_table_json(p->position());
    const std::string next = cards["next"].get<std::string>();
    return {{"cards", std::move(cards)}, {"text", analyse::pan_table_text(p->position())}, {"next", next}};
  }
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

nlohmann::json deck_json(const Deck& deck) {
  nlohmann::json ranks = nlohmann::json::array(), suits = nlohmann::json::array();
  for (int r = 0; r < deck.rank_count(); ++r) ranks.push_back(deck.rank_label(r));
  for (int s = 0; s < deck.suit_count(); ++s) suits.push_back(deck.suit_label(s));
  return {{"name", deck.name()}, {"ranks", ranks}, {"suits", suits}};
}

nlohmann::json deck_json(const Ruleset& rules) { return deck_json(rules.deck); }

nlohmann::json looks_json() {
  nlohmann::json out = nlohmann::json::object();
  for (const char* name : {"spanish-40", "french-40"}) {
    const Deck deck = *Deck::named(name);
    const Deck look = *other_look(deck);
    const std::string family = look.name().substr(0, look.name().find('-'));
    nlohmann::json cards = nlohmann::json::object();
    for (int i = 0; i < deck.size(); ++i) {
      const Card c = static_cast<Card>(i);
      cards[deck.token(c)] = look.token(look_card(deck, c, look));
    }
    out[name][family] = {{"deck", deck_json(look)}, {"cards", std::move(cards)}};
  }
  return out;
}

}  // namespace conquian::http
