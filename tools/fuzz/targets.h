// The bodies of the fuzz targets, shared by the libFuzzer executables (fuzz_*.cpp) and by
// tests/fuzz_regressions_test.cpp, which replays every input kept in tests/fuzz-regressions/.
// Each returns false when an invariant breaks (the fuzzer then aborts); a crash, a leak or
// undefined behaviour is caught by the sanitizers.
#pragma once

#include <cstdint>
#include <sstream>
#include <string>
#include <string_view>

#include "check/replay.h"
#include "engine/position_setup.h"
#include "record/position_file.h"
#include "record/record_reader.h"
#include "record/yaml_fields.h"
#include "rules/ruleset.h"
#include "rules/shipped_rulesets.h"

namespace conquian::fuzz {

// Record reader and checker: any bytes in, a verdict or a malformed document out.
inline bool record_input(std::string_view text) {
  static check::RulesetCache cache;
  record::read_record_text(text, "fuzz.yaml", [&](record::ReadItem&& item) {
    if (!item.record) return;
    const auto& name = item.record->ruleset;  // only shipped names: no file reads
    if (!shipped_ruleset_texts().count(name)) return;
    (void)check::check_record(*item.record, *cache.get(name, ""));
  });
  return true;
}

// Ruleset loader: strict keys, validation, the meld index.
inline bool ruleset_input(std::string_view bytes) {
  std::string text(bytes);
  if (text.find('/') != std::string::npos || text.find(".yaml") != std::string::npos) return true;
  try {
    auto rules = load_ruleset_text(text, "fuzz", "fuzz.yaml");
    (void)rules->meld_index().can_partition(rules->deck.all());
  } catch (const record::InputError&) {
  }
  return true;
}

// Card tokens and the meld search: the first byte picks a shipped ruleset; parse and token
// must be inverse; a split must use every card once, in legal melds.
inline bool cards_input(std::string_view bytes) {
  static std::vector<std::shared_ptr<const Ruleset>> rulesets;
  if (bytes.empty()) return true;
  if (rulesets.empty())
    for (const auto& n : shipped_ruleset_names()) rulesets.push_back(load_ruleset(n));
  const Ruleset& rules = *rulesets[static_cast<std::uint8_t>(bytes[0]) % rulesets.size()];
  std::istringstream in{std::string(bytes.substr(1))};
  CardSet set;
  for (std::string token; in >> token;)
    if (auto c = rules.deck.parse(token)) {
      if (rules.deck.token(*c) != token) return false;
      set.insert(*c);
    }
  MeldList split;
  bool ok = rules.meld_index().find_partition(set, split);
  if (ok != rules.meld_index().can_partition(set)) return false;
  if (ok != rules.meld_index().can_partition_by_ranks(set)) return false;
  if (!ok) return true;
  int total = 0;
  for (CardSet m : split) {
    if (!rules.meld_index().is_meld(m)) return false;
    total += m.size();
  }
  return split.cards() == set && total == set.size();
}

// Position files: the reader and the checks against the ruleset (shipped rulesets only).
inline bool position_input(std::string_view bytes) {
  static check::RulesetCache cache;
  try {
    record::PositionFile pf = record::read_position_text(std::string(bytes), "fuzz.position.yml");
    if (!shipped_ruleset_texts().count(pf.ruleset)) return true;
    Position p = position_from_file(pf, *cache.get(pf.ruleset, ""));
    std::vector<Move> moves;
    legal_moves(p, moves);  // a position that loads must be playable
    if (!p.result.over() && moves.empty()) return false;
  } catch (const record::InputError&) {
  }
  return true;
}

}  // namespace conquian::fuzz
