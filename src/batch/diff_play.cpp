#include "batch/diff_play.h"

#include <algorithm>
#include <atomic>
#include <memory>
#include <stdexcept>

#include "base/parallel_for.h"
#include "batch/pan_simulate.h"
#include "batch/players.h"
#include "batch/simulate.h"
#include "cards/shuffle.h"
#include "pan/engine.h"
#include "replay/game_of.h"

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

DealSummary summarize_pan_deal(const PanDealStats& st, int dealer) {
  DealSummary d;
  d.winner = st.outcome.kind == Outcome::Kind::Win    ? st.outcome.winner
             : st.outcome.kind == Outcome::Kind::Draw ? -1
                                                      : -2;
  d.dealer = dealer;
  d.moves = st.moves;
  d.turned = st.turned;
  d.forces = st.forces;
  d.seats = st.seats;
  d.dropped = static_cast<std::int32_t>(st.dropped);
  d.pot = static_cast<std::int32_t>(st.pot);
  d.went_out = st.went_out ? 1 : 0;
  d.conditions = static_cast<std::int32_t>(st.conditions);
  d.pot_taken = static_cast<std::int32_t>(st.pot_taken);
  for (std::size_t s = 0; s < st.chips.size(); ++s) d.chips[s] = static_cast<std::int32_t>(st.chips[s]);
  return d;
}

// One worker's players: one set of seats per ruleset, made once.
template <class P>
struct SeatsOf {
  std::vector<std::vector<std::unique_ptr<P>>> owned;
  std::vector<std::vector<P*>> seats;

  template <class Make>
  SeatsOf(const DiffPlan& plan, Make make) {
    for (const auto& r : plan.rules) {
      owned.emplace_back();
      seats.emplace_back();
      for (int s = 0; s < plan.seats_of(*r); ++s) {
        auto p = make(plan.player_of(s));
        if (!p) throw std::invalid_argument("unknown player '" + plan.player_of(s) + "'");
        seats.back().push_back(p.get());
        owned.back().push_back(std::move(p));
      }
    }
  }
};

struct SeatPlayers {
  SeatsOf<Player> conquian;
  SeatsOf<PanPlayer> pan;
  explicit SeatPlayers(const DiffPlan& plan)
      : conquian(plan.pan() ? DiffPlan{} : plan, make_player), pan(plan.pan() ? plan : DiffPlan{}, make_pan_player) {}
};

void play_one_pan(const DiffPlan& plan, const CardCounts& all, SeatPlayers& players, std::uint64_t index,
                  DealTable& out, std::uint64_t first) {
  Rng rng = deal_rng(plan.seed, index);
  std::vector<Card> shuffled = pan::listed(all);
  shuffle_cards(shuffled, rng);
  for (std::size_t r = 0; r < plan.rules.size(); ++r) {
    const Ruleset& rules = *plan.rules[r];
    Rng choices = rng;  // every ruleset's players start from the same stream
    const std::vector<Card> order = pack_order(shuffled, pan::pack(rules));
    const int seats = plan.seats_of(rules);
    const int dealer = static_cast<int>(index % static_cast<std::uint64_t>(seats));
    const PanDealStats st = play_pan_deal(rules, seats, order, dealer, choices, players.pan.seats[r], nullptr);
    out[r][index - first] = summarize_pan_deal(st, dealer);
  }
}

void play_one(const DiffPlan& plan, int max_deck, SeatPlayers& players, std::uint64_t index, DealTable& out,
              std::uint64_t first) {
  Rng rng = deal_rng(plan.seed, index);
  std::vector<Card> shuffled = shuffled_deck(max_deck, rng);
  for (std::size_t r = 0; r < plan.rules.size(); ++r) {
    const Ruleset& rules = *plan.rules[r];
    Rng choices = rng;  // every ruleset's players start from the same stream
    std::vector<Card> deck = mapped_deck(shuffled, rules.deck.size());
    int dealer = static_cast<int>(index % static_cast<std::uint64_t>(rules.seats));
    DealStats st = play_deal(rules, deck, dealer, choices, players.conquian.seats[r], nullptr);
    out[r][index - first] = summarize_deal(st, dealer);
    out[r][index - first].seats = rules.seats;
  }
}

}  // namespace

int DiffPlan::max_deck() const {
  int m = 0;
  for (const auto& r : rules) m = std::max(m, r->deck.size());
  return m;
}

int DiffPlan::seats_of(const Ruleset& r) const {
  const GameFacts game = game_facts(r);
  if (game.fixed_seats()) return game.min_seats;
  return pan_seats != 0 ? pan_seats : game.default_seats;
}

CardCounts union_pack(std::span<const std::shared_ptr<const Ruleset>> rules) {
  CardCounts all;
  for (const auto& r : rules) {
    const CardCounts pack = pan::pack(*r);
    pack.for_each([&](Card c, int n) {
      if (n > all.count(c)) all.add(c, n - all.count(c));
    });
  }
  return all;
}

std::vector<Card> pack_order(std::span<const Card> shuffled_union, const CardCounts& pack) {
  CardCounts left = pack;
  std::vector<Card> order;
  order.reserve(static_cast<std::size_t>(pack.size()));
  for (Card c : shuffled_union)
    if (left.has(c)) {
      left.remove(c);
      order.push_back(c);
    }
  return order;
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
  const int max_deck = plan.pan() ? 0 : plan.max_deck();
  const CardCounts all = plan.pan() ? union_pack(plan.rules) : CardCounts{};
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
    for (std::uint64_t i = from; i < to; ++i) {
      if (plan.pan()) play_one_pan(plan, all, *mine, i, out, first);
      else play_one(plan, max_deck, *mine, i, out, first);
    }
    const std::uint64_t now = done += to - from;
    if (thread != 0 || !progress) return;
    progress(now - reported);
    reported = now;
  });
  if (progress && done > reported) progress(done - reported);
  return out;
}

}  // namespace conquian::batch
