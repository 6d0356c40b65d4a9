// "strong-pi": the first solver-backed player (kept for comparison with "strong",
// strong_player.cpp): samples the cards its seat cannot see and asks the solver.
//
// Perfect-information sampling (determinization): the seat deals the cards it has not seen
// (the other seat's hand and the stock) at random, several times; in each sample every
// legal move is scored by the exact solver with a small node budget, and the move with the
// best total wins. When a sample's search runs past the budget (early in a deal, when the
// trees are big), or with more than two seats, it plays as "greedy" does. It sees only what
// its seat may see: the real hidden cards are overwritten in every sample before the solver
// looks (the swap's passed card is not tracked, so it too is sampled).
#include <algorithm>

#include "batch/players.h"
#include "solve/solver.h"

namespace conquian::batch {
namespace {

constexpr int kSamples = 6;
constexpr std::uint64_t kNodesPerSearch = 10000;

class StrongPiPlayer : public Player {
 public:
  StrongPiPlayer() : solver_(options()), fallback_(make_greedy_player()) {}
  const char* name() const override { return "strong-pi"; }

  std::size_t choose(const Position& pos, const std::vector<Move>& legal, Rng& rng) override {
    if (legal.size() == 1) return 0;
    if (pos.seats() != 2 || pos.phase == Phase::Swap) return fallback_->choose(pos, legal, rng);
    int me = to_act(pos), other = 1 - me;
    // Everything the seat has not seen: the other hand and the stock.
    CardSet hidden = pos.hand[other];
    if (pos.stock_known)
      for (int i = pos.stock_top; i < pos.stock_end; ++i) hidden.insert(pos.stock[i]);
    else hidden |= pos.unseen();
    std::vector<Card> cards;
    for (Card c : hidden) cards.push_back(c);
    std::vector<long> total(legal.size(), 0);
    int other_size = pos.hand[other].size();
    for (int sample = 0; sample < kSamples; ++sample) {
      for (std::size_t i = cards.size(); i > 1; --i) std::swap(cards[i - 1], cards[rng.below(i)]);
      Position world = pos;
      world.hand[other] = CardSet{};
      for (int i = 0; i < other_size; ++i) world.hand[other].insert(cards[static_cast<std::size_t>(i)]);
      world.stock_known = true;
      world.stock_top = 0;
      world.stock_end = static_cast<std::uint8_t>(cards.size() - static_cast<std::size_t>(other_size));
      for (std::size_t i = static_cast<std::size_t>(other_size); i < cards.size(); ++i)
        world.stock[i - static_cast<std::size_t>(other_size)] = cards[i];
      for (std::size_t m = 0; m < legal.size(); ++m) {
        Position next = world;
        apply(next, legal[m]);
        try {
          int score = solver_.score(next);  // seat 0's view
          total[m] += me == 0 ? score : -score;
        } catch (const solve::BudgetExceeded&) { return fallback_->choose(pos, legal, rng); }
      }
    }
    return static_cast<std::size_t>(std::max_element(total.begin(), total.end()) - total.begin());
  }

 private:
  static solve::Options options() {
    solve::Options o;
    o.max_nodes = kNodesPerSearch;
    o.table_bits = 16;  // 4 MiB: one player per seat per deal
    return o;
  }
  solve::Solver solver_;
  std::unique_ptr<Player> fallback_;
};

}  // namespace

std::unique_ptr<Player> make_strong_pi_player() { return std::make_unique<StrongPiPlayer>(); }

}  // namespace conquian::batch
