// A multiset of cards: how many copies of each card of the deck a hand, a table or a pack
// holds. Panguingue shuffles many packs together, so the same card may be held several
// times (up to `packs` copies); Conquian's one-pack game keeps the 64-bit CardSet on its hot
// paths and never uses this.
//
// Layout: one byte of count per card index (0..63, the deck's layout of card_set.h), the
// total, and the set of cards held at least once, so that iteration visits only those.
// Nothing here allocates.
#pragma once

#include <array>
#include <cassert>
#include <cstdint>

#include "cards/card_set.h"

namespace conquian {

class CardCounts {
 public:
  // The most copies of one card a multiset may hold (a byte); a pack holds at most 11.
  static constexpr int kMaxCopies = 255;

  int count(Card c) const { return n_[c]; }
  int size() const { return size_; }
  bool empty() const { return size_ == 0; }
  bool has(Card c) const { return n_[c] != 0; }
  // The cards held at least once (each once).
  CardSet support() const { return support_; }

  void add(Card c, int copies = 1) {
    assert(n_[c] + copies <= kMaxCopies);
    n_[c] = static_cast<std::uint8_t>(n_[c] + copies);
    size_ = static_cast<std::uint16_t>(size_ + copies);
    if (copies > 0) support_.insert(c);
  }
  // Removes `copies` copies of c; the multiset must hold them.
  void remove(Card c, int copies = 1) {
    assert(n_[c] >= copies);
    n_[c] = static_cast<std::uint8_t>(n_[c] - copies);
    size_ = static_cast<std::uint16_t>(size_ - copies);
    if (n_[c] == 0) support_.erase(c);
  }

  // Whether every card of `o` is here as many times at least.
  bool contains(const CardCounts& o) const {
    if (!support_.contains(o.support_)) return false;
    for (Card c : o.support_)
      if (n_[c] < o.n_[c]) return false;
    return true;
  }
  CardCounts& operator+=(const CardCounts& o) {
    for (Card c : o.support_) add(c, o.n_[c]);
    return *this;
  }
  // Removes o's cards; this multiset must contain o.
  CardCounts& operator-=(const CardCounts& o) {
    for (Card c : o.support_) remove(c, o.n_[c]);
    return *this;
  }
  CardCounts operator+(const CardCounts& o) const { return CardCounts(*this) += o; }
  CardCounts operator-(const CardCounts& o) const { return CardCounts(*this) -= o; }
  bool operator==(const CardCounts& o) const { return support_ == o.support_ && size_ == o.size_ && n_ == o.n_; }

  // `f(card, copies)` for each card held, lowest card first.
  template <class F>
  void for_each(F&& f) const {
    for (Card c : support_) f(c, static_cast<int>(n_[c]));
  }

 private:
  std::array<std::uint8_t, kMaxCards> n_{};
  std::uint16_t size_ = 0;
  CardSet support_;
};

}  // namespace conquian
