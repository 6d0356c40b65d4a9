#include "replay/record_moves.h"

#include <fmt/format.h>

namespace conquian {
namespace {

struct Resolver {
  const Deck& deck;
  Verdict fault;
  record::Mark fault_mark;  // the token at fault: the place is the verdict's, not the message's

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

  CardSet cards(const record::TokenList& list) {
    CardSet s;
    for (const auto& t : list) {
      Card c = card(t);
      if (!fault.ok()) return s;
      if (s.has(c)) {
        fault = Verdict::bad(Code::DuplicateCard, fmt::format("{} is listed twice", t.text));
        fault_mark = t.mark;
        return s;
      }
      s.insert(c);
    }
    return s;
  }
};

// to_move's work: the move written into `m`, its fault returned. `m` is the result's own, so
// that the move (some 300 bytes with its grouping) is not copied on its way out.
Verdict fill_move(const Position& pos, const record::RecordMove& rm, Move& m) {
  Resolver r{pos.rules->deck, {}, {}};
  m.seat = static_cast<std::uint8_t>(rm.seat);
  using K = record::MoveKind;
  switch (rm.kind) {
    case K::Swap: m.kind = MoveKind::Swap; break;
    case K::Turn: m.kind = MoveKind::Turn; break;
    case K::Take: m.kind = MoveKind::Take; break;
    case K::Pass: m.kind = MoveKind::Pass; break;
    case K::Force: m.kind = MoveKind::Force; break;
    case K::Throw: m.kind = MoveKind::Throw; break;
    case K::Lay: m.kind = MoveKind::Lay; break;
    case K::Play:
    case K::Drop:
      return Verdict::bad(Code::NotAllowed, fmt::format("'{}' is a declaration of Panguingue; conquian has none",
                                                        rm.kind == K::Play ? "play" : "drop"));
    case K::Forfeit:
      return Verdict::bad(Code::NotAllowed,
                          "a conquian deal ends by forfeit in its result ({winner: W, forfeit: {seat, reason}}), "
                          "not by a move");
  }
  if (rm.collect >= 0)
    return Verdict::bad(Code::NotAllowed, "'collect' is Panguingue's condition payment; conquian pays none");
  if (rm.kind == K::Force) {
    m.other = static_cast<std::uint8_t>(std::min(rm.force_seat, 0xFE));
    return {};
  }
  if (rm.kind != K::Lay) m.card = r.card(rm.card);
  if (rm.kind == K::Take || rm.kind == K::Lay) {
    if (rm.discard) m.discard = r.card(*rm.discard);
    if (rm.onto >= 0) m.other = static_cast<std::uint8_t>(std::min(rm.onto, 0xFE));
    if (rm.has_melds) {
      if (rm.melds.size() > m.grouping.melds.size())
        return Verdict::bad(Code::IllegalMeld,
                            fmt::format("{} melds are more than any table can hold", rm.melds.size()));
      for (const auto& list : rm.melds) {
        CardSet meld = r.cards(list);
        if (!r.fault.ok()) return std::move(r.fault);
        if (meld.empty()) return Verdict::bad(Code::IllegalMeld, "an empty meld is not a meld");
        if (m.table.intersects(meld))
          return Verdict::bad(Code::DuplicateCard,
                              fmt::format("{} is listed twice in the melds", pos.rules->deck.tokens(m.table & meld)));
        m.grouping.push(meld);
        m.table |= meld;
      }
    } else {
      CardSet laid = r.cards(rm.lay);
      if (!r.fault.ok()) return std::move(r.fault);
      CardSet old = pos.table[std::min(rm.seat, kMaxSeats - 1)];
      if (laid.intersects(old))
        return Verdict::bad(Code::NotInHand, fmt::format("seat {} laid {}, which is already on its table", rm.seat,
                                                         pos.rules->deck.tokens(laid & old)));
      if (m.card != kNoCard && laid.has(m.card))
        return Verdict::bad(Code::DuplicateCard,
                            fmt::format("{} is both taken and laid", pos.rules->deck.token(m.card)));
      m.table = old | laid;
      if (m.card != kNoCard) m.table.insert(m.card);
    }
  }
  return std::move(r.fault);
}

}  // namespace

MoveOrFault to_move(const Position& pos, const record::RecordMove& rm) {
  MoveOrFault out;
  out.fault = fill_move(pos, rm, out.move);
  return out;
}

DealOrFault start_from_record(const record::GameRecord& rec, const Ruleset& rules) {
  Resolver r{rules.deck, {}, rec.mark};
  DealOrFault out;
  auto fail = [&](Code c, std::string why, record::Mark at) {
    out.fault = Verdict::bad(c, std::move(why));
    out.mark = at.line ? at : rec.mark;
    return out;
  };
  auto first_of = [](const record::TokenList& list) { return list.empty() ? record::Mark{} : list.front().mark; };
  std::array<CardSet, kMaxSeats> hands{};
  CardSet all;
  // Each token resolved once; `order`, when given, gets the cards in the list's order (the stock's).
  auto add = [&](const record::TokenList& list, CardSet& into, std::vector<Card>* order) {
    for (const auto& t : list) {
      Card c = r.card(t);
      if (!r.fault.ok()) return false;
      if (all.has(c)) {
        r.fault = Verdict::bad(Code::DuplicateCard, fmt::format("{} is dealt twice", t.text));
        r.fault_mark = t.mark;
        return false;
      }
      all.insert(c);
      into.insert(c);
      if (order) order->push_back(c);
    }
    return true;
  };
  if (static_cast<int>(rec.hands.size()) != rules.seats)
    return fail(
        Code::BadDeal,
        fmt::format("the deal has {} hands, but ruleset {} has {} seats", rec.hands.size(), rules.name, rules.seats),
        rec.hands.empty() ? rec.mark : first_of(rec.hands[0]));
  for (int s = 0; s < rules.seats; ++s)
    if (!add(rec.hands[s], hands[s], nullptr)) return fail(r.fault.code, r.fault.message, r.fault_mark);
  CardSet stock_set;
  std::vector<Card> stock;
  if (rec.has_stock) {
    stock.reserve(rec.stock.size());
    if (!add(rec.stock, stock_set, &stock)) return fail(r.fault.code, r.fault.message, r.fault_mark);
  }
  for (int s = 0; s < rules.seats; ++s)
    if (static_cast<int>(rec.hands[s].size()) != rules.hand)
      return fail(Code::BadDeal,
                  fmt::format("seat {} was dealt {} cards; ruleset {} deals {}", s, rec.hands[s].size(), rules.name,
                              rules.hand),
                  first_of(rec.hands[s]));
  if (rec.has_stock && static_cast<int>(rec.stock.size()) != rules.stock_size())
    return fail(Code::BadDeal,
                fmt::format("the stock has {} cards; after the deal {} remain", rec.stock.size(), rules.stock_size()),
                first_of(rec.stock));
  if (rec.dealer < 0 || rec.dealer >= rules.seats)
    return fail(Code::BadDeal, fmt::format("there is no seat {} to deal", rec.dealer), record::Mark{});
  out.position = start(rules, std::span<const CardSet>(hands.data(), rules.seats), rec.dealer, stock, rec.has_stock);
  return out;
}

void to_record_deal(const Ruleset& rules, std::span<const Card> order, int dealer, record::GameRecord& rec) {
  auto token = [&](Card c) { return record::Token{record::TokenText(rules.deck.token(c)), {}}; };
  std::size_t next = 0;
  rec.dealer = dealer;
  rec.hands.clear();
  rec.hands.reserve(static_cast<std::size_t>(rules.seats));
  for (int s = 0; s < rules.seats; ++s) {
    record::TokenList hand;
    hand.reserve(static_cast<std::size_t>(rules.hand));
    for (int k = 0; k < rules.hand; ++k) hand.push_back(token(order[next++]));
    rec.hands.push_back(std::move(hand));
  }
  rec.has_stock = true;
  rec.stock.clear();
  rec.stock.reserve(order.size() - next);
  for (Card c : order.subspan(next)) rec.stock.push_back(token(c));
}

std::optional<record::RecordMove> to_record_move(const Position& pos, const Move& m) {
  const Deck& deck = pos.rules->deck;
  auto token = [&](Card c) { return record::Token{record::TokenText(deck.token(c)), {}}; };
  record::RecordMove rm;
  rm.seat = m.seat;
  switch (m.kind) {
    case MoveKind::Waive: return std::nullopt;
    case MoveKind::Swap: rm.kind = record::MoveKind::Swap; break;
    case MoveKind::Turn: rm.kind = record::MoveKind::Turn; break;
    case MoveKind::Pass: rm.kind = record::MoveKind::Pass; break;
    case MoveKind::Throw: rm.kind = record::MoveKind::Throw; break;
    case MoveKind::Force:
      rm.kind = record::MoveKind::Force;
      rm.force_seat = m.other;
      return rm;
    case MoveKind::Take: rm.kind = record::MoveKind::Take; break;
    case MoveKind::Lay: rm.kind = record::MoveKind::Lay; break;
  }
  if (m.kind != MoveKind::Lay) rm.card = token(m.card);
  if (m.kind == MoveKind::Take || m.kind == MoveKind::Lay) {
    MeldList g = m.grouping;
    if (g.count == 0) pos.rules->meld_index().find_partition(m.table, g);
    rm.has_melds = true;
    for (CardSet meld : g) {
      record::TokenList list;
      for (Card c : meld) list.push_back(token(c));
      rm.melds.push_back(std::move(list));
    }
    if (m.discard != kNoCard) rm.discard = token(m.discard);
    if (m.other != 0xFF) rm.onto = m.other;
  }
  return rm;
}

}  // namespace conquian
