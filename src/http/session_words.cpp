#include "http/session_words.h"

#include <algorithm>
#include <map>

#include "analyse/pan_table_view.h"
#include "analyse/table_view.h"
#include "cards/deck_looks.h"
#include "record/record_writer.h"
#include "replay/move_notation.h"
#include "serve/move_from_json.h"
#include "serve/sessions.h"

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

// Panguingue's takes are listed one per laid cards and discard, with no short list of tables.
void add_take_choice(nlohmann::json&, const pan::Position&, const pan::Move&, std::map<Card, std::vector<CardSet>>&) {}

// Each taken card's default arrangement: the one that lays the most cards from the hand (each
// card laid is one fewer to go out with), the first of them in the engine's order.
void mark_default_takes(nlohmann::json& legal) {
  std::map<std::string, std::pair<std::size_t, long long>> best;  // take -> (cards laid, arrangement)
  for (const nlohmann::json& e : legal) {
    if (!e.contains("arrangement")) continue;
    const std::size_t n = e["lay"].size();
    const long long k = e["arrangement"].get<long long>();
    auto [it, fresh] = best.try_emplace(e["take"].get<std::string>(), n, k);
    if (!fresh && (n > it->second.first || (n == it->second.first && k < it->second.second))) it->second = {n, k};
  }
  for (nlohmann::json& e : legal)
    if (e.contains("arrangement"))
      e["default"] = e["arrangement"].get<long long>() == best[e["take"].get<std::string>()].second;
}

// The board's table of a position (analyse/table_view.h, analyse/pan_table_view.h).
nlohmann::json table_cards(const Position& p) {
  return {{"cards", analyse::table_json(p)}, {"text", analyse::table_text(p)}, {"next", analyse::next_text(p)}};
}
nlohmann::json table_cards(const pan::Position& p) {
  nlohmann::json cards = analyse::pan_table_json(p);
  const std::string next = cards["next"].get<std::string>();
  return {{"cards", std::move(cards)}, {"text", analyse::pan_table_text(p)}, {"next", next}};
}

// A move in words, both styles, with its protocol words.
template <class S>
nlohmann::json worded(const typename S::Position& before, const typename S::Move& m) {
  return {{"move", S::protocol_words(before, m)},
          {"words", move_words(before, m, SuitStyle::Symbols)},
          {"text", move_words(before, m, SuitStyle::Letters)}};
}

}  // namespace

nlohmann::json table_of(const serve::Session& session) {
  return serve::visit_session(session, [](const auto& s) { return table_cards(s.position()); });
}

nlohmann::json legal_with_words(const serve::Session& session, int seat) {
  return serve::visit_session(session, [&](const auto& s) {
    using S = std::decay_t<decltype(s)>;
    nlohmann::json out = nlohmann::json::array();
    std::map<Card, std::vector<CardSet>> tables;
    std::vector<typename S::Move> offered;
    offered_moves<typename S::Game>(s.position(), seat, offered);
    for (const auto& m : offered) {
      // In words with suit symbols only: the list is sent with every state, the largest part of
      // each play's answer, and the page draws symbols (a played move's answer has both forms).
      nlohmann::json entry = {{"move", S::protocol_words(s.position(), m)},
                              {"words", move_words(s.position(), m, SuitStyle::Symbols)}};
      add_take_choice(entry, s.position(), m, tables);
      out.push_back(std::move(entry));
    }
    mark_default_takes(out);
    return out;
  });
}

nlohmann::json legal_with_words(const serve::Session& session) { return legal_with_words(session, session.to_act()); }

nlohmann::json words_of(const serve::Session& session, const nlohmann::json& move) {
  return serve::visit_session(session, [&](const auto& s) -> nlohmann::json {
    using S = std::decay_t<decltype(s)>;
    const auto r = s.read_move(move);
    if (!r.fault.ok()) {
      const std::string text = record::write_move(serve::move_from_json(move));
      return {{"words", text}, {"text", text}};
    }
    return worded<S>(s.position(), r.move);
  });
}

nlohmann::json last_move_words(const serve::Session& session, int seat) {
  return serve::visit_session(session, [&](const auto& s) -> nlohmann::json {
    using S = std::decay_t<decltype(s)>;
    const auto* before = s.before_last();
    if (!before) return nullptr;
    return worded<S>(*before, S::Game::seen_by(*before, *s.last_move(), seat));
  });
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
