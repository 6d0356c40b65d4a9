#include "analyse/analysis_json.h"

#include "replay/move_words.h"

namespace conquian::analyse {
namespace {

nlohmann::json worth_json(const Worth& w, bool exact) {
  if (exact && w.exact) return outcome_json(Outcome{w.exact->kind, w.exact->winner});
  return w.expected0;
}

// One evaluation's word on a decision: {"before", "after", "best"}, or null when it did not
// judge it (the reason is in "unsolved").
nlohmann::json interval_json(const Worth& w) {
  const Interval i = w.interval();
  return {i.lower, i.upper};
}

nlohmann::json judged_json(const Judged& j, const Position& pos) {
  if (j.applies && j.a.bounded)  // past the budget: the intervals proved, no values, no best move
    return {{"before", nullptr},
            {"after", nullptr},
            {"best", nullptr},
            {"basis", "interval"},
            {"interval", {{"before", interval_json(j.a.before)}, {"after", interval_json(j.a.after)}}},
            {"class", class_name(j.cls)}};
  if (!j.applies || !j.a.solved) return nullptr;
  nlohmann::json o = {{"before", worth_json(j.a.before, j.exact)}, {"after", worth_json(j.a.after, j.exact)}};
  o["best"] = j.a.best ? move_json(pos, *j.a.best) : nlohmann::json(nullptr);
  if (j.a.best && j.a.best->kind == MoveKind::Waive) o["force_declined"] = true;
  o["class"] = class_name(j.cls);
  // What the values stand on, as `solve` says it (specs/solve.md): proved, or estimated with
  // their 95% intervals (the seat view's sampled or inexact worlds).
  o["basis"] = j.a.sampling && !j.a.sampling->exact ? "estimate" : "exact";
  if (const auto& s = j.a.sampling) {
    o["worlds"] = s->worlds;
    o["world_count"] = s->world_count;
    o["enumerated"] = s->enumerated;
    o["exact"] = s->exact;
    o["ci95"] = {{"before", {s->before_lo, s->before_hi}}, {"after", {s->after_lo, s->after_hi}}};
  }
  return o;
}

void put_judged(nlohmann::json& o, const std::vector<Judged>& judged, const Position& pos) {
  nlohmann::json why = nlohmann::json::object();
  for (const Judged& j : judged) {
    o[j.key] = judged_json(j, pos);
    if (j.applies && !j.a.solved && !j.a.skipped) why[j.key] = j.a.why;
  }
  if (!why.empty()) o["unsolved"] = why;
}

const char* verdict_name(ForceChance::Verdict v) {
  switch (v) {
    case ForceChance::Verdict::Fine: return "fine";
    case ForceChance::Verdict::Missed: return "missed";
    case ForceChance::Verdict::Bad: return "bad";
    case ForceChance::Verdict::Unsolved: return "unsolved";
  }
  return "?";
}

nlohmann::json force_json(const ForceChance& f, const Analysis& a) {
  nlohmann::json o = {
      {"kind", f.window ? "decline" : "offer"}, {"seat", f.seat},     {"forced", f.forced},
      {"card", a.rules->deck.token(f.card)},    {"played", f.played}, {"verdict", verdict_name(f.verdict)}};
  if (f.window && !f.played) {
    nlohmann::json nf = {{"class", class_name(f.cls)}};
    put_judged(nf, f.judged, f.pos);
    o["not_forcing"] = nf;
  }
  return o;
}

}  // namespace

nlohmann::json outcome_json(const Outcome& outcome) {
  if (outcome.kind == Outcome::Kind::Win) return {{"winner", outcome.winner}};
  if (outcome.kind == Outcome::Kind::Draw) return {{"draw", true}};
  return nullptr;
}

nlohmann::json analysis_json(const Analysis& a) {
  nlohmann::json j = {{"id", a.id},
                      {"ruleset", a.ruleset},
                      {"file", a.file},
                      {"game", a.game},
                      {"outcome", outcome_json(a.outcome)},
                      {"threshold", a.threshold}};
  nlohmann::json na = nlohmann::json::object();
  for (std::size_t e = 0; e < a.keys.size(); ++e)
    if (!a.not_applicable[e].empty()) na[a.keys[e]] = a.not_applicable[e];
  j["not_applicable"] = na;
  nlohmann::json moves = nlohmann::json::array();
  for (const Row& r : a.rows) {
    const Position& before = a.positions[std::size_t(r.index) - 1];
    nlohmann::json m = {{"index", r.index}, {"seat", r.seat}, {"move", move_json(before, r.move)}};
    put_judged(m, r.judged, r.pos);
    m["class"] = class_name(r.cls);
    if (r.force) m["force"] = force_json(*r.force, a);
    m["note"] = r.note;
    moves.push_back(std::move(m));
  }
  j["moves"] = std::move(moves);
  nlohmann::json seats = nlohmann::json::array();
  for (std::size_t s = 0; s < a.seats.size(); ++s) {
    const SeatSummary& ss = a.seats[s];
    nlohmann::json lost = nlohmann::json::object(), mistakes = nlohmann::json::object();
    for (std::size_t e = 0; e < a.keys.size(); ++e)
      if (a.not_applicable[e].empty() && !a.rows.empty() && !a.rows.front().judged[e].exact) {
        lost[a.keys[e]] = ss.lost[e];
        mistakes[a.keys[e]] = ss.mistakes_by[e];
      }
    seats.push_back({{"seat", s},
                     {"moves", ss.moves},
                     {"decisions", ss.decisions},
                     {"blunders", ss.blunders},
                     {"mistakes", ss.mistakes},
                     {"unsolved", ss.unsolved},
                     {"mistakes_by", mistakes},
                     {"expected_lost", lost}});
  }
  nlohmann::json decisive = nullptr;
  if (a.decisive)
    decisive = {{"index", a.rows[std::size_t(a.decisive->index)].index},
                {"seat", a.decisive->seat},
                {"not_forcing", a.decisive->not_forcing},
                {"by", a.decisive->by}};
  j["summary"] = {{"seats", seats}, {"decisive", decisive}, {"decisive_note", a.decisive_note}};
  return j;
}

}  // namespace conquian::analyse
