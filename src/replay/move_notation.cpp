#include "replay/move_notation.h"

#include "pan/chip_log.h"
#include "pan/melds.h"

#include <fmt/format.h>

#include <set>
#include <string_view>

#include "replay/pan_moves.h"
#include "replay/record_moves.h"

namespace conquian {
namespace {

// The French suits' symbols by the deck's letters; other decks have no symbols of their own.
std::string_view suit_symbol(const Deck& deck, std::string_view letter) {
  if (deck.name().rfind("french", 0) != 0) return {};
  if (letter == "c") return "\u2663";
  if (letter == "d") return "\u2666";
  if (letter == "h") return "\u2665";
  if (letter == "s") return "\u2660";
  return {};
}

std::string cards_words(const Deck& deck, const record::TokenList& cards, SuitStyle style) {
  std::string out;
  for (const record::Token& t : cards) {
    if (!out.empty()) out += ' ';
    out += card_words(deck, t.text, style);
  }
  return out;
}

// A meld is new when it holds a card the seat's table did not hold before the move (`before`:
// those cards' tokens; with `only` set, only a meld holding that card counts as new).
bool new_meld(const record::TokenList& meld, const std::set<std::string>& before, const std::string& only) {
  for (const record::Token& t : meld)
    if (only.empty() ? !before.count(t.text.str()) : t.text == only) return true;
  return false;
}

// The words of a record move: `before_table` the tokens on the mover's table before it (for a
// take or lay, which melds are new), `taken_only` set when that table is not known card by card.
std::string notation(const Deck& deck, const record::RecordMove& m, const std::set<std::string>& before_table,
                     bool taken_only, SuitStyle style) {
  const std::string seat = fmt::format("seat {}", m.seat);
  const std::string card = card_words(deck, m.card.text, style);
  using K = record::MoveKind;
  auto laid = [&] {
    if (m.has_lay) return cards_words(deck, m.lay, style);
    std::string out;
    for (const record::TokenList& meld : m.melds) {
      if (!new_meld(meld, before_table, taken_only ? m.card.text.str() : std::string())) continue;
      if (!out.empty()) out += " and ";
      out += cards_words(deck, meld, style);
    }
    return out;
  };
  switch (m.kind) {
    case K::Swap: return fmt::format("{} swaps {}", seat, card);
    case K::Turn: return fmt::format("{} turns {}", seat, card);
    case K::Pass: return fmt::format("{} passes {}", seat, card);
    case K::Force: return fmt::format("{} forces seat {}", seat, m.force_seat);
    case K::Throw: return fmt::format("{} throws {}", seat, card);
    case K::Play: return seat + " plays";
    case K::Drop: return seat + " drops";
    case K::Forfeit: return fmt::format("{} forfeits: {}", seat, m.forfeit_reason);
    case K::Lay: return fmt::format("{} lays {}", seat, laid());
    case K::Take: {
      std::string out = seat + " takes " + card;
      if (m.onto >= 0) out += fmt::format(" onto seat {}'s table", m.onto);
      if (std::string l = laid(); !l.empty()) out += ": " + l;
      if (m.discard) out += ", throws " + card_words(deck, m.discard->text, style);
      else out += ", going out";
      if (m.collect > 0) out += fmt::format(", collects {}", m.collect);
      return out;
    }
  }
  return seat;
}

}  // namespace

std::string card_words(const Deck& deck, std::string_view token, SuitStyle style) {
  if (style == SuitStyle::Letters) return std::string(token);
  for (int s = 0; s < deck.suit_count(); ++s) {
    const std::string& label = deck.suit_label(s);
    if (token.size() > label.size() && token.ends_with(label)) {
      const std::string_view symbol = suit_symbol(deck, label);
      if (symbol.empty()) return std::string(token);
      return std::string(token.substr(0, token.size() - label.size())).append(symbol);
    }
  }
  return std::string(token);
}

std::string meld_words(const Deck& deck, const pan::Meld& meld, SuitStyle style) {
  std::string out;
  for (int i = 0; i < meld.size; ++i) out += (i ? " " : "") + card_words(deck, deck.token(meld.cards[i]), style);
  return out;
}

std::string move_words(const Position& before, const Move& move, SuitStyle style) {
  const Deck& deck = before.rules->deck;
  if (move.card == kNoCard && move.kind == MoveKind::Swap) return fmt::format("seat {} swaps a card", move.seat);
  if (move.card == kNoCard && move.kind == MoveKind::Turn) return fmt::format("seat {} turns the next card", move.seat);
  const auto rm = to_record_move(before, move);
  if (!rm)
    return fmt::format("seat {} does not force seat {} to take {}", to_act(before), int(before.actor),
                       card_words(deck, deck.token(before.up), style));
  std::set<std::string> table;
  if (rm->seat >= 0 && rm->seat < before.seats())
    for (Card c : before.table[static_cast<std::size_t>(rm->seat)]) table.insert(deck.token(c));
  return notation(deck, *rm, table, false, style);
}

std::string move_words(const pan::Position& before, const pan::Move& move, SuitStyle style) {
  const Deck& deck = before.rules->deck;
  if (move.card == kNoCard && move.kind == pan::MoveKind::Turn)
    return fmt::format("seat {} turns the next card", move.seat);
  const auto rm = to_record_move(before, move);
  if (!rm)
    return fmt::format("seat {} does not force seat {} to take {}", pan::to_act(before), int(before.actor),
                       card_words(deck, deck.token(before.up), style));
  // A take by a seat the deal does not have (a refused record move, as `show` names the next
  // one) has no table to compare with and no figure: the record move's own words.
  if (move.kind != pan::MoveKind::Take || move.seat >= before.seats()) return notation(deck, *rm, {}, true, style);
  // A take names every meld it laid or changed on its table (a Pan table holds the same card
  // more than once, so melds are compared whole), then each meld its collection came from with
  // what it pays: the chips of "collects 3" are accounted for on the line.
  const pan::Table& was = before.table[move.seat];
  std::string out = fmt::format("seat {} takes {}", move.seat, card_words(deck, deck.token(move.card), style));
  const std::vector<pan::Meld> fresh = pan::new_melds(was, move.table);
  for (std::size_t i = 0; i < fresh.size(); ++i) out += (i ? " and " : ": ") + meld_words(deck, fresh[i], style);
  if (move.discard != kNoCard) out += ", throws " + card_words(deck, deck.token(move.discard), style);
  else out += ", going out";
  const std::int64_t collect = pan::take_collect(before, move.seat, move.table);
  if (collect > 0) {
    std::string paid;
    std::int64_t sum = 0;
    for (const pan::Meld& m : pan::paying_melds(*before.rules, was, move.table)) {
      const std::int64_t v = pan::condition_value(*before.rules, m.counts());
      paid += fmt::format("{}{} pays {}", paid.empty() ? "" : ", ", meld_words(deck, m, style), v);
      sum += v;
    }
    // A condition broken and formed again pays only once: the rise above the table's highest.
    if (sum > collect) paid += fmt::format("; {} collected before", sum - collect);
    out += fmt::format(", collects {} ({})", collect, paid);
  }
  return out;
}

}  // namespace conquian
