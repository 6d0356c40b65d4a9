#include "analyse/html_page.h"

#include <nlohmann/json.hpp>

#include "analyse/analysis_json.h"
#include "analyse/html_template.h"
#include "analyse/memo_evaluation.h"
#include "analyse/table_view.h"
#include "record/html_escape.h"
#include "replay/move_notation.h"

namespace conquian::analyse {

// Seat 0's value at each position of the game (k = 0: the deal, k = N: the end), for the
// chart: the stock-unknown expectation where it was solved, else the hindsight outcome as
// +1, 0, -1, else null (a gap).
nlohmann::json chart_json(const Analysis& a) {
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

std::string html_page(const Analysis& a) {
  nlohmann::json positions = nlohmann::json::array();
  for (const Position& p : a.positions) positions.push_back(table_json(p));
  nlohmann::json texts = nlohmann::json::array();
  for (const Row& r : a.rows)
    texts.push_back(move_words(a.positions[std::size_t(r.index) - 1], r.move, SuitStyle::Symbols));
  const Deck& deck = a.rules->deck;
  nlohmann::json ranks = nlohmann::json::array(), suits = nlohmann::json::array();
  for (int r = 0; r < deck.rank_count(); ++r) ranks.push_back(deck.rank_label(r));
  for (int s = 0; s < deck.suit_count(); ++s) suits.push_back(deck.suit_label(s));
  nlohmann::json data = {{"analysis", analysis_json(a)},
                         {"positions", positions},
                         {"move_text", texts},
                         {"chart", chart_json(a)},
                         {"players", a.players},
                         {"dealer", a.positions.front().dealer},
                         {"deck", {{"name", deck.name()}, {"ranks", ranks}, {"suits", suits}}}};
  // The policy allows this style and this script alone: no markup that a record's text might
  // become could run, load or style anything.
  const std::string script = std::string(kCardScript).append(kHtmlScript);
  const std::string style = std::string(kCardStyle).append(kHtmlStyle);
  std::string page = "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n" +
                     record::html::csp_meta({script}, {style}) +
                     "\n<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n<title>conquian "
                     "analyse</title>\n<style>";
  page += style;
  page += "</style>\n</head>\n";
  page += kHtmlBody;
  page += "<script type=\"application/json\" id=\"data\">";
  page += record::html::script_data(data.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace));
  page += "</script>\n<script>";
  page += script;
  page += "</script>\n</body>\n</html>\n";
  return page;
}

}  // namespace conquian::analyse
