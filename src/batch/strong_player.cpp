// "strong": plays from its seat's view with PIMC (solve/pimc.h).
//
// It builds what its seat knows (engine/seat_view.h: its hand, the tables, the dead and
// face-up cards, the card it passed in the swap, the other hand's size), so it cannot see
// the other hand or the stock order even by mistake. Worlds: all of them when there are at
// most kViewMaxWorlds, else kViewSamples drawn at random. Each world is solved by exact expectimax
// (the stock as chance) within kViewWorldNodes nodes; past that on one random stock order with
// every card known (kViewOrderNodes nodes per move); a world past both budgets is left out.
// Among moves of equal expected score it takes greedy's choice. When no world is solved
// (early in a deal, where trees are big), or with more than two seats, or in the swap, it
// plays as "greedy".
#include "batch/players.h"
#include "engine/seat_view.h"
#include "solve/pimc.h"

namespace conquian::batch {
namespace {

constexpr std::uint64_t kViewMaxWorlds = 8;
constexpr int kViewSamples = 8;
constexpr std::uint64_t kViewWorldNodes = 20'000;
constexpr std::uint64_t kViewOrderNodes = 10'000;

solve::PimcOptions pimc_options() {
  solve::PimcOptions o;
  o.max_worlds = kViewMaxWorlds;
  o.samples = kViewSamples;
  o.world_nodes = kViewWorldNodes;
  o.stock_orders = 1;
  o.order_nodes = kViewOrderNodes;
  o.threads = 1;      // `diff` and `simulate` run deals in parallel
  o.table_bits = 16;  // one player per seat per thread
  return o;
}

class StrongPlayer : public Player {
 public:
  StrongPlayer() : pimc_(pimc_options()), fallback_(make_greedy_player()) {}
  const char* name() const override { return "strong"; }

  std::size_t choose(const Position& pos, const std::vector<Move>& legal, Rng& rng) override {
    if (legal.size() == 1) return 0;
    const int me = to_act(pos);
    const SeatView view = view_of(pos, me);
    if (!solve::why_not_pimc(view).empty()) return fallback_->choose(pos, legal, rng);
    pimc_.reseed(rng.next());
    solve::PimcResult r = pimc_.solve(view);
    if (r.worlds == 0) return fallback_->choose(pos, legal, rng);
    // The moves of the best expected score; among several (a draw every way, a win every
    // way), greedy's choice: it prefers progress, where the solver sees no difference.
    std::vector<Move> tied;
    std::vector<std::size_t> index;
    for (const auto& m : r.moves) {
      if (m.expected < r.moves.front().expected - 1e-9) break;
      for (std::size_t i = 0; i < legal.size(); ++i)
        if (solve::is_choice(m.move, legal[i])) {
          tied.push_back(legal[i]);
          index.push_back(i);
          break;
        }
    }
    if (tied.empty()) return fallback_->choose(pos, legal, rng);  // cannot happen: its moves are legal moves
    return tied.size() == 1 ? index[0] : index[fallback_->choose(pos, tied, rng)];
  }

 private:
  solve::PimcSolver pimc_;
  std::unique_ptr<Player> fallback_;
};

}  // namespace

std::unique_ptr<Player> make_strong_player() { return std::make_unique<StrongPlayer>(); }

}  // namespace conquian::batch
