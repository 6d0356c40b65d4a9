// Panguingue's melds and conditions (the contract's "Cards and melds" and "Conditions and
// chips"). Stateless: a multiset of cards in, what kind of meld it is and what it pays out.
//
// A meld has three cards or more and is one of:
//   a sequence: one suit, consecutive ranks (A low, 7 next to J, no wrap), no rank twice;
//   a group of A or K (the non-comoquers): one rank, any suits, repeats allowed;
//   a group of another rank (a comoquer): one rank, every card of one suit (repeats allowed,
//     5s 5s 5s 5s) or every card of a different suit (at most four); comoquer_group:
//     one_suit_or_three_suits (S13) lets a mixed group repeat a suit if three suits show.
// The valle cards are the 3s, 5s and 7s. Ranks are read off the deck's positions (the
// third, fifth and seventh ranks are the valles; the first and last, A and K, the
// non-comoquers), so french-40 and spanish-40 packs play alike.
#pragma once

#include <cstdint>
#include <string>

#include "cards/card_counts.h"
#include "rules/ruleset.h"

namespace conquian::pan {

enum class MeldKind : std::uint8_t {
  None,          // not a meld
  Sequence,      // one suit, consecutive ranks
  OneSuitGroup,  // one rank, one suit (repeats)
  MixedGroup,    // one rank, more than one suit
};

MeldKind meld_kind(const Ruleset& rules, const CardCounts& cards);
inline bool is_meld(const Ruleset& rules, const CardCounts& cards) { return meld_kind(rules, cards) != MeldKind::None; }

bool is_valle(const Ruleset& rules, Card c);
bool is_noncomoquer(const Ruleset& rules, Card c);
// The deck's spade suit (french `s`, Spanish `e`, espadas), or -1.
int spade_suit(const Deck& deck);

// The condition a meld is, and what it pays each paying seat (the contract's table):
//   group of valles, one suit      (valle_one_suit + per_card (n - 3)) x d
//   group of valles, mixed suits    valle_mixed + per_card (n - 3)
//   group of another rank, one suit (one_suit + per_card (n - 3)) x d   (A and K included)
//   sequence holding its A or K     (end_sequence + per_card (n - 3)) x d
//   any other meld                  0
// with d = 2 when every card is a spade and spades_double is on, else 1. A base of 0 turns
// that condition off (it then pays nothing, however long the meld).
enum class ConditionKind : std::uint8_t { None, ValleOneSuit, ValleMixed, OneSuit, EndSequence };
struct Condition {
  ConditionKind kind = ConditionKind::None;
  std::int64_t value = 0;  // chips per paying seat
  bool spades = false;     // doubled in spades
};
Condition condition_of(const Ruleset& rules, const CardCounts& meld);
inline std::int64_t condition_value(const Ruleset& rules, const CardCounts& meld) {
  return condition_of(rules, meld).value;
}
// How a card room says it: "a valle group in one suit, doubled in spades".
std::string condition_words(const Condition& c);

// The cards as tokens, each copy written, lowest card first: "7s 7s 7s".
std::string tokens(const Deck& deck, const CardCounts& cards);

}  // namespace conquian::pan
