#include "prove/reachable.h"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <chrono>
#include <vector>

#include "engine/engine.h"
#include "engine/invariants.h"
#include "replay/move_words.h"

namespace conquian::prove {
namespace {

constexpr std::uint64_t kMaxDeals = 20'000'000;
constexpr int kValueBits = 7;  // the longest rest of a deal, + 1 (0: empty slot)
constexpr int kKeyBits = 64 - kValueBits;
constexpr std::uint64_t kOnPath = (1u << kValueBits) - 1;  // being explored: a cycle if met again

int bits_for(int values) {
  int b = 0;
  while ((1 << b) < values) ++b;
  return b;
}

// A state as one number: each card's place, then the phase and the offer's fields (the
// meaningless ones as 0, so that equal states pack equally). Without wild cards the rules
// treat every suit alike (melds are sets of one rank or runs of one suit), so a state and
// the states its suits permuted are the same game: they pack to one number (the least over
// every permutation of the suits), and the search visits each once.
class Packer {
 public:
  explicit Packer(const Ruleset& r)
      : seats_(r.seats),
        place_bits_(bits_for(2 * r.seats + 3)),
        seat_bits_(bits_for(r.seats)),
        count_bits_(bits_for(r.seats + 1)) {
    bits_ = r.deck.size() * place_bits_ + 3 + 3 * seat_bits_ + count_bits_ + 2 + bits_for(r.seats + 1);
    const Deck& d = r.deck;
    std::vector<int> suits(static_cast<std::size_t>(d.suit_count()));
    for (int i = 0; i < d.suit_count(); ++i) suits[static_cast<std::size_t>(i)] = i;
    do {
      std::vector<int> to(static_cast<std::size_t>(d.size()));
      for (int c = 0; c < d.size(); ++c)
        to[static_cast<std::size_t>(c)] =
            d.card(suits[static_cast<std::size_t>(d.suit_of(static_cast<Card>(c)))], d.rank_of(static_cast<Card>(c)));
      relabel_.push_back(std::move(to));
    } while (r.melds.wild.empty() && std::next_permutation(suits.begin(), suits.end()));
  }
  int bits() const { return bits_; }
  // How many relabellings of the suits pack to one number (1 with wild cards).
  int symmetries() const { return static_cast<int>(relabel_.size()); }

  std::uint64_t pack(const Position& p) const {
    int n = p.rules->deck.size();
    std::array<std::uint64_t, kMaxCards> place{};
    for (int c = 0; c < n; ++c) {
      int where = 2 * seats_;  // the stock
      for (int s = 0; s < seats_; ++s) {
        if (p.hand[s].has(static_cast<Card>(c))) where = s;
        if (p.table[s].has(static_cast<Card>(c))) where = seats_ + s;
      }
      if (p.dead.has(static_cast<Card>(c))) where = 2 * seats_ + 1;
      if (p.up == c) where = 2 * seats_ + 2;
      place[static_cast<std::size_t>(c)] = static_cast<std::uint64_t>(where);
    }
    std::uint64_t rest = 0;
    int shift = 0;
    auto put = [&](std::uint64_t v, int width) {
      rest |= v << shift;
      shift += width;
    };
    bool offer = p.phase == Phase::Offer || p.phase == Phase::ForceWindow || p.phase == Phase::Forced;
    put(static_cast<std::uint64_t>(p.phase), 3);
    put(p.phase == Phase::Over ? 0 : p.actor, seat_bits_);
    put(offer ? p.origin : 0, seat_bits_);
    put(p.dealer, seat_bits_);
    put(offer ? p.refusals : 0, count_bits_);
    put(offer && p.up_turned, 1);
    put(p.phase == Phase::Turn && p.opening_upcard, 1);
    put(p.result.kind == Outcome::Kind::Win ? static_cast<std::uint64_t>(p.result.winner + 1) : 0,
        bits_for(seats_ + 1));
    std::uint64_t best = ~std::uint64_t{0};
    for (const auto& to : relabel_) {
      std::uint64_t k = rest;
      for (int c = 0; c < n; ++c)
        k |= place[static_cast<std::size_t>(c)] << (shift + to[static_cast<std::size_t>(c)] * place_bits_);
      best = std::min(best, k);
    }
    return best;
  }

 private:
  int seats_, place_bits_, seat_bits_, count_bits_, bits_ = 0;
  std::vector<std::vector<int>> relabel_;  // per permutation of the suits: card -> its image
};

// Open addressing from packed states to the longest rest of the deal (record moves).
class StateTable {
 public:
  StateTable() : slots_(std::size_t{1} << 20, 0) {}
  std::uint64_t size() const { return used_; }

  // The slot of `key`, inserted empty (value 0) if new; `fresh` tells which.
  std::uint64_t& find(std::uint64_t key, bool& fresh) {
    if ((used_ + 1) * 10 > slots_.size() * 6) grow();
    std::size_t mask = slots_.size() - 1, i = hash(key) & mask;
    for (;; i = (i + 1) & mask) {
      if (slots_[i] == 0) {
        fresh = true;
        ++used_;
        slots_[i] = key | (std::uint64_t{1} << kKeyBits);  // value 1 = "0 moves", replaced later
        return slots_[i];
      }
      if ((slots_[i] & kKeyMask) == key) {
        fresh = false;
        return slots_[i];
      }
    }
  }
  static std::uint64_t value(std::uint64_t slot) { return slot >> kKeyBits; }
  static void set(std::uint64_t& slot, std::uint64_t v) { slot = (slot & kKeyMask) | (v << kKeyBits); }
  bool lookup(std::uint64_t key, std::uint64_t& v) const {
    std::size_t mask = slots_.size() - 1, i = hash(key) & mask;
    for (;; i = (i + 1) & mask) {
      if (slots_[i] == 0) return false;
      if ((slots_[i] & kKeyMask) == key) {
        v = value(slots_[i]);
        return true;
      }
    }
  }

 private:
  static constexpr std::uint64_t kKeyMask = (std::uint64_t{1} << kKeyBits) - 1;
  static std::size_t hash(std::uint64_t k) {
    k ^= k >> 33;
    k *= 0xff51afd7ed558ccdULL;
    k ^= k >> 33;
    return static_cast<std::size_t>(k);
  }
  void grow() {
    std::vector<std::uint64_t> old;
    old.swap(slots_);
    slots_.assign(old.size() * 2, 0);
    std::size_t mask = slots_.size() - 1;
    for (std::uint64_t s : old) {
      if (s == 0) continue;
      std::size_t i = hash(s & kKeyMask) & mask;
      while (slots_[i] != 0) i = (i + 1) & mask;
      slots_[i] = s;
    }
  }
  std::vector<std::uint64_t> slots_;
  std::uint64_t used_ = 0;
};

class Search {
 public:
  Search(const Ruleset& r, ReachableStates& out) : r_(r), packer_(r), out_(out) {}

  // The longest rest of the deal from `p`, in record moves; -1 after a fault.
  int longest_from(const Position& p) {
    bool fresh = false;
    std::uint64_t key = packer_.pack(p);
    std::uint64_t& slot = table_.find(key, fresh);
    if (!fresh) {
      std::uint64_t v = StateTable::value(slot);
      if (v == kOnPath) return fault(p, "a cycle: the state repeats within one deal"), -1;
      return static_cast<int>(v) - 1;
    }
    StateTable::set(slot, kOnPath);
    if (std::string why = check(p); !why.empty()) return fault(p, why), -1;
    int best = 0;
    if (!p.result.over()) {
      ++out_.live;
      std::vector<Move> legal;
      legal_moves(p, legal);
      if (legal.empty()) return fault(p, "a live state without a legal move"), -1;
      for (const Move& m : legal) {
        Position q = p;
        apply(q, m);
        ++out_.moves;
        int rest = longest_from(q);
        if (rest < 0) return -1;
        best = std::max(best, rest + (m.kind == MoveKind::Waive ? 0 : 1));
      }
    }
    if (best + 1 >= static_cast<int>(kOnPath)) return fault(p, "a deal longer than this search can count"), -1;
    bool again = false;
    StateTable::set(table_.find(key, again), static_cast<std::uint64_t>(best + 1));  // the table may have grown
    return best;
  }

  // One longest deal from `p`, as moves in words.
  std::string longest_line(Position p) {
    std::string line;
    std::vector<Move> legal;
    while (!p.result.over()) {
      std::uint64_t here = 0;
      table_.lookup(packer_.pack(p), here);
      legal_moves(p, legal);
      for (const Move& m : legal) {
        Position q = p;
        apply(q, m);
        std::uint64_t there = 0;
        table_.lookup(packer_.pack(q), there);
        if (there + (m.kind == MoveKind::Waive ? 0 : 1) == here) {
          if (m.kind != MoveKind::Waive) line += (line.empty() ? "" : ", ") + move_text(p, m);
          p = q;
          break;
        }
      }
    }
    return line;
  }

  std::uint64_t states() const { return table_.size(); }
  int symmetries() const { return packer_.symmetries(); }

 private:
  std::string check(const Position& p) {
    for (const std::string& why : {card_places_fault(p), tables_fault(p), hand_table_fault(p, true)})
      if (!why.empty()) return why;
    return {};
  }
  void fault(const Position& p, const std::string& why) {
    if (out_.fault.empty()) out_.fault = fmt::format("{} after {} plies of a deal", why, p.plies);
  }

  const Ruleset& r_;
  Packer packer_;
  StateTable table_;
  ReachableStates& out_;
};

std::uint64_t choose(int n, int k) {
  if (k < 0 || k > n) return 0;
  std::uint64_t c = 1;
  for (int i = 1; i <= k; ++i) {
    c = c * static_cast<std::uint64_t>(n - k + i) / static_cast<std::uint64_t>(i);
    if (c > kMaxDeals * 100) return c;
  }
  return c;
}

std::uint64_t deal_count(const Ruleset& r) {
  std::uint64_t deals = static_cast<std::uint64_t>(r.seats);
  int left = r.deck.size();
  for (int s = 0; s < r.seats; ++s, left -= r.hand) {
    deals *= choose(left, r.hand);
    if (deals > kMaxDeals) return deals;
  }
  return deals;
}

// Calls f(hands) for every tuple of disjoint hands.
template <class F>
bool for_each_deal(const Ruleset& r, std::vector<CardSet>& hands, int seat, CardSet left, F& f) {
  if (seat == r.seats) return f(hands);
  bool go = true;
  // The subsets of `left` of hand size, each once.
  std::vector<Card> pool;
  for (Card c : left) pool.push_back(c);
  std::function<void(int, int, CardSet)> pick = [&](int from, int k, CardSet chosen) {
    if (!go) return;
    if (k == r.hand) {
      hands[static_cast<std::size_t>(seat)] = chosen;
      go = for_each_deal(r, hands, seat + 1, left - chosen, f);
      return;
    }
    for (int i = from; i + (r.hand - k) <= static_cast<int>(pool.size()); ++i) pick(i + 1, k + 1, chosen.with(pool[i]));
  };
  pick(0, 0, CardSet{});
  return go;
}

}  // namespace

std::string why_not_enumerable(const Ruleset& r) {
  if (!r.rearrange) return "without rearrange a state holds its groupings, which this search does not pack";
  if (r.swap) return "the swap is not enumerated";
  if (Packer(r).bits() > kKeyBits)
    return fmt::format("a state of this deck needs {} bits, more than {}", Packer(r).bits(), kKeyBits);
  if (std::uint64_t d = deal_count(r); d > kMaxDeals) return fmt::format("{} deals, more than {}", d, kMaxDeals);
  return {};
}

ReachableStates enumerate_reachable(const Ruleset& r,
                                    const std::function<void(std::uint64_t, std::uint64_t, std::uint64_t)>& progress) {
  auto t0 = std::chrono::steady_clock::now();
  ReachableStates out;
  if (std::string why = why_not_enumerable(r); !why.empty()) {
    out.fault = why;
    return out;
  }
  Search search(r, out);
  std::uint64_t total = deal_count(r);
  std::vector<CardSet> hands(static_cast<std::size_t>(r.seats));
  Position best_start;
  auto visit = [&](const std::vector<CardSet>& hs) {
    for (int dealer = 0; dealer < r.seats; ++dealer) {
      Position p = start(r, hs, dealer, {}, false);
      ++out.deals;
      int rest = search.longest_from(p);
      if (rest < 0) return false;
      if (rest > out.longest) out.longest = rest, best_start = p;
      if (progress && out.deals % 20000 == 0) progress(out.deals, total, search.states());
    }
    return true;
  };
  for_each_deal(r, hands, 0, r.deck.all(), visit);
  out.states = search.states();
  out.symmetries = search.symmetries();
  if (out.fault.empty() && out.longest >= 0) {
    std::string hs;
    for (int s = 0; s < r.seats; ++s)
      hs += fmt::format("{}seat {}: {}", s ? "; " : "", s, r.deck.tokens(best_start.hand[s]));
    out.longest_line = fmt::format("{}; dealer {}: {}", hs, int(best_start.dealer), search.longest_line(best_start));
  }
  out.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  return out;
}

}  // namespace conquian::prove
