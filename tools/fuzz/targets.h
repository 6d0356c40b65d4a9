// The bodies of the fuzz targets, shared by the libFuzzer executables (fuzz_*.cpp) and by
// tests/fuzz_regressions_test.cpp, which replays every input kept in tests/fuzz-regressions/
// and checks the verdict kept beside it (NAME.expected: accepted or rejected).
// Each says whether the input was accepted (read, and usable as what the target feeds), or
// rejected with an error; `broken` when an invariant breaks (the fuzzer then aborts). A
// crash, a leak or undefined behaviour is caught by the sanitizers.
#pragma once

#include <cstdint>
#include <sstream>
#include <string>
#include <string_view>

#include "check/check_file.h"
#include "read_items.h"
#include "record/input_error.h"
#include "record/position_file.h"
#include "record/record_reader.h"
#include "replay/position_setup.h"
#include "replay/ruleset_cache.h"
#include "rules/ruleset.h"
#include "rules/shipped_rulesets.h"

namespace conquian::fuzz {

enum class Result : std::uint8_t { accepted, rejected, broken };

inline const char* result_name(Result r) {
  switch (r) {
    case Result::accepted: return "accepted";
    case Result::rejected: return "rejected";
    case Result::broken: return "broken";
  }
  return "?";
}

// Whether `text` read as the readers read a file, cut into documents (record/found_document.h)
// in chunks of a few bytes, so that documents straddle them, gives the very items of its
// whole parse (read_items.h); JSON Lines, which has no whole parse, against one chunk.
inline bool cut_reads_as_whole(std::string_view text, record::RecordFormat format) {
  record::ReadLimits small_chunks;
  small_chunks.chunk_bytes = 61;
  const std::string cut = read_cut(text, format, 1, small_chunks);
  // JSON Lines is also read a block at a time, in blocks of 1 to 61 bytes.
  if (format == record::RecordFormat::JsonLines)
    return cut == read_cut(text, format, 1) && cut == read_in_blocks(text, text.size() % 61 + 1);
  return cut == read_whole(text, format);
}

// Record reader and checker: any bytes in, a verdict or a malformed document out. Accepted:
// at least one document, and every document a record of a shipped ruleset that the checker
// judged (legal or illegal). Rejected: a malformed document, or a ruleset that is not shipped
// (this target reads no files). Broken: the reading cut into documents reads otherwise than
// the whole parse.
inline Result record_input(std::string_view text) {
  if (!cut_reads_as_whole(text, record::RecordFormat::Yaml)) return Result::broken;
  static RulesetCache cache(RulesetCache::Sources::ShippedOnly);  // no file reads
  int verdicts = 0;
  bool all_judged = true;
  check::check_text(text, "fuzz.yaml",
                    [&](check::GameVerdict&& v) {
                      ++verdicts;
                      all_judged = all_judged && v.judgement != check::Judgement::Malformed;
                    },
                    {.cache = &cache, .under = {}});
  return verdicts > 0 && all_judged ? Result::accepted : Result::rejected;
}

// JSON Lines reader and checker: the same as record_input, through the JSON front end (the
// schema and the checker are the YAML reader's). Every line is one document, so a broken
// line must leave the next one read: checked here by counting, since a line that is not
// blank yields exactly one verdict. And `.json`: the same bytes as one file, one record or
// an array. Broken, too: either reading cut into documents reads otherwise than in one piece.
inline Result json_record_input(std::string_view text) {
  if (!cut_reads_as_whole(text, record::RecordFormat::JsonLines) ||
      !cut_reads_as_whole(text, record::RecordFormat::Json))
    return Result::broken;
  static RulesetCache cache(RulesetCache::Sources::ShippedOnly);  // no file reads
  int verdicts = 0;
  bool all_judged = true;
  const auto count = [&](check::GameVerdict&& v) {
    ++verdicts;
    all_judged = all_judged && v.judgement != check::Judgement::Malformed;
  };
  check::check_text(text, "fuzz.jsonl", count, {.cache = &cache, .under = {}}, record::RecordFormat::JsonLines);
  int lines = 0;  // lines that are not blank (the reader's blanks: space, tab, CR)
  for (std::size_t at = 0; at <= text.size();) {
    std::size_t nl = text.find('\n', at);
    if (nl == std::string_view::npos) nl = text.size();
    if (text.substr(at, nl - at).find_first_not_of(" \t\r") != std::string_view::npos) ++lines;
    at = nl + 1;
  }
  // A line gives one verdict, or none when it is a match document that reads; a file of no
  // line gives one ("no game").
  if (lines == 0 ? verdicts != 1 : verdicts > lines) return Result::broken;
  const Result lines_result = verdicts > 0 && all_judged ? Result::accepted : Result::rejected;
  verdicts = 0;
  all_judged = true;
  check::check_text(text, "fuzz.json", count, {.cache = &cache, .under = {}}, record::RecordFormat::Json);
  return lines_result;
}

// Where the ruleset target's text stands: in a folder that does not exist, with no trusted
// folder, so that every `base:` path it writes goes through the confinement of
// record/document_path.h and is refused there (not found): the target reads no file.
inline constexpr const char* kFuzzRulesetFile = "/nonexistent/conquian-fuzz/fuzz.yaml";

// Ruleset loader: strict keys, validation, the meld index, `base:` references. Accepted: the
// ruleset loads. Rejected: the loader refuses it (a `base:` path always: no file is read).
inline Result ruleset_input(std::string_view bytes) {
  std::string text(bytes);
  try {
    auto rules = load_ruleset_text(text, "fuzz", kFuzzRulesetFile, record::TrustedFolders{});
    (void)rules->meld_index().can_partition(rules->deck.all());
  } catch (const record::InputError&) { return Result::rejected; }
  return Result::accepted;
}

// Card tokens and the meld search: the first byte picks a shipped ruleset; parse and token
// must be inverse; a split must use every card once, in legal melds. Accepted: every token
// after the first byte is a card of that ruleset's deck. Rejected: no first byte, or a token
// that is not a card (the cards that are go through the search all the same).
inline Result cards_input(std::string_view bytes) {
  static std::vector<std::shared_ptr<const Ruleset>> rulesets;
  if (bytes.empty()) return Result::rejected;
  if (rulesets.empty())
    for (const auto& n : shipped_ruleset_names()) rulesets.push_back(load_ruleset(n));
  const Ruleset& rules = *rulesets[static_cast<std::uint8_t>(bytes[0]) % rulesets.size()];
  std::istringstream in{std::string(bytes.substr(1))};
  CardSet set;
  bool all_cards = true;
  for (std::string token; in >> token;) {
    auto c = rules.deck.parse(token);
    all_cards = all_cards && c.has_value();
    if (!c) continue;
    if (rules.deck.token(*c) != token) return Result::broken;
    set.insert(*c);
  }
  const Result verdict = all_cards ? Result::accepted : Result::rejected;
  MeldList split;
  bool ok = rules.meld_index().find_partition(set, split);
  if (ok != rules.meld_index().can_partition(set)) return Result::broken;
  if (ok != rules.meld_index().can_partition_by_ranks(set)) return Result::broken;
  if (!ok) return verdict;
  int total = 0;
  for (CardSet m : split) {
    if (!rules.meld_index().is_meld(m)) return Result::broken;
    total += m.size();
  }
  return split.cards() == set && total == set.size() ? verdict : Result::broken;
}

// Position files: the reader and the checks against the ruleset (shipped rulesets only).
// Accepted: the position reads and is a position of its ruleset. Rejected: an error, or a
// ruleset that is not shipped (this target reads no files).
inline Result position_input(std::string_view bytes) {
  static RulesetCache cache;
  try {
    record::PositionFile pf = record::read_position_text(std::string(bytes), "fuzz.position.yml");
    if (!shipped_ruleset_texts().count(pf.ruleset)) return Result::rejected;
    Position p = position_from_file(pf, *cache.get(pf.ruleset, ""));
    std::vector<Move> moves;
    legal_moves(p, moves);  // a position that loads must be playable
    if (!p.result.over() && moves.empty()) return Result::broken;
  } catch (const record::InputError&) { return Result::rejected; }
  return Result::accepted;
}

}  // namespace conquian::fuzz
