// A deliberately naive meld decider for cross-checking the fast search: it shares no code
// with src/cards/melds.cpp (ranks and suits come from token text, not from bit layout).
#pragma once

#include <algorithm>
#include <random>
#include <string>
#include <vector>

#include "cards/deck.h"
#include "cards/melds.h"

namespace conquian::testing {

struct NaiveCard {
  int rank, suit;
  bool wild;
};

inline std::vector<NaiveCard> naive_cards(const Deck& deck, const MeldRules& rules, CardSet s) {
  std::vector<NaiveCard> out;
  for (int i = 0; i < 64; ++i) {
    if (!((s.bits() >> i) & 1)) continue;
    std::string tok = deck.token(static_cast<Card>(i));
    NaiveCard nc{-1, -1, ((rules.wild.bits() >> i) & 1) != 0};
    for (int r = 0; r < deck.rank_count(); ++r)
      for (int su = 0; su < deck.suit_count(); ++su)
        if (deck.rank_label(r) + deck.suit_label(su) == tok) nc.rank = r, nc.suit = su;
    out.push_back(nc);
  }
  return out;
}

// Is this group of cards one meld? Wilds fill gaps; tried as a set and as a run.
inline bool naive_is_meld(const Deck& deck, const MeldRules& rules, const std::vector<NaiveCard>& g) {
  int n = static_cast<int>(g.size());
  std::vector<NaiveCard> nat;
  for (auto& c : g)
    if (!c.wild) nat.push_back(c);
  int cap = rules.run_max > 0 ? std::min(rules.run_max, deck.rank_count()) : deck.rank_count();
  bool set_size = n >= rules.set_min && n <= rules.set_max && n <= deck.suit_count();
  bool run_size = n >= rules.run_min && n <= cap;
  bool all_rank = true, all_suit = true;
  for (auto& c : nat) {
    all_rank = all_rank && c.rank == nat[0].rank;
    all_suit = all_suit && c.suit == nat[0].suit;
  }
  if (set_size && all_rank) return true;
  if (run_size && all_suit) {
    // Try every window of n ranks; naturals must sit on distinct ranks inside it.
    for (int lo = 0; lo + n <= deck.rank_count(); ++lo) {
      std::vector<int> ranks;
      bool inside = true;
      for (auto& c : nat) {
        inside = inside && c.rank >= lo && c.rank < lo + n;
        ranks.push_back(c.rank);
      }
      std::sort(ranks.begin(), ranks.end());
      if (inside && std::adjacent_find(ranks.begin(), ranks.end()) == ranks.end()) return true;
    }
  }
  return false;
}

// Tries every group that holds the first remaining card, then recurses on the rest.
inline bool naive_partition(const Deck& deck, const MeldRules& rules, std::vector<NaiveCard> cards) {
  if (cards.empty()) return true;
  NaiveCard first = cards[0];
  // Only cards that share the first card's rank or suit, or are wild, can join its meld.
  std::vector<NaiveCard> rest, others;
  for (std::size_t i = 1; i < cards.size(); ++i) {
    const NaiveCard& c = cards[i];
    bool related = c.wild || first.wild || c.rank == first.rank || c.suit == first.suit;
    (related ? rest : others).push_back(c);
  }
  int m = static_cast<int>(rest.size());
  int biggest = std::max(rules.set_max, rules.run_max > 0 ? rules.run_max : 64);
  for (long mask = 0; mask < (1L << m); ++mask) {
    if (__builtin_popcountl(mask) + 1 > biggest) continue;
    std::vector<NaiveCard> group{first}, left = others;
    for (int i = 0; i < m; ++i) ((mask >> i) & 1 ? group : left).push_back(rest[i]);
    if (naive_is_meld(deck, rules, group) && naive_partition(deck, rules, left)) return true;
  }
  return false;
}

// Random card sets: half uniform, half built from random melds plus noise, so that both
// answers are common.
inline CardSet random_set(const MeldIndex& index, std::mt19937_64& rng, int size) {
  const Deck& deck = index.deck();
  CardSet s;
  if (rng() % 2 == 0) {
    const auto& melds = index.natural_melds();
    for (int tries = 0; tries < 20 && s.size() < size; ++tries) {
      CardSet m = melds[rng() % melds.size()];
      if (!s.intersects(m) && s.size() + m.size() <= size) s |= m;
    }
    if (rng() % 2 == 0 && !index.rules().wild.empty()) s |= index.rules().wild;
  }
  while (s.size() < size) s.insert(static_cast<Card>(rng() % deck.size()));
  return s;
}

// Random card sets crowded into a few ranks, where sets and runs compete for the same
// cards (the hard case for the exact cover): most cards from a window of about
// size / suits ranks, a few anywhere, and sometimes the wild cards.
inline CardSet dense_set(const MeldIndex& index, std::mt19937_64& rng, int size) {
  const Deck& deck = index.deck();
  const int ranks = deck.rank_count(), suits = deck.suit_count();
  size = std::min(size, deck.size());
  CardSet s;
  if (rng() % 2 == 0) s |= index.rules().wild;
  const int window = std::min(ranks, std::max(1, size / suits + static_cast<int>(rng() % 3)));
  const int lo = static_cast<int>(rng() % static_cast<unsigned>(ranks - window + 1));
  for (int tries = 0; s.size() < size && tries < 1000; ++tries) {
    const bool anywhere = s.size() >= size - 2;
    const int rank = anywhere ? static_cast<int>(rng() % static_cast<unsigned>(ranks))
                              : lo + static_cast<int>(rng() % static_cast<unsigned>(window));
    s.insert(deck.card(static_cast<int>(rng() % static_cast<unsigned>(suits)), rank));
  }
  while (s.size() < size) s.insert(static_cast<Card>(rng() % static_cast<unsigned>(deck.size())));
  return s;
}

// A custom deck of `ranks` x `suits` cards: ranks r0, r1, ..., suits a, b, c, d.
inline Deck custom_deck(int ranks, int suits) {
  std::vector<std::string> r, s;
  for (int i = 0; i < ranks; ++i) r.push_back("r" + std::to_string(i));
  for (int i = 0; i < suits; ++i) s.push_back(std::string(1, static_cast<char>('a' + i)));
  return *Deck::custom(r, s, nullptr);
}

}  // namespace conquian::testing
