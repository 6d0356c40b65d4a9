#include "replay/pan_moves.h"

#include <fmt/format.h>

#include "pan/melds.h"
#include "pan/partition.h"

namespace conquian {
namespace {

struct PanResolver {
  const Deck& deck;
  Verdict fault;
  record::Mark fault_mark;

  Card card(const record::Token& t) {
    if (!fault.ok()) return kNoCard;
    auto c = deck.parse(t.text);
    if (!c) {
      fault = Verdict::bad(Code::UnknownCard, deck.not_a_card(t.text));
      fault_mark = t.mark;
      return kNoCard;
    }
    return *c;
  }

  CardCounts cards(const record::TokenList& list) {
    CardCounts out;
    for (const auto& t : list) {
      const Card c = card(t);
      if (!fault.ok()) return out;
      if (out.count(c) == CardCounts::kMaxCopies) {
        fault = Verdict::bad(Code::DuplicateCard, fmt::format("{} stands more often than any pack holds it", t.text));
        fault_mark = t.mark;
        return out;
      }
      out.add(c);
    }
    return out;
  }
};

std::string toks(const Ruleset& r, const CardCounts& c) { return pan::tokens(r.deck, c); }

// The grouping paying the most of `cards`, as a table; a fault when there is none.
Verdict group_table(const Ruleset& r, int seat, const CardCounts& cards, pan::Table& out) {
  if (cards.size() > pan::kMaxTableCards)
    return Verdict::bad(Code::TableMismatch,
                        fmt::format("seat {}'s table would hold {} cards; no table holds more than "
                                    "{}",
                                    seat, cards.size(), pan::kMaxTableCards));
  auto best = pan::best_grouping(r, cards);
  if (!best || !pan::to_table(*best, out))
    return Verdict::bad(Code::IllegalMeld,
                        fmt::format("seat {}'s table {} cannot be split into legal melds", seat, toks(r, cards)));
  return {};
}

}  // namespace

PanMoveOrFault to_move(const pan::Position& pos, const record::RecordMove& rm) {
  const Ruleset& rules = *pos.rules;
  PanResolver r{rules.deck, {}, {}};
  pan::Move m;
  m.seat = static_cast<std::uint8_t>(std::min(rm.seat, 0xFE));
  using K = record::MoveKind;
  auto not_pan = [&](const char* what) {
    return PanMoveOrFault{m, Verdict::bad(Code::NotAllowed, fmt::format("panguingue has no {}", what))};
  };
  switch (rm.kind) {
    case K::Play: m.kind = pan::MoveKind::Play; return {m, {}};
    case K::Drop: m.kind = pan::MoveKind::Drop; return {m, {}};
    case K::Turn: m.kind = pan::MoveKind::Turn; break;
    case K::Take: m.kind = pan::MoveKind::Take; break;
    case K::Pass: m.kind = pan::MoveKind::Pass; break;
    case K::Force:
      m.kind = pan::MoveKind::Force;
      m.other = static_cast<std::uint8_t>(std::min(rm.force_seat, 0xFE));
      return {m, {}};
    case K::Forfeit:
      m.kind = pan::MoveKind::Forfeit;
      m.reason = rm.forfeit_reason;
      return {m, {}};
    case K::Swap: return not_pan("swap");
    case K::Throw: return not_pan("throw (nor the hit that calls for one)");
    case K::Lay: return not_pan("lay without a take: a card reaches the table only with a take");
  }
  m.card = r.card(rm.card);
  if (!r.fault.ok() || m.kind != pan::MoveKind::Take) return {m, r.fault};
  if (rm.onto >= 0) return not_pan("'onto': a discard never goes onto another seat's table");
  if (rm.discard) m.discard = r.card(*rm.discard);
  m.collect = rm.collect;
  if (!r.fault.ok()) return {m, r.fault};
  const int seat = std::min(rm.seat, pan::kMaxSeats - 1);
  if (rm.has_melds) {
    if (rm.melds.size() > static_cast<std::size_t>(pan::kMaxMelds))
      return {m, Verdict::bad(Code::IllegalMeld,
                              fmt::format("{} melds are more than any table can hold", rm.melds.size()))};
    int total = 0;
    for (const auto& list : rm.melds) total += static_cast<int>(list.size());
    if (total > pan::kMaxTableCards)
      return {m, Verdict::bad(Code::TableMismatch, fmt::format("the stated table holds {} cards; no table holds more "
                                                               "than {}",
                                                               total, pan::kMaxTableCards))};
    for (const auto& list : rm.melds) {
      const CardCounts meld = r.cards(list);
      if (!r.fault.ok()) return {m, r.fault};
      if (meld.empty()) return {m, Verdict::bad(Code::IllegalMeld, "an empty meld is not a meld")};
      pan::Meld out;
      meld.for_each([&](Card c, int n) {
        for (int i = 0; i < n; ++i) out.add(c);
      });
      m.table.add(out);
    }
    return {m, {}};
  }
  // `lay` (or nothing laid): the table is the old one, the taken card and the laid cards,
  // grouped to pay the most.
  const CardCounts laid = r.cards(rm.lay);
  if (!r.fault.ok()) return {m, r.fault};
  if (seat < pos.seats() && !pos.hand[seat].contains(laid))
    return {m, Verdict::bad(Code::NotInHand,
                            fmt::format("seat {} laid {}, not all in its hand", rm.seat, toks(rules, laid)))};
  CardCounts after = seat < pos.seats() ? pos.table[seat].counts() : CardCounts{};
  after += laid;
  if (m.card != kNoCard) after.add(m.card);
  const Verdict grouped = group_table(rules, rm.seat, after, m.table);
  return {m, grouped};
}

PanDealOrFault start_pan_from_record(const record::GameRecord& rec, const Ruleset& rules) {
  PanResolver r{rules.deck, {}, rec.mark};
  PanDealOrFault out;
  auto fail = [&](Code c, std::string why, record::Mark at) {
    out.fault = Verdict::bad(c, std::move(why));
    out.mark = at.line ? at : rec.mark;
    return out;
  };
  auto first_of = [](const record::TokenList& list) { return list.empty() ? record::Mark{} : list.front().mark; };
  const int seats = static_cast<int>(rec.hands.size());
  const record::Mark deal_mark = rec.hands.empty() ? rec.mark : first_of(rec.hands[0]);
  if (seats < rules.seats_min || seats > rules.seats)
    return fail(Code::BadDeal,
                fmt::format("the deal has {} hands, but ruleset {} seats {} to {}", seats, rules.name, rules.seats_min,
                            rules.seats),
                deal_mark);
  const CardCounts pack = pan::pack(rules);
  CardCounts all;
  std::array<CardCounts, pan::kMaxSeats> hands{};
  // Every token resolved, and no card more often than the pack holds it.
  auto add = [&](const record::TokenList& list, CardCounts* into) {
    for (const auto& t : list) {
      const Card c = r.card(t);
      if (!r.fault.ok()) return false;
      if (all.count(c) >= pack.count(c)) {
        r.fault = Verdict::bad(Code::DuplicateCard,
                               pack.count(c) == 0
                                   ? fmt::format("{} is dealt, but the pack holds none ({} of its spades stripped)",
                                                 t.text, rules.pan.strip_spades)
                                   : fmt::format("{} is dealt {} times, but the pack holds it {} times", t.text,
                                                 all.count(c) + 1, pack.count(c)));
        r.fault_mark = t.mark;
        return false;
      }
      all.add(c);
      if (into) into->add(c);
    }
    return true;
  };
  for (int s = 0; s < seats; ++s) {
    if (static_cast<int>(rec.hands[s].size()) != rules.hand)
      return fail(Code::BadDeal,
                  fmt::format("seat {} was dealt {} cards; ruleset {} deals {}", s, rec.hands[s].size(), rules.name,
                              rules.hand),
                  first_of(rec.hands[s]));
    if (!add(rec.hands[s], &hands[s])) return fail(r.fault.code, r.fault.message, r.fault_mark);
  }
  std::vector<Card> stock;
  if (rec.has_stock) {
    if (!add(rec.stock, nullptr)) return fail(r.fault.code, r.fault.message, r.fault_mark);
    for (const auto& t : rec.stock) stock.push_back(*rules.deck.parse(t.text));
    if (!(all == pack)) {
      CardCounts missing = pack - all;
      std::string first;
      missing.for_each([&](Card c, int n) {
        if (first.empty())
          first = fmt::format("{} stands {} times, the pack {} times", rules.deck.token(c), pack.count(c) - n,
                              pack.count(c));
      });
      return fail(Code::BadDeal,
                  fmt::format("the deal is not the pack: {} of its {} cards {} missing ({})", missing.size(),
                              rules.pack_size(), missing.size() == 1 ? "is" : "are", first),
                  first_of(rec.stock));
    }
  }
  if (rec.dealer < 0 || rec.dealer >= seats)
    return fail(Code::BadDeal, fmt::format("there is no seat {} to deal", rec.dealer), record::Mark{});
  out.position = pan::start(rules, std::span<const CardCounts>(hands.data(), seats), rec.dealer, stock, rec.has_stock);
  return out;
}

void to_record_deal(const Ruleset& rules, int seats, std::span<const Card> order, int dealer, record::GameRecord& rec) {
  const pan::Position p = pan::deal(rules, seats, order, dealer);
  auto token = [&](Card c) { return record::Token{record::TokenText(rules.deck.token(c)), {}}; };
  rec.dealer = dealer;
  rec.hands.assign(static_cast<std::size_t>(seats), {});
  for (int s = 0; s < seats; ++s)
    p.hand[s].for_each([&](Card c, int n) {
      for (int i = 0; i < n; ++i) rec.hands[s].push_back(token(c));
    });
  rec.has_stock = true;
  rec.stock.clear();
  for (int i = p.stock_top; i < p.stock_end; ++i) rec.stock.push_back(token(p.stock[i]));
}

std::optional<record::RecordMove> to_record_move(const pan::Position& pos, const pan::Move& m) {
  const Deck& deck = pos.rules->deck;
  auto token = [&](Card c) { return record::Token{record::TokenText(deck.token(c)), {}}; };
  record::RecordMove rm;
  rm.seat = m.seat;
  switch (m.kind) {
    case pan::MoveKind::Waive: return std::nullopt;
    case pan::MoveKind::Play: rm.kind = record::MoveKind::Play; return rm;
    case pan::MoveKind::Drop: rm.kind = record::MoveKind::Drop; return rm;
    case pan::MoveKind::Force:
      rm.kind = record::MoveKind::Force;
      rm.force_seat = m.other;
      return rm;
    case pan::MoveKind::Forfeit:
      rm.kind = record::MoveKind::Forfeit;
      rm.forfeit_reason = m.reason;
      return rm;
    case pan::MoveKind::Turn: rm.kind = record::MoveKind::Turn; break;
    case pan::MoveKind::Pass: rm.kind = record::MoveKind::Pass; break;
    case pan::MoveKind::Take: rm.kind = record::MoveKind::Take; break;
  }
  rm.card = token(m.card);
  if (m.kind != pan::MoveKind::Take) return rm;
  rm.has_melds = true;
  for (int i = 0; i < m.table.count; ++i) {
    record::TokenList list;
    for (int k = 0; k < m.table.melds[i].size; ++k) list.push_back(token(m.table.melds[i].cards[k]));
    rm.melds.push_back(std::move(list));
  }
  if (m.discard != kNoCard) rm.discard = token(m.discard);
  // The figure the move states (a record's), else the engine's. A refused move is written
  // too, to name it in its verdict, and its seat may be no seat of the deal (a record's
  // `seat: 40`): then there is no figure to work out, and none is written.
  if (m.collect >= 0) rm.collect = m.collect;
  else if (m.seat < pos.seats()) rm.collect = pan::take_collect(pos, m.seat, m.table);
  return rm;
}

void put_settlement(const pan::Position& pos, record::RecordResult& result) {
  result.has_chips = true;
  result.chips.assign(pos.chips.begin(), pos.chips.begin() + pos.seats());
  result.has_pot = true;
  result.pot = pos.pot;
}

}  // namespace conquian
