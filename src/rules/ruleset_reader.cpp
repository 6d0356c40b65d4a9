#include "rules/ruleset_reader.h"

#include <algorithm>

#include "rules/bounds.h"
#include "rules/ruleset_keys.h"

namespace conquian {
namespace {

using record::Fields;

Deck read_deck(Fields& f, const std::string& key, const Deck& fallback) {
  YAML::Node n = f.node(key);
  if (!n) return fallback;
  if (n.IsScalar()) {
    auto deck = Deck::named(n.Scalar());
    if (!deck)
      f.fail(key,
             "'" + n.Scalar() + "' is not a deck (french-40, french-52, spanish-40, or {ranks: [...], suits: [...]})");
    return *deck;
  }
  Fields d(n, f.file(), key);
  auto ranks = d.text_list("ranks", 64);
  auto suits = d.text_list("suits", 64);
  d.finish();
  std::string why;
  auto deck = Deck::custom(ranks, suits, &why);
  if (!deck) f.fail(key, why);
  return *deck;
}

void read_range(Fields& m, const std::string& key, int& lo, int& hi, bool hi_may_be_null) {
  YAML::Node n = m.node(key);
  if (!n) return;
  if (!n.IsSequence() || n.size() != 2) m.fail(key, "must be a pair [min, max]");
  lo = static_cast<int>(m.as_integer(n[0], key, 2, 64));
  if (hi_may_be_null && n[1].IsNull()) {
    hi = 0;
  } else {
    hi = static_cast<int>(m.as_integer(n[1], key, 2, 64));
    if (hi < lo) m.fail(key, "max " + std::to_string(hi) + " is below min " + std::to_string(lo));
  }
}

// `seats: N`, or (panguingue) `seats: [min, max]`: how many seats a record's deal may hold.
void read_seats(const RulesetKey& key, Fields& f, Ruleset& r) {
  const std::string leaf(key.leaf());
  YAML::Node n = f.node(leaf);
  if (!n || n.IsNull()) return;
  if (n.IsSequence()) {
    if (n.size() != 2) f.fail(leaf, "must be a number of seats or a pair [min, max]");
    const int lo = static_cast<int>(f.as_integer(n[0], leaf, key.min, key.max));
    const int hi = static_cast<int>(f.as_integer(n[1], leaf, key.min, key.max));
    if (hi < lo) f.fail(leaf, "max " + std::to_string(hi) + " is below min " + std::to_string(lo));
    key.low(r) = lo;
    key.high(r) = hi;
    return;
  }
  key.low(r) = key.high(r) = static_cast<int>(f.as_integer(n, leaf, key.min, key.max));
}

void read_cards(Fields& f, const std::string& key, std::size_t max, const Deck& deck, CardSet& cards) {
  for (const auto& t : f.text_list(key, max)) {
    auto c = deck.parse(t);
    if (!c) f.fail(key, deck.not_a_card(t));
    if (cards.has(*c)) f.fail(key, "'" + t + "' is listed twice");
    cards.insert(*c);
  }
}

// One key from `f`, the mapping that holds it (the top level or its group's); the value
// already in `r` is the default.
void read_key(const RulesetKey& key, Fields& f, Ruleset& r) {
  const std::string leaf(key.leaf());
  switch (key.kind) {
    case KeyKind::Base: f.ignore(leaf); return;  // merged in before the keys are read
    case KeyKind::Text: key.text(r) = f.text(leaf, key.text(r)); return;
    case KeyKind::Deck: r.deck = read_deck(f, leaf, r.deck); return;
    case KeyKind::Count: {
      int fallback = key.fallback ? key.fallback(r) : key.count(r);
      key.count(r) = static_cast<int>(f.integer(leaf, fallback, key.min, key.max));
      return;
    }
    case KeyKind::Seats: read_seats(key, f, r); return;
    case KeyKind::Range: read_range(f, leaf, key.low(r), key.high(r), key.null_max); return;
    case KeyKind::Cards: read_cards(f, leaf, key.max, r.deck, key.cards(r)); return;
    case KeyKind::Flag: key.flag(r) = f.boolean(leaf, key.flag(r)); return;
    case KeyKind::Word: {
      std::string word = f.choice(leaf, key.words[key.word(r)], key.words);
      key.set_word(r, static_cast<int>(std::find(key.words.begin(), key.words.end(), word) - key.words.begin()));
      return;
    }
  }
}

using KeyRun = std::vector<const RulesetKey*>;

// A panguingue ruleset starts from Pan's readings of the keys both games hold (the contract's
// "Panguingue"): 2 to 15 seats, the dealer turns the first card, a face-up card goes to the
// next seat still in and no further, and only the seat it came from may force it.
void pan_defaults(Ruleset& r) {
  r.seats_min = 2;
  r.seats = kMaxPanSeats;
  r.first_upcard = FirstUpcard::Dealer;
  r.offer_to = OfferTo::Next;
  r.forcing = Forcing{};
  r.forcing.by = ForcingBy::Origin;
}

// A written key of the other game is refused: it would be silently ignored.
void refuse_foreign(const KeyRun& keys, Fields& top, const Ruleset& r, const std::string& group) {
  for (const RulesetKey* key : keys) {
    if (key->of_game(r.game)) continue;
    const std::string leaf(key->leaf());
    const bool written = group.empty() ? top.has(leaf) : false;
    if (!written) continue;
    top.fail(leaf, "'" + leaf + "' is a key of " + (r.is_pan() ? "conquian" : "panguingue") +
                       " rulesets; this one plays " + game_name(r.game) +
                       (r.is_pan() ? "" : " (write game: panguingue for Pan)"));
  }
}

// The same inside a group's mapping (or a flag set's list): a key of the other game written there.
void refuse_foreign_in_group(const std::string& group, const KeyRun& keys, Fields& top, const Ruleset& r) {
  YAML::Node n = top.node(group);
  if (!n || n.IsNull()) return;
  for (const RulesetKey* key : keys) {
    if (key->of_game(r.game)) continue;
    const std::string leaf(key->leaf());
    bool written = false;
    if (n.IsMap()) written = static_cast<bool>(n[leaf]);
    if (n.IsSequence())
      for (const auto& item : n) written = written || (item.IsScalar() && item.Scalar() == leaf);
    if (written)
      top.fail(group, "'" + leaf + "' is a rule of " + (r.is_pan() ? "conquian" : "panguingue") +
                          " rulesets; this one plays " + game_name(r.game));
  }
}

// A group written as the flags that are on: a list of their names, `none` or null, or a
// mapping of flags; once the group is written, a flag it does not turn on is off.
void read_flag_set(const std::string& group, const KeyRun& keys, Fields& top, Ruleset& r) {
  YAML::Node n = top.node(group);
  if (!n) return;
  for (const RulesetKey* key : keys) key->flag(r) = false;
  if (n.IsNull() || (n.IsScalar() && n.Scalar() == "none")) return;
  if (n.IsSequence()) {
    std::string names;
    for (const RulesetKey* key : keys) names += (names.empty() ? "" : ", ") + std::string(key->leaf());
    for (const auto& item : n) {
      std::string name = top.as_text(item, group);
      auto it = std::find_if(keys.begin(), keys.end(), [&](const RulesetKey* k) { return k->leaf() == name; });
      if (it == keys.end()) top.fail_at(item, group, "'" + name + "' is not a " + group + " rule (" + names + ")");
      (*it)->flag(r) = true;
    }
    return;
  }
  Fields m(n, top.file(), group);
  for (const RulesetKey* key : keys) read_key(*key, m, r);
  m.finish();
}

void read_group(const std::string& group, const KeyRun& keys, Fields& top, Ruleset& r) {
  if (group_is_flag_set(group)) return read_flag_set(group, keys, top, r);
  YAML::Node n = top.node(group);
  if (!n || n.IsNull()) return;
  Fields m(n, top.file(), group);
  for (const RulesetKey* key : keys) read_key(*key, m, r);
  m.finish();
}

// The checks of a run of keys against the keys before them, each blamed on the key as
// written at the top level (a group's checks on the group).
void check_keys(const KeyRun& keys, Fields& top, const Ruleset& r) {
  for (const RulesetKey* key : keys) {
    if (!key->check) continue;
    std::string why = key->check(r);
    if (!why.empty()) top.fail(std::string(key->group().empty() ? key->name : key->group()), why);
  }
}

}  // namespace

void read_ruleset_keys(Fields& top, Ruleset& r) {
  const auto& keys = ruleset_keys();
  for (std::size_t i = 0; i < keys.size();) {
    std::string_view group = keys[i].group();
    KeyRun run;
    for (; i < keys.size() && keys[i].group() == group && (!group.empty() || run.empty()); ++i) run.push_back(&keys[i]);
    if (group.empty()) {
      refuse_foreign(run, top, r, "");
      if (run.front()->of_game(r.game)) read_key(*run.front(), top, r);
      if (run.front()->name == "game" && r.is_pan()) pan_defaults(r);
    } else {
      refuse_foreign_in_group(std::string(group), run, top, r);
      KeyRun own;
      for (const RulesetKey* key : run)
        if (key->of_game(r.game)) own.push_back(key);
      if (!own.empty()) read_group(std::string(group), own, top, r);
    }
    check_keys(run, top, r);
  }
}

}  // namespace conquian
