#include "http/card_table.h"

#include <fmt/format.h>

#include <algorithm>
#include <iterator>

#include "batch/players.h"
#include "batch/seal.h"
#include "check/commitment.h"
#include "http/api_error.h"
#include "http/session_words.h"
#include "http/table_match.h"
#include "http/token.h"
#include "record/record_writer.h"
#include "replay/game_of.h"
#include "replay/ruleset_cache.h"
#include "rules/shipped_rulesets.h"
#include "serve/game_session.h"
#include "serve/seat_player.h"
#include "serve/sessions.h"

namespace conquian::http {
namespace {

std::shared_ptr<const Ruleset> table_ruleset(const std::string& name) {
  if (!shipped_ruleset_texts().count(name))
    throw ApiError(400,
                   fmt::format("'ruleset' {}: the card table deals the shipped rulesets only", name.substr(0, 64)));
  std::shared_ptr<const Ruleset> rules = RulesetCache(RulesetCache::Sources::ShippedOnly).get(name, "");
  // The page draws a Conquian table: hands of up to ten cards, every seat's melds.
  if (const GameFacts game = game_facts(*rules); game.name != std::string(ConquianGame::kName))
    throw ApiError(400,
                   fmt::format("'ruleset' {}: the card table deals Conquian (this ruleset plays {})", name, game.name));
  return rules;
}

std::uint64_t random_seed() {
  const std::string hex = random_hex(8);
  return std::stoull(hex, nullptr, 16);
}

}  // namespace

nlohmann::json table_rulesets() {
  nlohmann::json out = nlohmann::json::array();
  for (const auto& [name, text] : shipped_ruleset_texts()) {
    (void)text;
    try {
      table_ruleset(name);
      out.push_back(name);
    } catch (const ApiError&) {}
  }
  return out;
}

namespace {

// A sealed deal of `rules` dealt by `dealer`, the page at seat `human`, `player` at every other.
std::shared_ptr<BoardSession> deal_table(std::shared_ptr<const Ruleset> rules, int human, const std::string& player,
                                         int dealer, std::shared_ptr<TableMatch> match) {
  auto board = std::make_shared<BoardSession>();
  const std::uint64_t seed = random_seed();
  board->session = serve::session_from_seed(rules, seed, dealer);
  board->rules = std::move(rules);
  auto table = std::make_unique<CardTable>();
  table->human = human;
  table->player = player;
  const int seats = board->session->seats();
  table->players.assign(static_cast<std::size_t>(seats), player);
  table->players[static_cast<std::size_t>(human)] = "you";
  // The built-in seats play as the referee's do (serve/seat_player.h): from their own moves,
  // each seat's player reading no more than its seat's view.
  table->bots.resize(static_cast<std::size_t>(seats));
  for (int s = 0; s < seats; ++s) {
    if (s == human) continue;
    auto& bot = table->bots[static_cast<std::size_t>(s)];
    bot = serve::make_seat_player(player, std::size_t{1} << 20, *board->rules);
    bot->start(seed, static_cast<std::uint64_t>(s), "");
  }
  table->match = std::move(match);
  record::GameRecord rec = board->session->game_record();
  batch::seal(rec, random_hex(16));
  table->salt = rec.salt;
  table->commitment = rec.commitment;
  table->preimage = check::commitment_text(rec);
  board->table = std::move(table);
  return board;
}

// The finished deal's record, sealed and with its result.
record::GameRecord finished_record(const BoardSession& board) {
  const CardTable& t = *board.table;
  record::GameRecord rec = board.session->game_record();
  board.session->put_result(rec.result);
  rec.players = t.players;
  rec.salt = t.salt;
  rec.commitment = t.commitment;
  return rec;
}

// A deal of a match that has ended, scored into the match once. The winner's chips are what
// the deal scores: the stake, or under hand_points the cards left in the losers' hands (the
// game's settlement, turn/game.h), which is all score_deal reads of the losers.
void score_if_over(BoardSession& board) {
  CardTable& t = *board.table;
  if (!t.match || t.scored || !board.session->over()) return;
  const record::GameRecord rec = finished_record(board);
  const int winner = !rec.result.present || rec.result.draw ? -1 : rec.result.winner;
  const std::int64_t won = winner < 0 ? 0 : board.session->chips()[static_cast<std::size_t>(winner)];
  score_match_deal(*t.match, board.rules->scoring, rec, winner, static_cast<int>(won));
  t.scored = true;
}

}  // namespace

std::shared_ptr<BoardSession> new_table(const std::string& ruleset, const TableOptions& options, int human,
                                        const std::string& player) {
  if (options.match != 0 &&
      std::find(std::begin(kMatchTargets), std::end(kMatchTargets), options.match) == std::end(kMatchTargets))
    throw ApiError(400, fmt::format("'match' {}: a match goes to 3 or 5 points (or null: one deal)", options.match));
  std::shared_ptr<const Ruleset> rules = table_ruleset(ruleset);
  if (human < 0 || human >= rules->seats)
    throw ApiError(400, fmt::format("'seat' {}: ruleset {} seats 0 to {}", human, ruleset, rules->seats - 1));
  if (std::string why = batch::why_not_players({player}, *rules, "'player'"); !why.empty())
    throw ApiError(400, why.substr(0, 200));
  if (options.swap || options.forcing) {
    // A ruleset based on the shipped one (a name: no file is read), as a record writes it inline.
    nlohmann::json inline_rules = {{"base", ruleset}};
    if (options.swap) inline_rules["swap"] = *options.swap;
    if (options.forcing) inline_rules["forcing"] = {{"decline", *options.forcing}};
    try {
      rules = serve::ruleset_from_json(inline_rules);
    } catch (const serve::SessionError& e) { throw ApiError(400, e.what()); }
  }
  std::shared_ptr<TableMatch> match;
  if (options.match) match = std::make_shared<TableMatch>(options.match, rules->seats);
  // The first deal's dealer is either seat (a match's first dealer is free); then it alternates.
  return deal_table(rules, human, player, static_cast<int>(random_seed() >> 63), std::move(match));
}

std::shared_ptr<BoardSession> next_table(BoardSession& done) {
  if (!done.table) throw ApiError(400, "'next' names a session that is not a deal of the card table");
  CardTable& t = *done.table;
  if (!t.match) throw ApiError(409, "'next' names a single deal, not a deal of a match");
  if (!done.session->over()) throw ApiError(409, "the deal is not over: the match's next deal follows it");
  if (match_json(*t.match)["over"].get<bool>()) throw ApiError(409, "the match is over: deal a new one");
  if (t.followed) throw ApiError(409, "the match's next deal is already dealt");
  t.followed = true;
  const int seats = done.session->seats();
  return deal_table(done.rules, t.human, t.player, (done.session->game_record().dealer + 1) % seats, t.match);
}

void play_builtin(BoardSession& board, nlohmann::json& played) {
  serve::Session& s = *board.session;
  CardTable& t = *board.table;
  // Each answer is a move: a deal ends within max_plies, so the bound only guards a fault.
  for (int guard = 0; guard <= s.max_plies() && !s.over() && s.to_act() != t.human; ++guard) {
    const int seat = s.to_act();
    const serve::ActAnswer a = t.bots[static_cast<std::size_t>(seat)]->act("", s, 0);
    const std::string fault = a.move ? s.play_for(seat, *a.move) : a.fault;
    if (!fault.empty())
      throw ApiError(500,
                     fmt::format("the built-in player {} answered a move the engine refused: {}", t.player, fault));
    // A waive has no words: the next move stands for it. Any other is shown as the page's seat
    // saw it (a swap's card hidden until every seat has chosen).
    if (!a.move->contains("waive")) played.push_back(last_move_words(s, t.human));
  }
  score_if_over(board);
}

nlohmann::json play_at_table(BoardSession& board, const nlohmann::json& move) {
  serve::Session& s = *board.session;
  const CardTable& t = *board.table;
  if (s.over()) throw ApiError(409, "the deal is over: open its record, or deal a new one");
  if (s.to_act() != t.human)
    throw ApiError(409, fmt::format("it is seat {}'s move, not yours (seat {})", s.to_act(), t.human));
  nlohmann::json played = nlohmann::json::array();
  std::string fault;
  try {
    fault = s.play_for(t.human, move);
  } catch (const serve::SessionError& e) { throw ApiError(400, e.what()); }
  if (!fault.empty()) throw ApiError(422, fault);
  if (!(move.is_object() && move.contains("waive"))) played.push_back(last_move_words(s, t.human));
  play_builtin(board, played);
  return played;
}

std::string table_record(const BoardSession& board) {
  if (!board.session->over())
    throw ApiError(409, "the deal is not over: its salt is revealed at the end, with its record");
  return record::write_record(finished_record(board));
}

nlohmann::json table_records(const BoardSession& board) {
  nlohmann::json out = {{"record", table_record(board)}, {"sealed", true}};
  if (board.table->match) out["match_record"] = match_record(*board.table->match);
  return out;
}

nlohmann::json card_table_json(const BoardSession& board) {
  const CardTable& t = *board.table;
  const serve::Session& s = *board.session;
  nlohmann::json out = {{"seat", t.human}, {"player", t.player}, {"commitment", t.commitment}, {"players", t.players}};
  if (t.match) out["match"] = match_json(*t.match);
  if (s.over()) {
    out["salt"] = t.salt;
    out["deal"] = s.deal_json();
    out["preimage"] = t.preimage;
  }
  return out;
}

}  // namespace conquian::http
