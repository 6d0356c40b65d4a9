#include "solve/answer.h"

#include <algorithm>
#include <cassert>
#include <chrono>
#include <cmath>

#include "solve/move_order.h"

namespace conquian::solve {
namespace {

using Clock = std::chrono::steady_clock;

// The end of the first `share` of `seconds` from `start`; max() without a time budget.
Clock::time_point share_of(Clock::time_point start, double seconds, double share) {
  if (seconds <= 0) return Clock::time_point::max();
  return start + std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(seconds * share));
}

bool stop_asked(const std::atomic<bool>* stop) { return stop && stop->load(std::memory_order_relaxed); }

// The first of `choices` in the search's move order: the best known before any search, so
// that an answer (and the engine's first info line) has one whatever stops it.
Move first_in_search_order(const Position& p, const std::vector<Move>& choices) {
  std::vector<int> order;
  order_moves(p, choices, true, -1, nullptr, order);
  return choices[static_cast<std::size_t>(order.front())];
}

// Sampled: the choice of highest mean over the orders, from the seat to act's side.
std::optional<Move> sampled_best(const Position& pos, const SampleEstimate& e) {
  if (e.moves.empty()) return std::nullopt;
  const bool maxing = to_act(pos) == 0;
  const auto best = std::max_element(e.moves.begin(), e.moves.end(), [&](const SampledMove& a, const SampledMove& b) {
    return maxing ? a.mean < b.mean : a.mean > b.mean;
  });
  return best->move;
}

// Whether the estimate's best move is another than the search's best so far, and its 95%
// interval lies wholly above the value proved for that one (from the seat to act's side). The
// best so far is only the best of the moves the search reached: its value can be the worst
// there is (a force that hands the other seat the deal, searched first), which any move not
// yet searched can only equal or beat.
bool estimate_beats(const PimcResult& estimate, const SearchProgress::Best& so_far, int seat) {
  if (estimate.worlds == 0) return false;
  const PimcMove& top = estimate.moves.front();
  return !is_choice(top.move, so_far.move) && top.lo > (seat == 0 ? so_far.value : -so_far.value);
}

}  // namespace

std::optional<Move> first_choice(const Position& pos) {
  const std::vector<Move> choices = choices_at(pos);
  if (choices.empty()) return std::nullopt;
  return first_in_search_order(pos, choices);
}

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

const char* basis_name(Basis basis) {
  switch (basis) {
    case Basis::Exact: return "exact";
    case Basis::Interval: return "interval";
    case Basis::Estimate: return "estimate";
  }
  return "estimate";
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

bool Answer::proved() const {
  if (kind == Kind::Sampled) return false;
  return solved() || basis != Basis::Estimate || lower > -1 || upper < 1;
}

bool Answer::force_declined() const { return best && best->kind == MoveKind::Waive; }

Answer answer(const Position& pos, const Question& question) {
  Answer a;
  if (pos.result.over()) {
    a.kind = Answer::Kind::Over;
    a.over = Value{pos.result.kind, pos.result.winner, 0};
    return a;
  }
  assert(why_unsolvable(pos).empty());
  const auto start = Clock::now();
  SearchProgress own;
  Options o = question.search;
  if (!o.report) o.report = &own;
  o.deadline = std::min(o.deadline, share_of(start, question.seconds, 0.5));
  const std::vector<Move> choices = choices_at(pos);
  o.report->publish_best(first_in_search_order(pos, choices), 0, false);

  if (pos.stock_known) {
    assert(question.samples == 0);
    a.kind = Answer::Kind::Exact;
    a.exact = Solver(o).solve(pos, question.all_moves);
    a.line = steps(pos, a.exact.line);
    a.best = a.exact.best;
  } else if (question.samples > 0) {
    a.kind = Answer::Kind::Sampled;
    std::function<void(int, int)> orders;
    if (question.progress) orders = [&](int done, int) { question.progress(static_cast<std::uint64_t>(done)); };
    a.estimate = estimate_by_sampling(pos, question.samples, question.seed, question.search, orders);
    a.basis = Basis::Estimate;
    a.best = sampled_best(pos, a.estimate);
    if (!a.best) a.best = first_in_search_order(pos, choices);
    return a;
  } else {
    a.kind = Answer::Kind::Chance;
    ChanceSolver solver(o);
    if (question.progress)
      solver.on_progress([&](std::uint64_t nodes) {
        question.progress(nodes);
        return true;
      });
    a.chance = solver.solve(pos, question.all_moves);
    a.line = steps(pos, a.chance.line);
    a.best = a.chance.best;
    // The line stops before a card turned from the unknown stock: turning it is the best.
    if (!a.best) a.best = choices.back();
  }
  if (a.solved()) {
    a.basis = Basis::Exact;
    return a;
  }

  // Cut short: what the search proved, then every choice estimated in the time left.
  a.interrupted = o.interrupted();
  a.best.reset();
  const std::optional<SearchProgress::Best> so_far = o.report->proved_best();
  a.best_so_far = so_far;
  if (a.kind == Answer::Kind::Chance) {
    a.lower = to_double(a.chance.proved_lower, a.chance.exact.denominator);
    a.upper = to_double(a.chance.proved_upper, a.chance.exact.denominator);
  } else if (so_far) {
    // The root's value is at least (for the seat to act) its best move's so far.
    if (to_act(pos) == 0) a.lower = so_far->value;
    else a.upper = so_far->value;
  }
  EstimateOptions e = question.estimate;
  e.seed = question.seed;
  e.stop = question.search.stop;
  e.deadline = std::min(question.search.deadline, share_of(start, question.seconds, 1.0));
  e.report = so_far ? nullptr : o.report;  // a proved best so far stays the one shown
  e.threads = static_cast<unsigned>(std::max(1, question.search.threads));
  if (question.seconds > 0) e.samples = kTimedEstimateSamples;
  // Stopped already, it returns at once, every choice in the search's order (estimate.h).
  a.choices = estimate_choices(hands_known_view(pos), e);
  // The estimate set the stock order aside; the answer's turn is the card the stock shows.
  if (pos.stock_known)
    for (PimcMove& m : a.choices->moves)
      if (is_blind_turn(m.move))
        m.move = *std::find_if(choices.begin(), choices.end(), [](const Move& c) { return c.kind == MoveKind::Turn; });
  if (so_far && !estimate_beats(*a.choices, *so_far, to_act(pos))) {
    a.best = so_far->move;
    a.basis = Basis::Interval;
  } else {
    a.best = a.choices->moves.front().move;
    a.basis = Basis::Estimate;
  }
  return a;
}

namespace {

// With a time budget, PIMC first gets this share of it: enough to learn whether a world can be
// solved at all (on a deal's first decisions none can, and the time is the estimate's), and
// the answer is written by this share at the latest (the rest is the answer's own writing).
constexpr double kProbeShare = 0.2;
constexpr double kAnswerShare = 0.95;

// A 95% half-width back as the standard error it came from (the wider side: [-1, 1] clips).
double standard_error(const PimcMove& m) { return std::max(m.hi - m.expected, m.expected - m.lo) / 1.96; }

// Two PIMC results over independent samples of the same view's worlds, as one: each move's
// means weighted by their worlds, its standard error that of the weighted mean.
PimcResult merged(const PimcResult& a, const PimcResult& b) {
  PimcResult out = a;
  const double na = a.worlds, nb = b.worlds, n = na + nb;
  for (PimcMove& m : out.moves) {
    const auto other =
        std::find_if(b.moves.begin(), b.moves.end(), [&](const PimcMove& o) { return is_choice(o.move, m.move); });
    if (other == b.moves.end() || n <= 0) continue;
    const double se =
        std::sqrt(na * na * std::pow(standard_error(m), 2) + nb * nb * std::pow(standard_error(*other), 2)) / n;
    m.win = (na * m.win + nb * other->win) / n;
    m.draw = (na * m.draw + nb * other->draw) / n;
    m.loss = (na * m.loss + nb * other->loss) / n;
    m.expected = m.win - m.loss;
    m.lo = std::max(-1.0, m.expected - 1.96 * se);
    m.hi = std::min(1.0, m.expected + 1.96 * se);
  }
  std::stable_sort(out.moves.begin(), out.moves.end(), [](const PimcMove& x, const PimcMove& y) {
    return x.expected != y.expected ? x.expected > y.expected : x.win > y.win;
  });
  out.worlds = a.worlds + b.worlds;
  out.unsolved = a.unsolved + b.unsolved;
  out.skipped = b.skipped;
  out.exact_worlds = a.exact_worlds + b.exact_worlds;
  out.exact = false;
  out.nodes = a.nodes + b.nodes;
  return out;
}

}  // namespace

// The seat's view with a time budget uses all of it (kAnswerShare): PIMC probes for a share;
// if it solved worlds it samples more for the rest of the time (a second, independent sample,
// merged), and if it solved none the quick estimate has the rest. Without a budget, PIMC's
// own budgets decide, and the estimate stands in only when they solved no world.
ViewAnswer answer_view(const SeatView& view, const PimcOptions& options, double seconds,
                       const EstimateOptions& estimate,
                       const std::function<void(std::uint64_t, std::uint64_t)>& progress) {
  const auto start = Clock::now();
  const bool timed = seconds > 0;
  const auto answer_by = std::min(options.deadline, share_of(start, seconds, kAnswerShare));
  ViewAnswer out;
  const std::vector<Move> choices = seat_choices(view);
  if (options.report) options.report->publish_best(first_in_search_order(view.pos, choices), 0, false);
  PimcOptions o = options;
  o.deadline = std::min(o.deadline, share_of(start, seconds, timed ? kProbeShare : 0.5));
  out.pimc = PimcSolver(o).solve(view, progress);
  const auto out_of_time = [&](Clock::time_point by) {
    return stop_asked(o.stop) || (by != Clock::time_point::max() && Clock::now() >= by);
  };
  out.interrupted = out_of_time(o.deadline);
  if (out.pimc.worlds > 0) {
    const bool complete = out.pimc.enumerated && out.pimc.skipped == 0 && out.pimc.unsolved == 0;
    if (!timed || complete || stop_asked(o.stop) || Clock::now() >= answer_by) return out;
    // Time left: more worlds. Enumerated worlds come in a fixed order, so a cut enumeration is
    // run again whole for the time left; sampled worlds are sampled afresh and merged.
    PimcOptions more = options;
    more.deadline = answer_by;
    more.seed = options.seed ^ 0x9e3779b97f4a7c15ULL;
    const PimcResult again = PimcSolver(more).solve(view, progress);
    if (out.pimc.enumerated) {
      if (again.worlds >= out.pimc.worlds) out.pimc = again;
    } else if (again.worlds > 0) {
      out.pimc = merged(out.pimc, again);
    }
    out.pimc.seconds = std::chrono::duration<double>(Clock::now() - start).count();
    out.interrupted = out_of_time(answer_by);
    return out;
  }
  // No world solved within PIMC's budgets: the quick estimate, for the time left.
  EstimateOptions e = estimate;
  e.seed = options.seed;
  e.stop = options.stop;
  e.deadline = timed ? answer_by : options.deadline;
  e.report = options.report;
  e.threads = std::max(1u, options.threads);
  if (timed) e.samples = kTimedEstimateSamples;
  out.quick = true;
  const std::uint64_t pimc_nodes = out.pimc.nodes;
  out.pimc = estimate_choices(view, e);
  out.pimc.nodes += pimc_nodes;
  out.pimc.seconds = std::chrono::duration<double>(Clock::now() - start).count();
  return out;
}

}  // namespace conquian::solve
