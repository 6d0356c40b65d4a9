#include "batch/diff_play.h"

#include <algorithm>
#include <atomic>
#include <memory>
#include <stdexcept>

#include "base/parallel_for.h"
#include "batch/players.h"
#include "batch/simulate.h"
#include "cards/shuffle.h"

namespace conquian::batch {
namespace {

DealSummary summarize_deal(const DealStats& st, int dealer) {
  DealSummary d;
  d.winner = st.outcome.kind == Outcome::Kind::Win    ? st.outcome.winner
             : st.outcome.kind == Outcome::Kind::Draw ? -1
                                                      : -2;
  d.dealer = dealer;
  d.moves = st.moves;
  d.turned = st.turned;
  d.forces = st.forces;
  d.decline_forces = st.decline_forces;
  d.offer_forces = st.offer_forces;
  d.hits = st.hits;
  d.forced_won = st.forced_won;
  d.forcer_won = st.forcer_won;
  d.forced_drawn = st.forced_drawn;
  d.loser_points = st.loser_points;
  return d;
}

// One worker's players: one set of seats per ruleset, made once.
struct SeatPlayers {
  std::vector<std::vector<std::unique_ptr<Player>>> owned;
  std::vector<std::vector<Player*>> seats;

  explicit SeatPlayers(const DiffPlan& plan) {
    for (const auto& r : plan.rules) {
      owned.emplace_back();
      seats.emplace_back();
      for (int s = 0; s < r->seats; ++s) {
        auto p = make_player(plan.player_of(s));
        if (!p) throw std::invalid_argument("unknown player '" + plan.player_of(s) + "'");
        seats.back().push_back(p.get());
        owned.back().push_back(std::move(p));
      }
    }
  }
};

void play_one(const DiffPlan& plan, int max_deck, SeatPlayers& players, std::uint64_t index, DealTable& out,
              std::uint64_t first) {
  Rng rng = deal_rng(plan.seed, index);
  std::vector<Card> shuffled = shuffled_deck(max_deck, rng);
  for (std::size_t r = 0; r < plan.rules.size(); ++r) {
    const Ruleset& rules = *plan.rules[r];
    Rng choices = rng;  // every ruleset's players start from the same stream
    std::vector<Card> deck = mapped_deck(shuffled, rules.deck.size());
    int dealer = static_cast<int>(index % static_cast<std::uint64_t>(rules.seats));
    DealStats st = play_deal(rules, deck, dealer, choices, players.seats[r], nullptr);
    out[r][index - first] = summarize_deal(st, dealer);
  }
}

}  // namespace

int DiffPlan::max_deck() const {
  int m = 0;
  for (const auto& r : rules) m = std::max(m, r->deck.size());
  return m;
}

const std::string& DiffPlan::player_of(int seat) const {
  static const std::string greedy = "greedy";
  return players.empty() ? greedy : players[static_cast<std::size_t>(seat) % players.size()];
}

std::vector<Card> mapped_deck(std::span<const Card> shuffled_max, int size) {
  std::vector<Card> deck;
  deck.reserve(static_cast<std::size_t>(size));
  for (Card c : shuffled_max)
    if (c < size) deck.push_back(c);
  return deck;
}

DealTable play_deals(const DiffPlan& plan, std::uint64_t first, std::uint64_t last, int threads,
                     const std::function<void(std::uint64_t)>& progress) {
  DealTable out(plan.rules.size(), std::vector<DealSummary>(last - first));
  const int max_deck = plan.max_deck();
  const std::uint64_t chunk = 32;
  const std::uint64_t chunks = (last - first + chunk - 1) / chunk;
  // Each thread its own players (a strong player keeps tables), made at its first chunk.
  std::vector<std::unique_ptr<SeatPlayers>> players(static_cast<std::size_t>(pool_threads(chunks, threads)));
  std::atomic<std::uint64_t> done{0};
  std::uint64_t reported = 0;  // the caller's thread alone reports progress
  parallel_for(chunks, threads, [&](std::size_t c, int thread) {
    auto& mine = players[static_cast<std::size_t>(thread)];
    if (!mine) mine = std::make_unique<SeatPlayers>(plan);
    const std::uint64_t from = first + c * chunk, to = std::min(last, from + chunk);
    for (std::uint64_t i = from; i < to; ++i) play_one(plan, max_deck, *mine, i, out, first);
    const std::uint64_t now = done += to - from;
    if (thread != 0 || !progress) return;
    progress(now - reported);
    reported = now;
  });
  if (progress && done > reported) progress(done - reported);
  return out;
}

}  // namespace conquian::batch
