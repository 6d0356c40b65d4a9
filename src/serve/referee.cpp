#include "serve/referee.h"

#include <fmt/format.h>

#include <chrono>
#include <stdexcept>

#include "base/rng.h"
#include "batch/seal.h"
#include "cards/shuffle.h"
#include "engine/seat_view.h"
#include "record/json_text.h"
#include "replay/record_moves.h"
#include "rules/ruleset_json.h"
#include "serve/game_session.h"
#include "serve/protocol_moves.h"
#include "serve/state_json.h"

namespace conquian::serve {
namespace {

using nlohmann::json;
using Clock = std::chrono::steady_clock;

// The move as `seat` may see it: a swapped card only by the seats that passed and received
// it (the card goes face down to the next seat); to every other seat it is null.
json observed(const Position& before, const Move& m, const json& words, int seat) {
  if (m.kind != MoveKind::Swap) return words;
  const int receiver = (m.seat + 1) % before.seats();
  if (seat == m.seat || seat == receiver) return words;
  json hidden = words;
  hidden["swap"] = nullptr;
  return hidden;
}

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

// Plays a bot's answer for the seat asked in `game`: "" when it was legal (`out` is the move
// played, `played_in` the position it was played in), else the reason of the forfeit, and
// the game is as it was. An answer in a force window that is neither a force nor a waive
// means that nobody forced: the waive is played first, as a record implies it.
std::string play_answer(GameSession& game, int asked, const json& answer, Move& out, Position& played_in) {
  ReadMove r = read_protocol_move(game.position(), answer);
  if (!r.not_a_move.empty()) return "not a move: " + r.not_a_move;
  if (!r.fault.ok()) return fmt::format("illegal move: {}: {}", code_name(r.fault.code), r.fault.message);
  const Move& m = *r.move;
  const bool waived =
      game.position().phase == Phase::ForceWindow && m.kind != MoveKind::Force && m.kind != MoveKind::Waive;
  if (m.kind != MoveKind::Waive && m.seat != asked)
    return fmt::format("illegal move: not-your-turn: seat {} was asked, but the move is seat {}'s", asked, int(m.seat));
  if (waived && !game.play(waive_move()).legal) throw std::logic_error("a force window whose waive the engine refuses");
  if (waived && game.to_act() != asked) {
    game.undo();
    return fmt::format("illegal move: not-your-turn: seat {} may force or waive, but not {} now", asked,
                       "play another move");
  }
  played_in = game.position();
  if (PlayVerdict v = game.play(m); !v.legal) {
    if (waived) game.undo();
    return fmt::format("illegal move: {}: {}", v.code, v.reason);
  }
  out = m;
  return {};
}

}  // namespace

Referee::Referee(RefereeSetup setup, std::vector<SeatPlayer*> seats)
    : setup_(std::move(setup)), seats_(std::move(seats)), rules_(std::shared_ptr<const Ruleset>(), setup_.rules) {
  if (static_cast<int>(seats_.size()) != setup_.rules->seats)
    throw std::invalid_argument(
        fmt::format("the ruleset has {} seats, but {} players were given", setup_.rules->seats, seats_.size()));
}

RefereeDeal Referee::play(std::uint64_t index, bool swap_seats) {
  const auto t0 = Clock::now();
  const Ruleset& rules = *setup_.rules;
  const int n = rules.seats;
  std::vector<SeatPlayer*> at(seats_);
  if (swap_seats) std::reverse(at.begin(), at.end());

  Rng rng = deal_rng(setup_.seed, index);
  const std::vector<Card> deck = shuffled_deck(rules.deck.size(), rng);
  const int dealer = static_cast<int>(index % static_cast<std::uint64_t>(n));

  GameSession game = GameSession::from_order(rules_, deck, dealer);
  RefereeDeal out;
  record::GameRecord& rec = out.record;
  rec = game.game_record();
  rec.ruleset = setup_.ruleset_name;
  rec.ruleset_inline = setup_.ruleset_inline;
  rec.id = fmt::format("referee-{}-{}{}", setup_.seed, index, swap_seats ? "-swapped" : "");
  for (SeatPlayer* p : at) rec.players.push_back(p->name());
  if (setup_.seal) batch::seal(rec, batch::seeded_salt(setup_.seed, index));

  auto send = [&](int seat, const json& msg) -> std::string {
    const std::string line = line_of(msg);
    if (setup_.observer) setup_.observer(seat, line);
    return at[static_cast<std::size_t>(seat)]->tell(line, setup_.move_time_ms);
  };
  auto forfeit = [&](int seat, std::string reason) {
    if (out.forfeit_seat >= 0) return;
    out.forfeit_seat = seat;
    out.forfeit_reason = std::move(reason);
  };

  const json ruleset = ruleset_json(rules);
  json names = json::array();
  for (SeatPlayer* p : at) names.push_back(p->name());
  for (int s = 0; s < n; ++s) {
    const json msg = {{"cmd", "start"}, {"deal", rec.id}, {"seat", s}, {"ruleset", ruleset}, {"players", names}};
    const std::string line = line_of(msg);
    if (setup_.observer) setup_.observer(s, line);
    if (std::string f = at[static_cast<std::size_t>(s)]->start(setup_.seed, index, line); !f.empty()) forfeit(s, f);
  }

  while (out.forfeit_seat < 0 && !game.over()) {
    const std::vector<Move> legal = game.engine_moves();
    if (legal.empty()) throw std::logic_error("no legal move in a position that is not over");
    const Position& pos = game.position();
    const int seat = game.to_act();
    json moves = json::array();
    for (const Move& m : legal) moves.push_back(protocol_move(pos, m));
    const json act = {{"cmd", "act"},
                      {"deal", rec.id},
                      {"view", game.view(seat)},
                      {"legal", moves},
                      {"time_ms", setup_.move_time_ms}};
    const std::string line = line_of(act);
    if (setup_.observer) setup_.observer(seat, line);
    ActAnswer a = at[static_cast<std::size_t>(seat)]->act(line, pos, legal, setup_.move_time_ms);
    out.bot_seconds += a.seconds;
    if (!a.move) {
      forfeit(seat, a.fault);
      break;
    }
    Move m;
    Position played_in;
    if (std::string why = play_answer(game, seat, *a.move, m, played_in); !why.empty()) {
      forfeit(seat, why);
      break;
    }
    const json words = protocol_move(played_in, m);
    ++out.moves;
    for (int s = 0; s < n && out.forfeit_seat < 0; ++s)
      if (std::string f = send(s, {{"cmd", "observe"}, {"deal", rec.id}, {"move", observed(played_in, m, words, s)}});
          !f.empty())
        forfeit(s, f);
  }
  rec.moves = game.game_record().moves;

  if (out.forfeit_seat >= 0) {
    out.outcome = Outcome{Outcome::Kind::Win, (out.forfeit_seat + 1) % n};
    rec.result = record::won_result(out.outcome.winner);
    rec.result.forfeit_seat = out.forfeit_seat;
    rec.result.forfeit_reason = out.forfeit_reason;
  } else {
    out.outcome = game.position().result;
    rec.result =
        out.outcome.kind == Outcome::Kind::Draw ? record::drawn_result() : record::won_result(out.outcome.winner);
  }
  const json outcome = outcome_json(out.outcome, out.forfeit_seat, out.forfeit_reason);
  for (int s = 0; s < n; ++s) {
    if (s == out.forfeit_seat) continue;  // restarted below; it hears no more of this deal
    if (std::string f = send(s, {{"cmd", "end"}, {"deal", rec.id}, {"outcome", outcome}, {"record", rec.id}});
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
