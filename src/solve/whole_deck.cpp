#include "solve/whole_deck.h"

#include <algorithm>
#include <array>
#include <chrono>
#include <numeric>
#include <unordered_map>
#include <vector>

namespace conquian::solve {
namespace {

double choose(int n, int k) {
  double r = 1;
  for (int i = 0; i < k; ++i) r = r * (n - i) / (i + 1);
  return r;
}

// Every subset of `from` with `k` cards.
void for_each_hand(CardSet from, int k, const std::function<void(CardSet)>& f) {
  std::vector<Card> cards;
  for (Card c : from) cards.push_back(c);
  std::vector<int> idx(static_cast<std::size_t>(k));
  std::iota(idx.begin(), idx.end(), 0);
  const int n = static_cast<int>(cards.size());
  if (k > n) return;
  for (;;) {
    CardSet s;
    for (int i : idx) s.insert(cards[static_cast<std::size_t>(i)]);
    f(s);
    int i = k - 1;
    while (i >= 0 && idx[static_cast<std::size_t>(i)] == n - k + i) --i;
    if (i < 0) return;
    ++idx[static_cast<std::size_t>(i)];
    for (int j = i + 1; j < k; ++j) idx[static_cast<std::size_t>(j)] = idx[static_cast<std::size_t>(j - 1)] + 1;
  }
}

// The card maps that keep melds melds: every renaming of the suits, with or without
// reversing the ranks (only without wild cards, which are particular cards).
std::vector<std::array<Card, kMaxCards>> symmetries(const Ruleset& rules) {
  const Deck& d = rules.deck;
  std::vector<std::array<Card, kMaxCards>> out;
  std::vector<int> perm(static_cast<std::size_t>(d.suit_count()));
  std::iota(perm.begin(), perm.end(), 0);
  const bool symmetric = rules.melds.wild.empty();
  do {
    for (int reverse = 0; reverse < 2; ++reverse) {
      std::array<Card, kMaxCards> map{};
      for (Card c = 0; c < d.size(); ++c) {
        int rank = d.rank_of(c), suit = d.suit_of(c);
        if (reverse) rank = d.rank_count() - 1 - rank;
        map[c] = d.card(perm[static_cast<std::size_t>(suit)], rank);
      }
      out.push_back(map);
      if (!symmetric) return out;
    }
  } while (std::next_permutation(perm.begin(), perm.end()));
  return out;
}

CardSet mapped(CardSet s, const std::array<Card, kMaxCards>& map) {
  CardSet out;
  for (Card c : s) out.insert(map[c]);
  return out;
}

struct PairHash {
  std::size_t operator()(const std::pair<std::uint64_t, std::uint64_t>& p) const {
    return std::hash<std::uint64_t>{}(p.first * 0x9e3779b97f4a7c15ULL ^ p.second);
  }
};

}  // namespace

std::string why_not_whole_deck(const Ruleset& rules, std::uint64_t max_deals) {
  if (rules.seats != 2)
    return "the whole-deck solve handles two seats only (a deal of " + std::to_string(rules.seats) +
           " seats has no single minimax value)";
  if (rules.swap) return "the whole-deck solve does not handle the swap (a simultaneous hidden choice)";
  double deals = choose(rules.deck.size(), rules.hand) * choose(rules.deck.size() - rules.hand, rules.hand);
  if (deals > static_cast<double>(max_deals))
    return "ruleset " + rules.name + " has about " + std::to_string(static_cast<std::uint64_t>(deals)) +
           " deals, more than " + std::to_string(max_deals) + "; the whole-deck solve is for small decks (like tiny)";
  return "";
}

WholeDeckResult solve_whole_deck(const Ruleset& rules, const Options& options, int dealer,
                                 const std::function<void(std::uint64_t, std::uint64_t)>& progress) {
  auto t0 = std::chrono::steady_clock::now();
  WholeDeckResult r;
  ChanceSolver solver(options);
  const auto maps = symmetries(rules);
  std::unordered_map<std::pair<std::uint64_t, std::uint64_t>, ExactChances, PairHash> solved;
  const std::uint64_t total = static_cast<std::uint64_t>(
      choose(rules.deck.size(), rules.hand) * choose(rules.deck.size() - rules.hand, rules.hand) + 0.5);
  ExactChances sum;  // every deal has as many unseen cards: the numerators add up
  sum.split = true;
  sum.denominator = 0;
  bool ok = true;
  for_each_hand(rules.deck.all(), rules.hand, [&](CardSet h0) {
    if (!ok) return;
    for_each_hand(rules.deck.all() - h0, rules.hand, [&](CardSet h1) {
      if (!ok) return;
      std::pair<std::uint64_t, std::uint64_t> canon{h0.bits(), h1.bits()};
      for (const auto& map : maps)
        canon =
            std::min(canon, std::pair<std::uint64_t, std::uint64_t>{mapped(h0, map).bits(), mapped(h1, map).bits()});
      auto it = solved.find(canon);
      if (it == solved.end()) {
        std::array<CardSet, 2> hands{CardSet(canon.first), CardSet(canon.second)};
        Position p = start(rules, hands, dealer, {}, false);
        solver.reset_nodes();
        try {
          ExactChances c = solver.exact_value(p);
          r.nodes += solver.nodes();
          it = solved.emplace(canon, c).first;
        } catch (const BudgetExceeded&) {
          r.nodes += solver.nodes();
          ok = false;
          return;
        }
      }
      const ExactChances& c = it->second;
      sum.win0 += c.win0, sum.draw += c.draw, sum.win1 += c.win1, sum.expected += c.expected;
      sum.denominator += c.denominator;
      ++r.deals;
      if (progress && r.deals % 4096 == 0) progress(r.deals, total);
    });
  });
  if (progress) progress(r.deals, total);
  r.solved = ok;
  r.distinct = solved.size();
  if (r.deals > 0) {
    r.exact = sum;
    r.value = sum.approx();
  }
  Position first = start(rules, std::array<CardSet, 2>{}, dealer, {}, false);
  r.first = to_act(first);
  r.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  return r;
}

}  // namespace conquian::solve
