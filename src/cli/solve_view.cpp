#include "cli/solve_view.h"

#include <fmt/core.h>

#include <nlohmann/json.hpp>

#include "analyse/pan_analysis.h"
#include "cli/cards_output.h"
#include "cli/command_error.h"
#include "cli/commands.h"
#include "cli/progress.h"
#include "pan/game.h"
#include "record/json_text.h"
#include "replay/move_words.h"
#include "serve/solve_json.h"
#include "solve/answer.h"
#include "solve/pan_estimate.h"

namespace conquian::cli {
namespace {

std::string how_text(const solve::PimcResult& r, const solve::PimcOptions& o) {
  std::string worlds = r.enumerated ? fmt::format("all {} enumerated", r.world_count)
                                    : fmt::format("{} sampled of {}", r.worlds + r.unsolved, r.world_count);
  std::string solved;
  if (r.exact_worlds == r.worlds) solved = "every world solved exactly (expectimax, the stock as chance)";
  else if (r.exact_worlds == 0)
    solved = fmt::format(
        "no world solved exactly within {} nodes: each estimated from {} stock orders solved with "
        "every card known (perfect information, not expectimax)",
        o.world_nodes, o.stock_orders);
  else
    solved = fmt::format("{} worlds solved exactly, {} from {} stock orders each (past {} nodes)", r.exact_worlds,
                         r.worlds - r.exact_worlds, o.stock_orders, o.world_nodes);
  std::string unsolved = r.unsolved ? fmt::format("; {} worlds left out (no stock order solved within {} nodes)",
                                                  r.unsolved, o.order_nodes)
                                    : "";
  return fmt::format("{}, each weighted equally; {}{}", worlds, solved, unsolved);
}

}  // namespace

int run_view(const ViewRun& run, const LoadedView& in) {
  const SeatView& v = in.view;
  refuse_if(v.pos.result.over(), "the deal is already over");
  if (std::string why = solve::why_not_pimc(v); !why.empty()) throw CommandError(in.label + ": " + why);
  const std::uint64_t total =
      world_count(v) <= run.pimc.max_worlds ? world_count(v) : static_cast<std::uint64_t>(run.pimc.samples);
  Progress progress("solved", "worlds", total, 1);
  std::uint64_t shown = 0;
  const solve::ViewAnswer a =
      solve::answer_view(v, run.pimc, run.seconds, solve::EstimateOptions{}, [&](std::uint64_t done, std::uint64_t) {
        progress.tick(done - shown);
        shown = done;
      });
  progress.clear();
  const solve::PimcResult& r = a.pimc;
  // PIMC solved no world within its budgets: the quick estimate stands in, exit 3.
  const int status = a.quick ? kExitUnknown : kExitOk;
  const Position& p = v.pos;
  if (run.json) {
    fmt::print("{}\n", record::json_dump(serve::view_answer_json(v, a)));
    return status;
  }
  fmt::print("position: {} (seat {}'s view, seat {} to act)\n", in.label, v.seat, to_act(p));
  if (a.quick) {
    fmt::print(
        "worlds: none solved within the budgets (--max-nodes {} per world, {} per stock order{}); a quick estimate "
        "instead: {} random worlds, one stock order each, solved with every card known (exit 3)\n",
        run.pimc.world_nodes, run.pimc.order_nodes,
        run.seconds > 0 ? fmt::format(", the first fifth of --time {:.0f} ms", run.seconds * 1000) : "", r.worlds);
    if (r.worlds == 0) {
      fmt::print("best: {} (no world finished: the first in the search's own order)\n",
                 choice_words(p, r.moves.front().move));
      for (const auto& m : r.moves) fmt::print("  {}\n", choice_words(p, m.move));
      return status;
    }
  } else {
    fmt::print("worlds: {}\n", how_text(r, run.pimc));
  }
  fmt::print("        (uniform weights: no model of how the other seat's past choices make some hands likelier)\n");
  fmt::print("best: {}\n", choice_words(p, r.moves.front().move));
  fmt::print("every move (seat {}'s chances; expected score with its 95% interval{}):\n", v.seat,
             r.exact ? ", zero width: every world enumerated and solved exactly" : ", from the sampling");
  for (const auto& m : r.moves)
    fmt::print("  win {:.4f}  draw {:.4f}  loss {:.4f}  expected {:+.4f} [{:+.4f}, {:+.4f}]  {}\n", m.win, m.draw,
               m.loss, m.expected, m.lo, m.hi, choice_words(p, m.move));
  fmt::print("nodes: {} ({:.3f} s)\n", r.nodes, r.seconds);
  return status;
}

int run_pan_view(const PanViewRun& run, const LoadedPosition& in) {
  const pan::Position& p = in.pan_position;
  refuse_if(p.result.over(), "the deal is already over");
  if (run.seat >= p.seats())
    throw CommandError(
        fmt::format("{}: --view {}: there is no seat {} in a {}-seat deal", in.label, run.seat, run.seat, p.seats()));
  std::vector<pan::Move> moves;
  offered_moves<PanGame>(p, run.seat, moves);
  if (moves.empty())
    throw CommandError(fmt::format("{}: seat {} has no decision here: seat {} is to act (give --view {})", in.label,
                                   run.seat, pan::to_act(p), pan::to_act(p)));
  solve::PanEstimateOptions how;
  how.worlds = run.worlds;
  if (run.seconds > 0)
    how.deadline = std::chrono::steady_clock::now() + std::chrono::duration_cast<std::chrono::steady_clock::duration>(
                                                          std::chrono::duration<double>(run.seconds));
  Rng rng(run.seed);
  const solve::PanEstimate e = solve::estimate_pan_moves(p, run.seat, moves, how, rng);
  if (run.json) {
    fmt::print("{}\n", record::json_dump(serve::pan_view_answer_json(p, run.seat, moves, e)));
    return kExitOk;
  }
  const std::vector<std::size_t> order = serve::pan_best_first(e);
  fmt::print("position: {} (seat {}'s view, seat {} to act; panguingue, {} seats)\n", in.label, run.seat,
             pan::to_act(p), p.seats());
  fmt::print(
      "worlds: {} sampled from what seat {} has seen, each weighted equally; every move played out in each to the "
      "deal's end with greedy at every seat\n",
      e.worlds, run.seat);
  fmt::print("basis: estimate (the seat's chips for the deal under greedy play from here on; nothing proved)\n");
  fmt::print("best: {}\n", analyse::pan_choice_text(p, moves[order.front()], SuitStyle::Letters));
  fmt::print("every move (seat {}'s chips for the deal, estimated, with its 95% interval):\n", run.seat);
  for (std::size_t i : order)
    fmt::print("  chips {:+.3f} [{:+.3f}, {:+.3f}]  {}\n", e.moves[i].mean, e.moves[i].lo, e.moves[i].hi,
               analyse::pan_choice_text(p, moves[i], SuitStyle::Letters));
  fmt::print("time: {:.3f} s ({} worlds, {} moves)\n", e.seconds, e.worlds, moves.size());
  return kExitOk;
}

}  // namespace conquian::cli
