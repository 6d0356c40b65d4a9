#include "rules/ruleset_writer.h"

#include "record/record_writer.h"

namespace conquian {
namespace {

using record::yaml_scalar;

std::string flag(bool b) { return b ? "true" : "false"; }

std::string labels(const std::vector<std::string>& items) {
  std::string s = "[";
  for (std::size_t i = 0; i < items.size(); ++i) s += (i ? ", " : "") + yaml_scalar(items[i]);
  return s + "]";
}

std::string deck_yaml(const Deck& deck) {
  for (const char* name : {"french-40", "french-52", "spanish-40"})
    if (deck == *Deck::named(name)) return name;
  std::vector<std::string> ranks, suits;
  for (int r = 0; r < deck.rank_count(); ++r) ranks.push_back(deck.rank_label(r));
  for (int s = 0; s < deck.suit_count(); ++s) suits.push_back(deck.suit_label(s));
  return "{ranks: " + labels(ranks) + ", suits: " + labels(suits) + "}";
}

std::string range(int lo, int hi) {
  return "[" + std::to_string(lo) + ", " + (hi == 0 ? std::string("null") : std::to_string(hi)) + "]";
}

}  // namespace

std::string ruleset_flow_yaml(const Ruleset& r) {
  std::vector<std::string> wild;
  for (Card c : r.melds.wild) wild.push_back(r.deck.token(c));
  const Scoring& sc = r.scoring;
  std::string s = "{";
  s += "description: " + yaml_scalar(r.description);
  s += ", deck: " + deck_yaml(r.deck);
  s += ", seats: " + std::to_string(r.seats);
  s += ", hand: " + std::to_string(r.hand);
  s += ", target: " + std::to_string(r.target);
  s += ", melds: {set: " + range(r.melds.set_min, r.melds.set_max) +
       ", run: " + range(r.melds.run_min, r.melds.run_max) + "}";
  s += ", wild: " + labels(wild);
  s += ", swap: " + flag(r.swap);
  s += ", rearrange: " + flag(r.rearrange);
  s += ", extra_melds: " + flag(r.extra_melds);
  s += ", forcing: {decline: " + flag(r.forcing.decline) + ", offer: " + flag(r.forcing.offer) +
       ", hit: " + flag(r.forcing.hit) + ", forced_extra_melds: " + flag(r.forcing.forced_extra_melds) + "}";
  s += ", scoring: {method: " + std::string(sc.method == ScoringMethod::Stake ? "stake" : "hand_points") +
       ", stake: " + std::to_string(sc.stake) + ", after_draw: " + std::to_string(sc.after_draw) +
       ", max_multiplier: " + std::to_string(sc.max_multiplier) + ", match_target: " + std::to_string(sc.match_target) +
       "}";
  s += ", first_upcard: " + std::string(r.first_upcard == FirstUpcard::None ? "none" : "dealer");
  s += ", first_offer: " + std::string(r.first_offer == FirstOffer::Turner ? "turner" : "next");
  s += ", claim_priority: " + std::string(r.claim_priority == ClaimPriority::Next ? "next" : "previous");
  s += ", stock_out: " + std::string(r.stock_out == StockOut::Draw ? "draw" : "fewest_in_hand");
  s += ", compulsory_take: " + flag(r.compulsory_take);
  s += ", auto_take: " + flag(r.auto_take);
  s += ", meld_timing: " + std::string(r.meld_timing == MeldTiming::Take ? "take" : "turn");
  return s + "}";
}

}  // namespace conquian
