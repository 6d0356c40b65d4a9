#include "analyse/pan_analysis.h"

#include <fmt/format.h>

#include <chrono>
#include <cmath>
#include <stdexcept>

#include "check/verdict_text.h"
#include "pan/engine.h"
#include "pan/game.h"
#include "replay/move_words.h"
#include "replay/replay.h"
#include "solve/pan_greedy.h"

namespace conquian::analyse {
namespace {

using Clock = std::chrono::steady_clock;

// The worlds of a decision drawn from a seed of what the deciding seat sees (the moves so far
// and the seat), so that a decision gets the same worlds whatever the threads and whatever
// was analysed before it.
std::uint64_t decision_seed(const pan::Position& p, int seat) {
  Rng mix(0x70616e'76696577ULL ^ (std::uint64_t{p.plies} << 8) ^ static_cast<std::uint64_t>(seat));
  return mix.next();
}

const char* decision_kind(const pan::Position& p, const pan::Move& m) {
  if (p.phase == pan::Phase::Declare) return "declaration";
  if (m.kind == pan::MoveKind::Force || m.kind == pan::MoveKind::Waive) return "force or waive";
  return "take or pass";
}

// The moves a decision weighs: greedy's favourite takes and every move that is not a take
// (solve::pan_lookahead_moves, as the strong player weighs them), and the move played.
std::vector<pan::Move> weighed_moves(const pan::Position& p, int seat, const pan::Move& played, std::size_t& played_i) {
  std::vector<pan::Move> offered;
  offered_moves<PanGame>(p, seat, offered);
  std::vector<pan::Move> out;
  for (std::size_t i : solve::pan_lookahead_moves(p, seat, offered, solve::kPanTakesWeighed)) out.push_back(offered[i]);
  played_i = out.size();
  for (std::size_t i = 0; i < out.size(); ++i)
    if (same_pan_choice(out[i], played)) played_i = i;
  if (played_i == out.size()) out.push_back(played);
  return out;
}

class Walk {
 public:
  Walk(const PanAnalyseOptions& o, std::size_t decisions) : options_(o), left_(decisions), t0_(Clock::now()) {}

  // The decision of the seat to act at `p`, the move played being `played`; nullopt when it had
  // no choice (one move, or a turn from the stock).
  std::optional<PanDecision> judge(const pan::Position& p, const pan::Move& played) {
    const int seat = played.seat;
    // A forfeit is the referee's, not a choice of the seat's.
    if (played.kind == pan::MoveKind::Forfeit || !is_decision(p, seat)) return std::nullopt;
    PanDecision d;
    d.kind = decision_kind(p, played);
    d.seat = seat;
    d.pos = p;
    const std::vector<pan::Move> moves = weighed_moves(p, seat, played, d.played);
    solve::PanEstimateOptions how;
    how.worlds = options_.worlds;
    if (options_.seconds > 0) {
      // The time left shared out evenly over the decisions left.
      const double used = std::chrono::duration<double>(Clock::now() - t0_).count();
      const double share =
          std::max(0.0, options_.seconds - used) / static_cast<double>(std::max<std::size_t>(1, left_));
      how.deadline = Clock::now() + std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(share));
    }
    if (left_ > 0) --left_;
    Rng rng(decision_seed(p, seat));
    const solve::PanEstimate e = solve::estimate_pan_moves(p, seat, moves, how, rng);
    d.worlds = e.worlds;
    for (std::size_t i = 0; i < moves.size(); ++i) d.options.push_back({moves[i], e.moves[i]});
    d.best = solve::best_estimate(e);
    // The drop in the same worlds, world by world: the worlds' luck cancels.
    std::vector<double> diff(e.worlds);
    for (std::size_t w = 0; w < e.worlds; ++w) diff[w] = e.chips[d.best][w] - e.chips[d.played][w];
    d.lost = solve::mean_interval(diff);
    if (d.best == d.played || d.lost.mean <= 0) d.cls = "best";
    else if (d.lost.lo > 0 && d.lost.mean >= options_.threshold) d.cls = "mistake";
    else d.cls = "good";
    return d;
  }

  static bool is_decision(const pan::Position& p, int seat) {
    std::vector<pan::Move> offered;
    offered_moves<PanGame>(p, seat, offered);
    return offered.size() > 1;
  }

 private:
  const PanAnalyseOptions& options_;
  std::size_t left_;
  Clock::time_point t0_;
};

std::string interval_text(const solve::PanMoveEstimate& e) {
  return fmt::format("{:+.2f} [{:+.2f}, {:+.2f}]", e.mean, e.lo, e.hi);
}

nlohmann::json estimate_json(const solve::PanMoveEstimate& e) { return {{"chips", e.mean}, {"ci95", {e.lo, e.hi}}}; }

nlohmann::json decision_json(const PanDecision& d) {
  nlohmann::json options = nlohmann::json::array();
  for (const PanOption& o : d.options) {
    nlohmann::json j = {{"move", pan_choice_json(d.pos, o.move)}};
    j.update(estimate_json(o.chips));
    options.push_back(std::move(j));
  }
  nlohmann::json played = estimate_json(d.options[d.played].chips);
  nlohmann::json best = estimate_json(d.options[d.best].chips);
  return {{"kind", d.kind},
          {"seat", d.seat},
          {"basis", "estimate"},
          {"worlds", d.worlds},
          {"class", d.cls},
          {"played", pan_choice_json(d.pos, d.options[d.played].move)},
          {"best", pan_choice_json(d.pos, d.options[d.best].move)},
          {"after", played},
          {"before", best},
          {"lost", d.lost.mean},
          {"lost_ci95", {d.lost.lo, d.lost.hi}},
          {"options", std::move(options)}};
}

std::string decision_text(const PanDecision& d, SuitStyle style) {
  const PanOption& played = d.options[d.played];
  const PanOption& best = d.options[d.best];
  std::string out = fmt::format("{}: seat {}'s chips (estimate, {} worlds): {} with the move played", d.cls, d.seat,
                                d.worlds, interval_text(played.chips));
  if (d.best != d.played)
    out += fmt::format("; {} with the best, {}; lost {}", interval_text(best.chips),
                       pan_choice_text(d.pos, best.move, style), interval_text(d.lost));
  else out += " (the best of the moves weighed)";
  return out;
}

}  // namespace

bool same_pan_choice(const pan::Move& a, const pan::Move& b) {
  if (a.kind != b.kind || a.seat != b.seat) return false;
  switch (a.kind) {
    case pan::MoveKind::Take: return a.card == b.card && a.discard == b.discard && a.table.counts() == b.table.counts();
    case pan::MoveKind::Force: return a.other == b.other;
    case pan::MoveKind::Pass: return a.card == b.card;
    default: return true;
  }
}

std::string pan_choice_text(const pan::Position& before, const pan::Move& m, SuitStyle style) {
  if (PanGame::is_waive(m)) return fmt::format("seat {} does not force", m.seat);
  if (PanGame::is_blind(m)) return fmt::format("seat {} turns a card", m.seat);
  return move_words(before, m, style);
}

nlohmann::json pan_choice_json(const pan::Position& before, const pan::Move& m) {
  if (PanGame::is_waive(m)) return {{"seat", m.seat}, {"waive", true}};
  if (PanGame::is_blind(m)) return {{"seat", m.seat}, {"turn", nullptr}};
  return move_json(before, m);
}

PanAnalysis analyse_pan_game(const record::GameRecord& rec, std::shared_ptr<const Ruleset> rules,
                             const PanAnalyseOptions& options) {
  const auto t0 = Clock::now();
  PanAnalysis a;
  a.id = rec.display_id();
  a.ruleset = rules->name;
  a.file = rec.file;
  a.game = rec.index;
  a.threshold = options.threshold;
  a.worlds = options.worlds;
  a.seconds = options.seconds;
  // First the decisions counted, so that a time is shared out over them.
  std::size_t decisions = 0;
  auto count = [&](const pan::Position& before, const pan::Move& m) {
    pan::Position p = before;
    if (pan::implies_waive(p, m)) {
      decisions += Walk::is_decision(p, pan::to_act(p)) ? 1 : 0;
      pan::apply(p, pan::waive_move(pan::to_act(p)));
    }
    decisions += m.kind != pan::MoveKind::Forfeit && Walk::is_decision(p, m.seat) ? 1 : 0;
  };
  const auto played = replay_game<PanGame>(rec, *rules, rec.moves.size(), count);
  if (!played.fault.ok()) throw std::logic_error("analyse_pan_game: the record is not legal (check it first)");
  Walk walk(options, decisions);
  int index = 0;
  replay_game<PanGame>(rec, *rules, rec.moves.size(), [&](const pan::Position& before, const pan::Move& m) {
    PanRow row;
    row.index = ++index;
    row.seat = m.seat;
    pan::Position p = before;
    if (pan::implies_waive(p, m)) {
      const pan::Move waive = pan::waive_move(pan::to_act(p));
      row.waive = walk.judge(p, waive);
      pan::apply(p, waive);
    }
    row.pos = p;
    row.move = m;
    row.decision = walk.judge(p, m);
    if (row.decision) row.cls = row.decision->cls;
    a.rows.push_back(std::move(row));
  });
  a.seats = played.position.seats();
  a.outcome = played.position.result;
  a.summary.assign(static_cast<std::size_t>(a.seats), {});
  for (int s = 0; s < a.seats; ++s) a.summary[std::size_t(s)].chips = PanGame::chips(played.position, s);
  for (const PanRow& r : a.rows) {
    a.summary[std::size_t(r.seat)].moves++;
    for (const auto* d : {&r.waive, &r.decision}) {
      if (!*d) continue;
      PanSeatSummary& s = a.summary[std::size_t((*d)->seat)];
      s.decisions++;
      if (std::string((*d)->cls) == "mistake") s.mistakes++;
      s.lost += std::max(0.0, (*d)->lost.mean);
    }
  }
  a.spent = std::chrono::duration<double>(Clock::now() - t0).count();
  return a;
}

std::string pan_analysis_text(const PanAnalysis& a, SuitStyle style) {
  std::string out = fmt::format("{} ({}, {}): {} after {} moves, {} seats\n", a.id, a.ruleset, a.file,
                                check::outcome_text(a.outcome), a.rows.size(), a.seats);
  out += fmt::format(
      "  every value is an estimate from the deciding seat's own view: its chips for the deal over worlds it "
      "cannot tell apart ({} a decision), each move played out with greedy at every seat, with its 95% interval\n",
      a.seconds > 0 ? fmt::format("as many as --time {:g} s shared out allows{}", a.seconds,
                                  a.worlds ? fmt::format(", at most {}", a.worlds) : std::string())
                    : fmt::format("{}", a.worlds));
  for (const PanRow& r : a.rows) {
    if (r.waive)
      out += fmt::format("{:4} {:<8} {}\n              {}\n", r.index, r.waive->cls,
                         pan_choice_text(r.waive->pos, r.waive->options[r.waive->played].move, style),
                         decision_text(*r.waive, style));
    out += fmt::format("{:4} {:<8} {}\n", r.index, r.cls, pan_choice_text(r.pos, r.move, style));
    if (r.decision) out += fmt::format("              {}\n", decision_text(*r.decision, style));
  }
  out += "summary:\n";
  for (std::size_t s = 0; s < a.summary.size(); ++s) {
    const PanSeatSummary& ss = a.summary[s];
    out += fmt::format("  seat {}: {} moves, {} decisions, {} mistake{}, chips lost {:.2f} (estimate), settled {:+}\n",
                       s, ss.moves, ss.decisions, ss.mistakes, ss.mistakes == 1 ? "" : "s", ss.lost, ss.chips);
  }
  return out;
}

nlohmann::json pan_analysis_json(const PanAnalysis& a) {
  nlohmann::json moves = nlohmann::json::array();
  for (const PanRow& r : a.rows) {
    nlohmann::json j = {
        {"index", r.index}, {"seat", r.seat}, {"move", pan_choice_json(r.pos, r.move)}, {"class", r.cls}};
    j["decision"] = r.decision ? decision_json(*r.decision) : nlohmann::json();
    if (r.waive) j["waive"] = decision_json(*r.waive);
    moves.push_back(std::move(j));
  }
  nlohmann::json seats = nlohmann::json::array();
  for (std::size_t s = 0; s < a.summary.size(); ++s) {
    const PanSeatSummary& ss = a.summary[s];
    seats.push_back({{"seat", s},
                     {"moves", ss.moves},
                     {"decisions", ss.decisions},
                     {"mistakes", ss.mistakes},
                     {"chips_lost", ss.lost},
                     {"chips", ss.chips}});
  }
  return {{"id", a.id},
          {"ruleset", a.ruleset},
          {"file", a.file},
          {"game", a.game},
          {"seats", a.seats},
          {"basis", "estimate"},
          {"method",
           "each decision's moves played out to the deal's end with greedy at every seat, in the same worlds drawn "
           "from the deciding seat's view"},
          {"worlds", a.worlds},
          {"time", a.seconds},
          {"threshold", a.threshold},
          {"moves", std::move(moves)},
          {"summary", {{"seats", std::move(seats)}}},
          {"seconds", a.spent}};
}

}  // namespace conquian::analyse
