#include "prove/pan_partition_answer.h"

#include <fmt/format.h>

#include <sstream>

#include "pan/melds.h"
#include "pan/partition.h"
#include "prove/pan_partition_z3.h"
#include "record/input_error.h"

namespace conquian::prove {
namespace {

nlohmann::json melds_json(const Deck& deck, const std::vector<CardCounts>& melds) {
  nlohmann::json a = nlohmann::json::array();
  for (const CardCounts& m : melds) {
    nlohmann::json cards = nlohmann::json::array();
    m.for_each([&](Card c, int n) {
      for (int i = 0; i < n; ++i) cards.push_back(deck.token(c));
    });
    a.push_back(cards);
  }
  return a;
}

}  // namespace

CardCounts parse_card_counts(const Ruleset& rules, const std::string& text, const std::string& where) {
  std::istringstream in(text);
  CardCounts cards;
  for (std::string token; in >> token;) {
    auto c = rules.deck.parse(token);
    if (!c) throw record::InputError(where, {}, rules.deck.not_a_card(token));
    if (cards.size() >= kMaxPanPartitionCards || cards.count(*c) == CardCounts::kMaxCopies)
      throw record::InputError(where, {}, fmt::format("more than {} cards: no pack holds more", kMaxPanPartitionCards));
    cards.add(*c);
  }
  return cards;
}

PanPartitionAnswer decide_pan_partition(const Ruleset& rules, const CardCounts& cards, const Z3Limits& limits) {
  PanPartitionAnswer out;
  auto best = pan::best_grouping(rules, cards);
  const Z3PanPartition z = z3_pan_partition(rules, cards, limits);
  if (z.answer == Z3PanPartition::Answer::Unknown)
    throw Z3Undecided("decide whether " + pan::tokens(rules.deck, cards) + " split into legal melds", z.reason_unknown);
  const bool yes = z.answer == Z3PanPartition::Answer::Yes;
  if (yes != best.has_value())
    throw std::runtime_error(
        fmt::format("internal disagreement: Z3 says {}, the engine's search says {}", yes, best.has_value()));
  out.partitionable = yes;
  if (yes) {
    out.melds = z.melds;
    out.best = *best;
  } else {
    out.core = z.core;
  }
  return out;
}

nlohmann::json pan_partition_json(const Ruleset& rules, const CardCounts& cards, const PanPartitionAnswer& answer) {
  nlohmann::json j = {{"ruleset", rules.name}, {"cards", pan::tokens(rules.deck, cards)}};
  j["partitionable"] = answer.partitionable;
  if (answer.partitionable) {
    j["melds"] = melds_json(rules.deck, answer.melds);
    j["best"] = {{"melds", melds_json(rules.deck, answer.best)}, {"conditions", pan::melds_value(rules, answer.best)}};
  } else {
    j["core"] = answer.core;
  }
  return j;
}

}  // namespace conquian::prove
