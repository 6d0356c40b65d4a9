// judge(): whether a Panguingue move is legal now, and if not, the contract's code and a
// sentence a card room understands.
#include <fmt/format.h>

#include "pan/engine.h"
#include "pan/melds.h"
#include "pan/partition.h"

namespace conquian::pan {
namespace {

std::string tok(const Position& p, Card c) { return p.rules->deck.token(c); }
std::string toks(const Position& p, const CardCounts& c) { return tokens(p.rules->deck, c); }

const char* phase_words(const Position& p) {
  switch (p.phase) {
    case Phase::Declare: return "must declare: play or drop";
    case Phase::Turn: return "must turn the next card of the stock";
    case Phase::Offer: return "must take or refuse the face-up card";
    case Phase::ForceWindow: return "may force the card it refused on the seat that refused it";
    case Phase::Forced: return "must take the card it is forced to take";
    case Phase::Over: return "has nothing to do: the deal is over";
  }
  return "";
}

Verdict not_your_turn(const Position& p, const Move& m) {
  return Verdict::bad(Code::NotYourTurn,
                      fmt::format("it is not seat {}'s move: seat {} {}", m.seat, to_act(p), phase_words(p)));
}

Verdict judge_declaration(const Position& p, const Move& m) {
  const char* word = m.kind == MoveKind::Play ? "play" : "drop";
  if (p.phase != Phase::Declare) {
    const bool spoke = ((p.playing | p.dropped) >> m.seat & 1) != 0;
    return Verdict::bad(
        Code::BadDeclaration,
        spoke ? fmt::format("seat {} says {}, but it has declared already (every seat declares once, "
                            "before play)",
                            m.seat, word)
              : fmt::format("seat {} says {}, but the declarations are over: play has begun", m.seat, word));
  }
  if (m.seat != p.actor)
    return Verdict::bad(
        Code::BadDeclaration,
        fmt::format("seat {} says {} out of turn: seat {} declares now (from the eldest, seat {}, round "
                    "to the dealer, seat {})",
                    m.seat, word, int(p.actor), (p.dealer + 1) % p.seats(), int(p.dealer)));
  return {};
}

Verdict judge_turn(const Position& p, const Move& m) {
  if (p.phase != Phase::Turn || m.seat != p.actor) {
    if (m.seat != p.actor) return not_your_turn(p, m);
    return Verdict::bad(
        Code::NotAllowed,
        p.phase == Phase::Offer
            ? fmt::format("{} is face up; it must be taken or refused before a card is turned", tok(p, p.up))
            : fmt::format("no card can be turned now: seat {} {}", to_act(p), phase_words(p)));
  }
  if (p.stock_known) {
    const Card top = p.stock[p.stock_top];
    if (m.card != top)
      return Verdict::bad(Code::WrongCard, fmt::format("seat {} turned {}, but the top card of the stock is {}", m.seat,
                                                       tok(p, m.card), tok(p, top)));
  } else if (!p.unseen().has(m.card)) {
    return Verdict::bad(Code::WrongCard,
                        fmt::format("seat {} turned {}, but every copy of it is already held, on a table or seen",
                                    m.seat, tok(p, m.card)));
  }
  return {};
}

Verdict judge_pass(const Position& p, const Move& m) {
  if (p.phase == Phase::Forced && m.seat == p.actor)
    return Verdict::bad(Code::MustTake,
                        fmt::format("seat {} was forced to take {} and may not refuse it", m.seat, tok(p, p.up)));
  if (p.phase != Phase::Offer || m.seat != p.actor) {
    if (m.seat != p.actor) return not_your_turn(p, m);
    return Verdict::bad(Code::NotAllowed,
                        fmt::format("there is no face-up card to refuse: seat {} {}", to_act(p), phase_words(p)));
  }
  if (m.card != p.up)
    return Verdict::bad(Code::WrongCard, fmt::format("seat {} refused {}, but the face-up card is {}", m.seat,
                                                     tok(p, m.card), tok(p, p.up)));
  return {};
}

// "collects 2 a seat, but 7s 7s 7s pay 4 (a valle group in one suit, doubled in spades)".
std::string chips_words(const Position& p, int seat, const Table& after, std::int64_t stated, std::int64_t due) {
  std::string pays;
  for (int i = 0; i < after.count; ++i) {
    const CardCounts meld = after.melds[i].counts();
    const Condition c = condition_of(*p.rules, meld);
    if (c.value == 0) continue;
    pays += fmt::format("{}{} pay {} ({})", pays.empty() ? "" : "; ", toks(p, meld), c.value, condition_words(c));
  }
  if (pays.empty()) pays = "its table holds no condition";
  const std::int64_t before = p.high_value[seat];
  std::string rise = before == 0 ? "" : fmt::format(", less the {} its table paid at its highest before", before);
  return fmt::format("seat {} collects {} a seat, but {}{}: it collects {}", seat, stated, pays, rise, due);
}

// The copies of `want` that `have` lacks.
CardCounts lacking(const CardCounts& want, const CardCounts& have) {
  CardCounts out;
  want.for_each([&](Card c, int n) {
    if (n > have.count(c)) out.add(c, n - have.count(c));
  });
  return out;
}

// The table a take states: the old table's cards, the taken card and cards from the hand, in
// legal melds.
Verdict judge_table(const Position& p, const Move& m, CardCounts& laid) {
  const Ruleset& r = *p.rules;
  const int s = m.seat;
  const CardCounts old = p.table[s].counts();
  const CardCounts after = m.table.counts();
  if (!after.contains(old))
    return Verdict::bad(Code::TableMismatch, fmt::format("the stated table leaves out {}, already on seat {}'s table",
                                                         toks(p, lacking(old, after)), s));
  CardCounts with_card = old;
  with_card.add(m.card);
  if (!after.contains(with_card))
    return Verdict::bad(Code::CardUnused, fmt::format("seat {} took {} but put it in no meld", s, tok(p, m.card)));
  laid = after - with_card;
  if (!p.hand[s].contains(laid))
    return Verdict::bad(Code::NotInHand,
                        fmt::format("seat {} laid {}, but its hand holds {}", s, toks(p, lacking(laid, p.hand[s])),
                                    p.hand[s].empty() ? "no card" : toks(p, p.hand[s])));
  if (p.phase == Phase::Forced && !r.forcing.forced_extra_melds && !laid.empty())
    return Verdict::bad(
        Code::NotAllowed,
        fmt::format("a forced seat only adds the card to its table, but seat {} also laid {}", s, toks(p, laid)));
  for (int i = 0; i < m.table.count; ++i) {
    const CardCounts meld = m.table.melds[i].counts();
    if (meld_kind(r, meld) == MeldKind::None)
      return Verdict::bad(Code::IllegalMeld, fmt::format("{} is not a legal meld", toks(p, meld)));
  }
  return {};
}

Verdict judge_take(const Position& p, const Move& m) {
  const Ruleset& r = *p.rules;
  const int s = m.seat;
  if (p.phase != Phase::Offer && p.phase != Phase::Forced) {
    if (s != p.actor) return not_your_turn(p, m);
    return Verdict::bad(Code::NotAllowed,
                        fmt::format("there is no face-up card to take: seat {} {}", to_act(p), phase_words(p)));
  }
  if (s != p.actor) return not_your_turn(p, m);
  if (m.card != p.up)
    return Verdict::bad(Code::WrongCard,
                        fmt::format("seat {} took {}, but the face-up card is {}", s, tok(p, m.card), tok(p, p.up)));
  CardCounts laid;
  if (Verdict v = judge_table(p, m, laid); !v.ok()) return v;
  const CardCounts left = p.hand[s] - laid;
  if (m.table.cards() >= r.target) {
    if (m.discard != kNoCard)
      return Verdict::bad(Code::BadDiscard, fmt::format("seat {} goes out with {} melded cards, so it throws nothing",
                                                        s, m.table.cards()));
  } else if (m.discard == kNoCard) {
    return Verdict::bad(Code::NoDiscard,
                        fmt::format("seat {} still holds {} and must discard after its take", s, toks(p, left)));
  } else if (!left.has(m.discard)) {
    if (p.hand[s].has(m.discard))
      return Verdict::bad(Code::BadDiscard, fmt::format("seat {} discarded {}, which it had just put on its table", s,
                                                        tok(p, m.discard)));
    if (m.discard == m.card)
      return Verdict::bad(
          Code::BadDiscard,
          fmt::format("seat {} discarded {}, the card it took: a taken card is melded at once", s, tok(p, m.discard)));
    return Verdict::bad(Code::NotInHand,
                        fmt::format("seat {} discarded {}, which is not in its hand", s, tok(p, m.discard)));
  }
  if (m.collect >= 0) {
    const std::int64_t due = take_collect(p, s, m.table);
    if (m.collect != due) return Verdict::bad(Code::BadChips, chips_words(p, s, m.table, m.collect, due));
  }
  return {};
}

Verdict judge_force(const Position& p, const Move& m) {
  if (m.other >= p.seats() || m.other == m.seat)
    return Verdict::bad(Code::NotAllowed, fmt::format("seat {} cannot force seat {}", m.seat, int(m.other)));
  if (p.phase != Phase::ForceWindow) {
    if (!p.rules->forcing.decline) return Verdict::bad(Code::NotAllowed, "this ruleset has no forcing");
    return Verdict::bad(Code::NotAllowed,
                        fmt::format("nothing can be forced now: no seat has just refused a card that fits its table "
                                    "(seat {} {})",
                                    to_act(p), phase_words(p)));
  }
  if (m.other != p.actor)
    return Verdict::bad(Code::NotAllowed, fmt::format("only seat {}, which refused {}, can be forced to take it now",
                                                      int(p.actor), tok(p, p.up)));
  if (!turn::may_force_in_window(p, m.seat))
    return Verdict::bad(Code::NotAllowed, fmt::format("only seat {}, which the card came from, may force seat {}",
                                                      int(p.origin), int(p.actor)));
  return {};
}

}  // namespace

bool implies_waive(const Position& p, const Move& m) {
  return p.phase == Phase::ForceWindow && m.kind != MoveKind::Force && m.kind != MoveKind::Waive &&
         m.kind != MoveKind::Forfeit;
}

Verdict judge(const Position& p, const Move& m) {
  if (p.phase == Phase::Over)
    return Verdict::bad(Code::AfterEnd, p.result.kind == Outcome::Kind::Win
                                            ? fmt::format("the deal is already over: seat {} won", p.result.winner)
                                            : std::string("the deal is already over: it was drawn"));
  if (m.seat >= p.seats())
    return Verdict::bad(Code::NotYourTurn,
                        fmt::format("there is no seat {} in a deal of {} seats", int(m.seat), p.seats()));
  if (implies_waive(p, m)) {
    Position after = p;  // nobody forced: the refusal stands, then judge the move
    apply(after, waive_move(to_act(p)));
    return judge(after, m);
  }
  if (m.kind == MoveKind::Play || m.kind == MoveKind::Drop) return judge_declaration(p, m);
  if (m.kind == MoveKind::Forfeit) {
    // A seat may forfeit while it is in the deal, or before it has declared.
    const bool out = ((p.dropped >> m.seat) & 1) != 0;
    if (out) return Verdict::bad(Code::Dropped, fmt::format("seat {} is out of the deal already", int(m.seat)));
    return {};
  }
  if (p.phase == Phase::Declare)
    return Verdict::bad(Code::BadDeclaration,
                        fmt::format("seat {} must declare (play or drop) before play begins: the declarations go from "
                                    "the eldest, seat {}, round to the dealer, seat {}",
                                    int(p.actor), (p.dealer + 1) % p.seats(), int(p.dealer)));
  // The dealer turns the first card whether or not it plays; any other move of a seat that
  // dropped is no part of the deal.
  const bool opening = m.kind == MoveKind::Turn && p.opening_upcard && m.seat == p.dealer;
  if (!p.in_deal(m.seat) && !opening)
    return Verdict::bad(Code::Dropped, fmt::format("seat {} dropped and takes no further part in the deal", m.seat));
  if (p.phase == Phase::Forced && m.kind != MoveKind::Take && m.seat == p.actor)
    return Verdict::bad(Code::MustTake,
                        fmt::format("seat {} was forced to take {} and must take it", m.seat, tok(p, p.up)));
  switch (m.kind) {
    case MoveKind::Play:
    case MoveKind::Drop:
    case MoveKind::Forfeit: break;
    case MoveKind::Turn: return judge_turn(p, m);
    case MoveKind::Take: return judge_take(p, m);
    case MoveKind::Pass: return judge_pass(p, m);
    case MoveKind::Force: return judge_force(p, m);
    case MoveKind::Waive:
      if (p.phase != Phase::ForceWindow) return Verdict::bad(Code::NotAllowed, "there is no refused card to waive");
      if (m.seat != to_act(p))
        return Verdict::bad(Code::NotYourTurn, fmt::format("seat {} cannot waive the force: the decision is seat {}'s",
                                                           int(m.seat), to_act(p)));
      return {};
  }
  return Verdict::bad(Code::NotAllowed, "unknown move");
}

}  // namespace conquian::pan
