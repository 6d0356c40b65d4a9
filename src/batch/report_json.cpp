#include "batch/report_json.h"

#include "replay/game_of.h"
#include "rules/ruleset_keys.h"

namespace conquian::batch {
namespace {

using nlohmann::json;

json rate_json(const Rate& r) {
  return {{"count", r.count}, {"of", r.of}, {"rate", r.rate}, {"ci95", {r.ci95.low, r.ci95.high}}};
}

json summary_json(const Summary& s) {
  return {{"n", s.n},     {"mean", s.mean},     {"sd", s.sd},   {"min", s.min},
          {"p10", s.p10}, {"median", s.median}, {"p90", s.p90}, {"max", s.max}};
}

// The keys of the key table the report shows (spelt and valued as the table writes them),
// beside facts that are no key: the deck's name and size, the number of wild cards, the run cap.
json ruleset_facts(const Ruleset& r) {
  json facts = {{"name", r.name},
                {"deck", r.deck.name()},
                {"deck_size", r.deck.size()},
                {"wild", r.melds.wild.size()},
                {"run_max", key_json("melds.run", r)[1]}};
  for (const char* name :
       {"description", "seats", "hand", "target", "swap", "forcing.decline", "forcing.offer", "forcing.hit",
        "scoring.method", "scoring.stake", "scoring.after_draw", "scoring.match_target"}) {
    const RulesetKey& key = ruleset_key(name);
    if (key.group().empty()) facts[name] = key_json(key, r);
    else facts[std::string(key.group())][std::string(key.leaf())] = key_json(key, r);
  }
  return facts;
}

json match_json(const MatchFigures& m) {
  json wins = json::array(), points = json::array();
  for (std::size_t s = 0; s < m.wins.size(); ++s) {
    json w = rate_json(m.wins[s]);
    w["seat"] = s;
    wins.push_back(w);
    points.push_back({{"seat", s}, {"points", m.points[s].points}, {"per_deal", m.points[s].per_deal}});
  }
  return {{"matches", m.matches},
          {"drawn_matches", m.drawn_matches},
          {"wins", wins},
          {"points", points},
          {"deals_per_match", summary_json(m.deals_per_match)},
          {"unfinished_deals", m.unfinished_deals},
          {"largest_multiplier", m.largest_multiplier}};
}

json forcing_json(const ForcingFigures& f) {
  return {{"forces", f.forces},
          {"decline_forces", f.decline_forces},
          {"offer_forces", f.offer_forces},
          {"hits", f.hits},
          {"per_deal", f.per_deal},
          {"deals_with_force", rate_json(f.deals_with_force)},
          {"effect",
           {{"events", f.events},
            {"forced_seat_won", rate_json(f.forced_seat_won)},
            {"forcing_seat_won", rate_json(f.forcing_seat_won)},
            {"drawn", rate_json(f.drawn)}}}};
}

// Panguingue's settlement by seat and by order of play; null under Conquian.
json chips_json(const RulesetFigures& f, const std::vector<std::string>& players) {
  if (!game_facts(*f.rules).settles_in_chips) return nullptr;
  json seats = json::array(), orders = json::array();
  for (std::size_t s = 0; s < f.seat_chips.size(); ++s)
    seats.push_back({{"seat", static_cast<int>(s)},
                     {"player", players[s]},
                     {"chips", summary_json(f.seat_chips[s])},
                     {"total", f.seat_chips_total[s]},
                     {"drops", rate_json(f.seat_drops[s])}});
  for (std::size_t k = 0; k < f.order_chips.size(); ++k)
    orders.push_back({{"order", static_cast<int>(k)},
                      {"chips", summary_json(f.order_chips[k])},
                      {"drops", rate_json(f.order_drops[k])}});
  return {{"by_seat", seats},
          {"by_order", orders},
          {"drops", rate_json(f.drops)},
          {"went_out", rate_json(f.went_out)},
          {"last_in", rate_json(f.last_in)},
          {"conditions", summary_json(f.conditions)},
          {"pot", summary_json(f.pot)},
          {"pot_taken", summary_json(f.pot_taken)}};
}

json ruleset_json(const RulesetFigures& f, const std::vector<std::string>& players) {
  json seats = json::array(), orders = json::array();
  for (std::size_t s = 0; s < f.seat_wins.size(); ++s) {
    json w = rate_json(f.seat_wins[s]);
    w["seat"] = static_cast<int>(s);
    w["player"] = players[s];
    seats.push_back(w);
  }
  for (std::size_t k = 0; k < f.order_wins.size(); ++k) {
    json o = rate_json(f.order_wins[k]);
    o["order"] = static_cast<int>(k);
    orders.push_back(o);
  }
  return {{"ruleset", ruleset_facts(*f.rules)},
          {"deals", f.deals},
          {"draws", rate_json(f.draws)},
          {"unfinished", f.unfinished},
          {"seat_wins", seats},
          {"order_wins", orders},
          {"deal_length",
           {{"moves", summary_json(f.moves)},
            {"turned", summary_json(f.turned)},
            {"moves_histogram", {{"bin_width", f.moves_histogram.bin_width}, {"counts", f.moves_histogram.counts}}}}},
          {"forcing", forcing_json(f.forcing)},
          {"match", match_json(f.match)},
          {"seats", f.seats},
          {"chips", chips_json(f, players)}};
}

json test_json(const Test& t) {
  return {{"measure", t.measure},
          {"a", t.a},
          {"b", t.b},
          {"diff", t.z.diff},
          {"ci95", {t.z.diff_ci.low, t.z.diff_ci.high}},
          {"z", t.z.z},
          {"p", t.z.p},
          {"significant", t.significant}};
}

json verdict_json(const check::GameVerdict& v) {
  json j = {{"verdict", check::judgement_name(v.judgement)}};
  if (v.judgement != check::Judgement::Legal) {
    j["move"] = v.move;
    if (v.judgement == check::Judgement::Illegal) j["code"] = code_name(v.code);
    j["message"] = v.message;
  }
  return j;
}

json games_json(const GamesComparison& g) {
  json list = json::array();
  for (const GameDifference& d : g.differing)
    list.push_back({{"id", d.id},
                    {"a", verdict_json(d.a)},
                    {"b", verdict_json(d.b)},
                    {"first_diverging_move", d.first_diverging_move}});
  return {{"checked", g.checked}, {"differing", list}};
}

json properties_json(const PropertyVerdicts& v, const std::string& a, const std::string& b) {
  if (!v.available) return {{"available", false}, {"note", v.note}};
  json differ = json::array();
  for (const auto& d : v.differ)
    differ.push_back(
        {{"property", d.property}, {"summary", d.summary}, {a, d.a.value}, {b, d.b.value}, {"evidence", d.a.evidence}});
  return {{"available", true}, {"differ", differ}, {"note", v.note}};
}

json comparison_json(const Comparison& c) {
  json j = {{"a", c.a}, {"b", c.b}};
  json tests = json::array();
  for (const Test& t : c.tests) tests.push_back(test_json(t));
  j["tests"] = tests;
  j["significant"] = c.significant();
  if (c.note) j["note"] = *c.note;
  j["properties"] = properties_json(c.properties, c.a, c.b);
  if (c.games) j["games"] = games_json(*c.games);
  return j;
}

}  // namespace

json diff_report_json(const DiffReport& report) {
  json j = {{"format", "conquian-diff/1"}, {"command", report.command}, {"deals", report.deals}, {"seed", report.seed},
            {"players", report.players},   {"alpha", report.alpha},     {"notes", report.notes}};
  json rulesets = json::array();
  for (const RulesetFigures& f : report.rulesets) rulesets.push_back(ruleset_json(f, report.players));
  j["rulesets"] = rulesets;
  json comparisons = json::array();
  for (const Comparison& c : report.comparisons) comparisons.push_back(comparison_json(c));
  j["comparisons"] = comparisons;
  if (report.games)
    j["games"] = {
        {"file", report.games->file}, {"records", report.games->records}, {"unreadable", report.games->unreadable}};
  return j;
}

}  // namespace conquian::batch
