#include "serve/tournament.h"

#include <algorithm>
#include <cmath>
#include <sstream>
#include <stdexcept>

#include <fmt/core.h>

#include "base/rng.h"
#include "cards/shuffle.h"

namespace conquian::serve {
namespace {

double points_of(const Outcome& o, int seat) {
  if (o.kind == Outcome::Kind::Draw) return 0.5;
  return o.winner == seat ? 1.0 : 0.0;
}

// A 95 % interval from sorted bootstrap values: the 2.5th and 97.5th percentiles.
batch::Interval percentile_interval(std::vector<double> v) {
  if (v.empty()) return {};
  std::sort(v.begin(), v.end());
  auto at = [&](double q) { return v[static_cast<std::size_t>(q * static_cast<double>(v.size() - 1) + 0.5)]; };
  return {at(0.025), at(0.975)};
}

std::vector<std::vector<double>> points_matrix(std::size_t n, const std::vector<Pairing>& pairings,
                                               const std::vector<std::vector<std::size_t>>* picks) {
  std::vector<std::vector<double>> w(n, std::vector<double>(n, 0));
  for (std::size_t p = 0; p < pairings.size(); ++p) {
    const Pairing& pr = pairings[p];
    const auto a = static_cast<std::size_t>(pr.a), b = static_cast<std::size_t>(pr.b);
    auto add = [&](const Board& bd) {
      w[a][b] += bd.a_points;
      w[b][a] += 2 - bd.a_points;
    };
    if (picks) {
      for (std::size_t k : (*picks)[p]) add(pr.boards[k]);
    } else {
      for (const Board& bd : pr.boards) add(bd);
    }
  }
  return w;
}

}  // namespace

std::vector<double> bradley_terry(const std::vector<std::vector<double>>& wins) {
  const std::size_t n = wins.size();
  // The prior: one drawn game between every two players who met, so no strength runs off
  // to 0 or infinity.
  std::vector<std::vector<double>> w = wins;
  for (std::size_t i = 0; i < n; ++i)
    for (std::size_t j = 0; j < n; ++j)
      if (i != j && wins[i][j] + wins[j][i] > 0) w[i][j] += 0.5;
  std::vector<double> s(n, 1.0);
  for (int iter = 0; iter < 10'000; ++iter) {
    double change = 0;
    std::vector<double> next(n);
    for (std::size_t i = 0; i < n; ++i) {
      double won = 0, denom = 0;
      for (std::size_t j = 0; j < n; ++j) {
        if (i == j) continue;
        const double games = w[i][j] + w[j][i];
        if (games == 0) continue;
        won += w[i][j];
        denom += games / (s[i] + s[j]);
      }
      next[i] = denom > 0 ? won / denom : s[i];
    }
    double log_mean = 0;
    for (double x : next) log_mean += std::log(x);
    log_mean /= static_cast<double>(n);
    for (std::size_t i = 0; i < n; ++i) {
      next[i] /= std::exp(log_mean);
      change = std::max(change, std::abs(std::log(next[i] / s[i])));
    }
    s = next;
    if (change < 1e-10) break;
  }
  std::vector<double> elo(n);
  for (std::size_t i = 0; i < n; ++i) elo[i] = 400.0 * std::log10(s[i]);
  return elo;
}

std::vector<PlayerStanding> standings_of(const std::vector<std::string>& players, const std::vector<Pairing>& pairings,
                                         int samples, std::uint64_t seed) {
  const std::size_t n = players.size();
  std::vector<PlayerStanding> out(n);
  std::vector<std::vector<double>> diffs(n);
  for (std::size_t i = 0; i < n; ++i) out[i].name = players[i];
  for (const Pairing& pr : pairings) {
    PlayerStanding& a = out[static_cast<std::size_t>(pr.a)];
    PlayerStanding& b = out[static_cast<std::size_t>(pr.b)];
    for (const Board& bd : pr.boards) {
      a.won += static_cast<std::uint64_t>(bd.a_wins);
      a.lost += static_cast<std::uint64_t>(bd.b_wins);
      b.won += static_cast<std::uint64_t>(bd.b_wins);
      b.lost += static_cast<std::uint64_t>(bd.a_wins);
      a.drawn += static_cast<std::uint64_t>(bd.draws);
      b.drawn += static_cast<std::uint64_t>(bd.draws);
      a.forfeits += static_cast<std::uint64_t>(bd.a_forfeits);
      b.forfeits += static_cast<std::uint64_t>(bd.b_forfeits);
      a.points += bd.a_points;
      b.points += 2 - bd.a_points;
      diffs[static_cast<std::size_t>(pr.a)].push_back(2 * bd.a_points - 2);
      diffs[static_cast<std::size_t>(pr.b)].push_back(2 - 2 * bd.a_points);
    }
  }
  for (std::size_t i = 0; i < n; ++i) {
    if (diffs[i].empty()) continue;
    std::tie(out[i].dup_diff, out[i].dup_ci) = mean_ci(diffs[i]);
  }
  const std::vector<double> rating = bradley_terry(points_matrix(n, pairings, nullptr));
  // The bootstrap: the boards of each pairing drawn again with replacement, the ratings
  // fitted again; a fixed generator, so a report is the same on every run.
  std::vector<std::vector<double>> draws(n);
  Rng rng = deal_rng(seed, 0xB007);
  std::vector<std::vector<std::size_t>> picks(pairings.size());
  for (int s = 0; s < samples; ++s) {
    for (std::size_t p = 0; p < pairings.size(); ++p) {
      const std::size_t m = pairings[p].boards.size();
      picks[p].resize(m);
      for (std::size_t k = 0; k < m; ++k) picks[p][k] = static_cast<std::size_t>(rng.below(m));
    }
    const std::vector<double> r = bradley_terry(points_matrix(n, pairings, &picks));
    for (std::size_t i = 0; i < n; ++i) draws[i].push_back(r[i]);
  }
  for (std::size_t i = 0; i < n; ++i) {
    out[i].rating = rating[i];
    out[i].rating_ci = samples > 0 ? percentile_interval(draws[i]) : batch::Interval{rating[i], rating[i]};
  }
  return out;
}

std::vector<Pairing> play_boards(const RefereeSetup& setup, const std::vector<SeatPlayer*>& players,
                                 std::uint64_t first, std::uint64_t last,
                                 const std::function<void(std::uint64_t)>& progress) {
  std::vector<Pairing> pairings;
  std::uint64_t games = 0;
  for (std::size_t a = 0; a < players.size(); ++a)
    for (std::size_t b = a + 1; b < players.size(); ++b) {
      Pairing pr{static_cast<int>(a), static_cast<int>(b), {}};
      Referee referee(setup, {players[a], players[b]});
      for (std::uint64_t k = first; k < last; ++k) {
        Board bd;
        bd.deal = k;
        // Game 1: a in seat 0; game 2, the same cards: a in seat 1.
        for (int round = 0; round < 2; ++round) {
          RefereeDeal d = referee.play(k, round == 1);
          const int a_seat = round == 0 ? 0 : 1;
          const double pa = points_of(d.outcome, a_seat);
          bd.a_points += pa;
          if (d.outcome.kind == Outcome::Kind::Draw) ++bd.draws;
          else if (d.outcome.winner == a_seat) ++bd.a_wins;
          else ++bd.b_wins;
          if (d.forfeit_seat >= 0) ++(d.forfeit_seat == a_seat ? bd.a_forfeits : bd.b_forfeits);
          if (progress) progress(++games);
        }
        pr.boards.push_back(bd);
      }
      pairings.push_back(std::move(pr));
    }
  for (SeatPlayer* p : players) {
    p->tell(nlohmann::json{{"cmd", "quit"}}.dump(), setup.move_time_ms);
    p->restart();
  }
  return pairings;
}

TournamentReport tournament_report(const RefereeSetup& setup, const std::vector<SeatPlayer*>& players,
                                   std::uint64_t deals, std::vector<Pairing> pairings) {
  TournamentReport rep;
  rep.ruleset = setup.rules->name;
  rep.deals = deals;
  rep.seed = setup.seed;
  rep.move_time_ms = setup.move_time_ms;
  rep.bootstrap_samples = 1000;
  for (SeatPlayer* p : players) rep.players.push_back(p->name());
  rep.players = distinct_names(rep.players);
  rep.pairings = std::move(pairings);
  rep.standings = standings_of(rep.players, rep.pairings, rep.bootstrap_samples, setup.seed);
  return rep;
}

TournamentReport play_tournament(const RefereeSetup& setup, const std::vector<SeatPlayer*>& players,
                                 std::uint64_t deals, const std::function<void(std::uint64_t)>& progress) {
  return tournament_report(setup, players, deals, play_boards(setup, players, 0, deals, progress));
}

// A board is seven integers on a line (its points doubled, so they stay whole), after a line
// giving the pairing's index and its number of boards.
std::string boards_bytes(const std::vector<Pairing>& pairings) {
  std::string out;
  for (std::size_t p = 0; p < pairings.size(); ++p) {
    out += fmt::format("{} {}\n", p, pairings[p].boards.size());
    for (const Board& b : pairings[p].boards)
      out += fmt::format("{} {} {} {} {} {} {}\n", b.deal, static_cast<int>(std::lround(2 * b.a_points)), b.a_wins,
                         b.draws, b.b_wins, b.a_forfeits, b.b_forfeits);
  }
  return out;
}

void append_boards(std::vector<Pairing>& into, const std::string& bytes) {
  std::istringstream in(bytes);
  std::size_t p = 0, count = 0;
  while (in >> p >> count) {
    if (p >= into.size()) throw std::logic_error("conquian tournament: a rank's boards do not read back");
    for (std::size_t k = 0; k < count; ++k) {
      Board b;
      int twice = 0;
      if (!(in >> b.deal >> twice >> b.a_wins >> b.draws >> b.b_wins >> b.a_forfeits >> b.b_forfeits))
        throw std::logic_error("conquian tournament: a rank's boards do not read back");
      b.a_points = twice / 2.0;
      into[p].boards.push_back(b);
    }
  }
  if (!in.eof()) throw std::logic_error("conquian tournament: a rank's boards do not read back");
}

std::pair<double, batch::Interval> mean_ci(const std::vector<double>& v) {
  if (v.empty()) return {0, {}};
  double mean = 0, var = 0;
  for (double x : v) mean += x;
  mean /= static_cast<double>(v.size());
  for (double x : v) var += (x - mean) * (x - mean);
  var = v.size() > 1 ? var / static_cast<double>(v.size() - 1) : 0;
  const double half = 1.96 * std::sqrt(var / static_cast<double>(v.size()));
  return {mean, {mean - half, mean + half}};
}

std::vector<std::string> distinct_names(const std::vector<std::string>& names) {
  std::vector<std::string> out;
  for (std::size_t i = 0; i < names.size(); ++i) {
    int seen = 1;
    for (std::size_t j = 0; j < i; ++j) seen += names[j] == names[i] ? 1 : 0;
    out.push_back(seen == 1 ? names[i] : fmt::format("{} {}", names[i], seen));
  }
  return out;
}

}  // namespace conquian::serve
