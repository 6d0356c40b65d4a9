#include "engine/seat_view.h"

#include <fmt/format.h>

#include <vector>

namespace conquian {
namespace {

constexpr std::uint64_t kMax = ~std::uint64_t{0};

std::uint64_t saturating_mul(std::uint64_t a, std::uint64_t b) {
  if (a != 0 && b > kMax / a) return kMax;
  return a * b;
}

// C(n, k) for n <= 64, saturating (C(64, 32) < 2^63, so nothing saturates in fact).
std::uint64_t choose(int n, int k) {
  static const auto table = [] {
    std::array<std::array<std::uint64_t, kMaxCards + 1>, kMaxCards + 1> t{};
    for (int i = 0; i <= kMaxCards; ++i) {
      t[i][0] = 1;
      for (int j = 1; j <= i; ++j) {
        std::uint64_t a = t[i - 1][j - 1], b = j <= i - 1 ? t[i - 1][j] : 0;
        t[i][j] = a > kMax - b ? kMax : a + b;
      }
    }
    return t;
  }();
  if (k < 0 || n < 0 || k > n || n > kMaxCards) return 0;
  return table[n][k];
}

// The i-th card of `cards`, lowest first.
Card nth_card(CardSet cards, std::uint64_t i) {
  for (Card c : cards)
    if (i-- == 0) return c;
  return kNoCard;
}

std::vector<Card> card_list(CardSet s) {
  std::vector<Card> out;
  for (Card c : s) out.push_back(c);
  return out;
}

}  // namespace

SeatView view_of(const Position& full, int seat) {
  SeatView v;
  v.seat = seat;
  v.pos = full;
  const int n = full.seats();
  for (int s = 0; s < n; ++s) {
    v.hand_count[s] = full.hand[s].size();
    if (s != seat) v.pos.hand[s] = CardSet{};
  }
  // The card the seat passed stays in the receiver's hand until it is seen again.
  const Card given = seat >= 0 ? full.passed[seat] : kNoCard;
  const int receiver = (seat + 1) % n;
  if (given != kNoCard && receiver != seat && full.hand[receiver].has(given)) v.pos.hand[receiver].insert(given);
  // Another seat's pass is known only to that seat (and to the receiver, through its hand).
  for (int s = 0; s < n; ++s)
    if (!sees_swap_card(s, seat, n)) v.pos.passed[s] = kNoCard;
  // A card laid face down in the swap: in its passer's hand, and known to its passer alone
  // until every seat has chosen (all choose before any is seen).
  for (int s = 0; s < n; ++s) {
    const Card laid = full.swap_card[s];
    if (s == seat || laid == kNoCard) continue;
    v.pos.swap_card[s] = kNoCard;
    v.swap_unknown[s] = true;
  }
  if (full.stock_known) {
    v.pos.stock_known = false;
    v.pos.stock_end = static_cast<std::uint8_t>(full.stock_left());
    v.pos.stock_top = 0;
    v.pos.stock.fill(0);
  }
  return v;
}

bool sees_swap_card(int mover, int seat, int seats) { return seat == mover || seat == (mover + 1) % seats; }

bool ends_swap(const Position& before, int mover) {
  if (before.phase != Phase::Swap) return false;
  for (int s = 0; s < before.seats(); ++s)
    if (s != mover && before.swap_card[s] == kNoCard) return false;
  return true;
}

Move seen_by(const Position& before, const Move& move, int seat) {
  if (move.kind != MoveKind::Swap || seat == move.seat) return move;
  if (sees_swap_card(move.seat, seat, before.seats()) && ends_swap(before, move.seat)) return move;
  Move hidden = move;
  hidden.card = kNoCard;
  return hidden;
}

std::string why_impossible(const SeatView& v) {
  const Position& p = v.pos;
  const Deck& deck = p.rules->deck;
  // Every card in at most one place.
  CardSet seen = p.dead;
  auto place = [&](CardSet cards, const std::string& where) -> std::string {
    if (CardSet both = seen & cards; !both.empty())
      return fmt::format("{} {} both in {} and elsewhere", deck.tokens(both), both.size() == 1 ? "is" : "are", where);
    seen |= cards;
    return "";
  };
  for (int s = 0; s < p.seats(); ++s) {
    if (auto why = place(p.table[s], fmt::format("seat {}'s table", s)); !why.empty()) return why;
    std::string where = s == v.seat ? fmt::format("seat {}'s hand", s) : fmt::format("seat {}'s hidden hand", s);
    if (auto why = place(p.hand[s], where); !why.empty()) return why;
  }
  if (p.up != kNoCard)
    if (auto why = place(CardSet::of(p.up), "face up"); !why.empty()) return why;
  int hidden = 0;
  for (int s = 0; s < p.seats(); ++s) {
    if (s == v.seat) continue;
    if (v.hidden(s) < 0)
      return fmt::format("seat {} holds {} cards, but {} are known to be in its hand", s, v.hand_count[s],
                         p.hand[s].size());
    hidden += v.hidden(s);
  }
  const int unseen = v.unseen().size();
  if (hidden > unseen)
    return fmt::format("the hidden hands hold {} cards the seat cannot name, but only {} cards are unseen", hidden,
                       unseen);
  if (p.stock_known) return "a seat's view has the stock order unknown";
  if (v.stock_count() != unseen - hidden)
    return fmt::format("the stock holds {} cards, but {} unseen cards are left for it", v.stock_count(),
                       unseen - hidden);
  return "";
}

std::uint64_t world_count(const SeatView& v) {
  int left = v.unseen().size();
  std::uint64_t n = 1;
  for (int s = 0; s < v.pos.seats(); ++s) {
    if (s == v.seat) continue;
    n = saturating_mul(n, choose(left, v.hidden(s)));
    if (v.swap_unknown[s]) n = saturating_mul(n, static_cast<std::uint64_t>(v.hand_count[s]));
    left -= v.hidden(s);
  }
  return n;
}

Position world_at(const SeatView& v, std::uint64_t index) {
  Position w = v.pos;
  std::vector<Card> rest = card_list(v.unseen());
  for (int s = 0; s < w.seats(); ++s) {
    const int k = v.hidden(s);
    if (s == v.seat || k == 0) continue;
    const int n = static_cast<int>(rest.size());
    const std::uint64_t ways = choose(n, k);
    std::uint64_t sub = index % ways;
    index /= ways;
    // Unranks combination `sub` of k out of n (colex order): the largest x with C(x, i) <= sub.
    std::vector<bool> taken(rest.size(), false);
    int x = n;
    for (int i = k; i >= 1; --i) {
      do --x;
      while (choose(x, i) > sub);
      sub -= choose(x, i);
      taken[static_cast<std::size_t>(x)] = true;
      w.hand[s].insert(rest[static_cast<std::size_t>(x)]);
    }
    std::vector<Card> left;
    for (std::size_t j = 0; j < rest.size(); ++j)
      if (!taken[j]) left.push_back(rest[j]);
    rest = std::move(left);
  }
  // Each swap card the seat does not know: card number `index % hand size` of its hand.
  for (int s = 0; s < w.seats(); ++s) {
    if (!v.swap_unknown[s]) continue;
    const auto size = static_cast<std::uint64_t>(v.hand_count[s]);
    w.swap_card[s] = nth_card(w.hand[s], index % size);
    index /= size;
  }
  return w;
}

Position sample_world(const SeatView& v, Rng& rng) {
  Position w = v.pos;
  std::vector<Card> rest = card_list(v.unseen());
  std::size_t next = 0;
  for (int s = 0; s < w.seats(); ++s) {
    if (s == v.seat) continue;
    for (int i = 0; i < v.hidden(s); ++i, ++next) {
      std::size_t j = next + rng.below(rest.size() - next);  // a partial Fisher-Yates shuffle
      std::swap(rest[next], rest[j]);
      w.hand[s].insert(rest[next]);
    }
    if (v.swap_unknown[s]) w.swap_card[s] = nth_card(w.hand[s], rng.below(static_cast<std::uint64_t>(v.hand_count[s])));
  }
  return w;
}

}  // namespace conquian
