#include "serve/referee.h"

#include <fmt/format.h>

#include <chrono>
#include <stdexcept>

#include "base/rng.h"
#include "batch/seal.h"
#include "cards/shuffle.h"
#include "record/json_text.h"
#include "rules/ruleset_json.h"
#include "serve/game_session.h"
#include "serve/pan_session.h"
#include "serve/sessions.h"

namespace conquian::serve {
namespace {

using nlohmann::json;
using Clock = std::chrono::steady_clock;

// A line to a seat. What it holds is the engine's and the referee's own words, but also the
// players' names from the command line and a forfeit's reason quoting a bot: a byte that is
// not UTF-8 there is written as U+FFFD rather than stopping the run (nlohmann's dump throws).
std::string line_of(const json& msg) { return record::json_dump(msg); }

json outcome_json(const Outcome& o, int forfeit_seat, const std::string& reason) {
  if (forfeit_seat >= 0) return {{"winner", o.winner}, {"forfeit", {{"seat", forfeit_seat}, {"reason", reason}}}};
  if (o.kind == Outcome::Kind::Win) return {{"winner", o.winner}};
  if (o.kind == Outcome::Kind::Draw) return {{"draw", true}};
  return nullptr;
}

}  // namespace

Referee::Referee(RefereeSetup setup, std::vector<SeatPlayer*> seats)
    : setup_(std::move(setup)), seats_(std::move(seats)), rules_(std::shared_ptr<const Ruleset>(), setup_.rules) {
  const Ruleset& r = *setup_.rules;
  const int n = static_cast<int>(seats_.size());
  if (n < r.seats_min || n > r.seats)
    throw std::invalid_argument(
        r.seats_min == r.seats
            ? fmt::format("the ruleset has {} seats, but {} players were given", r.seats, n)
            : fmt::format("the ruleset seats {} to {}, but {} players were given", r.seats_min, r.seats, n));
}

RefereeDeal Referee::play(std::uint64_t index, bool swap_seats) {
  return play_rotated(index, swap_seats ? static_cast<int>(seats_.size()) - 1 : 0, swap_seats);
}

RefereeDeal Referee::play_rotated(std::uint64_t index, int shift, bool reverse) {
  const auto t0 = Clock::now();
  const int n = static_cast<int>(seats_.size());
  // Seat s gets the player of seat (shift - s) reversed, or (s + shift) rotated round the table.
  std::vector<SeatPlayer*> at(seats_.size());
  for (int s = 0; s < n; ++s) at[s] = seats_[static_cast<std::size_t>(reverse ? (shift - s + n) % n : (s + shift) % n)];

  const int dealer = static_cast<int>(index % static_cast<std::uint64_t>(n));
  std::unique_ptr<Session> game = session_for_deal(rules_, n, setup_.seed, index, dealer);
  RefereeDeal out;
  record::GameRecord& rec = out.record;
  rec = game->game_record();
  rec.ruleset = setup_.ruleset_name;
  rec.ruleset_inline = setup_.ruleset_inline;
  rec.id = fmt::format("referee-{}-{}{}", setup_.seed, index,
                       shift == 0 && !reverse ? std::string()
                       : reverse              ? std::string("-swapped")
                                              : fmt::format("-r{}", shift));
  for (SeatPlayer* p : at) rec.players.push_back(p->name());
  if (setup_.seal) batch::seal(rec, batch::seeded_salt(setup_.seed, index));

  std::vector<bool> gone(static_cast<std::size_t>(n), false);  // forfeited seats (Panguingue plays on)
  auto send = [&](int seat, const std::string& line) -> std::string {
    if (setup_.observer) setup_.observer(seat, line);
    return at[static_cast<std::size_t>(seat)]->tell(line, setup_.move_time_ms);
  };
  // A fault: Conquian's deal ends by forfeit; Panguingue's seat leaves as a drop does and the
  // others play on (the record says so with a forfeit move).
  auto forfeit = [&](int seat, std::string reason) {
    if (out.forfeit_seat >= 0 || gone[static_cast<std::size_t>(seat)]) return;
    if (game->forfeit(seat, reason)) {
      gone[static_cast<std::size_t>(seat)] = true;
      out.forfeits.push_back({seat, reason});
      at[static_cast<std::size_t>(seat)]->restart();
      return;
    }
    out.forfeit_seat = seat;
    out.forfeit_reason = std::move(reason);
  };

  const json ruleset = ruleset_json(*setup_.rules);
  json names = json::array();
  for (SeatPlayer* p : at) names.push_back(p->name());
  for (int s = 0; s < n; ++s) {
    const json msg = {{"cmd", "start"}, {"deal", rec.id}, {"seat", s}, {"ruleset", ruleset}, {"players", names}};
    const std::string line = line_of(msg);
    if (setup_.observer) setup_.observer(s, line);
    if (std::string f = at[static_cast<std::size_t>(s)]->start(setup_.seed, index, line); !f.empty()) forfeit(s, f);
  }

  // Every seat's view of the move just played, told to the seats still at the table.
  auto observe = [&] {
    for (int s = 0; s < n && out.forfeit_seat < 0; ++s) {
      if (gone[static_cast<std::size_t>(s)]) continue;
      const json seen = game->last_move_seen_by(s);
      std::string line = line_of(json{{"cmd", "observe"}, {"deal", rec.id}, {"move", seen}});
      if (setup_.observer) setup_.observer(s, line);
      if (std::string f = at[static_cast<std::size_t>(s)]->tell_later(line, setup_.move_time_ms); !f.empty())
        forfeit(s, f);
    }
  };

  while (out.forfeit_seat < 0 && !game->over()) {
    const int seat = game->to_act();
    if (gone[static_cast<std::size_t>(seat)]) throw std::logic_error("a seat that forfeited is asked to act");
    const json act = {{"cmd", "act"},
                      {"deal", rec.id},
                      {"view", game->view(seat)},
                      {"legal", game->legal_for(seat)},
                      {"time_ms", setup_.move_time_ms}};
    const std::string line = line_of(act);
    if (setup_.observer) setup_.observer(seat, line);
    ActAnswer a = at[static_cast<std::size_t>(seat)]->act(line, *game, setup_.move_time_ms);
    out.bot_seconds += a.seconds;
    std::string why = a.move ? game->play_for(seat, *a.move) : a.fault;
    if (!why.empty()) {
      forfeit(seat, why);
      if (out.forfeit_seat >= 0) break;
    } else {
      ++out.moves;
    }
    observe();
  }
  rec.moves = game->game_record().moves;

  // The game decided how the deal ended, a forfeit included (turn/game.h, forfeit_move).
  out.outcome = game->outcome();
  game->put_result(rec.result);
  if (out.forfeit_seat >= 0) {
    rec.result.forfeit_seat = out.forfeit_seat;
    rec.result.forfeit_reason = out.forfeit_reason;
  }
  out.chips = game->chips();
  out.pot = game->pot();
  const json outcome = outcome_json(out.outcome, out.forfeit_seat, out.forfeit_reason);
  for (int s = 0; s < n; ++s) {
    if (s == out.forfeit_seat || gone[static_cast<std::size_t>(s)])
      continue;  // restarted: it hears no more of this deal
    if (std::string f =
            send(s, line_of(json{{"cmd", "end"}, {"deal", rec.id}, {"outcome", outcome}, {"record", rec.id}}));
        !f.empty())
      at[static_cast<std::size_t>(s)]->restart();  // the deal is over: a fault now costs nothing but a restart
  }
  if (out.forfeit_seat >= 0) at[static_cast<std::size_t>(out.forfeit_seat)]->restart();
  out.referee_seconds = std::chrono::duration<double>(Clock::now() - t0).count() - out.bot_seconds;
  return out;
}

void Referee::quit() {
  const std::string line = line_of(json{{"cmd", "quit"}});
  for (std::size_t s = 0; s < seats_.size(); ++s) {
    if (setup_.observer) setup_.observer(static_cast<int>(s), line);
    seats_[s]->tell(line, setup_.move_time_ms);
    seats_[s]->restart();  // reaps it: a bot that ignores quit is killed
  }
}

}  // namespace conquian::serve
