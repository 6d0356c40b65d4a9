// Cards and sets of cards.
//
// Card: an index 0..63 into the ruleset's deck, laid out suit-major so that one suit's
// ranks are adjacent bits and a run is a contiguous range of bits:
//
//   index = suit * rank_count + rank      (rank 0 = the lowest, aces are low)
//
//   french-40:  bits  0..9  clubs    A 2 3 4 5 6 7 J Q K
//               bits 10..19 diamonds, 20..29 hearts, 30..39 spades
//
// CardSet: a 64-bit mask, bit i set when card i is in the set. Every operation is a few
// instructions; nothing here allocates.
#pragma once

#include <bit>
#include <cstdint>

namespace conquian {

using Card = std::uint8_t;
inline constexpr Card kNoCard = 0xFF;
inline constexpr int kMaxCards = 64;

class CardSet {
 public:
  constexpr CardSet() = default;
  constexpr explicit CardSet(std::uint64_t bits) : bits_(bits) {}
  static constexpr CardSet of(Card c) { return CardSet(std::uint64_t{1} << c); }
  // The cards first..first+count-1 (count may be 64).
  static constexpr CardSet range(int first, int count) {
    std::uint64_t m = count >= 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << count) - 1;
    return CardSet(m << first);
  }

  constexpr std::uint64_t bits() const { return bits_; }
  constexpr bool empty() const { return bits_ == 0; }
  constexpr int size() const { return std::popcount(bits_); }
  constexpr bool has(Card c) const { return (bits_ >> c) & 1; }
  constexpr bool contains(CardSet o) const { return (o.bits_ & ~bits_) == 0; }
  constexpr bool intersects(CardSet o) const { return (o.bits_ & bits_) != 0; }
  constexpr bool more_than_one() const { return (bits_ & (bits_ - 1)) != 0; }
  // The lowest card; the set must not be empty.
  constexpr Card lowest() const { return static_cast<Card>(std::countr_zero(bits_)); }
  constexpr Card highest() const { return static_cast<Card>(63 - std::countl_zero(bits_)); }
  constexpr Card pop_lowest() {
    Card c = lowest();
    bits_ &= bits_ - 1;
    return c;
  }

  constexpr CardSet& insert(Card c) {
    bits_ |= std::uint64_t{1} << c;
    return *this;
  }
  constexpr CardSet& erase(Card c) {
    bits_ &= ~(std::uint64_t{1} << c);
    return *this;
  }
  constexpr CardSet with(Card c) const { return CardSet(bits_ | (std::uint64_t{1} << c)); }
  constexpr CardSet without(Card c) const { return CardSet(bits_ & ~(std::uint64_t{1} << c)); }

  constexpr CardSet operator|(CardSet o) const { return CardSet(bits_ | o.bits_); }
  constexpr CardSet operator&(CardSet o) const { return CardSet(bits_ & o.bits_); }
  constexpr CardSet operator^(CardSet o) const { return CardSet(bits_ ^ o.bits_); }
  constexpr CardSet operator-(CardSet o) const { return CardSet(bits_ & ~o.bits_); }
  constexpr CardSet& operator|=(CardSet o) {
    bits_ |= o.bits_;
    return *this;
  }
  constexpr CardSet& operator&=(CardSet o) {
    bits_ &= o.bits_;
    return *this;
  }
  constexpr CardSet& operator-=(CardSet o) {
    bits_ &= ~o.bits_;
    return *this;
  }
  constexpr bool operator==(const CardSet&) const = default;
  constexpr auto operator<=>(const CardSet&) const = default;

  // Range-for over the cards, lowest first: `for (Card c : set)`.
  struct Iterator {
    std::uint64_t rest;
    constexpr Card operator*() const { return static_cast<Card>(std::countr_zero(rest)); }
    constexpr Iterator& operator++() {
      rest &= rest - 1;
      return *this;
    }
    constexpr bool operator!=(const Iterator& o) const { return rest != o.rest; }
  };
  constexpr Iterator begin() const { return {bits_}; }
  constexpr Iterator end() const { return {0}; }

 private:
  std::uint64_t bits_ = 0;
};

// The subsets of `set`, each once, empty set first (Carry-Rippler).
template <class F>
constexpr void for_each_subset(CardSet set, F&& f) {
  std::uint64_t all = set.bits(), sub = 0;
  do {
    f(CardSet(sub));
    sub = (sub - all) & all;
  } while (sub != 0);
}

}  // namespace conquian
