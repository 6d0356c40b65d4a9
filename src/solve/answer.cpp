#include "solve/answer.h"

#include <cassert>

namespace conquian::solve {

std::vector<Step> steps(const Position& root, std::span<const Move> line) {
  std::vector<Step> out;
  out.reserve(line.size());
  Position p = root;
  for (const Move& m : line) {
    out.push_back({p, m});
    apply(p, m);
  }
  return out;
}

bool Answer::solved() const {
  switch (kind) {
    case Kind::Over: return true;
    case Kind::Exact: return exact.solved;
    case Kind::Chance: return chance.solved;
    case Kind::Sampled: return estimate.samples > 0;
  }
  return false;
}

bool Answer::force_declined() const {
  const std::optional<Move>& best = kind == Kind::Exact ? exact.best : chance.best;
  return (kind == Kind::Exact || kind == Kind::Chance) && best && best->kind == MoveKind::Waive;
}

Answer answer(const Position& pos, const Question& question) {
  Answer a;
  if (pos.result.over()) {
    a.kind = Answer::Kind::Over;
    a.over = Value{pos.result.kind, pos.result.winner, 0};
    return a;
  }
  assert(why_unsolvable(pos).empty());
  if (pos.stock_known) {
    assert(question.samples == 0);
    a.kind = Answer::Kind::Exact;
    a.exact = Solver(question.search).solve(pos, question.all_moves);
    a.line = steps(pos, a.exact.line);
  } else if (question.samples > 0) {
    a.kind = Answer::Kind::Sampled;
    std::function<void(int, int)> orders;
    if (question.progress) orders = [&](int done, int) { question.progress(static_cast<std::uint64_t>(done)); };
    a.estimate = estimate_by_sampling(pos, question.samples, question.seed, question.search, orders);
  } else {
    a.kind = Answer::Kind::Chance;
    ChanceSolver solver(question.search);
    if (question.progress)
      solver.on_progress([&](std::uint64_t nodes) {
        question.progress(nodes);
        return true;
      });
    a.chance = solver.solve(pos, question.all_moves);
    a.line = steps(pos, a.chance.line);
  }
  return a;
}

}  // namespace conquian::solve
