#include "replay/view_setup.h"

#include <fmt/format.h>

#include "record/yaml_fields.h"
#include "replay/position_setup.h"

namespace conquian {
namespace {

CardSet parsed(const Deck& deck, const record::TokenList& tokens) {
  CardSet s;
  for (const auto& t : tokens)
    if (auto c = deck.parse(t.text)) s.insert(*c);
  return s;
}

// Every card the file names (tokens that are no card are left to position_from_file).
CardSet named_cards(const record::PositionFile& pf, const Deck& deck) {
  CardSet s = parsed(deck, pf.dead) | parsed(deck, pf.stock);
  for (const auto& seat : pf.seats) {
    s |= parsed(deck, seat.hand);
    for (const auto& meld : seat.table) s |= parsed(deck, meld);
  }
  if (pf.has_face_up) s |= parsed(deck, {pf.face_up});
  return s;
}

}  // namespace

SeatView view_from_file(const record::PositionFile& pf, const Ruleset& rules) {
  const int view = pf.view;
  if (view < 0) position_file_fault(pf, pf.mark, "the position names no seat's view (key 'view')");
  if (view >= rules.seats)
    position_file_fault(pf, pf.view_mark,
                        fmt::format("key 'view': there is no seat {} in a {}-seat game (seats are 0 to {})", view,
                                    rules.seats, rules.seats - 1));
  if (static_cast<int>(pf.seats.size()) != rules.seats)
    position_file_fault(pf, pf.seats_mark,
                        fmt::format("key 'seats': {} seats are listed, but ruleset {} has {}", pf.seats.size(),
                                    rules.name, rules.seats));
  if (pf.stock_known)
    position_file_fault(pf, pf.stock_mark,
                        fmt::format("key 'stock': seat {} cannot know the stock's order: write 'stock: unknown' "
                                    "(the stock is the unseen cards not in a hidden hand)",
                                    view));
  const Deck& deck = rules.deck;
  CardSet free = deck.all() - named_cards(pf, deck);  // cards for the hidden hands, for the checks below
  record::PositionFile filled = pf;
  filled.view = -1;
  std::array<CardSet, kMaxSeats> known{};
  for (int s = 0; s < rules.seats; ++s) {
    record::PositionSeat& seat = filled.seats[static_cast<std::size_t>(s)];
    if (s == view) {
      if (seat.hidden)
        position_file_fault(pf, seat.hand_mark,
                            fmt::format("seats[{}].hand: seat {} sees its own hand: list its cards", s, view));
      continue;
    }
    if (!seat.hidden)
      position_file_fault(pf, seat.hand_mark,
                          fmt::format("seats[{}].hand: with 'view: {}', seat {}'s hand is hidden from seat {}: "
                                      "write it as {{count: N}} (N cards in all), adding known: [...] for cards "
                                      "seat {} knows are there (such as the card it passed in the swap)",
                                      s, view, s, view, view));
    const int k = static_cast<int>(seat.hand.size());
    if (k > seat.count)
      position_file_fault(pf, seat.hand_mark,
                          fmt::format("seats[{}].hand: count {} but {} known cards", s, seat.count, k));
    if (seat.count - k > free.size())
      position_file_fault(pf, seat.hand_mark,
                          fmt::format("seats[{}].hand: {} hidden cards, but only {} unseen cards are left for it "
                                      "(cards not in seat {}'s hand, on a table, dead, face up or known in a "
                                      "hidden hand)",
                                      s, seat.count - k, free.size(), view));
    known[s] = parsed(deck, seat.hand);
    // Stand-in cards, so that the position's checks (hand sizes, whose decision) can run.
    for (int i = k; i < seat.count; ++i) {
      Card c = free.pop_lowest();
      seat.hand.push_back(record::Token{record::TokenText(deck.token(c)), seat.hand_mark});
    }
    seat.hidden = false;
  }
  Position full = position_from_file(filled, rules);
  SeatView v;
  v.seat = view;
  v.pos = full;
  for (int s = 0; s < rules.seats; ++s) {
    v.hand_count[s] = full.hand[s].size();
    if (s != view) v.pos.hand[s] = known[s];
  }
  if (std::string why = why_impossible(v); !why.empty()) position_file_fault(pf, pf.view_mark, "key 'view': " + why);
  return v;
}

}  // namespace conquian
