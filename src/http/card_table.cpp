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
#include "replay/ruleset_cache.h"
#include "rules/shipped_rulesets.h"
#include "serve/bot_move.h"
#include "serve/game_session.h"
#include "serve/sessions.h"

namespace conquian::http {
namespace {

std::shared_ptr<const Ruleset> table_ruleset(const std::string& name) {
  if (!shipped_ruleset_texts().count(name))
    throw ApiError(400,
                   fmt::format("'ruleset' {}: the card table deals the shipped rulesets only", name.substr(0, 64)));
  std::shared_ptr<const Ruleset> rules = RulesetCache(RulesetCache::Sources::ShippedOnly).get(name, "");
  if (rules->is_pan() || rules->seats != 2)
    throw ApiError(400, fmt::format("'ruleset' {}: the card table deals two-seat Conquian (this ruleset plays {})",
                                    name, rules->is_pan() ? "panguingue" : fmt::format("{} seats", rules->seats)));
  return rules;
}

std::uint64_t random_seed() {
  const std::string hex = random_hex(8);
  return std::stoull(hex, nullptr, 16);
}

// The words of a move about to be played, with the move (the record's JSON form).
nlohmann::json played_entry(const serve::Session& before, const nlohmann::json& move) {
  nlohmann::json e = words_of(before, move);
  e["move"] = move;
  return e;
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

// A sealed deal of `rules` dealt by `dealer`, the page at seat `human`, `player` at the other.
std::shared_ptr<BoardSession> deal_table(std::shared_ptr<const Ruleset> rules, int human, const std::string& player,
                                         int dealer, std::shared_ptr<TableMatch> match) {
  auto board = std::make_shared<BoardSession>();
  board->session = serve::session_from_seed(rules, random_seed(), dealer);
  board->rules = std::move(rules);
  auto table = std::make_unique<CardTable>();
  table->human = human;
  table->player = player;
  table->players = {"", ""};
  table->players[static_cast<std::size_t>(human)] = "you";
  table->players[static_cast<std::size_t>(1 - human)] = player;
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
record::GameRecord finished_record(const BoardSession& board, const serve::GameSession& g) {
  const CardTable& t = *board.table;
  record::GameRecord rec = g.game_record();
  g.put_result(rec.result);
  rec.players = t.players;
  rec.salt = t.salt;
  rec.commitment = t.commitment;
  return rec;
}

const serve::GameSession& table_game(const BoardSession& board) {
  const auto* g = dynamic_cast<const serve::GameSession*>(board.session.get());
  if (!g) throw ApiError(500, "the card table holds a Conquian deal");
  return *g;
}

// A deal of a match that has ended, scored into the match once.
void score_if_over(BoardSession& board) {
  CardTable& t = *board.table;
  if (!t.match || t.scored || !board.session->over()) return;
  const serve::GameSession& g = table_game(board);
  const record::GameRecord rec = finished_record(board, g);
  const int winner = !rec.result.present || rec.result.draw ? -1 : rec.result.winner;
  score_match_deal(*t.match, board.rules->scoring, rec, winner, winner < 0 ? 0 : loser_points(g.position(), winner));
  t.scored = true;
}

}  // namespace

std::shared_ptr<BoardSession> new_table(const std::string& ruleset, const TableOptions& options, int human,
                                        const std::string& player) {
  if (human != 0 && human != 1) throw ApiError(400, "'seat' must be 0 or 1");
  const auto& names = batch::player_names();
  if (std::find(names.begin(), names.end(), player) == names.end())
    throw ApiError(400, fmt::format("'player' {}: one of the built-in players (random, greedy, strong, strong-pi)",
                                    player.substr(0, 64)));
  if (options.match != 0 &&
      std::find(std::begin(kMatchTargets), std::end(kMatchTargets), options.match) == std::end(kMatchTargets))
    throw ApiError(400, fmt::format("'match' {}: a match goes to 3 or 5 points (or null: one deal)", options.match));
  std::shared_ptr<const Ruleset> rules = table_ruleset(ruleset);
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
  return deal_table(done.rules, t.human, t.player, 1 - table_game(done).game_record().dealer, t.match);
}

void play_builtin(BoardSession& board, nlohmann::json& played) {
  serve::Session& s = *board.session;
  const CardTable& t = *board.table;
  // Each answer is a move: a deal ends within a few hundred, so the bound only guards a fault.
  for (int guard = 0; guard < 10'000 && !s.over() && s.to_act() != t.human; ++guard) {
    const int seat = s.to_act();
    nlohmann::json legal = nlohmann::json::array();
    for (const nlohmann::json& m : s.protocol_legal()) legal.push_back(m);
    const nlohmann::json move = serve::bot_move(s.view(seat), legal, t.player);
    // A waive has no words: the next move stands for it. Any other is worded before it is played.
    const bool waive = move.contains("waive");
    nlohmann::json entry = waive ? nlohmann::json() : played_entry(s, move);
    if (std::string fault = s.play_answer(seat, move); !fault.empty())
      throw ApiError(500,
                     fmt::format("the built-in player {} answered a move the engine refused: {}", t.player, fault));
    if (!waive) played.push_back(std::move(entry));
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
  nlohmann::json entry;
  std::string fault;
  try {
    entry = played_entry(s, move);  // worded in the position it is played in
    fault = s.play_answer(t.human, move);
  } catch (const serve::SessionError& e) { throw ApiError(400, e.what()); }
  if (!fault.empty()) throw ApiError(422, fault);
  played.push_back(std::move(entry));
  play_builtin(board, played);
  return played;
}

std::string table_record(const BoardSession& board) {
  const serve::GameSession& g = table_game(board);
  if (!g.over()) throw ApiError(409, "the deal is not over: its salt is revealed at the end, with its record");
  return record::write_record(finished_record(board, g));
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
