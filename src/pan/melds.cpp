#include "pan/melds.h"

namespace conquian::pan {
namespace {

// The ranks of a 40-card pack by position: A 2 3 4 5 6 7 J Q K (1 2 3 4 5 6 7 10 11 12).
constexpr int kValleRanks[] = {2, 4, 6};

bool valle_rank(int rank) {
  for (int v : kValleRanks)
    if (rank == v) return true;
  return false;
}

}  // namespace

bool is_valle(const Ruleset& rules, Card c) { return valle_rank(rules.deck.rank_of(c)); }

bool is_noncomoquer(const Ruleset& rules, Card c) {
  const int r = rules.deck.rank_of(c);
  return r == 0 || r == rules.deck.rank_count() - 1;
}

int spade_suit(const Deck& deck) {
  for (int s = 0; s < deck.suit_count(); ++s)
    if (deck.suit_label(s) == "s" || deck.suit_label(s) == "e") return s;
  return -1;
}

MeldKind meld_kind(const Ruleset& rules, const CardCounts& cards) {
  if (cards.size() < 3) return MeldKind::None;
  const Deck& deck = rules.deck;
  const CardSet kinds = cards.support();
  const Card low = kinds.lowest();
  const int rank = deck.rank_of(low), suit = deck.suit_of(low);
  if ((kinds & deck.rank_cards(rank)) == kinds) {  // one rank: a group
    int suits = 0;
    bool repeats = false;
    for (Card c : kinds) {
      ++suits;
      repeats = repeats || cards.count(c) > 1;
    }
    if (suits == 1) return MeldKind::OneSuitGroup;
    if (is_noncomoquer(rules, low)) return MeldKind::MixedGroup;
    if (!repeats) return MeldKind::MixedGroup;  // every card a different suit
    if (rules.pan.comoquer_group == ComoquerGroup::OneSuitOrThreeSuits && suits >= 3) return MeldKind::MixedGroup;
    return MeldKind::None;
  }
  if ((kinds & deck.suit_cards(suit)) != kinds) return MeldKind::None;
  // One suit: a sequence, every rank once and no gap (suit-major layout: adjacent indices).
  if (kinds.size() != cards.size()) return MeldKind::None;
  if (kinds.highest() - low + 1 != cards.size()) return MeldKind::None;
  return MeldKind::Sequence;
}

Condition condition_of(const Ruleset& rules, const CardCounts& meld) {
  Condition out;
  const MeldKind kind = meld_kind(rules, meld);
  if (kind == MeldKind::None) return out;
  const Deck& deck = rules.deck;
  const Conditions& v = rules.pan.conditions;
  const Card low = meld.support().lowest();
  const int n = meld.size();
  const int spades = spade_suit(deck);
  const bool all_spades = spades >= 0 && (meld.support() & deck.suit_cards(spades)) == meld.support();
  int base = 0;
  bool doubles = true;
  switch (kind) {
    case MeldKind::OneSuitGroup:
      if (is_valle(rules, low)) out.kind = ConditionKind::ValleOneSuit, base = v.valle_one_suit;
      else out.kind = ConditionKind::OneSuit, base = v.one_suit;
      break;
    case MeldKind::MixedGroup:
      if (is_valle(rules, low)) out.kind = ConditionKind::ValleMixed, base = v.valle_mixed, doubles = false;
      break;
    case MeldKind::Sequence: {
      const int top = deck.rank_of(meld.support().highest());
      if (deck.rank_of(low) == 0 || top == deck.rank_count() - 1) out.kind = ConditionKind::EndSequence;
      base = v.end_sequence;
      break;
    }
    case MeldKind::None: break;
  }
  if (out.kind == ConditionKind::None || base == 0) return {};
  const std::int64_t d = doubles && all_spades && rules.pan.spades_double ? 2 : 1;
  out.value = (base + std::int64_t{v.per_card} * (n - 3)) * d;
  out.spades = d == 2;
  return out;
}

std::string condition_words(const Condition& c) {
  std::string s;
  switch (c.kind) {
    case ConditionKind::None: return "no condition";
    case ConditionKind::ValleOneSuit: s = "a valle group in one suit"; break;
    case ConditionKind::ValleMixed: s = "a valle group in different suits"; break;
    case ConditionKind::OneSuit: s = "a group in one suit"; break;
    case ConditionKind::EndSequence: s = "a sequence holding its ace or king"; break;
  }
  if (c.spades) s += ", doubled in spades";
  return s;
}

std::string tokens(const Deck& deck, const CardCounts& cards) {
  std::string out;
  cards.for_each([&](Card c, int n) {
    for (int i = 0; i < n; ++i) {
      if (!out.empty()) out += ' ';
      out += deck.token(c);
    }
  });
  return out;
}

}  // namespace conquian::pan
