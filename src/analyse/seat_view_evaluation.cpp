#include "analyse/seat_view_evaluation.h"

#include <fmt/format.h>

#include <algorithm>

#include "engine/seat_view.h"
#include "solve/chance.h"

namespace conquian::analyse {
namespace {

const solve::PimcMove* find_choice(const solve::PimcResult& r, const Move& m) {
  auto it = std::find_if(r.moves.begin(), r.moves.end(),
                         [&](const solve::PimcMove& c) { return solve::is_choice(c.move, m); });
  return it == r.moves.end() ? nullptr : &*it;
}

// The seat's expected score as seat 0's.
double to_seat0(double x, int seat) { return seat == 0 ? x : -x; }

Worth worth_of(const solve::PimcMove& m, int seat) {
  Worth w;
  w.expected0 = to_seat0(m.expected, seat);
  return w;
}

// The blind turn named as the turn the record shows (the card that came).
Move as_recorded(const Move& choice, const Position& pos) {
  if (!solve::is_blind_turn(choice)) return choice;
  std::vector<Move> ms;
  legal_moves(pos, ms);
  auto t = std::find_if(ms.begin(), ms.end(), [](const Move& m) { return m.kind == MoveKind::Turn; });
  return t == ms.end() ? choice : *t;
}

// A seed of the decision's own: the same worlds whatever was analysed before.
constexpr std::uint64_t kSeatViewStream = 0x73656174766965ULL;

}  // namespace

SeatViewEvaluation::SeatViewEvaluation(const Budgets& budgets) : budgets_(budgets) {
  options_.max_worlds = std::uint64_t(std::max(1, budgets.seat_worlds));
  options_.samples = std::max(1, budgets.seat_worlds);
  options_.world_nodes = budgets.seat_world_nodes;
  options_.stock_orders = std::max(1, budgets.seat_orders);
  options_.order_nodes = budgets.seat_world_nodes;
  options_.max_nodes = budgets.seat_nodes;
  options_.threads = 1;  // games run in parallel; one decision on one thread keeps it reproducible
}

std::string SeatViewEvaluation::why_not(const Position& start) const {
  if (!budgets_.seat_view) return "switched off (--no-seat-view)";
  return solve::why_unsolvable(start);
}

void SeatViewEvaluation::new_game() {
  solver_.reset();
  fewest_failed_ = INT_MAX;
}

Assessment SeatViewEvaluation::assess(const Position& pos, const Move& played, std::span<const Move> alternatives,
                                      bool decision) {
  Assessment a;
  if (!decision) {
    a.skipped = true;
    return a;
  }
  const int seat = to_act(pos);
  SeatView view = view_of(pos, seat);
  if (std::string why = solve::why_not_pimc(view); !why.empty()) {
    a.why = why;
    return a;
  }
  const int stock = pos.stock_left();
  if (stock > fewest_failed_) {
    a.why = fmt::format("not searched: a decision with {} card{} in the stock was already past the budget",
                        fewest_failed_, fewest_failed_ == 1 ? "" : "s");
    return a;
  }
  if (!solver_) solver_ = std::make_unique<solve::PimcSolver>(options_);
  solver_->reseed(view.pos.hash() ^ kSeatViewStream);
  const solve::PimcResult r = solver_->solve(view);
  const std::uint64_t asked = r.enumerated ? r.world_count : std::uint64_t(options_.samples);
  if (r.skipped > 0 || r.unsolved > 0 || r.worlds == 0) {
    fewest_failed_ = std::min(fewest_failed_, stock);
    a.why = r.skipped > 0 ? fmt::format("past the budget of {} nodes ({} of {} worlds solved)", options_.max_nodes,
                                        r.worlds, asked)
                          : fmt::format("past the budget: {} of {} worlds had no stock order solved within {} nodes",
                                        r.unsolved, asked, options_.order_nodes);
    return a;
  }
  const solve::PimcMove* move = find_choice(r, played);
  if (!move) {
    a.why = "the move played is not among the seat's choices";  // a fault of the analysis, said, not guessed
    return a;
  }
  for (const Move& m : alternatives) {
    const solve::PimcMove* alt = find_choice(r, m);
    if (!alt) {
      a.why = "an alternative is not among the seat's choices";
      return a;
    }
    a.alternatives.push_back(worth_of(*alt, seat));
  }
  const solve::PimcMove& best = r.moves.front();  // best first
  a.before = worth_of(best, seat);
  a.after = worth_of(*move, seat);
  a.best = as_recorded(best.move, pos);
  Sampling s;
  s.worlds = r.worlds;
  s.world_count = r.world_count;
  s.enumerated = r.enumerated;
  s.exact = r.exact;
  auto interval = [&](const solve::PimcMove& m, double& lo, double& hi) {
    lo = seat == 0 ? m.lo : -m.hi;
    hi = seat == 0 ? m.hi : -m.lo;
  };
  interval(best, s.before_lo, s.before_hi);
  interval(*move, s.after_lo, s.after_hi);
  a.sampling = s;
  a.solved = true;
  return a;
}

}  // namespace conquian::analyse
