#include "analyse/memo_evaluation.h"

#include <fmt/format.h>

namespace conquian::analyse {

Worth worth_of_outcome(const Outcome& outcome) {
  Worth w;
  w.exact = solve::Value{outcome.kind, outcome.winner, 0};
  w.expected0 = outcome.kind == Outcome::Kind::Win ? (outcome.winner == 0 ? 1.0 : -1.0) : 0.0;
  return w;
}

void MemoEvaluation::new_game() {
  memo_.clear();
  fewest_failed_ = INT_MAX;
  reset();
}

const MemoEvaluation::Entry& MemoEvaluation::lookup(const Position& full, bool want_best) {
  Position pos = prepare(full);
  const std::uint64_t hash = pos.hash();
  Entry* entry = nullptr;
  auto [first, last] = memo_.equal_range(hash);
  for (auto it = first; it != last; ++it)
    if (it->second.pos.same_state(pos)) entry = &it->second;
  if (entry && (entry->has_best || !want_best || !entry->solved)) return *entry;
  if (!entry) entry = &memo_.emplace(hash, Entry{pos, false, false, "", {}, {}})->second;
  if (pos.result.over()) {
    entry->solved = entry->has_best = true;
    entry->worth = worth_of_outcome(pos.result);
    return *entry;
  }
  if (pos.stock_left() > fewest_failed_) {
    entry->why =
        fmt::format("not searched: a position with {} card{} in the stock was already past the budget of {} nodes",
                    fewest_failed_, fewest_failed_ == 1 ? "" : "s", budget());
    return *entry;
  }
  Found f = search(pos, want_best);
  if (!f.solved) {
    fewest_failed_ = std::min(fewest_failed_, pos.stock_left());
    entry->why = fmt::format("past the budget of {} nodes", budget());
    entry->worth.proved = f.worth.proved;
    return *entry;
  }
  entry->solved = true;
  entry->worth = f.worth;
  if (want_best) {
    entry->has_best = true;
    entry->best = f.best;
  }
  return *entry;
}

Assessment MemoEvaluation::assess(const Position& pos, const Move& played, std::span<const Move> alternatives,
                                  bool decision) {
  Assessment a;
  if (std::string why = why_not(pos); !why.empty()) {
    a.why = why;
    return a;
  }
  auto after = [&](const Move& m) -> const Entry& {
    Position child = pos;
    apply(child, m);
    return lookup(child, false);
  };
  // Unsolved entries with a proved interval still count towards a bounded assessment; the
  // first reason found is the one given.
  bool bounded = true;
  auto note = [&](const Entry& e, const char* where) {
    if (e.solved) return;
    if (a.why.empty()) a.why = where + e.why;
    if (!e.worth.proved) bounded = false;
  };
  const Entry& next = after(played);
  note(next, "after the move: ");
  if (!next.solved && !bounded) return a;
  a.after = next.worth;
  for (const Move& m : alternatives) {
    const Entry& alt = after(m);
    note(alt, "after an alternative: ");
    if (!alt.solved && !bounded) return a;
    a.alternatives.push_back(alt.worth);
  }
  const Entry& here = lookup(pos, decision);
  note(here, "");
  if (!here.solved && !bounded) return a;
  a.before = here.worth;
  if (!a.why.empty()) {
    a.bounded = true;
    return a;
  }
  if (decision) a.best = here.best;
  a.solved = true;
  return a;
}

}  // namespace conquian::analyse
