#include "analyse/html_page.h"

#include <nlohmann/json.hpp>

#include "analyse/analysis_json.h"
#include "analyse/html_template.h"
#include "analyse/memo_evaluation.h"
#include "analyse/table_view.h"
#include "replay/move_words.h"

namespace conquian::analyse {
namespace {

// Seat 0's value at each position of the game (k = 0: the deal, k = N: the end), for the
// chart: the stock-unknown expectation where it was solved, else the hindsight outcome as
// +1, 0, -1, else null (a gap).
nlohmann::json chart(const Analysis& a) {
  nlohmann::json points = nlohmann::json::array();
  auto value = [&](const Row& r, bool after) -> nlohmann::json {
    const Judged* exact = nullptr;
    for (const Judged& j : r.judged) {
      // The seat view is one seat's estimate, not the table's value: marked, not drawn.
      if (!j.applies || !j.a.solved || j.a.sampling) continue;
      const Worth& w = after ? j.a.after : j.a.before;
      if (!j.exact) return w.expected0;
      if (!exact) exact = &j;
    }
    if (exact) return (after ? exact->a.after : exact->a.before).expected0;
    return nullptr;
  };
  for (const Row& r : a.rows) points.push_back(value(r, false));
  if (a.outcome.over()) points.push_back(worth_of_outcome(a.outcome).expected0);
  else points.push_back(a.rows.empty() ? nlohmann::json(nullptr) : value(a.rows.back(), true));
  return points;
}

// The JSON inside a <script> element: '<' written as \u003c (it stands only inside JSON
// strings), so that no text of the record can close the element.
std::string script_safe(const std::string& json) {
  std::string out;
  out.reserve(json.size());
  for (char c : json) out += c == '<' ? std::string("\\u003c") : std::string(1, c);
  return out;
}

}  // namespace

std::string html_page(const Analysis& a) {
  nlohmann::json positions = nlohmann::json::array();
  for (const Position& p : a.positions) positions.push_back(table_json(p));
  nlohmann::json texts = nlohmann::json::array();
  for (const Row& r : a.rows) texts.push_back(move_text(a.positions[std::size_t(r.index) - 1], r.move));
  const Deck& deck = a.rules->deck;
  nlohmann::json ranks = nlohmann::json::array(), suits = nlohmann::json::array();
  for (int r = 0; r < deck.rank_count(); ++r) ranks.push_back(deck.rank_label(r));
  for (int s = 0; s < deck.suit_count(); ++s) suits.push_back(deck.suit_label(s));
  nlohmann::json data = {{"analysis", analysis_json(a)},
                         {"positions", positions},
                         {"move_text", texts},
                         {"chart", chart(a)},
                         {"players", a.players},
                         {"dealer", a.positions.front().dealer},
                         {"deck", {{"name", deck.name()}, {"ranks", ranks}, {"suits", suits}}}};
  return kHtmlHead + script_safe(data.dump()) + kHtmlTail;
}

}  // namespace conquian::analyse
