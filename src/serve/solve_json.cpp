#include "serve/solve_json.h"

#include <algorithm>
#include <numeric>
#include <optional>

#include "analyse/pan_analysis.h"
#include "engine/game.h"
#include "replay/move_words.h"
#include "serve/protocol_moves.h"

namespace conquian::serve {
namespace {

nlohmann::json value_json(const solve::Value& v) {
  if (v.kind == Outcome::Kind::Win) return {{"winner", v.winner}};
  return {{"draw", true}};
}

// The fields the exact and the chance answers share: who acts, the best move, the line.
// The line holds record moves only (a waive has no words); `best` is the seat to act's choice
// as it is offered it (choice_json: a waive, a turn without its card).
void put_line(nlohmann::json& j, const Position& p, const solve::Answer& a, std::uint64_t nodes, double seconds) {
  nlohmann::json line = nlohmann::json::array();
  for (const auto& step : a.line)
    if (nlohmann::json m = move_json(step.before, step.move); !m.is_null()) line.push_back(m);
  j["to_act"] = to_act(p);
  // With the stock unknown the line stops before a card turned from it: when the first
  // decision is to turn, `best` is the blind turn.
  j["best"] = !a.line.empty() ? choice_json(a.line.front().before, a.line.front().move)
              : a.best        ? choice_json(p, *a.best)
                              : nlohmann::json(nullptr);
  j["basis"] = "exact";
  j["force_declined"] = a.force_declined();
  j["line"] = line;
  j["nodes"] = nodes;
  j["seconds"] = seconds;
}

nlohmann::json exact_answer(const Position& p, const solve::Answer& a, bool all_moves, bool any_win) {
  const solve::Result& r = a.exact;
  nlohmann::json j;
  j["value"] = value_json(r.value);
  j["plies"] = r.value.plies;
  put_line(j, p, a, r.nodes, r.seconds);
  if (all_moves) {
    nlohmann::json all = nlohmann::json::array();
    for (const auto& mv : r.moves) {
      nlohmann::json e;
      e["move"] = choice_json(p, mv.move);
      if (mv.move.kind == MoveKind::Waive) e["force_declined"] = true;
      e["value"] = value_json(mv.value);
      if (!any_win && mv.value.kind == Outcome::Kind::Win) e["plies"] = mv.value.plies;
      all.push_back(e);
    }
    j["moves"] = all;
  }
  return j;
}

nlohmann::json chance_answer(const Position& p, const solve::Answer& a, bool all_moves) {
  const solve::ChanceResult& r = a.chance;
  nlohmann::json j;
  j["chances"] = chances_json(r.value);
  j["exact"] = exact_json(r.exact);
  // `value`: the outcome when it is certain, else null (see `chances`).
  std::optional<solve::Value> certain = r.value.certain();
  j["value"] = certain ? value_json(*certain) : nlohmann::json(nullptr);
  put_line(j, p, a, r.nodes, r.seconds);
  if (all_moves) {
    nlohmann::json all = nlohmann::json::array();
    for (const auto& mv : r.moves)
      all.push_back({{"move", choice_json(p, mv.move)}, {"chances", chances_json(mv.value)}});
    j["moves"] = all;
  }
  return j;
}

nlohmann::json estimate_answer(const Position& p, const solve::Answer& a) {
  const solve::SampleEstimate& e = a.estimate;
  nlohmann::json moves = nlohmann::json::array();
  for (const solve::SampledMove& m : e.moves)
    moves.push_back({{"move", choice_json(p, m.move)}, {"expected0", m.mean}, {"ci95", {m.low(), m.high()}}});
  return {{"estimate",
           {{"samples", e.samples},
            {"unsolved", e.unsolved},
            {"win0", e.wins0},
            {"draw", e.draws},
            {"win1", e.wins1},
            {"expected0", e.mean},
            {"ci95", {e.low(), e.high()}},
            {"moves", moves}}},
          {"basis", "estimate"},
          {"to_act", to_act(p)},
          {"best", a.best ? choice_json(p, *a.best) : nlohmann::json(nullptr)},
          {"nodes", e.nodes},
          {"seconds", e.seconds}};
}

// Cut short (by the time, a stop or the node budget): what the search proved, the best move
// proved so far or estimated, and every choice's estimate.
nlohmann::json unsolved_answer(const Position& p, const solve::Answer& a) {
  nlohmann::json j;
  if (a.kind == solve::Answer::Kind::Chance) {
    j = interval_json(proved_interval(a.chance));
  } else {
    j = {{"interval", {a.lower, a.upper}},
         {"exact", a.lower == a.upper},
         {"nodes", a.exact.nodes},
         {"seconds", a.exact.seconds}};
  }
  j["solved"] = false;
  j["basis"] = solve::basis_name(a.basis);
  j["proved"] = a.proved();
  j["to_act"] = to_act(p);
  j["best"] = a.best ? choice_json(p, *a.best) : nlohmann::json(nullptr);
  j["force_declined"] = a.force_declined();
  if (a.best_so_far)
    j["best_so_far"] = {{"move", choice_json(p, a.best_so_far->move)}, {"value0", a.best_so_far->value}};
  if (a.choices) j["estimate"] = estimate_json(p, *a.choices, "stock orders");
  return j;
}

}  // namespace

nlohmann::json choice_json(const Position& p, const Move& m) {
  // A choice as the seat is offered it (turn/game.h): a turn names no card, whether the stock's
  // order is unknown (a blind turn) or known to the solver but not to the seat.
  if (ConquianGame::is_blind(ConquianGame::offered_as(p, m, m.seat))) return {{"seat", m.seat}, {"turn", nullptr}};
  return protocol_move(p, m);
}

nlohmann::json estimate_json(const Position& p, const solve::PimcResult& r, const char* method) {
  const bool none = r.worlds == 0;
  auto number = [&](double x) { return none ? nlohmann::json(nullptr) : nlohmann::json(x); };
  nlohmann::json moves = nlohmann::json::array();
  for (const auto& m : r.moves)
    moves.push_back({{"move", choice_json(p, m.move)},
                     {"win", number(m.win)},
                     {"draw", number(m.draw)},
                     {"loss", number(m.loss)},
                     {"expected", number(m.expected)},
                     {"ci95", {m.lo, m.hi}}});
  return {{"method", method}, {"seat", r.seat},   {"worlds", r.worlds},  {"unsolved", r.unsolved},
          {"moves", moves},   {"nodes", r.nodes}, {"seconds", r.seconds}};
}

nlohmann::json chances_json(const solve::Chances& c) {
  return {{"win0", c.win0}, {"draw", c.draw}, {"win1", c.win1}, {"expected0", c.value()}};
}

// The exact chances as fractions in lowest terms ("1/4"): doubles round.
nlohmann::json exact_json(const solve::ExactChances& c) {
  return {{"win0", solve::fraction(c.win0, c.denominator)},
          {"draw", solve::fraction(c.draw, c.denominator)},
          {"win1", solve::fraction(c.win1, c.denominator)},
          {"expected0", solve::fraction(c.expected, c.denominator)}};
}

nlohmann::json answer_json(const Position& p, const solve::Answer& a, bool all_moves, bool any_win) {
  if (!a.solved() && a.kind != solve::Answer::Kind::Sampled) return unsolved_answer(p, a);
  switch (a.kind) {
    case solve::Answer::Kind::Over:
      return {{"value", value_json(a.over)},
              {"over", true},
              {"best", nullptr},
              {"line", nlohmann::json::array()},
              {"nodes", 0}};
    case solve::Answer::Kind::Exact: return exact_answer(p, a, all_moves, any_win);
    case solve::Answer::Kind::Chance: return chance_answer(p, a, all_moves);
    case solve::Answer::Kind::Sampled: return estimate_answer(p, a);
  }
  return nullptr;
}

nlohmann::json interval_json(const solve::ChanceInterval& r) {
  const solve::Int128 d = r.denominator;
  return {{"interval", {solve::to_double(r.lower, d), solve::to_double(r.upper, d)}},
          {"exact", r.exact()},
          {"fractions", {solve::fraction(r.lower, d), solve::fraction(r.upper, d)}},
          {"numerators", {solve::to_string(r.lower), solve::to_string(r.upper)}},
          {"denominator", solve::to_string(d)},
          {"tests", r.tests},
          {"nodes", r.nodes},
          {"seconds", r.seconds}};
}

solve::ChanceInterval proved_interval(const solve::ChanceResult& stopped) {
  solve::ChanceInterval proved;
  proved.denominator = stopped.exact.denominator;
  proved.lower = stopped.proved_lower, proved.upper = stopped.proved_upper;
  proved.nodes = stopped.nodes, proved.seconds = stopped.seconds;
  return proved;
}

nlohmann::ordered_json view_answer_json(const SeatView& v, const solve::ViewAnswer& a) {
  const solve::PimcResult& r = a.pimc;
  const Position& p = v.pos;
  const bool none = r.worlds == 0;  // the quick estimate finished no world: values unknown
  auto number = [&](double x) { return none ? nlohmann::ordered_json(nullptr) : nlohmann::ordered_json(x); };
  // The keys in the order specs/solve.md gives them.
  nlohmann::ordered_json moves = nlohmann::ordered_json::array();
  for (const auto& m : r.moves)
    moves.push_back({{"move", choice_json(p, m.move)},
                     {"win", number(m.win)},
                     {"draw", number(m.draw)},
                     {"loss", number(m.loss)},
                     {"expected", number(m.expected)},
                     {"ci95", {m.lo, m.hi}}});
  nlohmann::ordered_json j;
  j["view"] = v.seat;
  j["worlds"] = r.worlds;
  j["exact"] = r.exact;
  j["basis"] = r.exact ? "exact" : "estimate";
  if (a.quick) j["quick"] = true;
  j["best"] =
      r.moves.empty() ? nlohmann::ordered_json(nullptr) : nlohmann::ordered_json(choice_json(p, r.moves.front().move));
  j["moves"] = moves;
  j["enumerated"] = r.enumerated;
  j["world_count"] = r.world_count;
  j["exact_worlds"] = r.exact_worlds;
  j["unsolved"] = r.unsolved;
  j["weights"] = "uniform";
  j["nodes"] = r.nodes;
  j["seconds"] = r.seconds;
  return j;
}

std::vector<std::size_t> pan_best_first(const solve::PanEstimate& e) {
  std::vector<std::size_t> order(e.moves.size());
  std::iota(order.begin(), order.end(), std::size_t{0});
  std::stable_sort(order.begin(), order.end(),
                   [&](std::size_t a, std::size_t b) { return e.moves[a].mean > e.moves[b].mean; });
  return order;
}

nlohmann::json pan_view_answer_json(const pan::Position& pos, int seat, const std::vector<pan::Move>& moves,
                                    const solve::PanEstimate& e) {
  nlohmann::json list = nlohmann::json::array();
  const std::vector<std::size_t> order = pan_best_first(e);
  for (std::size_t i : order)
    list.push_back({{"move", analyse::pan_choice_json(pos, moves[i])},
                    {"chips", e.moves[i].mean},
                    {"ci95", {e.moves[i].lo, e.moves[i].hi}}});
  nlohmann::json j;
  j["view"] = seat;
  j["game"] = "panguingue";
  j["basis"] = "estimate";
  j["proved"] = false;
  j["best"] =
      order.empty() ? nlohmann::json(nullptr) : nlohmann::json(analyse::pan_choice_json(pos, moves[order.front()]));
  j["moves"] = std::move(list);
  j["worlds"] = e.worlds;
  j["weights"] = "uniform";
  j["method"] =
      "every move played out to the deal's end with greedy at every seat, in the same worlds drawn from the seat's "
      "view: an estimate of the seat's chips for the deal, not a solution";
  j["seconds"] = e.seconds;
  return j;
}

}  // namespace conquian::serve
