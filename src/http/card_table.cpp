#include "http/card_table.h"

#include <fmt/format.h>

#include "batch/players.h"
#include "batch/seal.h"
#include "check/commitment.h"
#include "http/api_error.h"
#include "http/session_words.h"
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

std::shared_ptr<BoardSession> new_table(const std::string& ruleset, const TableOptions& options, int human,
                                        const std::string& player) {
  if (human != 0 && human != 1) throw ApiError(400, "'seat' must be 0 or 1");
  const auto& names = batch::player_names();
  if (std::find(names.begin(), names.end(), player) == names.end())
    throw ApiError(400, fmt::format("'player' {}: one of the built-in players (random, greedy, strong, strong-pi)",
                                    player.substr(0, 64)));
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
  auto board = std::make_shared<BoardSession>();
  const std::uint64_t seed = random_seed();
  board->session = serve::session_from_seed(rules, seed, static_cast<int>(seed >> 63));
  board->rules = rules;
  auto table = std::make_unique<CardTable>();
  table->human = human;
  table->player = player;
  table->players = {"", ""};
  table->players[static_cast<std::size_t>(human)] = "you";
  table->players[static_cast<std::size_t>(1 - human)] = player;
  record::GameRecord rec = board->session->game_record();
  batch::seal(rec, random_hex(16));
  table->salt = rec.salt;
  table->commitment = rec.commitment;
  table->preimage = check::commitment_text(rec);
  board->table = std::move(table);
  return board;
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
  const CardTable& t = *board.table;
  const auto* g = dynamic_cast<const serve::GameSession*>(board.session.get());
  if (!g) throw ApiError(500, "the card table holds a Conquian deal");
  if (!g->over()) throw ApiError(409, "the deal is not over: its salt is revealed at the end, with its record");
  record::GameRecord rec = g->game_record();
  g->put_result(rec.result);
  rec.players = t.players;
  rec.salt = t.salt;
  rec.commitment = t.commitment;
  return record::write_record(rec);
}

}  // namespace conquian::http
