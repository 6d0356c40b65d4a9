#include "rules/ruleset_json.h"

namespace conquian {

static const char* name_of(ScoringMethod m) { return m == ScoringMethod::Stake ? "stake" : "hand_points"; }

static nlohmann::json deck_json(const Deck& deck) {
  if (Deck::named(deck.name())) return deck.name();
  nlohmann::json ranks = nlohmann::json::array(), suits = nlohmann::json::array();
  for (int r = 0; r < deck.rank_count(); ++r) ranks.push_back(deck.rank_label(r));
  for (int s = 0; s < deck.suit_count(); ++s) suits.push_back(deck.suit_label(s));
  return {{"ranks", ranks}, {"suits", suits}};
}

nlohmann::ordered_json ruleset_json(const Ruleset& rs) {
  nlohmann::json wild = nlohmann::json::array();
  for (Card c : rs.melds.wild) wild.push_back(rs.deck.token(c));
  nlohmann::json run_max = rs.melds.run_max ? nlohmann::json(rs.melds.run_max) : nlohmann::json(nullptr);
  return nlohmann::ordered_json{
      {"name", rs.name},
      {"source", rs.source},
      {"description", rs.description},
      {"deck", deck_json(rs.deck)},
      {"seats", rs.seats},
      {"hand", rs.hand},
      {"target", rs.target},
      {"melds",
       nlohmann::ordered_json{{"set", {rs.melds.set_min, rs.melds.set_max}}, {"run", {rs.melds.run_min, run_max}}}},
      {"wild", wild},
      {"swap", rs.swap},
      {"rearrange", rs.rearrange},
      {"extra_melds", rs.extra_melds},
      {"forcing", nlohmann::ordered_json{{"decline", rs.forcing.decline},
                                         {"offer", rs.forcing.offer},
                                         {"hit", rs.forcing.hit},
                                         {"forced_extra_melds", rs.forcing.forced_extra_melds}}},
      {"scoring", nlohmann::ordered_json{{"method", name_of(rs.scoring.method)},
                                         {"stake", rs.scoring.stake},
                                         {"after_draw", rs.scoring.after_draw},
                                         {"match_target", rs.scoring.match_target}}},
      {"first_upcard", rs.first_upcard == FirstUpcard::None ? "none" : "dealer"},
      {"first_offer", rs.first_offer == FirstOffer::Turner ? "turner" : "next"},
      {"stock_out", rs.stock_out == StockOut::Draw ? "draw" : "fewest_in_hand"},
      {"compulsory_take", rs.compulsory_take},
      {"meld_timing", rs.meld_timing == MeldTiming::Take ? "take" : "turn"},
  };
}

}  // namespace conquian
