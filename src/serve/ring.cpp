#include "serve/ring.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>

#include "base/rng.h"
#include "replay/game_of.h"
#include "serve/tournament.h"

namespace conquian::serve {
namespace {

// wins[i][j] over the deals in `picks` (each deal's pairwise comparisons, precounted).
std::vector<std::vector<double>> wins_of(const std::vector<std::vector<std::vector<double>>>& per_deal,
                                         const std::vector<std::size_t>& picks, std::size_t n) {
  std::vector<std::vector<double>> w(n, std::vector<double>(n, 0));
  for (std::size_t d : picks)
    for (std::size_t i = 0; i < n; ++i)
      for (std::size_t j = 0; j < n; ++j) w[i][j] += per_deal[d][i][j];
  return w;
}

}  // namespace

RingReport play_ring(const RefereeSetup& setup, const std::vector<SeatPlayer*>& players, std::uint64_t deals,
                     const std::function<void(std::uint64_t)>& progress) {
  const std::size_t n = players.size();
  RingReport rep;
  rep.ruleset = setup.rules->name;
  rep.game = game_facts(*setup.rules).name;
  rep.deals = deals;
  rep.seed = setup.seed;
  rep.seats = static_cast<int>(n);
  rep.move_time_ms = setup.move_time_ms;
  rep.bootstrap_samples = 1000;
  rep.standings.resize(n);
  for (std::size_t i = 0; i < n; ++i) rep.players.push_back(players[i]->name());
  rep.players = distinct_names(rep.players);
  for (std::size_t i = 0; i < n; ++i) rep.standings[i].name = rep.players[i];
  Referee referee(setup, players);
  std::vector<std::vector<double>> chips_per_deal(n);
  // per_deal[d][i][j]: games of deal d in which player i ended with more chips than player j
  // (a tie: half each way).
  std::vector<std::vector<std::vector<double>>> per_deal;
  std::uint64_t games = 0;
  for (std::uint64_t k = 0; k < deals; ++k) {
    std::vector<double> sum(n, 0);
    std::vector<std::vector<double>> pair(n, std::vector<double>(n, 0));
    for (std::size_t shift = 0; shift < n; ++shift) {
      RefereeDeal d = referee.play_rotated(k, static_cast<int>(shift));
      // Seat s held player (s + shift) mod n.
      std::vector<double> by_player(n, 0);
      for (std::size_t s = 0; s < n; ++s) {
        const std::size_t p = (s + shift) % n;
        by_player[p] = static_cast<double>(d.chips[s]);
        RingStanding& st = rep.standings[p];
        ++st.games;
        if (d.outcome.kind == Outcome::Kind::Win && d.outcome.winner == static_cast<int>(s)) ++st.won;
        for (const auto& m : d.record.moves)
          if (m.seat == static_cast<int>(s) && m.kind == record::MoveKind::Drop) ++st.dropped;
        for (const auto& f : d.forfeits)
          if (f.seat == static_cast<int>(s)) ++st.forfeits;
        if (d.forfeit_seat == static_cast<int>(s)) ++st.forfeits;
      }
      for (std::size_t i = 0; i < n; ++i) {
        sum[i] += by_player[i];
        for (std::size_t j = 0; j < n; ++j)
          if (i != j) pair[i][j] += by_player[i] > by_player[j] ? 1.0 : by_player[i] == by_player[j] ? 0.5 : 0.0;
      }
      if (progress) progress(++games);
    }
    for (std::size_t i = 0; i < n; ++i) chips_per_deal[i].push_back(sum[i] / static_cast<double>(n));
    per_deal.push_back(std::move(pair));
  }
  for (SeatPlayer* p : players) {
    p->tell(nlohmann::json{{"cmd", "quit"}}.dump(), setup.move_time_ms);
    p->restart();
  }
  for (std::size_t i = 0; i < n; ++i) {
    auto [mean, ci] = mean_ci(chips_per_deal[i]);
    rep.standings[i].chips = mean;
    rep.standings[i].chips_ci = ci;
  }
  std::vector<std::size_t> all(per_deal.size());
  for (std::size_t d = 0; d < all.size(); ++d) all[d] = d;
  const std::vector<double> rating = bradley_terry(wins_of(per_deal, all, n));
  // The bootstrap: the deals drawn again with replacement, the ratings fitted again; a fixed
  // generator, so a report is the same on every run.
  Rng rng = deal_rng(setup.seed, 0xB007);
  std::vector<std::vector<double>> draws(n);
  std::vector<std::size_t> picks(per_deal.size());
  for (int s = 0; s < rep.bootstrap_samples && !per_deal.empty(); ++s) {
    for (auto& p : picks) p = static_cast<std::size_t>(rng.below(per_deal.size()));
    const std::vector<double> r = bradley_terry(wins_of(per_deal, picks, n));
    for (std::size_t i = 0; i < n; ++i) draws[i].push_back(r[i]);
  }
  for (std::size_t i = 0; i < n; ++i) {
    rep.standings[i].rating = rating[i];
    std::vector<double>& v = draws[i];
    std::sort(v.begin(), v.end());
    rep.standings[i].rating_ci =
        v.empty() ? batch::Interval{rating[i], rating[i]}
                  : batch::Interval{v[static_cast<std::size_t>(0.025 * static_cast<double>(v.size() - 1) + 0.5)],
                                    v[static_cast<std::size_t>(0.975 * static_cast<double>(v.size() - 1) + 0.5)]};
  }
  return rep;
}

std::string ring_text(const RingReport& r) {
  std::string out = fmt::format(
      "{} duplicate ring: {} deals x {} rotations at {} seats, ruleset {}, seed {}\n"
      "{:<28} {:>10} {:>22} {:>6} {:>8} {:>9} {:>8} {:>20}\n",
      r.game, r.deals, r.seats, r.seats, r.ruleset, r.seed, "player", "chips/deal", "95% interval", "won", "dropped",
      "forfeits", "rating", "95% interval");
  for (const RingStanding& s : r.standings)
    out += fmt::format("{:<28} {:>+10.3f} {:>22} {:>6} {:>8} {:>9} {:>+8.0f} {:>20}\n", s.name.substr(0, 28), s.chips,
                       fmt::format("[{:+.3f}, {:+.3f}]", s.chips_ci.low, s.chips_ci.high), s.won, s.dropped, s.forfeits,
                       s.rating, fmt::format("[{:+.0f}, {:+.0f}]", s.rating_ci.low, s.rating_ci.high));
  out += fmt::format(
      "chips/deal: the player's chips a deal, the mean over its {} rotations, with its 95% interval over the deals; "
      "rating: Bradley-Terry on the Elo scale (mean 0) of who ended each game with more chips than whom at the same "
      "table, 95% interval from {} bootstrap resamples of the deals\n",
      r.seats, r.bootstrap_samples);
  return out;
}

nlohmann::json ring_json(const RingReport& r) {
  nlohmann::json standings = nlohmann::json::array();
  for (const RingStanding& s : r.standings)
    standings.push_back({{"player", s.name},
                         {"chips_per_deal", s.chips},
                         {"chips_ci", {s.chips_ci.low, s.chips_ci.high}},
                         {"won", s.won},
                         {"dropped", s.dropped},
                         {"forfeits", s.forfeits},
                         {"games", s.games},
                         {"rating", s.rating},
                         {"rating_ci", {s.rating_ci.low, s.rating_ci.high}}});
  return {{"game", r.game},         {"ruleset", r.ruleset},
          {"deals", r.deals},       {"seats", r.seats},
          {"seed", r.seed},         {"move_time_ms", r.move_time_ms},
          {"standings", standings}, {"bootstrap_samples", r.bootstrap_samples}};
}

}  // namespace conquian::serve
