// Position files written by tests: a deal frozen at a decision, as conquian-position/1 text
// (specs/position-format.md), with every card named nowhere else dead.
#pragma once

#include <sstream>
#include <string>
#include <vector>

#include "rules/ruleset.h"
#include "test_util.h"

namespace conquian::testing {

// One seat of a position file: hand and table as token text ("Ac 2c", "[5h, 5c, 5s]").
struct SeatText {
  std::string hand;
  std::string table;  // YAML list of melds, e.g. "[[5h, 5c, 5s]]"
};

// A position file whose dead cards are every card named nowhere else; `rest` follows
// (face_up, refused, to_act, ...).
inline std::string position_text(const Ruleset& rules, const std::vector<SeatText>& seats, const std::string& stock,
                                 const std::string& rest) {
  std::ostringstream out;
  out << "format: conquian-position/1\nruleset: " << rules.name << "\nseats:\n";
  CardSet named;
  auto note = [&](const std::string& text) {
    std::string clean;
    for (char c : text) clean += (c == '[' || c == ']' || c == ',' || c == '{' || c == '}' || c == ':') ? ' ' : c;
    for (const auto& w : words(clean))
      if (auto c = rules.deck.parse(w)) named.insert(*c);
  };
  for (const auto& s : seats) {
    std::string hand;
    for (const auto& w : words(s.hand)) hand += (hand.empty() ? "" : ", ") + w;
    out << "  - hand: [" << hand << "]\n    table: " << (s.table.empty() ? "[]" : s.table) << "\n";
    note(s.hand);
    note(s.table);
  }
  std::string st;
  for (const auto& w : words(stock)) st += (st.empty() ? "" : ", ") + w;
  out << "stock: [" << st << "]\n";
  note(stock);
  note(rest);
  std::string dead;
  for (Card c : rules.deck.all() - named) dead += (dead.empty() ? "" : ", ") + rules.deck.token(c);
  out << "dead: [" << dead << "]\n" << rest;
  return out.str();
}

}  // namespace conquian::testing
