// libFuzzer target: card tokens and the meld search. The first byte picks a shipped
// ruleset, the rest is text: tokens are parsed, and the set found is split into melds;
// the split must be a partition of the set into legal melds.
#include <cstdint>
#include <cstdlib>
#include <sstream>
#include <string>

#include "rules/ruleset.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static const auto names = conquian::shipped_ruleset_names();
  if (size == 0) return 0;
  static std::vector<std::shared_ptr<const conquian::Ruleset>> rulesets;
  if (rulesets.empty())
    for (const auto& n : names) rulesets.push_back(conquian::load_ruleset(n));
  const auto& rules = *rulesets[data[0] % rulesets.size()];
  std::istringstream in(std::string(reinterpret_cast<const char*>(data + 1), size - 1));
  conquian::CardSet set;
  for (std::string token; in >> token;)
    if (auto c = rules.deck.parse(token)) {
      if (rules.deck.token(*c) != token) std::abort();  // parse and token must be inverse
      set.insert(*c);
    }
  conquian::MeldList split;
  bool ok = rules.meld_index().find_partition(set, split);
  if (ok != rules.meld_index().can_partition(set)) std::abort();
  if (ok) {
    int total = 0;
    for (conquian::CardSet m : split) {
      if (!rules.meld_index().is_meld(m)) std::abort();
      total += m.size();
    }
    if (split.cards() != set || total != set.size()) std::abort();  // each card exactly once
  }
  return 0;
}
