// Small helpers for tests: cards from tokens, a deal from token lists, moves by words.
#pragma once

#include <doctest/doctest.h>

#include <initializer_list>
#include <map>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include "engine/engine.h"
#include "record/record_reader.h"
#include "replay/record_moves.h"
#include "rules/ruleset.h"

namespace conquian::testing {

// A shipped ruleset, loaded once per test process: many tests ask for the same few.
inline std::shared_ptr<const Ruleset> shared_ruleset(const std::string& name) {
  static std::map<std::string, std::shared_ptr<const Ruleset>> cache;
  auto& r = cache[name];
  if (!r) r = load_ruleset(name);
  return r;
}

// The shipped rulesets of Conquian (every shipped ruleset but Panguingue's), for the tests that
// ask Conquian's engine.
inline std::vector<std::string> conquian_ruleset_names() {
  std::vector<std::string> out;
  for (const auto& name : shipped_ruleset_names())
    if (!shared_ruleset(name)->is_pan()) out.push_back(name);
  return out;
}

inline std::vector<std::string> words(const std::string& text) {
  std::istringstream in(text);
  std::vector<std::string> out;
  for (std::string w; in >> w;) out.push_back(w);
  return out;
}

inline CardSet cards(const Deck& deck, const std::string& tokens) {
  CardSet s;
  for (const auto& w : words(tokens)) {
    auto c = deck.parse(w);
    REQUIRE_MESSAGE(c.has_value(), "not a card: " << w);
    s.insert(*c);
  }
  return s;
}

inline Card card(const Deck& deck, const std::string& token) {
  auto c = deck.parse(token);
  REQUIRE_MESSAGE(c.has_value(), "not a card: " << token);
  return *c;
}

// A deal: hands as token strings; the stock is the rest of the deck in the order given
// by `stock_tokens` followed by every remaining card in deck order.
inline Position deal(const Ruleset& rules, const std::vector<std::string>& hands, const std::string& stock_tokens,
                     int dealer = 0) {
  std::vector<CardSet> hs;
  CardSet used;
  for (const auto& h : hands) {
    hs.push_back(cards(rules.deck, h));
    used |= hs.back();
  }
  std::vector<Card> stock;
  for (const auto& w : words(stock_tokens)) {
    stock.push_back(card(rules.deck, w));
    used.insert(stock.back());
  }
  for (Card c : rules.deck.all() - used) stock.push_back(c);
  return start(rules, hs, dealer, stock, true);
}

// Parses one record move written as YAML flow text, e.g. "{seat: 1, turn: 5h}".
inline Move move(const Position& pos, const std::string& text) {
  std::string doc = "format: conquian-record/1\nruleset: x\ndeal: {hands: []}\nmoves:\n  - " + text + "\n";
  std::optional<record::RecordMove> rm;
  record::read_record_text(doc, "test", [&](record::ReadItem&& item) {
    REQUIRE_MESSAGE(item.record.has_value(), (item.error ? item.error->message : std::string("?")));
    REQUIRE(item.record->moves.size() == 1);
    rm = item.record->moves[0];
  });
  REQUIRE(rm.has_value());
  MoveOrFault mf = to_move(pos, *rm);
  REQUIRE_MESSAGE(mf.fault.ok(), mf.fault.message);
  return mf.move;
}

// Judges and applies a move that must be legal.
inline void play(Position& pos, const std::string& text) {
  Move m = move(pos, text);
  Verdict v = judge(pos, m);
  INFO("move: " << text);
  REQUIRE_MESSAGE(v.ok(), code_name(v.code) << ": " << v.message);
  apply(pos, m);
}

// play() for each move in turn: a scripted stretch of a deal.
inline void play_all(Position& pos, std::initializer_list<const char*> moves) {
  for (const char* m : moves) play(pos, m);
}

// The code judge() gives a move.
inline std::string verdict_code(const Position& pos, const std::string& text) {
  return code_name(judge(pos, move(pos, text)).code);
}

}  // namespace conquian::testing
