#include "replay/position_setup.h"

#include <fmt/format.h>

#include <array>

#include "engine/flow.h"
#include "record/input_error.h"
#include "replay/game_of.h"
#include "replay/replay.h"

namespace conquian {
namespace {

using record::InputError;
using record::Mark;

// Resolves tokens against the deck and remembers where each card was first named, so that a
// card named twice is reported with both places.
class CardBook {
 public:
  CardBook(const record::PositionFile& pf, const Ruleset& rules) : pf_(pf), rules_(rules) {}

  Card card(const record::Token& t, const std::string& where) {
    auto c = rules_.deck.parse(t.text);
    if (!c)
      throw InputError(pf_.file, t.mark,
                       fmt::format("{}: {} (ruleset {})", where, rules_.deck.not_a_card(t.text), rules_.name));
    if (seen_.has(*c))
      throw InputError(pf_.file, t.mark,
                       fmt::format("{}: {} is listed twice (first in {}, line {})", where, t.text, first_where_[*c],
                                   first_line_[*c]));
    seen_.insert(*c);
    first_where_[*c] = where;
    first_line_[*c] = t.mark.line;
    return *c;
  }

  CardSet cards(const record::TokenList& list, const std::string& where) {
    CardSet s;
    for (const auto& t : list) s.insert(card(t, where));
    return s;
  }

  CardSet seen() const { return seen_; }

 private:
  const record::PositionFile& pf_;
  const Ruleset& rules_;
  CardSet seen_;
  std::array<std::string, kMaxCards> first_where_{};
  std::array<std::uint32_t, kMaxCards> first_line_{};
};

[[noreturn]] void fail(const record::PositionFile& pf, Mark mark, const std::string& why) {
  position_file_fault(pf, mark, why);
}

std::string seat_list(const std::vector<int>& seats) {
  std::string s = "[";
  for (std::size_t i = 0; i < seats.size(); ++i) s += (i ? ", " : "") + std::to_string(seats[i]);
  return s + "]";
}

void check_seat(const record::PositionFile& pf, const Ruleset& rules, int seat, Mark mark, const char* key) {
  if (seat >= rules.seats)
    fail(pf, mark,
         fmt::format("key '{}': there is no seat {} in a {}-seat game (seats are 0 to {})", key, seat, rules.seats,
                     rules.seats - 1));
}

// Reads every card list of the file into `p`: hands, tables (each meld legal), stock, dead,
// the face-up card.
void read_cards(const record::PositionFile& pf, const Ruleset& rules, Position& p) {
  CardBook book(pf, rules);
  const MeldIndex& idx = rules.meld_index();
  for (int s = 0; s < rules.seats; ++s) {
    const record::PositionSeat& seat = pf.seats[static_cast<std::size_t>(s)];
    p.hand[s] = book.cards(seat.hand, fmt::format("seats[{}].hand", s));
    MeldList grouping;
    for (const auto& meld_tokens : seat.table) {
      CardSet meld = book.cards(meld_tokens, fmt::format("seats[{}].table", s));
      Mark at = meld_tokens.empty() ? seat.table_mark : meld_tokens.front().mark;
      if (!idx.is_meld(meld))
        fail(pf, at,
             fmt::format("seats[{}].table: [{}] is not a legal meld under ruleset {}", s, rules.deck.tokens(meld),
                         rules.name));
      grouping.push(meld);
      p.table[s] |= meld;
    }
    if (!rules.rearrange) flow::keep_melds(p, s, grouping);
  }
  if (pf.stock_known) {
    int i = 0;
    for (const auto& t : pf.stock) p.stock[static_cast<std::size_t>(i++)] = book.card(t, "stock");
    p.stock_end = static_cast<std::uint8_t>(i);
  }
  p.dead = book.cards(pf.dead, "dead");
  if (pf.has_face_up) p.up = book.card(pf.face_up, "face_up.card");
  if (pf.stock_known) {
    CardSet missing = rules.deck.all() - book.seen();
    if (!missing.empty())
      fail(pf, pf.stock_mark,
           fmt::format("{} {} nowhere: with the stock listed, every card of the deck must appear exactly once "
                       "(in a hand, on a table, in the stock, dead or face up); write 'stock: unknown' to leave "
                       "the stock to the unseen cards",
                       rules.deck.tokens(missing), missing.size() == 1 ? "is" : "are"));
  } else {
    p.stock_end = static_cast<std::uint8_t>((rules.deck.all() - book.seen()).size());
  }
}

// Hand + table of each seat is the hand size: every take is paid for with a discard.
void check_counts(const record::PositionFile& pf, const Ruleset& rules, const Position& p, int& winner) {
  winner = -1;
  for (int s = 0; s < rules.seats; ++s) {
    int hand = p.hand[s].size(), table = p.table[s].size(), total = hand + table;
    Mark at = pf.seats[static_cast<std::size_t>(s)].mark;
    if (table >= rules.target) {
      if (total != rules.hand + 1)
        fail(pf, at,
             fmt::format("seat {} has {} cards on its table, which reaches the target {}, but a seat that "
                         "has just won holds {} cards in all (the hand size plus the card it took), not {}",
                         s, table, rules.target, rules.hand + 1, total));
      if (winner >= 0) fail(pf, at, fmt::format("seats {} and {} both reach the target {}", winner, s, rules.target));
      winner = s;
      continue;
    }
    int expected = rules.hand + (s == pf.hit ? 1 : 0);
    if (total != expected)
      fail(pf, at,
           fmt::format("seat {} holds {} cards in hand and {} on its table, {} in all; ruleset {} keeps "
                       "hand + table at {}{}",
                       s, hand, table, total, rules.name, expected,
                       s == pf.hit ? " for a seat that was hit and has not yet thrown (the hand size plus "
                                     "the card thrown onto its table)"
                                   : " (the hand size: every take is paid for with a discard)"));
  }
}

// The face-up card's history: who turned or threw it, who refused it, who is forced.
void set_offer(const record::PositionFile& pf, const Ruleset& rules, Position& p) {
  check_seat(pf, rules, pf.face_up_origin, pf.face_up_mark, pf.face_up_turned ? "face_up.turned" : "face_up.thrown");
  p.origin = static_cast<std::uint8_t>(pf.face_up_origin);
  p.up_turned = pf.face_up_turned;
  const int k = static_cast<int>(pf.refused.size());
  const int count = flow::offer_count(p);
  if (k > count)
    fail(pf, pf.refused_mark,
         fmt::format("key 'refused': {} seats refused {}, but it is offered to only {}", k, rules.deck.token(p.up),
                     count));
  std::vector<int> order;
  for (int i = 0; i < count; ++i) order.push_back(flow::offer_seat(p, i));
  for (int i = 0; i < k; ++i) {
    check_seat(pf, rules, pf.refused[static_cast<std::size_t>(i)], pf.refused_mark, "refused");
    if (pf.refused[static_cast<std::size_t>(i)] != order[static_cast<std::size_t>(i)])
      fail(pf, pf.refused_mark,
           fmt::format("key 'refused': {} is offered in the order {} (a {} card goes {}), so the seats that refused "
                       "it so far are the first {} of that order, not {}",
                       rules.deck.token(p.up), seat_list(order), pf.face_up_turned ? "turned" : "thrown",
                       pf.face_up_turned ? "first to the seat that turned it, then round the table"
                                         : "round the table, starting after the seat that threw it",
                       k, seat_list(pf.refused)));
  }
  const int last = k > 0 ? pf.refused.back() : -1;
  const bool window = last >= 0 && flow::may_force_on_decline(p, last, p.up);
  if (pf.forced >= 0) {
    int f = pf.forced;
    check_seat(pf, rules, f, pf.forced_mark, "forced");
    if (f == last && window) {  // decline: it refused a card that fits its table
      p.phase = Phase::Forced;
      p.refusals = static_cast<std::uint8_t>(k - 1);
    } else if (k < count && flow::may_force_by_offer(p, order[static_cast<std::size_t>(k)], f)) {
      p.phase = Phase::Forced;  // offer: the seat facing the card forced it on seat f instead
      p.refusals = static_cast<std::uint8_t>(k);
    } else {
      std::string why;
      if (!flow::fits(p, f, p.up))
        why = fmt::format("{} does not fit seat {}'s table without help from its hand", rules.deck.token(p.up), f);
      else if (rules.forcing.decline && !rules.forcing.offer)
        why = fmt::format(
            "under the 'decline' forcing only the seat that refused the card last can be forced, "
            "and the refused seats are {}",
            seat_list(pf.refused));
      else if (!rules.forcing.any() || (!rules.forcing.decline && !rules.forcing.offer))
        why = fmt::format("ruleset {} has no forcing of a face-up card", rules.name);
      else why = "no seat could have forced it there in this order of offers";
      fail(pf, pf.forced_mark,
           fmt::format("key 'forced': seat {} cannot have been forced to take {}: {}", f, rules.deck.token(p.up), why));
    }
    p.actor = static_cast<std::uint8_t>(f);
    return;
  }
  if (pf.waived && !window)
    fail(pf, pf.waived_mark,
         "key 'waived': no force window opened after the last refusal, so none can have closed unforced");
  if (window && !pf.waived) {  // right after the refusal: the next seat may force it (or not)
    p.phase = Phase::ForceWindow;
    p.actor = static_cast<std::uint8_t>(last);
    p.refusals = static_cast<std::uint8_t>(k - 1);
    return;
  }
  if (k == count)
    fail(pf, pf.refused_mark,
         fmt::format("key 'refused': every seat it is offered to refused {}, so it is dead: "
                     "list it under 'dead' and leave 'face_up' out",
                     rules.deck.token(p.up)));
  p.phase = Phase::Offer;
  p.refusals = static_cast<std::uint8_t>(k);
  p.actor = static_cast<std::uint8_t>(order[static_cast<std::size_t>(k)]);
}

void set_phase(const record::PositionFile& pf, const Ruleset& rules, Position& p, int winner) {
  if (winner >= 0) {
    if (pf.has_face_up || pf.hit >= 0 || pf.forced >= 0 || !pf.refused.empty())
      fail(pf, pf.mark,
           fmt::format("seat {} has reached the target, so the deal is over: leave out face_up, "
                       "refused, forced and hit",
                       winner));
    flow::win(p, winner);
    return;
  }
  if (pf.hit >= 0) {
    if (pf.has_face_up || pf.forced >= 0 || !pf.refused.empty())
      fail(pf, pf.hit_mark,
           "key 'hit': a hit seat throws before any card is face up; leave out face_up, refused "
           "and forced");
    if (p.hand[pf.hit].empty())
      fail(pf, pf.hit_mark, fmt::format("key 'hit': seat {} has no card in hand to throw", pf.hit));
    p.phase = Phase::Throw;
    p.actor = static_cast<std::uint8_t>(pf.hit);
    return;
  }
  if (pf.has_face_up) return set_offer(pf, rules, p);
  if (pf.forced >= 0) fail(pf, pf.forced_mark, "key 'forced': no card is face up (face_up is absent)");
  if (!pf.refused.empty()) fail(pf, pf.refused_mark, "key 'refused': no card is face up (face_up is absent)");
  flow::enter_turn(p, pf.to_act);  // an empty stock ends the deal: a draw
}

}  // namespace

void position_file_fault(const record::PositionFile& pf, record::Mark mark, const std::string& why) {
  throw InputError(pf.file, mark.line ? mark : pf.mark, why);
}

Position position_from_file(const record::PositionFile& pf, const Ruleset& rules) {
  if (pf.view >= 0)
    fail(pf, pf.view_mark,
         "key 'view': this command needs every hand known (a seat's view is read by 'conquian solve')");
  for (std::size_t s = 0; s < pf.seats.size(); ++s)
    if (pf.seats[s].hidden)
      fail(pf, pf.seats[s].hand_mark,
           fmt::format("seats[{}].hand: a hidden hand ({{count: N}}) needs 'view: SEAT', the seat "
                       "whose view the position is",
                       s));
  if (static_cast<int>(pf.seats.size()) != rules.seats)
    fail(pf, pf.seats_mark,
         fmt::format("key 'seats': {} seats are listed, but ruleset {} has {}", pf.seats.size(), rules.name,
                     rules.seats));
  check_seat(pf, rules, pf.dealer, pf.dealer_mark, "dealer");
  check_seat(pf, rules, pf.to_act, pf.to_act_mark, "to_act");
  if (pf.hit >= 0) {
    check_seat(pf, rules, pf.hit, pf.hit_mark, "hit");
    if (!rules.forcing.hit)
      fail(pf, pf.hit_mark, fmt::format("key 'hit': ruleset {} has no 'hit' forcing", rules.name));
  }
  Position p;
  p.rules = &rules;
  p.meld_of.fill(kNoMeld);
  p.dealer = static_cast<std::uint8_t>(pf.dealer);
  p.stock_known = pf.stock_known;
  read_cards(pf, rules, p);
  int winner = -1;
  check_counts(pf, rules, p, winner);
  set_phase(pf, rules, p, winner);
  if (!p.result.over() && to_act(p) != pf.to_act) {
    std::string why;
    switch (p.phase) {
      case Phase::Offer:
        why = fmt::format("{} is offered to seat {} next", rules.deck.token(p.up), int(p.actor));
        break;
      case Phase::ForceWindow:
        why = fmt::format("seat {} refused {}, which fits its table, so seat {} decides whether to force it",
                          int(p.actor), rules.deck.token(p.up), to_act(p));
        break;
      case Phase::Forced:
        why = fmt::format("seat {} was forced to take {}", int(p.actor), rules.deck.token(p.up));
        break;
      case Phase::Throw: why = fmt::format("seat {} was hit and must throw", int(p.actor)); break;
      default: why = "the rules say so"; break;
    }
    fail(pf, pf.to_act_mark,
         fmt::format("key 'to_act': it is seat {}'s decision, not seat {}'s: {}", to_act(p), pf.to_act, why));
  }
  return p;
}

namespace {

// The position of game G after the record's first `moves` moves; InputError for a cut past
// the end, a deal that is not legal, or an illegal move before the cut.
template <class G>
typename G::Position cut_after(const record::GameRecord& rec, const Ruleset& rules, std::size_t moves) {
  if (moves > rec.moves.size())
    throw InputError(
        rec.file, rec.mark,
        fmt::format("--after {}: the record {} has only {} moves", moves, rec.display_id(), rec.moves.size()));
  const auto r = replay_game<G>(rec, rules, moves, [](const auto&, const auto&) {});
  if (r.in_deal)
    throw InputError(
        rec.file, rec.mark,
        fmt::format("the deal of {} is not legal: {}: {}", rec.display_id(), code_name(r.fault.code), r.fault.message));
  if (!r.fault.ok())
    throw InputError(rec.file, rec.moves[r.moves].mark,
                     fmt::format("move {} of {} is illegal, so the record cannot be cut after move {}: {}: {}",
                                 r.moves + 1, rec.display_id(), moves, code_name(r.fault.code), r.fault.message));
  return r.position;
}

}  // namespace

Position position_after(const record::GameRecord& rec, const Ruleset& rules, std::size_t moves) {
  if (!game_facts(rules).solved)
    throw InputError(rec.file, rec.mark,
                     fmt::format("ruleset {} plays panguingue, whose deals are not solved: with many seats and "
                                 "hundreds of cards unseen they are past the solvers (specs/panguingue.md)",
                                 rules.name));
  return cut_after<ConquianGame>(rec, rules, moves);
}

pan::Position pan_position_after(const record::GameRecord& rec, const Ruleset& rules, std::size_t moves) {
  return cut_after<PanGame>(rec, rules, moves);
}

Position forget_stock(const Position& pos) {
  Position p = pos;
  if (!p.stock_known) return p;
  int left = p.stock_left();
  p.stock_known = false;
  p.stock_top = 0;
  p.stock_end = static_cast<std::uint8_t>(left);
  p.stock.fill(0);
  return p;
}

}  // namespace conquian
