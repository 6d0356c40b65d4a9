#include "analyse/game_analysis.h"

#include <fmt/format.h>

#include <stdexcept>

#include "analyse/annotation.h"
#include "replay/replay.h"

namespace conquian::analyse {
namespace {

// A move that was no choice: one move only, every turn from the stock counting as one.
bool is_decision(const Position& pos) {
  std::vector<Move> ms;
  legal_moves(pos, ms);
  int turns = 0, others = 0;
  for (const Move& m : ms) (m.kind == MoveKind::Turn ? turns : others)++;
  return others + (turns > 0 ? 1 : 0) > 1;
}

std::vector<Move> forces_in(const Position& pos) {
  std::vector<Move> ms, out;
  legal_moves(pos, ms);
  for (const Move& m : ms)
    if (m.kind == MoveKind::Force) out.push_back(m);
  return out;
}

// The forces possible at a row, and what the row's evaluations must also value.
struct ForceSetup {
  std::optional<ForceChance> chance;
  std::vector<Move> row_alternatives;     // valued after the row's position
  std::vector<Move> window_alternatives;  // valued in the window (not forcing judged)
};

ForceSetup force_setup(const Position& before, const Position& row_pos, const Move& played) {
  ForceSetup s;
  if (before.phase == Phase::ForceWindow) {
    ForceChance f;
    f.window = true;
    f.seat = to_act(before);
    f.forced = before.actor;
    f.card = before.up;
    f.played = played.kind == MoveKind::Force;
    f.pos = before;
    if (f.played) s.row_alternatives.push_back(waive_move(to_act(before)));
    else s.window_alternatives = forces_in(before);
    s.chance = f;
    return s;
  }
  std::vector<Move> forces = forces_in(row_pos);
  if (forces.empty()) return s;
  ForceChance f;
  f.seat = to_act(row_pos);
  f.card = row_pos.up;
  f.played = played.kind == MoveKind::Force;
  f.forced = f.played ? played.other : forces.front().other;
  if (!f.played) s.row_alternatives = forces;
  s.chance = f;
  return s;
}

int outcome_rank(const solve::Value& v, int seat) {
  if (v.kind != Outcome::Kind::Win) return 0;
  return v.winner == seat ? 1 : -1;
}

// For seat `seat` of a two-seat deal, seat 0's expected score turned to its own.
double for_seat(double expected0, int seat) { return seat == 0 ? expected0 : -expected0; }

constexpr double kEps = 1e-9;

// One evaluation's class of a decision of `seat`; Unsolved when it did not value it.
// Past the budget, the worths are proved intervals: the drop for the mover lies between
// what the intervals allow at least and at most, and the move gets a class only when every
// drop in that range gets it (a mistake when even the least drop reaches the threshold).
Class class_by_intervals(const Assessment& a, int seat, double threshold) {
  const Interval best = a.before.interval(), played = a.after.interval();
  const double least = seat == 0 ? best.lower - played.upper : played.lower - best.upper;
  const double most = seat == 0 ? best.upper - played.lower : played.upper - best.lower;
  if (least >= threshold - kEps) return Class::Mistake;
  if (most < threshold - kEps) return most <= kEps ? Class::Best : least > kEps ? Class::Good : Class::Unsolved;
  return Class::Unsolved;
}

Class class_by(const Judged& j, int seat, double threshold) {
  if (j.applies && j.a.bounded && !j.exact) return class_by_intervals(j.a, seat, threshold);
  if (!j.applies || !j.a.solved) return Class::Unsolved;
  if (j.exact)
    return outcome_rank(*j.a.after.exact, seat) < outcome_rank(*j.a.before.exact, seat) ? Class::Blunder : Class::Best;
  double drop = for_seat(j.a.before.expected0 - j.a.after.expected0, seat);
  if (drop >= threshold - kEps) return Class::Mistake;
  return drop > kEps ? Class::Good : Class::Best;
}

// The class of a move: the worst any evaluation that valued it gives (each one's kept).
Class classify(std::vector<Judged>& judged, int seat, bool decision, double threshold) {
  std::optional<Class> worst;
  for (Judged& j : judged) {
    j.cls = decision ? class_by(j, seat, threshold) : Class::Forced;
    if (j.cls != Class::Unsolved && j.cls != Class::Forced && (!worst || int(j.cls) > int(*worst))) worst = j.cls;
  }
  if (!decision) return Class::Forced;
  return worst.value_or(Class::Unsolved);
}

// The best of `ws` for `seat` (the seat that could force).
Worth best_for(const std::vector<Worth>& ws, int seat, bool exact) {
  Worth best = ws.front();
  for (const Worth& w : ws) {
    bool better = exact ? outcome_rank(*w.exact, seat) > outcome_rank(*best.exact, seat)
                        : for_seat(w.expected0, seat) > for_seat(best.expected0, seat);
    if (better) best = w;
  }
  return best;
}

void judge_force(ForceChance& f, const Row& row, double threshold) {
  f.compare.assign(row.judged.size(), {});
  bool any = false, missed = false, bad = false;
  for (std::size_t e = 0; e < row.judged.size(); ++e) {
    const Judged& rj = row.judged[e];
    ForceChance::Compare& c = f.compare[e];
    if (f.window && !f.played) {
      const Judged& wj = f.judged[e];
      if (!wj.applies || !wj.a.solved || wj.a.alternatives.empty()) continue;
      c.force = best_for(wj.a.alternatives, f.seat, wj.exact);
      c.other = wj.a.after;
    } else {
      if (!rj.applies || !rj.a.solved) continue;
      if (f.played) {
        c.force = rj.a.after;
        c.other = f.window ? rj.a.alternatives.front() : rj.a.before;
      } else {
        c.force = best_for(rj.a.alternatives, f.seat, rj.exact);
        c.other = rj.a.after;
      }
    }
    c.solved = true;
    any = true;
    double gain = rj.exact ? outcome_rank(*c.force.exact, f.seat) - outcome_rank(*c.other.exact, f.seat)
                           : for_seat(c.force.expected0 - c.other.expected0, f.seat);
    double enough = rj.exact ? 1 - kEps : threshold - kEps;
    if (!f.played && gain >= enough) missed = true;
    if (f.played && f.window && -gain >= enough) bad = true;
  }
  if (f.played && !f.window && (row.cls == Class::Blunder || row.cls == Class::Mistake)) bad = true;
  using V = ForceChance::Verdict;
  f.verdict = bad ? V::Bad : missed ? V::Missed : any ? V::Fine : V::Unsolved;
}

// Adds one decision (a row's, or a window's "not forcing") to its seat's summary.
void count(SeatSummary& s, const std::vector<Judged>& judged, Class cls, int seat) {
  s.decisions++;
  if (cls == Class::Blunder) s.blunders++;
  if (cls == Class::Mistake) s.mistakes++;
  if (cls == Class::Unsolved) s.unsolved++;
  for (std::size_t e = 0; e < judged.size(); ++e) {
    const Judged& j = judged[e];
    if (j.cls == Class::Mistake) s.mistakes_by[e]++;
    if (j.exact || !j.applies || !j.a.solved) continue;
    s.lost[e] += std::max(0.0, for_seat(j.a.before.expected0 - j.a.after.expected0, seat));
  }
}

struct DecisionRef {
  int row;
  bool not_forcing;
  int seat;
  const std::vector<Judged>* judged;
};

// The first decisive mistake (specs/analyse.md): by hindsight, the last decision that
// changed the value (after it the game stood where it ended, with best play); without
// hindsight, the first mistake of the losing seat after which its expected score never came
// back to where it stood before that mistake.
void find_decisive(Analysis& a) {
  std::vector<DecisionRef> ds;
  for (std::size_t k = 0; k < a.rows.size(); ++k) {
    const Row& r = a.rows[k];
    if (r.force && r.force->window && !r.force->played) ds.push_back({int(k), true, r.force->seat, &r.force->judged});
    if (r.decision) ds.push_back({int(k), false, r.seat, &r.judged});
  }
  for (std::size_t e = 0; e < a.keys.size(); ++e) {
    if (!a.not_applicable[e].empty() || a.rows.empty() || !a.rows.front().judged[e].exact) continue;
    std::optional<DecisionRef> last;
    bool unsolved_after = false;
    for (const DecisionRef& d : ds) {
      const Judged& j = (*d.judged)[e];
      if (!j.a.solved) {
        unsolved_after = true;
        continue;
      }
      if (outcome_rank(*j.a.after.exact, d.seat) < outcome_rank(*j.a.before.exact, d.seat)) {
        last = d;
        unsolved_after = false;
      }
    }
    if (last) {
      a.decisive = Decisive{last->row, last->seat, last->not_forcing, a.keys[e]};
      if (unsolved_after)
        a.decisive_note = fmt::format(
            "the last change of the {} value that was found; later decisions left unsolved may hide another",
            a.keys[e]);
      return;
    }
    a.decisive_note =
        unsolved_after
            ? fmt::format("no decision changed the {} value where it was solved", a.keys[e])
            : fmt::format("no decision changed the {} value: the deal went as best play would have it from the start",
                          a.keys[e]);
    return;
  }
  if (a.outcome.kind != Outcome::Kind::Win || a.seats.size() != 2) {
    a.decisive_note =
        a.decisive_note.empty() ? "no hindsight, and no winner: no decisive mistake is named" : a.decisive_note;
    return;
  }
  const int loser = 1 - a.outcome.winner;
  for (std::size_t e = 0; e < a.keys.size(); ++e) {
    if (!a.not_applicable[e].empty() || a.rows.empty() || a.rows.front().judged[e].exact) continue;
    // Every solved worth in order, from the loser's side.
    std::vector<std::pair<std::size_t, double>> worths;  // (decision position in ds, worth after)
    for (std::size_t i = 0; i < ds.size(); ++i) {
      const Judged& j = (*ds[i].judged)[e];
      if (j.a.solved) worths.emplace_back(i, for_seat(j.a.after.expected0, loser));
    }
    for (std::size_t i = 0; i < ds.size(); ++i) {
      const DecisionRef& d = ds[i];
      const Judged& j = (*d.judged)[e];
      if (d.seat != loser || !j.a.solved) continue;
      double before = for_seat(j.a.before.expected0, loser);
      if (before - for_seat(j.a.after.expected0, loser) < a.threshold - kEps) continue;
      bool recovered = false;
      for (const auto& [at, w] : worths)
        if (at > i && w >= before - kEps) recovered = true;
      if (!recovered) {
        a.decisive = Decisive{d.row, d.seat, d.not_forcing, a.keys[e]};
        return;
      }
    }
    a.decisive_note = fmt::format("no mistake of seat {} found by {} that it never recovered from", loser, a.keys[e]);
    return;
  }
  a.decisive_note = "no evaluation judged this game";
}

}  // namespace

const char* class_name(Class c) {
  switch (c) {
    case Class::Best: return "best";
    case Class::Good: return "good";
    case Class::Mistake: return "mistake";
    case Class::Blunder: return "blunder";
    case Class::Unsolved: return "unsolved";
    case Class::Forced: return "forced";
  }
  return "?";
}

Analysis analyse_game(const record::GameRecord& rec, std::shared_ptr<const Ruleset> rules,
                      std::vector<std::unique_ptr<Evaluation>>& evaluations, const AnalyseOptions& options) {
  Analysis a;
  a.id = rec.display_id();
  a.ruleset = rules->name;
  a.file = rec.file;
  a.game = rec.index;
  a.players = rec.players;
  a.rules = rules;
  a.threshold = options.threshold;

  std::vector<std::pair<Position, Move>> steps;
  Replay played =
      replay(rec, *rules, rec.moves.size(), [&](const Position& p, const Move& m) { steps.emplace_back(p, m); });
  if (!played.fault.ok()) throw std::logic_error("analyse_game: the record is not legal (check it first)");
  for (const auto& s : steps) a.positions.push_back(s.first);
  a.positions.push_back(played.position);
  a.outcome = played.position.result;

  for (const auto& e : evaluations) {
    a.keys.push_back(e->key());
    a.not_applicable.push_back(e->why_not(a.positions.back()));
    e->new_game();
  }

  // The rows, and what each must value.
  std::vector<ForceSetup> setups;
  for (std::size_t k = 0; k < steps.size(); ++k) {
    const auto& [before, move] = steps[k];
    Row r;
    r.index = int(k) + 1;
    r.seat = move.seat;
    r.move = move;
    r.pos = before;
    if (implies_waive(before, move))
      apply(r.pos, waive_move(to_act(r.pos)));  // nobody forced: the refusal stands, then the record's move
    r.decision = is_decision(r.pos);
    setups.push_back(force_setup(before, r.pos, move));
    r.force = setups.back().chance;
    a.rows.push_back(std::move(r));
  }

  // Each evaluation from the end of the game back to the deal (see memo_evaluation.h).
  for (std::size_t e = 0; e < evaluations.size(); ++e) {
    Evaluation& ev = *evaluations[e];
    const bool applies = a.not_applicable[e].empty();
    for (std::size_t k = a.rows.size(); k-- > 0;) {
      Row& r = a.rows[k];
      Judged j{ev.key(), ev.exact(), applies, {}};
      if (applies) j.a = ev.assess(r.pos, r.move, setups[k].row_alternatives, r.decision);
      r.judged.push_back(std::move(j));
      if (r.force && r.force->window && !r.force->played) {
        Judged w{ev.key(), ev.exact(), applies, {}};
        if (applies)
          w.a = ev.assess(r.force->pos, waive_move(to_act(r.force->pos)), setups[k].window_alternatives, true);
        r.force->judged.push_back(std::move(w));
      }
    }
  }

  a.seats.assign(rules->seats, SeatSummary{});
  for (auto& s : a.seats) {
    s.lost.assign(evaluations.size(), 0.0);
    s.mistakes_by.assign(evaluations.size(), 0);
  }
  for (Row& r : a.rows) {
    r.cls = classify(r.judged, r.seat, r.decision, a.threshold);
    a.seats[r.seat].moves++;
    if (r.decision) count(a.seats[r.seat], r.judged, r.cls, r.seat);
    if (r.force) {
      ForceChance& f = *r.force;
      if (f.window && !f.played) {
        f.cls = classify(f.judged, f.seat, true, a.threshold);
        count(a.seats[f.seat], f.judged, f.cls, f.seat);
      }
      judge_force(f, r, a.threshold);
    }
    r.note = annotate(r, a, SuitStyle::Symbols);  // the JSON's and the page's; the text words it anew
  }
  find_decisive(a);
  return a;
}

}  // namespace conquian::analyse
