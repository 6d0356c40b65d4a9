// judge(): whether a move is legal now, and if not, the contract's code and a sentence.
#include <fmt/format.h>

#include "engine/engine.h"
#include "engine/flow.h"
#include "engine/takes.h"

namespace conquian {
namespace {

std::string tok(const Position& p, Card c) { return p.rules->deck.token(c); }
std::string toks(const Position& p, CardSet s) { return p.rules->deck.tokens(s); }

const char* phase_words(const Position& p) {
  switch (p.phase) {
    case Phase::Swap: return "must pass a card face down for the swap";
    case Phase::Turn: return "must turn the next card of the stock";
    case Phase::Offer: return "must take or refuse the face-up card";
    case Phase::ForceWindow: return "may be forced to take the card it refused";
    case Phase::Forced: return "must take the card it is forced to take";
    case Phase::Throw: return "was hit and must throw a card from its hand";
    case Phase::Over: return "has nothing to do: the deal is over";
  }
  return "";
}

Verdict not_your_turn(const Position& p, const Move& m) {
  return Verdict::bad(Code::NotYourTurn,
                      fmt::format("it is not seat {}'s move: seat {} {}", m.seat, to_act(p), phase_words(p)));
}

Verdict judge_swap(const Position& p, const Move& m) {
  if (p.phase != Phase::Swap)
    return Verdict::bad(Code::NotAllowed, p.rules->swap ? "the swap is over; cards are swapped only before play"
                                                        : "this ruleset has no swap");
  if (m.seat != p.actor) return not_your_turn(p, m);
  if (!p.hand[m.seat].has(m.card))
    return Verdict::bad(Code::NotInHand,
                        fmt::format("seat {} cannot swap {}: it is not in its hand", m.seat, tok(p, m.card)));
  return {};
}

Verdict judge_turn(const Position& p, const Move& m) {
  if (p.phase != Phase::Turn) {
    if (m.seat != p.actor && p.phase != Phase::Offer) return not_your_turn(p, m);
    return Verdict::bad(
        Code::NotAllowed,
        p.phase == Phase::Offer
            ? fmt::format("{} is face up; it must be taken or refused before a card is turned", tok(p, p.up))
            : fmt::format("no card can be turned now: seat {} {}", to_act(p), phase_words(p)));
  }
  if (m.seat != p.actor) return not_your_turn(p, m);
  if (p.stock_known) {
    Card top = p.stock[p.stock_top];
    if (m.card != top)
      return Verdict::bad(Code::WrongCard, fmt::format("seat {} turned {}, but the top card of the stock is {}", m.seat,
                                                       tok(p, m.card), tok(p, top)));
  } else if (!p.unseen().has(m.card)) {
    return Verdict::bad(
        Code::WrongCard,
        fmt::format("seat {} turned {}, a card that is already held, on a table or seen", m.seat, tok(p, m.card)));
  }
  return {};
}

Verdict judge_pass(const Position& p, const Move& m) {
  if (p.phase == Phase::Forced && m.seat == p.actor)
    return Verdict::bad(Code::MustTake,
                        fmt::format("seat {} was forced to take {} and may not refuse it", m.seat, tok(p, p.up)));
  if (p.phase != Phase::Offer) {
    if (m.seat != p.actor) return not_your_turn(p, m);
    return Verdict::bad(Code::NotAllowed,
                        fmt::format("there is no face-up card to refuse: seat {} {}", to_act(p), phase_words(p)));
  }
  if (m.seat != p.actor) return not_your_turn(p, m);
  if (m.card != p.up)
    return Verdict::bad(Code::WrongCard, fmt::format("seat {} refused {}, but the face-up card is {}", m.seat,
                                                     tok(p, m.card), tok(p, p.up)));
  switch (takes::take_duty(p, m.seat)) {
    case takes::TakeDuty::None: break;
    case takes::TakeDuty::Compulsory:
      return Verdict::bad(Code::MustTake, fmt::format("seat {} can meld {} and this ruleset makes taking compulsory",
                                                      m.seat, tok(p, p.up)));
    case takes::TakeDuty::Extends:
      return Verdict::bad(Code::MustTake,
                          fmt::format("{} fits seat {}'s table without help from its hand, and this ruleset "
                                      "does not let such a card be refused (auto_take)",
                                      tok(p, p.up), m.seat));
  }
  return {};
}

Verdict judge_force(const Position& p, const Move& m) {
  const Forcing& f = p.rules->forcing;
  int n = p.seats();
  if (m.other >= n || m.other == m.seat)
    return Verdict::bad(Code::NotAllowed, fmt::format("seat {} cannot force seat {}", m.seat, int(m.other)));
  if (p.phase == Phase::ForceWindow) {
    if (m.seat == p.actor) return Verdict::bad(Code::NotAllowed, fmt::format("seat {} cannot force itself", m.seat));
    if (!turn::may_force_in_window(p, m.seat))
      return Verdict::bad(Code::NotAllowed,
                          fmt::format("only seat {}, which the card came from, may force seat {} to take {}",
                                      int(p.origin), int(p.actor), tok(p, p.up)));
    if (m.other != p.actor)
      return Verdict::bad(Code::NotAllowed, fmt::format("only seat {}, which refused {}, can be forced to take it now",
                                                        int(p.actor), tok(p, p.up)));
    return {};
  }
  if (p.phase == Phase::Offer && m.seat != p.actor && f.offer) return not_your_turn(p, m);
  if (p.phase != Phase::Offer || m.seat != p.actor) {
    // A force is only possible right after a refusal of a card that fits (decline) or
    // by the seat facing the card (offer): anything else is not a moment for it.
    if (!f.decline && !f.offer) return Verdict::bad(Code::NotAllowed, "this ruleset has no forcing");
    return Verdict::bad(
        Code::NotAllowed,
        fmt::format("nothing can be forced now: no seat has just refused a card that fits its table (seat {} {})",
                    to_act(p), phase_words(p)));
  }
  if (flow::may_force_by_offer(p, m.seat, m.other)) return {};
  if (!f.offer)
    return Verdict::bad(Code::NotAllowed,
                        f.decline ? fmt::format("this ruleset forces a card only right after a seat refuses a card "
                                                "that fits its table; seat {} has not refused {}",
                                                int(m.other), tok(p, p.up))
                                  : std::string("this ruleset has no forcing by offer"));
  return Verdict::bad(
      Code::NotAllowed,
      fmt::format("{} does not fit seat {}'s table without help from its hand, so it cannot be forced on it",
                  tok(p, p.up), int(m.other)));
}

Verdict judge_throw(const Position& p, const Move& m) {
  if (p.phase != Phase::Throw) {
    if (m.seat != p.actor) return not_your_turn(p, m);
    return Verdict::bad(Code::NotAllowed, "a throw is only for a seat that was just hit");
  }
  if (m.seat != p.actor) return not_your_turn(p, m);
  if (!p.hand[m.seat].has(m.card))
    return Verdict::bad(Code::NotInHand,
                        fmt::format("seat {} threw {}, which is not in its hand", m.seat, tok(p, m.card)));
  return {};
}

// The table part of a take or a lay: the new table, the stated melds, the laid cards.
Verdict judge_table(const Position& p, const Move& m, Card card) {
  const Ruleset& r = *p.rules;
  const MeldIndex& idx = r.meld_index();
  int s = m.seat;
  CardSet old = p.table[s], hand = p.hand[s];
  CardSet after = m.table;
  CardSet seen;
  for (CardSet meld : m.grouping) {
    if (seen.intersects(meld))
      return Verdict::bad(Code::DuplicateCard, fmt::format("{} is listed twice in the melds", toks(p, seen & meld)));
    seen |= meld;
  }
  if (card != kNoCard && !after.has(card))
    return Verdict::bad(Code::CardUnused, fmt::format("seat {} took {} but put it in no meld", s, tok(p, card)));
  if (!after.contains(old))
    return Verdict::bad(Code::TableMismatch, fmt::format("the stated table leaves out {}, already on seat {}'s table",
                                                         toks(p, old - after), s));
  CardSet laid = after - old - (card == kNoCard ? CardSet{} : CardSet::of(card));
  if (!hand.contains(laid)) {
    CardSet missing = laid - hand;
    if (m.grouping.count == 0)
      return Verdict::bad(Code::NotInHand, fmt::format("seat {} laid {}, not in its hand", s, toks(p, missing)));
    return Verdict::bad(
        Code::TableMismatch,
        fmt::format("the stated table holds {}, which is neither on seat {}'s table, nor taken, nor in its hand",
                    toks(p, missing), s));
  }
  if (card == kNoCard && laid.empty()) return Verdict::bad(Code::NotAllowed, fmt::format("seat {} laid nothing", s));
  if (p.phase == Phase::Forced && !r.forcing.forced_extra_melds && !laid.empty())
    return Verdict::bad(
        Code::NotAllowed,
        fmt::format(
            "a forced seat only adds the card to its table (forced_extra_melds is off), but seat {} also laid {}", s,
            toks(p, laid)));
  for (CardSet meld : m.grouping)
    if (!idx.is_meld(meld))
      return Verdict::bad(Code::IllegalMeld, fmt::format("{} is not a legal meld", toks(p, meld)));
  if (m.grouping.count > 0) {
    if (!r.rearrange) {
      std::string why;
      if (!takes::fixed_grouping_ok(p, s, card, m.grouping, &why)) return Verdict::bad(Code::NotAllowed, why);
      return {};
    }
  } else if (!r.rearrange) {
    bool found = !takes::for_each_fixed_grouping(p, s, card, laid, [](const MeldList&) { return false; });
    if (found) return {};
    if (idx.can_partition(after))  // legal melds exist, but only by regrouping old ones
      return Verdict::bad(
          Code::NotAllowed,
          fmt::format("{} can only be laid by regrouping seat {}'s melds, which this ruleset does not allow",
                      toks(p, after - old), s));
    return Verdict::bad(Code::IllegalMeld,
                        fmt::format("seat {}'s table {} cannot be split into legal melds", s, toks(p, after)));
  } else if (!idx.can_partition(after)) {
    return Verdict::bad(Code::IllegalMeld,
                        fmt::format("seat {}'s table {} cannot be split into legal melds", s, toks(p, after)));
  }
  if (!takes::set_table_ok(p, s, card, after))
    return Verdict::bad(Code::NotAllowed,
                        fmt::format("this ruleset allows no extra melds: {} must all go into one meld with {}",
                                    toks(p, laid), tok(p, card)));
  return {};
}

Verdict judge_take(const Position& p, const Move& m) {
  const Ruleset& r = *p.rules;
  int s = m.seat;
  if (p.phase != Phase::Offer && p.phase != Phase::Forced) {
    if (s != p.actor) return not_your_turn(p, m);
    return Verdict::bad(Code::NotAllowed,
                        fmt::format("there is no face-up card to take: seat {} {}", to_act(p), phase_words(p)));
  }
  if (s != p.actor) return not_your_turn(p, m);
  if (m.card != p.up)
    return Verdict::bad(Code::WrongCard,
                        fmt::format("seat {} took {}, but the face-up card is {}", s, tok(p, m.card), tok(p, p.up)));
  if (Verdict v = judge_table(p, m, m.card); !v.ok()) return v;
  CardSet laid = m.table - p.table[s] - CardSet::of(m.card);
  CardSet left = p.hand[s] - laid;
  if (left.empty()) {
    if (m.discard != kNoCard)
      return Verdict::bad(Code::BadDiscard,
                          fmt::format("seat {} laid every card of its hand, so it has nothing to discard", s));
    if (m.other != 0xFF) return Verdict::bad(Code::BadDiscard, "there is no discard to throw onto another table");
    return {};
  }
  if (m.discard == kNoCard)
    return Verdict::bad(Code::NoDiscard,
                        fmt::format("seat {} still holds {} and must discard after its take", s, toks(p, left)));
  if (m.discard == m.card || laid.has(m.discard))
    return Verdict::bad(Code::BadDiscard,
                        fmt::format("seat {} discarded {}, which it had just put on its table", s, tok(p, m.discard)));
  if (!p.hand[s].has(m.discard))
    return Verdict::bad(Code::NotInHand,
                        fmt::format("seat {} discarded {}, which is not in its hand", s, tok(p, m.discard)));
  if (m.other != 0xFF) {
    if (!r.forcing.hit)
      return Verdict::bad(Code::NotAllowed, "this ruleset has no hit forcing: a discard cannot go onto another table");
    if (m.other >= p.seats() || m.other == s)
      return Verdict::bad(Code::NotAllowed,
                          fmt::format("seat {} cannot throw its discard onto seat {}'s table", s, int(m.other)));
    if (!flow::fits(p, m.other, m.discard))
      return Verdict::bad(Code::BadDiscard,
                          fmt::format("{} does not fit seat {}'s table, so it cannot be thrown onto it",
                                      tok(p, m.discard), int(m.other)));
  }
  return {};
}

Verdict judge_lay(const Position& p, const Move& m) {
  if (p.rules->meld_timing != MeldTiming::Turn)
    return Verdict::bad(Code::NotAllowed, "this ruleset lets cards be laid from the hand only with a take");
  if ((p.phase != Phase::Turn && p.phase != Phase::Offer) || m.seat != p.actor) {
    if (m.seat != p.actor) return not_your_turn(p, m);
    return Verdict::bad(Code::NotAllowed,
                        fmt::format("cards cannot be laid now: seat {} {}", to_act(p), phase_words(p)));
  }
  return judge_table(p, m, kNoCard);
}

}  // namespace

bool implies_waive(const Position& p, const Move& m) {
  if (p.phase != Phase::ForceWindow || m.kind == MoveKind::Waive) return false;
  // A force in the window compels the seat that refused (the actor); a force onto any other
  // seat is the facing seat's force by offer (004's "me sirve"), which comes after nobody
  // forced the refuser.
  return m.kind != MoveKind::Force || m.other != p.actor;
}

Verdict judge(const Position& p, const Move& m) {
  if (p.phase == Phase::Over)
    return Verdict::bad(Code::AfterEnd, p.result.kind == Outcome::Kind::Win
                                            ? fmt::format("the deal is already over: seat {} won", p.result.winner)
                                            : std::string("the deal is already over: it was drawn"));
  if (m.seat >= p.seats())
    return Verdict::bad(Code::NotYourTurn, fmt::format("there is no seat {} in a {}-seat game", m.seat, p.seats()));
  if (implies_waive(p, m)) {
    Position after = p;  // nobody forced: the refusal stands, then judge the move
    apply(after, waive_move(to_act(p)));
    return judge(after, m);
  }
  if (p.phase == Phase::Forced && m.kind != MoveKind::Take && m.seat == p.actor)
    return Verdict::bad(Code::MustTake,
                        fmt::format("seat {} was forced to take {} and must take it", m.seat, tok(p, p.up)));
  switch (m.kind) {
    case MoveKind::Swap: return judge_swap(p, m);
    case MoveKind::Turn: return judge_turn(p, m);
    case MoveKind::Take: return judge_take(p, m);
    case MoveKind::Pass: return judge_pass(p, m);
    case MoveKind::Force: return judge_force(p, m);
    case MoveKind::Throw: return judge_throw(p, m);
    case MoveKind::Lay: return judge_lay(p, m);
    case MoveKind::Waive:
      if (p.phase != Phase::ForceWindow) return Verdict::bad(Code::NotAllowed, "there is no refused card to waive");
      // The window is one seat's decision (to_act): only that seat may let the refusal stand.
      if (m.seat != to_act(p))
        return Verdict::bad(Code::NotYourTurn, fmt::format("seat {} cannot waive the force: the decision is seat {}'s",
                                                           int(m.seat), to_act(p)));
      return {};
  }
  return Verdict::bad(Code::NotAllowed, "unknown move");
}

}  // namespace conquian
