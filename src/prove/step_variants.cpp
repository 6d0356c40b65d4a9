#include "prove/step_variants.h"

#include <utility>

namespace conquian::prove {

const std::vector<std::shared_ptr<const Ruleset>>& step_variant_rulesets() {
  static const std::vector<std::shared_ptr<const Ruleset>> all = [] {
    const std::vector<std::pair<std::string, std::string>> texts = {
        {"v-fixed-melds", "base: american\nrearrange: false\n"},
        {"v-no-extra", "base: american\nextra_melds: false\n"},
        {"v-fixed-no-extra", "base: american\nrearrange: false\nextra_melds: false\n"},
        {"v-forced-extra", "base: american\nforcing: {forced_extra_melds: true}\n"},
        {"v-compulsory", "base: american\ncompulsory_take: true\n"},
        {"v-upcard", "base: american\nfirst_upcard: dealer\n"},
        {"v-next-first", "base: three-seat\nfirst_offer: next\n"},
        {"v-fewest", "base: american\nstock_out: fewest_in_hand\n"},
        {"v-lay-turn", "base: american\nmeld_timing: turn\n"},
        {"v-lay-short", "base: american\nmeld_timing: turn\ntarget: 9\n"},
        {"v-short-target", "base: american\ntarget: 9\n"},
        {"v-hit-fixed", "base: hit\nrearrange: false\n"},
        {"v-wild-fixed", "base: wild-two\nrearrange: false\nextra_melds: false\n"},
        {"v-four-all", "base: four-seat\nforcing: {decline: true, offer: true, hit: true}\nswap: true\n"},
        {"v-tiny-fixed", "base: tiny\nrearrange: false\nforcing: {offer: true, hit: true}\n"},
        // claim_priority and auto_take (house rules; claim_priority matters from three seats).
        {"v-previous", "base: three-seat\nclaim_priority: previous\n"},
        {"v-previous-auto", "base: three-seat\nclaim_priority: previous\nauto_take: true\n"},
        {"v-four-previous-auto",
         "base: four-seat\nclaim_priority: previous\nauto_take: true\nfirst_offer: next\n"
         "rearrange: false\nforcing: {decline: true, offer: true, hit: true}\n"},
        {"v-auto", "base: american\nauto_take: true\nrearrange: false\n"},
    };
    std::vector<std::shared_ptr<const Ruleset>> out;
    for (const auto& [name, text] : texts) out.push_back(load_ruleset_text(text, name, "<" + name + ">"));
    return out;
  }();
  return all;
}

}  // namespace conquian::prove
