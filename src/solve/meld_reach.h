// Which cards a two-seat deal can still meld, for the search with the stock unknown
// (specs/solve.md, "Useless cards").
//
// A card enters a seat's table only as the one outside card of an acquisition: the card it
// takes (melded at once with cards it holds), or a discard hit onto its table (hit); its
// hand only shrinks. So a card c can be acquired only through a meld M holding c whose
// other cards the seat holds then: its hand and table now, or cards it acquired before.
// Each acquisition adds at least one card to the table and the one reaching the target
// wins, so a seat has at most K = target - |table| acquisitions left, and every card it
// can still acquire lies in the closure
//     C_0 = hand and table,  C_(k+1) = C_k + {c open : some meld M with c has M - c in C_k}
// taken K times (open: not dead, not on the other seat's table). With K = 1 (and melds
// laid only with a take) the next acquisition ends the deal and nothing the seat holds
// changes before it, so a card is useful to it exactly when it could take it now (the
// engine's take_tables).
//
// An unseen card that neither seat can acquire is useless for the rest of the deal: turned,
// it is refused by both (a take or a force needs a meld holding it) and dies, and dying it
// changes no closure (no closure held it). Turning any one of the useless cards therefore
// leads to the same future up to the name of the card, and two positions that differ only
// in which useless cards are dead and which are still in the stock have the same value.
// The search evaluates one useless card for all of them and keys its table on
// `dead | useless`.
//
// A card in a hand that its seat can meld with no cards of its closure, and that the other
// seat cannot acquire, is inert: it can only be discarded (or thrown), to die. Inert cards
// are interchangeable with each other and with the useless ones.
//
// A seat whose closure holds fewer than `target` cards it can meld can no longer win (when
// the stock running out is a draw: under stock_out: fewest_in_hand it still may).
#pragma once

#include <array>
#include <vector>

#include "engine/position.h"

namespace conquian::solve {

class MeldReach {
 public:
  explicit MeldReach(const Ruleset& rules);

  const Ruleset& rules() const { return *rules_; }
  // The cards seat `seat` may still acquire (two seats), with what it holds. Not thread-safe
  // (a cache): one instance per search.
  CardSet reachable(const Position& p, int seat) const;
  // The cards seat `seat` might meld beside what it holds: not dead, not on the other
  // table (reachable() is a function of the seat's hand, its table and these alone).
  static CardSet open_cards(const Position& p, int seat) {
    return p.rules->deck.all() - p.dead - p.table[1 - seat] - p.hand[seat] - p.table[seat];
  }
  // The unseen cards neither seat can acquire.
  CardSet useless_unseen(const Position& p) const;
  // Whether some meld holding `c` has its other cards in `reach`.
  bool joins(Card c, CardSet reach) const;
  // Every card that joins `reach`: {c : joins(c, reach)}, a few shifts and masks a pattern.
  CardSet joining(CardSet reach) const;
  // The same, card by card through joins() (what the patterns are held to in the tests).
  CardSet joining_by_card(CardSet reach) const;
  // Whether joining() works by patterns (false: card by card).
  bool by_pattern() const { return by_pattern_; }

 private:
  void group_patterns();
  // For each card c, the melds holding it that hold no smaller meld with it, less c: some
  // meld holding c has its other cards in a set exactly when one of these lies in it.
  // Card c's are rests_[first_[c] .. first_[c + 1]).
  std::vector<CardSet> rests_;
  std::array<std::uint16_t, kMaxCards + 1> first_{};
  // The same rests grouped by shape, for joining(): a rest of card c whose natural cards
  // lie at c + offsets[i] and whose wild cards are `wild` is the pattern's for every card
  // in `cards`, so the cards that join R through it are
  //     cards & (R >> offsets[0]) & (R >> offsets[1]) ...   (when R holds `wild`).
  // A deck of 40 cards without wilds has 12 shapes (3 of runs, 9 of sets), with one wild card
  // 25. The wild cards themselves (whose rests are any pair a meld can hold, of as many
  // shapes) are asked card by card; past kMaxPatterns joining() goes card by card for all.
  struct Pattern {
    static constexpr int kMaxOffsets = 6;
    std::array<std::int8_t, kMaxOffsets> offsets{};
    int count = 0;
    CardSet wild, cards;
  };
  static constexpr std::size_t kMaxPatterns = 48;
  std::vector<Pattern> patterns_;
  bool by_pattern_ = false;
  // The cards outside hand and table the seat could take now (K = 1), cached on hand and
  // table (rulesets with rearrange: nothing else decides it).
  CardSet takeable(const Position& p, int seat) const;

  const Ruleset* rules_;
  struct Takeable {
    std::uint64_t hand = ~std::uint64_t{0}, table = 0, cards = 0;
  };
  mutable std::vector<Takeable> cache_ = std::vector<Takeable>(4096);
  mutable std::vector<CardSet> tables_;  // scratch
};

}  // namespace conquian::solve
