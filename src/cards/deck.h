// Decks: which ranks and suits exist, their labels, and the card tokens they make.
//
// The three named decks of specs/cards.md, or a custom one listing its ranks (in sequence
// order, lowest first) and suits. Ranks are the only order: nothing wraps, and the deck's
// own rank list decides neighbours (in the 40-card decks the 7 and the J are adjacent
// because 8, 9 and 10 are simply absent).
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "cards/card_set.h"

namespace conquian {

// The most suits a deck may have (every source has four); see Deck::custom.
inline constexpr int kMaxSuits = 4;
// The longest card token: labels are 1 to 4 characters, rank then suit.
inline constexpr std::size_t kMaxTokenBytes = 8;

class Deck {
 public:
  // "french-40", "french-52" or "spanish-40"; nullopt for any other name.
  static std::optional<Deck> named(std::string_view name);
  // A custom deck; on a bad list returns nullopt and says why in `why`.
  static std::optional<Deck> custom(const std::vector<std::string>& ranks, const std::vector<std::string>& suits,
                                    std::string* why);

  const std::string& name() const { return name_; }
  int rank_count() const { return static_cast<int>(ranks_.size()); }
  int suit_count() const { return static_cast<int>(suits_.size()); }
  int size() const { return rank_count() * suit_count(); }
  CardSet all() const { return CardSet::range(0, size()); }

  Card card(int suit, int rank) const { return static_cast<Card>(suit * rank_count() + rank); }
  int rank_of(Card c) const { return c % rank_count(); }
  int suit_of(Card c) const { return c / rank_count(); }
  CardSet suit_cards(int suit) const { return CardSet::range(suit * rank_count(), rank_count()); }
  CardSet rank_cards(int rank) const { return rank_masks_[rank]; }

  const std::string& rank_label(int rank) const { return ranks_[rank]; }
  const std::string& suit_label(int suit) const { return suits_[suit]; }
  std::string token(Card c) const { return ranks_[rank_of(c)] + suits_[suit_of(c)]; }
  // The card a token names, or nullopt; tokens are case-sensitive.
  std::optional<Card> parse(std::string_view token) const;
  // "'10h' is not a card of the french-52 deck; did you mean 'Th'?": the one sentence for
  // an unknown token, with a correction when one card is near (a written 10 is the T).
  std::string not_a_card(std::string_view token) const;
  // Tokens of a set, lowest card first, separated by single spaces.
  std::string tokens(CardSet set) const;

  bool operator==(const Deck& o) const { return ranks_ == o.ranks_ && suits_ == o.suits_; }

 private:
  Deck(std::string name, std::vector<std::string> ranks, std::vector<std::string> suits);

  std::string name_;
  std::vector<std::string> ranks_, suits_;
  std::array<CardSet, kMaxCards> rank_masks_{};
  // Tokens packed into 64-bit keys (0: an empty slot) hashed into 128 slots: found without allocation.
  std::vector<std::pair<std::uint64_t, Card>> lookup_;
};

}  // namespace conquian
