#include "rules/ruleset_keys.h"
#include "rules/bounds.h"

#include <stdexcept>
#include <type_traits>

// Each entry names only the members its kind uses (designated initializers); the others keep
// their defaults on purpose, which -Wextra would report as missing initializers.
#pragma GCC diagnostic ignored "-Wmissing-field-initializers"

namespace conquian {
namespace {

using nlohmann::json;

// A Word key's accessors for an enum member of Ruleset whose values follow the key's words.
template <auto Member>
int word_of(const Ruleset& r) {
  return static_cast<int>(r.*Member);
}
template <auto Member>
void set_word_of(Ruleset& r, int w) {
  r.*Member = static_cast<std::remove_reference_t<decltype(r.*Member)>>(w);
}

std::string set_fits_suits(const Ruleset& r) {
  if (r.melds.set_min <= r.deck.suit_count()) return "";
  return "a set of at least " + std::to_string(r.melds.set_min) + " cards cannot be made from " +
         std::to_string(r.deck.suit_count()) + " suits";
}

std::string run_fits_ranks(const Ruleset& r) {
  if (r.melds.run_min <= r.deck.rank_count()) return "";
  return "a run of at least " + std::to_string(r.melds.run_min) + " cards cannot be made from " +
         std::to_string(r.deck.rank_count()) + " ranks";
}

std::string hands_fit_deck(const Ruleset& r) {
  if (r.hand * r.seats < r.pack_size() + (r.is_pan() ? 0 : 1)) return "";
  if (r.is_pan())
    return std::to_string(r.hand) + " cards x " + std::to_string(r.seats) + " seats leaves no stock in the pack's " +
           std::to_string(r.pack_size()) + " cards";
  return std::to_string(r.hand) + " cards x " + std::to_string(r.seats) + " seats is more than the deck's " +
         std::to_string(r.deck.size()) + " cards";
}

// Panguingue is played with 40-card packs (the contract: tokens as french-40 or spanish-40),
// whose ranks name the valle cards (3, 5, 7) and the non-comoquers (A and K).
std::string pan_deck(const Ruleset& r) {
  if (!r.is_pan()) return "";
  if (r.deck.rank_count() != 10 || r.deck.suit_count() != 4)
    return "panguingue is played with 40-card packs of 10 ranks in 4 suits (french-40 or spanish-40)";
  return "";
}

std::string seats_of_game(const Ruleset& r) {
  if (r.is_pan()) return "";
  if (r.seats_min != r.seats) return "a range of seats is for panguingue; a conquian ruleset has a fixed number";
  if (r.seats > kMaxConquianSeats)
    return std::to_string(r.seats) + " is out of range (2 to " + std::to_string(kMaxConquianSeats) + ")";
  return "";
}

// The table, in the order of specs/rulesets.md's rows.
std::vector<RulesetKey> key_table() {
  return {
      {.name = "base", .kind = KeyKind::Base, .default_text = "none", .cites = "this project"},
      {.name = "description",
       .kind = KeyKind::Text,
       .default_text = "\"\"",
       .text = [](Ruleset& r) -> std::string& { return r.description; }},
      // Read first of the game's keys: a panguingue ruleset starts from Pan's defaults
      // (pan_defaults, rules/ruleset_reader.cpp), and the keys of the other game are refused.
      {.name = "game",
       .kind = KeyKind::Word,
       .default_text = "conquian",
       .words = {"conquian", "panguingue"},
       .cites = "000, C",
       .word = word_of<&Ruleset::game>,
       .set_word = set_word_of<&Ruleset::game>},
      {.name = "deck",
       .kind = KeyKind::Deck,
       .default_text = "french-40",
       .cites = "C, 000, 003, 004",
       .check = pan_deck},
      {.name = "seats",
       .kind = KeyKind::Seats,
       .default_text = "2",
       .min = 2,
       .max = kMaxPanSeats,
       .cites = "000, S1, S3, S4, S9, S10",
       .low = [](Ruleset& r) -> int& { return r.seats_min; },
       .high = [](Ruleset& r) -> int& { return r.seats; },
       .check = seats_of_game},
      {.name = "hand",
       .kind = KeyKind::Count,
       .default_text = "10",
       .min = 1,
       .max = 64,
       .cites = "000, 002, 003, 004",
       .count = [](Ruleset& r) -> int& { return r.hand; },
       .check = hands_fit_deck},
      // The table holds at most hand + 1 cards; the bounds against hand and the melds are
      // checked once every key is read (rules/ruleset.cpp).
      {.name = "target",
       .kind = KeyKind::Count,
       .default_text = "hand + 1",
       .min = 1,
       .max = 65,
       .cites = "000, 004",
       .count = [](Ruleset& r) -> int& { return r.target; },
       .fallback = [](const Ruleset& r) { return r.hand + 1; }},
      {.name = "melds.set",
       .kind = KeyKind::Range,
       .games = kConquianKey,
       .default_text = "[3, 4]",
       .cites = "all",
       .low = [](Ruleset& r) -> int& { return r.melds.set_min; },
       .high = [](Ruleset& r) -> int& { return r.melds.set_max; },
       .check = set_fits_suits},
      {.name = "melds.run",
       .kind = KeyKind::Range,
       .games = kConquianKey,
       .default_text = "[3, null]",
       .null_max = true,
       .cites = "000, 003, 004",
       .low = [](Ruleset& r) -> int& { return r.melds.run_min; },
       .high = [](Ruleset& r) -> int& { return r.melds.run_max; },
       .check = run_fits_ranks},
      {.name = "wild",
       .kind = KeyKind::Cards,
       .games = kConquianKey,
       .default_text = "[]",
       .max = 8,
       .cites = "003, 004",
       .cards = [](Ruleset& r) -> CardSet& { return r.melds.wild; }},
      {.name = "swap",
       .kind = KeyKind::Flag,
       .games = kConquianKey,
       .default_text = "false",
       .cites = "004, 000",
       .flag = [](Ruleset& r) -> bool& { return r.swap; }},
      {.name = "rearrange",
       .kind = KeyKind::Flag,
       .games = kConquianKey,
       .default_text = "true",
       .cites = "000, 002, 003, 004",
       .flag = [](Ruleset& r) -> bool& { return r.rearrange; }},
      {.name = "extra_melds",
       .kind = KeyKind::Flag,
       .games = kConquianKey,
       .default_text = "true",
       .cites = "002, 003, 000",
       .flag = [](Ruleset& r) -> bool& { return r.extra_melds; }},
      {.name = "forcing.decline",
       .kind = KeyKind::Flag,
       .default_text = "true",
       .cites = "000, 002, 003, 004",
       .flag = [](Ruleset& r) -> bool& { return r.forcing.decline; }},
      {.name = "forcing.offer",
       .kind = KeyKind::Flag,
       .games = kConquianKey,
       .default_text = "false",
       .cites = "004",
       .flag = [](Ruleset& r) -> bool& { return r.forcing.offer; }},
      {.name = "forcing.hit",
       .kind = KeyKind::Flag,
       .games = kConquianKey,
       .default_text = "false",
       .cites = "002",
       .flag = [](Ruleset& r) -> bool& { return r.forcing.hit; }},
      {.name = "forcing.forced_extra_melds",
       .kind = KeyKind::Flag,
       .default_text = "false",
       .cites = "000",
       .flag = [](Ruleset& r) -> bool& { return r.forcing.forced_extra_melds; }},
      {.name = "scoring.method",
       .kind = KeyKind::Word,
       .games = kConquianKey,
       .default_text = "stake",
       .words = {"stake", "hand_points"},
       .cites = "000, 004",
       .word = [](const Ruleset& r) { return static_cast<int>(r.scoring.method); },
       .set_word = [](Ruleset& r, int w) { r.scoring.method = static_cast<ScoringMethod>(w); }},
      {.name = "scoring.stake",
       .kind = KeyKind::Count,
       .games = kConquianKey,
       .default_text = "1",
       .min = 1,
       .max = 1'000'000,
       .cites = "004",
       .count = [](Ruleset& r) -> int& { return r.scoring.stake; }},
      {.name = "scoring.after_draw",
       .kind = KeyKind::Count,
       .games = kConquianKey,
       .default_text = "1",
       .min = 1,
       .max = 16,
       .cites = "000, 003, 004",
       .count = [](Ruleset& r) -> int& { return r.scoring.after_draw; }},
      {.name = "scoring.max_multiplier",
       .kind = KeyKind::Count,
       .games = kConquianKey,
       .default_text = "4",
       .min = 1,
       .max = 65536,
       .cites = "004",
       .count = [](Ruleset& r) -> int& { return r.scoring.max_multiplier; }},
      {.name = "scoring.match_target",
       .kind = KeyKind::Count,
       .games = kConquianKey,
       .default_text = "0",
       .min = 0,
       .max = 1'000'000,
       .cites = "004",
       .count = [](Ruleset& r) -> int& { return r.scoring.match_target; }},
      {.name = "first_upcard",
       .kind = KeyKind::Word,
       .default_text = "none",
       .words = {"none", "dealer"},
       .cites = "000, S3, S9, S10",
       .word = word_of<&Ruleset::first_upcard>,
       .set_word = set_word_of<&Ruleset::first_upcard>},
      {.name = "first_offer",
       .kind = KeyKind::Word,
       .default_text = "turner",
       .words = {"turner", "next"},
       .cites = "000, 004, house rule",
       .word = word_of<&Ruleset::first_offer>,
       .set_word = set_word_of<&Ruleset::first_offer>},
      {.name = "claim_priority",
       .kind = KeyKind::Word,
       .default_text = "next",
       .words = {"next", "previous"},
       .cites = "000, 004",
       .word = word_of<&Ruleset::claim_priority>,
       .set_word = set_word_of<&Ruleset::claim_priority>},
      {.name = "stock_out",
       .kind = KeyKind::Word,
       .games = kConquianKey,
       .default_text = "draw",
       .words = {"draw", "fewest_in_hand"},
       .cites = "all sources, house rule",
       .word = word_of<&Ruleset::stock_out>,
       .set_word = set_word_of<&Ruleset::stock_out>},
      {.name = "compulsory_take",
       .kind = KeyKind::Flag,
       .games = kConquianKey,
       .default_text = "false",
       .cites = "house rule",
       .flag = [](Ruleset& r) -> bool& { return r.compulsory_take; }},
      {.name = "auto_take",
       .kind = KeyKind::Flag,
       .games = kConquianKey,
       .default_text = "false",
       .cites = "house rule",
       .flag = [](Ruleset& r) -> bool& { return r.auto_take; }},
      {.name = "meld_timing",
       .kind = KeyKind::Word,
       .games = kConquianKey,
       .default_text = "take",
       .words = {"take", "turn"},
       .cites = "004, 002",
       .word = word_of<&Ruleset::meld_timing>,
       .set_word = set_word_of<&Ruleset::meld_timing>},
      {.name = "offer_to",
       .kind = KeyKind::Word,
       .default_text = "table",
       .words = {"table", "next"},
       .cites = "000, C",
       .word = word_of<&Ruleset::offer_to>,
       .set_word = set_word_of<&Ruleset::offer_to>},
      {.name = "forcing_by",
       .kind = KeyKind::Word,
       .default_text = "any",
       .words = {"any", "origin"},
       .cites = "000, S14, S19",
       .word = [](const Ruleset& r) { return static_cast<int>(r.forcing.by); },
       .set_word = [](Ruleset& r, int w) { r.forcing.by = static_cast<ForcingBy>(w); }},
      // Panguingue's own keys (specs/panguingue.md; S1..S23 are the sources of
      // specs/sources.md).
      {.name = "packs",
       .kind = KeyKind::Count,
       .games = kPanKey,
       .default_text = "8",
       .min = 5,
       .max = kMaxPanPacks,
       .cites = "S1, S2, S3, S8, S9, S10, S11",
       .count = [](Ruleset& r) -> int& { return r.pan.packs; }},
      {.name = "strip_spades",
       .kind = KeyKind::Count,
       .games = kPanKey,
       .default_text = "0",
       .min = 0,
       .max = 1,
       .cites = "S7, S8, S12, S13, S16, S17, S20",
       .count = [](Ruleset& r) -> int& { return r.pan.strip_spades; },
       .check = hands_fit_deck},
      {.name = "ante",
       .kind = KeyKind::Count,
       .games = kPanKey,
       .default_text = "1",
       .min = 0,
       .max = 1'000'000,
       .cites = "S4, S7, S8, S10",
       .count = [](Ruleset& r) -> int& { return r.pan.ante; }},
      {.name = "drop_forfeit",
       .kind = KeyKind::Count,
       .games = kPanKey,
       .default_text = "2",
       .min = 0,
       .max = 1'000'000,
       .cites = "S3, S4, S10, S8, S14",
       .count = [](Ruleset& r) -> int& { return r.pan.drop_forfeit; }},
      {.name = "conditions.valle_one_suit",
       .kind = KeyKind::Count,
       .games = kPanKey,
       .default_text = "2",
       .min = 0,
       .max = 1'000'000,
       .cites = "S9, S12, S2",
       .count = [](Ruleset& r) -> int& { return r.pan.conditions.valle_one_suit; }},
      {.name = "conditions.valle_mixed",
       .kind = KeyKind::Count,
       .games = kPanKey,
       .default_text = "1",
       .min = 0,
       .max = 1'000'000,
       .cites = "S2, S12, S9",
       .count = [](Ruleset& r) -> int& { return r.pan.conditions.valle_mixed; }},
      {.name = "conditions.one_suit",
       .kind = KeyKind::Count,
       .games = kPanKey,
       .default_text = "1",
       .min = 0,
       .max = 1'000'000,
       .cites = "S2, S9, S12",
       .count = [](Ruleset& r) -> int& { return r.pan.conditions.one_suit; }},
      {.name = "conditions.end_sequence",
       .kind = KeyKind::Count,
       .games = kPanKey,
       .default_text = "1",
       .min = 0,
       .max = 1'000'000,
       .cites = "S12, S6, S2, S9",
       .count = [](Ruleset& r) -> int& { return r.pan.conditions.end_sequence; }},
      {.name = "conditions.per_card",
       .kind = KeyKind::Count,
       .games = kPanKey,
       .default_text = "1",
       .min = 0,
       .max = 1'000'000,
       .cites = "S2, S21",
       .count = [](Ruleset& r) -> int& { return r.pan.conditions.per_card; }},
      {.name = "spades_double",
       .kind = KeyKind::Flag,
       .games = kPanKey,
       .default_text = "true",
       .cites = "S2, S6, S7, S12, S9",
       .flag = [](Ruleset& r) -> bool& { return r.pan.spades_double; }},
      {.name = "go_out_per_seat",
       .kind = KeyKind::Count,
       .games = kPanKey,
       .default_text = "1",
       .min = 0,
       .max = 1'000'000,
       .cites = "S12, S21",
       .count = [](Ruleset& r) -> int& { return r.pan.go_out_per_seat; }},
      {.name = "go_out_conditions_again",
       .kind = KeyKind::Flag,
       .games = kPanKey,
       .default_text = "true",
       .cites = "S12",
       .flag = [](Ruleset& r) -> bool& { return r.pan.go_out_conditions_again; }},
      {.name = "comoquer_group",
       .kind = KeyKind::Word,
       .games = kPanKey,
       .default_text = "one_suit_or_all_different",
       .words = {"one_suit_or_all_different", "one_suit_or_three_suits"},
       .cites = "S9, S7, S8, S13",
       .word = [](const Ruleset& r) { return static_cast<int>(r.pan.comoquer_group); },
       .set_word = [](Ruleset& r, int w) { r.pan.comoquer_group = static_cast<ComoquerGroup>(w); }},
      {.name = "discard_take",
       .kind = KeyKind::Word,
       .games = kPanKey,
       .default_text = "any",
       .words = {"any", "turned_only"},
       .cites = "S4, S5, S10, S7, S13",
       .word = [](const Ruleset& r) { return static_cast<int>(r.pan.discard_take); },
       .set_word = [](Ruleset& r, int w) { r.pan.discard_take = static_cast<DiscardTake>(w); }},
      {.name = "condition_payers",
       .kind = KeyKind::Word,
       .games = kPanKey,
       .default_text = "in_deal",
       .words = {"in_deal", "seated"},
       .cites = "S14, S9, S12",
       .word = [](const Ruleset& r) { return static_cast<int>(r.pan.condition_payers); },
       .set_word = [](Ruleset& r, int w) { r.pan.condition_payers = static_cast<ConditionPayers>(w); }},
      {.name = "deal_packet",
       .kind = KeyKind::Count,
       .games = kPanKey,
       .default_text = "5",
       .min = 1,
       .max = 10,
       .cites = "S1, S2, S9, S3, S10, S11",
       .count = [](Ruleset& r) -> int& { return r.pan.deal_packet; }},
  };
}

// The accessors only read here: a key's value is taken from a loaded (const) ruleset.
Ruleset& reading(const Ruleset& r) { return const_cast<Ruleset&>(r); }

json deck_json(const Deck& deck) {
  for (const char* name : {"french-40", "french-52", "spanish-40"})
    if (deck == *Deck::named(name)) return name;
  json ranks = json::array(), suits = json::array();
  for (int r = 0; r < deck.rank_count(); ++r) ranks.push_back(deck.rank_label(r));
  for (int s = 0; s < deck.suit_count(); ++s) suits.push_back(deck.suit_label(s));
  return {{"ranks", ranks}, {"suits", suits}};
}

}  // namespace

std::string_view RulesetKey::group() const {
  auto dot = name.find('.');
  return dot == std::string_view::npos ? std::string_view{} : name.substr(0, dot);
}

std::string_view RulesetKey::leaf() const {
  auto dot = name.find('.');
  return dot == std::string_view::npos ? name : name.substr(dot + 1);
}

const std::vector<RulesetKey>& ruleset_keys() {
  static const std::vector<RulesetKey> keys = key_table();
  return keys;
}

const RulesetKey& ruleset_key(std::string_view name) {
  for (const RulesetKey& key : ruleset_keys())
    if (key.name == name) return key;
  throw std::logic_error("no ruleset key '" + std::string(name) + "' in rules/ruleset_keys.cpp");
}

bool group_is_flag_set(std::string_view group) { return group == "forcing"; }

json key_json(const RulesetKey& key, const Ruleset& rules) {
  Ruleset& r = reading(rules);
  switch (key.kind) {
    case KeyKind::Base: break;
    case KeyKind::Text: return key.text(r);
    case KeyKind::Deck: return deck_json(rules.deck);
    case KeyKind::Count: return key.count(r);
    case KeyKind::Seats:
      if (key.low(r) == key.high(r)) return key.high(r);
      return json::array({key.low(r), key.high(r)});
    case KeyKind::Range: {
      int high = key.high(r);
      return json::array({key.low(r), key.null_max && high == 0 ? json(nullptr) : json(high)});
    }
    case KeyKind::Cards: {
      json tokens = json::array();
      for (Card c : key.cards(r)) tokens.push_back(rules.deck.token(c));
      return tokens;
    }
    case KeyKind::Flag: return key.flag(r);
    case KeyKind::Word: return key.words[key.word(rules)];
  }
  throw std::logic_error("ruleset key '" + std::string(key.name) + "' has no value");
}

json key_json(std::string_view name, const Ruleset& rules) { return key_json(ruleset_key(name), rules); }

nlohmann::ordered_json ruleset_keys_json(const Ruleset& rules) {
  nlohmann::ordered_json j = nlohmann::ordered_json::object();
  for (const RulesetKey& key : ruleset_keys()) {
    if (!key.written() || !key.of_game(rules.game)) continue;
    if (key.name == "game" && rules.game == Game::Conquian) continue;
    if (key.group().empty()) j[std::string(key.name)] = key_json(key, rules);
    else j[std::string(key.group())][std::string(key.leaf())] = key_json(key, rules);
  }
  return j;
}

nlohmann::ordered_json group_json(std::string_view group, const Ruleset& rules) {
  nlohmann::ordered_json j = nlohmann::ordered_json::object();
  for (const RulesetKey& key : ruleset_keys())
    if (key.group() == group && key.of_game(rules.game)) j[std::string(key.leaf())] = key_json(key, rules);
  if (j.empty()) throw std::logic_error("no ruleset key group '" + std::string(group) + "'");
  return j;
}

}  // namespace conquian
