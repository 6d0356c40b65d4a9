#include "http/library.h"

#include <fmt/format.h>

#include "check/verdict_text.h"
#include "http/api_error.h"
#include "replay/ruleset_cache.h"

namespace conquian::http {
namespace {

LibraryGame library_game(check::CheckedGame&& g) {
  LibraryGame out;
  out.verdict = std::move(g.verdict);
  out.record = std::move(g.record);
  out.rules = std::move(g.rules);
  if (out.record) out.players = out.record->players;
  return out;
}

}  // namespace

Library::Library(const std::vector<std::string>& files) {
  RulesetCache cache;
  check::CheckFileOptions options;
  options.cache = &cache;
  for (const std::string& file : files)
    check::check_file_keeping(
        file, [&](check::CheckedGame&& g) { games_.push_back(library_game(std::move(g))); }, options);
}

std::vector<LibraryGame> Library::judge_text(const std::string& text, const std::string& format_name) {
  const std::optional<record::RecordFormat> format = record::record_format_named(format_name);
  if (!format) throw ApiError(400, fmt::format("'format' {}: one of yaml, json, jsonl, detect", format_name));
  record::RecordFormat f = *format;
  if (f == record::RecordFormat::Detect) {
    // As a file read from standard input is told: by its first byte that is not blank.
    const std::size_t first = text.find_first_not_of(" \t\r\n");
    f = first != std::string::npos && (text[first] == '{' || text[first] == '[') ? record::RecordFormat::Json
                                                                                 : record::RecordFormat::Yaml;
    if (f == record::RecordFormat::Json && text[first] == '{') {
      // An object per line is JSON Lines; one object over several lines is a JSON record.
      const std::size_t end = text.find('\n', first);
      const std::size_t next = end == std::string::npos ? end : text.find_first_not_of(" \t\r\n", end);
      if (next != std::string::npos && text[next] == '{') f = record::RecordFormat::JsonLines;
    }
  }
  RulesetCache cache(RulesetCache::Sources::ShippedOnly);
  check::CheckFileOptions options;
  options.cache = &cache;
  std::vector<LibraryGame> games;
  check::check_text_keeping(
      text, "<pasted record>", [&](check::CheckedGame&& g) { games.push_back(library_game(std::move(g))); }, options,
      f);
  return games;
}

nlohmann::json Library::game_json(const LibraryGame& g, std::size_t number) {
  const check::GameVerdict& v = g.verdict;
  return {{"id", number},
          {"game", v.id},
          {"file", v.file},
          {"index", v.index},
          {"ruleset", v.ruleset},
          {"players", g.players},
          {"verdict", check::judgement_name(v.judgement)},
          {"moves", v.moves},
          {"outcome", check::outcome_text(v.outcome)},
          {"text", check::verdict_text(v)},
          {"opens", g.record != nullptr && g.rules != nullptr}};
}

nlohmann::json Library::listing() const {
  nlohmann::json games = nlohmann::json::array();
  for (std::size_t i = 0; i < games_.size(); ++i) games.push_back(game_json(games_[i], i));
  return {{"games", games}};
}

}  // namespace conquian::http
