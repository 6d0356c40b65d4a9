#include "prove/partition_answer.h"

#include <fmt/format.h>

#include <sstream>

#include "prove/partition_z3.h"
#include "record/input_error.h"

namespace conquian::prove {
namespace {

nlohmann::json tokens_json(const Deck& deck, CardSet s) {
  nlohmann::json a = nlohmann::json::array();
  for (Card c : s) a.push_back(deck.token(c));
  return a;
}

}  // namespace

CardSet parse_card_list(const Ruleset& rules, const std::string& text, const std::string& where) {
  std::istringstream in(text);
  CardSet set;
  for (std::string token; in >> token;) {
    auto c = rules.deck.parse(token);
    if (!c) throw record::InputError(where, {}, rules.deck.not_a_card(token));
    if (set.has(*c)) throw record::InputError(where, {}, "'" + token + "' is given twice");
    set.insert(*c);
  }
  return set;
}

PartitionAnswer decide_partition(const Ruleset& rules, CardSet cards, const Z3Limits& limits) {
  const bool engine_says = rules.meld_index().can_partition(cards);
  Z3Partition z = z3_partition(rules.deck, rules.melds, cards, limits);
  // The engine's answer is not given alone: without Z3's there is no proof to give.
  if (z.answer == Z3Partition::Answer::Unknown)
    throw Z3Undecided("decide whether " + rules.deck.tokens(cards) + " split into legal melds", z.reason_unknown);
  const bool yes = z.answer == Z3Partition::Answer::Yes;
  if (yes != engine_says)
    throw std::runtime_error(
        fmt::format("internal disagreement: Z3 says {}, the engine's search says {}", yes, engine_says));
  return {yes, yes ? z.split : MeldList{}, yes ? std::vector<std::string>{} : z.core};
}

nlohmann::json partition_json(const Ruleset& rules, CardSet cards, const PartitionAnswer& answer) {
  nlohmann::json j = {{"ruleset", rules.name}, {"cards", rules.deck.tokens(cards)}};
  j["partitionable"] = answer.partitionable;
  if (answer.partitionable) {
    nlohmann::json melds = nlohmann::json::array();
    for (CardSet m : answer.split) melds.push_back(tokens_json(rules.deck, m));
    j["melds"] = melds;
  } else {
    j["core"] = answer.core;
  }
  return j;
}

}  // namespace conquian::prove
