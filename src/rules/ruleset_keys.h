// The one table of ruleset keys: every key of specs/rulesets.md with its type, default, enum
// words and the sources it cites, and how to reach its value in a Ruleset. The reader
// (rules/ruleset_reader.h), the writer (rules/ruleset_writer.h), `conquian rulesets`, the diff
// report and forcing's JSON all walk this table, so a new key is one entry here (and its
// member in Ruleset); tests/ruleset_test.cpp holds the table to specs/rulesets.md.
#pragma once

#include <cstdint>
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>
#include <vector>

#include "rules/ruleset.h"

namespace conquian {

// How a key is written and read; the accessor of its kind (and only that one) is set.
enum class KeyKind : std::uint8_t {
  Base,   // `base:`: resolved while loading, never written back
  Seats,  // a number of seats, or (panguingue) a range [min, max]
  Text,   // a YAML string
  Deck,   // a deck name, or {ranks: [...], suits: [...]}
  Count,  // a whole number in [min, max]
  Range,  // a pair [min, max] of whole numbers in [2, 64]; max may be null when null_max
  Cards,  // a list of at most `max` card tokens of the ruleset's deck
  Flag,   // true or false
  Word,   // one of `words`, in the order of the enum's values
};

// The games a key belongs to (bits): a key of the other game is refused when written.
enum KeyGames : std::uint8_t { kConquianKey = 1, kPanKey = 2, kEveryGame = 3 };

struct RulesetKey {
  std::string_view name;            // as specs/rulesets.md writes it: "scoring.max_multiplier"
  KeyKind kind = KeyKind::Text;     // the type column
  std::uint8_t games = kEveryGame;  // KeyGames: the games whose rulesets hold it
  std::string_view default_text;    // the default column, without the backticks
  std::vector<std::string> words;   // Word: the values, in the order of the enum's values
  int min = 0, max = 0;             // Count: the range; Cards: the most cards
  bool null_max = false;            // Range: max may be null (no cap)
  std::string_view cites;           // the sources the spec's source column cites, ", " between

  std::string& (*text)(Ruleset&) = nullptr;
  int& (*count)(Ruleset&) = nullptr;
  int& (*low)(Ruleset&) = nullptr;  // Range: the two ends
  int& (*high)(Ruleset&) = nullptr;
  CardSet& (*cards)(Ruleset&) = nullptr;
  bool& (*flag)(Ruleset&) = nullptr;
  int (*word)(const Ruleset&) = nullptr;  // Word: the index of the value in `words`
  void (*set_word)(Ruleset&, int) = nullptr;
  // Count: the default when it depends on keys read before (target: hand + 1).
  int (*fallback)(const Ruleset&) = nullptr;
  // A check of this key against the keys read before it: the reason it fails, or "".
  std::string (*check)(const Ruleset&) = nullptr;

  // "forcing" for "forcing.decline", "" for a key of the top level.
  std::string_view group() const;
  // "decline" for "forcing.decline": the key inside its group's mapping.
  std::string_view leaf() const;
  // Whether the key is written back (every key but `base`).
  bool written() const { return kind != KeyKind::Base; }
  // Whether a ruleset of `game` holds the key.
  bool of_game(Game game) const { return (games & (game == Game::Panguingue ? kPanKey : kConquianKey)) != 0; }
};

// The keys in the order of specs/rulesets.md's table, which is the order they are read,
// written and printed in; the keys of one group stand together.
const std::vector<RulesetKey>& ruleset_keys();
// The key of that name; a name not in the table is a programming error (std::logic_error).
const RulesetKey& ruleset_key(std::string_view name);

// The forms a group's mapping may take beyond a mapping of its keys.
// forcing: also a list of the rules that are on, or `none`/null for none; once written, a
// rule it does not name is off (the defaults hold only when `forcing` is not written).
bool group_is_flag_set(std::string_view group);

// One key's value as JSON: a name or {ranks, suits} (Deck), a number, [min, max] with null
// for no cap (Range), a list of tokens (Cards), a bool, a word.
nlohmann::json key_json(const RulesetKey& key, const Ruleset& rules);
nlohmann::json key_json(std::string_view name, const Ruleset& rules);
// Every written key of the ruleset's game, in the table's order, the keys of a group in one
// object: {description, deck, ..., melds: {set, run}, ..., forcing: {...}, scoring: {...}, ...}.
// `game` is written only when it is not conquian (the default), so that a Conquian ruleset
// reads as it always has.
nlohmann::ordered_json ruleset_keys_json(const Ruleset& rules);
// The keys of one group as an object ({decline, offer, hit, forced_extra_melds}).
nlohmann::ordered_json group_json(std::string_view group, const Ruleset& rules);

}  // namespace conquian
