// The card table: a new two-seat Conquian deal against a built-in player, sealed before the
// first card (specs/record-format.md, "Sealed deals": the commitment is shown at once, the
// salt only once the deal is over), the built-in player's moves taken on the bot protocol's
// road (serve/bot_move.h: it sees its seat's view only) and the page's moves judged by the
// engine as a bot's are. The finished deal is a record `check` accepts.
#pragma once

#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>

#include "http/session_table.h"

namespace conquian::http {

// The rulesets the card table deals: the shipped two-seat Conquian ones.
nlohmann::json table_rulesets();

// Snug Table's switches (source 004): the swap and forcing on a declined card, each on, off, or
// as the ruleset has it (unset); a match to `match` points (http/table_match.h), 0: one deal.
struct TableOptions {
  std::optional<bool> swap, forcing;
  std::int64_t match = 0;
};

// A new deal of `ruleset` (a shipped name, with `options` as a ruleset based on it), the page
// at seat `human`, `player` at the other; the built-in player's first moves played when it is
// first to act. Throws ApiError 400 for a ruleset or player the table does not deal with.
std::shared_ptr<BoardSession> new_table(const std::string& ruleset, const TableOptions& options, int human,
                                        const std::string& player);

// The next deal of the match `done` (a finished deal of the card table) belongs to: the same
// ruleset, seats and player, dealt by the other seat. Throws ApiError 409 when `done` is no
// finished deal of a match, the match is over, or its next deal is already dealt.
std::shared_ptr<BoardSession> next_table(BoardSession& done);

// The page's move at the table (the record's JSON form); then the built-in player's moves
// until the page is to act or the deal is over. Returns the moves played in all, each with
// its words. Throws ApiError 409 when it is not the page's move, 422 with the engine's
// sentence when the move is illegal.
nlohmann::json play_at_table(BoardSession& board, const nlohmann::json& move);
// The built-in player's moves while it is to act, each with its words (appended to `played`);
// a deal of a match that ends is scored into it.
void play_builtin(BoardSession& board, nlohmann::json& played);

// The deal as a sealed record (salt and commitment) with its result; the salt only when the
// deal is over (else ApiError 409: revealing it would reveal the cards).
std::string table_record(const BoardSession& board);
// {"record": table_record, "sealed": true} and, in a match, "match_record": the match so far.
nlohmann::json table_records(const BoardSession& board);
// The state's "card_table": the seat, player, commitment, players and the match; once the
// deal is over the salt, the deal and the words the commitment hashes.
nlohmann::json card_table_json(const BoardSession& board);

}  // namespace conquian::http
