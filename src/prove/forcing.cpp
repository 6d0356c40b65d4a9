#include "prove/forcing.h"

#include <fmt/format.h>

#include <algorithm>
#include <cassert>
#include <map>

#include "engine/flow.h"
#include "engine/takes.h"
#include "prove/partition_z3.h"

namespace conquian::prove {
namespace {

std::string seat_words(const std::vector<int>& seats) {
  std::string s = seats.size() == 1 ? "seat " : "seats ";
  for (std::size_t i = 0; i < seats.size(); ++i)
    s += (i == 0 ? "" : i + 1 == seats.size() ? " or " : ", ") + std::to_string(seats[i]);
  return s;
}

std::vector<std::uint64_t> key_of(const MeldList& g) {
  std::vector<std::uint64_t> k;
  for (CardSet m : g) k.push_back(m.bits());
  return k;
}

MeldList canonical(const MeldList& g) {
  MeldList out = g;
  std::sort(out.melds.begin(), out.melds.begin() + out.count,
            [](CardSet a, CardSet b) { return a.lowest() < b.lowest(); });
  return out;
}

std::string groupings_words(const Deck& deck, const std::vector<MeldList>& gs) {
  std::string s;
  for (const MeldList& g : gs) {
    s += "\n    ";
    for (int i = 0; i < g.count; ++i) s += (i ? " | " : "") + deck.tokens(g.melds[i]);
  }
  return s.empty() ? "\n    (none)" : s;
}

// Every grouping of `take`'s table, found by Z3 and by the engine; throws if they differ.
void find_groupings(const Position& forced, ForcedTake& take, const Move& some_take, const Z3Limits& limits) {
  const Ruleset& r = *forced.rules;
  const int seat = forced.actor;
  const Card card = forced.up;

  std::vector<MeldList> engine;
  auto keep_engine = [&](const MeldList& g) {
    engine.push_back(g);
    return engine.size() <= kMaxListedSplits;
  };
  if (r.rearrange) r.meld_index().for_each_partition(take.table, keep_engine);
  else takes::for_each_fixed_grouping(forced, seat, card, take.laid, keep_engine);
  if (engine.size() > kMaxListedSplits)
    throw std::runtime_error(
        fmt::format("seat {}'s table {} has more than {} groupings; forcing lists at most that many", seat,
                    r.deck.tokens(take.table), kMaxListedSplits));

  // Z3 lists every split of the table; the engine's judge() says which of them the seat may
  // state (all of them with `rearrange`; without it, those where the kept melds only grow).
  std::vector<MeldList> z3;
  std::string unknown;
  z3_all_partitions(
      r.deck, r.melds, take.table,
      [&](const MeldList& g) {
        Move m = some_take;
        m.grouping = g;
        if (judge(forced, m).ok()) z3.push_back(g);
        return true;
      },
      limits, &unknown);
  if (!unknown.empty()) throw Z3Undecided("finish listing the groupings of " + r.deck.tokens(take.table), unknown);

  take.engine_count = engine.size();
  take.z3_count = z3.size();
  take.groupings = same_groupings(
      r.deck, fmt::format("seat {}'s table {} forced to take {}", seat, r.deck.tokens(take.table), r.deck.token(card)),
      std::move(z3), std::move(engine));
}

// The forced seat's takes (from legal_moves of the forced position), each applied.
std::vector<ForcedTake> forced_takes(const Position& forced, const Z3Limits& limits) {
  std::vector<Move> moves;
  legal_moves(forced, moves);
  std::map<std::uint64_t, std::size_t> by_table;
  std::vector<ForcedTake> out;
  std::vector<Move> first_move;
  const int seat = forced.actor;
  for (const Move& m : moves) {
    if (m.kind != MoveKind::Take) continue;
    auto [it, fresh] = by_table.try_emplace(m.table.bits(), out.size());
    if (fresh) {
      ForcedTake t;
      t.table = m.table;
      t.laid = m.table - forced.table[seat] - CardSet::of(forced.up);
      out.push_back(t);
      first_move.push_back(m);
    }
    // Without rearrange legal_moves lists each discard once per grouping (the grouping is
    // state); the groupings are listed apart, so each discard is kept once.
    auto& results = out[it->second].results;
    bool seen = std::any_of(results.begin(), results.end(), [&](const ForcedResult& r) {
      return r.take.discard == m.discard && r.take.other == m.other;
    });
    if (seen) continue;
    ForcedResult res{m, forced};
    apply(res.after, m);
    results.push_back(std::move(res));
  }
  for (std::size_t i = 0; i < out.size(); ++i) find_groupings(forced, out[i], first_move[i], limits);
  std::stable_sort(out.begin(), out.end(), [](const ForcedTake& a, const ForcedTake& b) {
    if (a.laid.size() != b.laid.size()) return a.laid.size() < b.laid.size();
    return a.laid < b.laid;
  });
  return out;
}

ForceOption make_option(ForceRule rule, ForceMoment moment, const Position& forced, std::vector<int> by,
                        std::vector<Move> lead, const Z3Limits& limits) {
  ForceOption o;
  o.rule = rule;
  o.moment = moment;
  o.forced = forced.actor;
  o.by = std::move(by);
  o.lead = std::move(lead);
  o.forced_position = forced;
  o.takes = forced_takes(forced, limits);
  return o;
}

// Force moves of `pos` (from legal_moves), grouped by the forced seat: forced -> forcers.
std::map<int, std::vector<Move>> forces_of(const Position& pos) {
  std::vector<Move> moves;
  legal_moves(pos, moves);
  std::map<int, std::vector<Move>> out;
  for (const Move& m : moves)
    if (m.kind == MoveKind::Force) out[m.other].push_back(m);
  return out;
}

std::vector<int> forcers(const std::vector<Move>& forces) {
  std::vector<int> by;
  for (const Move& m : forces) by.push_back(m.seat);
  return by;
}

std::string no_card_words(const Position& p) {
  switch (p.phase) {
    case Phase::Swap:
      return fmt::format("no card is face up: the seats are still choosing cards for the swap (seat {} next)",
                         int(p.actor));
    case Phase::Turn:
      return fmt::format("no card is face up: seat {} must turn the next card of the stock", int(p.actor));
    case Phase::Throw:
      return fmt::format("no card is face up: seat {} was hit and must throw a card from its hand", int(p.actor));
    case Phase::Over:
      return p.result.kind == Outcome::Kind::Win
                 ? fmt::format("no card is face up: the deal is over, seat {} has won", p.result.winner)
                 : std::string("no card is face up: the deal is over, drawn");
    default: return "";
  }
}

}  // namespace

const char* rule_name(ForceRule r) { return r == ForceRule::Decline ? "decline" : "offer"; }

const char* moment_name(ForceMoment m) {
  switch (m) {
    case ForceMoment::Now: return "now";
    case ForceMoment::IfRefused: return "if-refused";
    case ForceMoment::Done: return "done";
  }
  return "";
}

std::vector<MeldList> canonical_groupings(std::vector<MeldList> groupings) {
  for (MeldList& g : groupings) g = canonical(g);
  std::sort(groupings.begin(), groupings.end(),
            [](const MeldList& a, const MeldList& b) { return key_of(a) < key_of(b); });
  return groupings;
}

std::vector<MeldList> same_groupings(const Deck& deck, const std::string& what, std::vector<MeldList> z3,
                                     std::vector<MeldList> engine) {
  z3 = canonical_groupings(std::move(z3));
  engine = canonical_groupings(std::move(engine));
  bool same = z3.size() == engine.size();
  for (std::size_t i = 0; same && i < z3.size(); ++i) same = key_of(z3[i]) == key_of(engine[i]);
  if (!same)
    throw ForcingDisagreement(
        fmt::format("internal disagreement: the groupings of {} differ: Z3 (each split accepted by judge) found {}:{}\n"
                    "  the engine found {}:{}",
                    what, z3.size(), groupings_words(deck, z3), engine.size(), groupings_words(deck, engine)));
  return engine;
}

ForcingAnswer analyse_forcing(const Position& pos, const Z3Limits& limits) {
  const Ruleset& r = *pos.rules;
  const Forcing& f = r.forcing;
  ForcingAnswer a;
  auto note = [&](std::string s) { a.notes.push_back(std::move(s)); };
  const bool at_card = pos.phase == Phase::Offer || pos.phase == Phase::ForceWindow || pos.phase == Phase::Forced;
  if (at_card) a.card = pos.up;
  if (!f.any()) {
    note(fmt::format("ruleset {} has no forcing at all (decline, offer and hit are all off): no card can be forced",
                     r.name));
    if (!at_card) note(no_card_words(pos));
    return a;
  }
  if (!f.decline && !f.offer) {
    note(
        fmt::format("ruleset {} forces no face-up card: its only forcing is 'hit' (a discard thrown onto another "
                    "seat's table, which must then throw a card)",
                    r.name));
    if (!at_card) note(no_card_words(pos));
    return a;
  }
  if (!at_card) {
    note(no_card_words(pos));
    return a;
  }
  const std::string card = r.deck.token(pos.up);
  const int actor = pos.actor;

  if (pos.phase == Phase::ForceWindow) {
    auto forces = forces_of(pos);
    auto it = forces.find(actor);
    assert(it != forces.end());  // in a force window every other seat may force the refuser
    std::vector<int> by = forcers(it->second);
    note(
        fmt::format("seat {} refused {}, which fits its table without help from its hand: under 'decline' {} may "
                    "force seat {} to take it",
                    actor, card, seat_words(by), actor));
    Position forced = pos;
    apply(forced, it->second.front());
    a.options.push_back(make_option(ForceRule::Decline, ForceMoment::Now, forced, by, {it->second.front()}, limits));
    return a;
  }

  if (pos.phase == Phase::Forced) {
    // Under decline the forced seat is the one the card stands at in the offer order (it
    // refused it); under offer the seat facing the card forced it on another seat.
    ForceRule rule = ForceRule::Decline;
    std::vector<int> by;
    const int facing_seat = flow::offer_seat(pos, pos.refusals);
    if (flow::forced_on_decline(pos)) {
      for (int s = 0; s < pos.seats(); ++s)
        if (s != actor) by.push_back(s);
      note(
          fmt::format("seat {} refused {}, which fits its table, and has been forced to take it (rule 'decline', by "
                      "{})",
                      actor, card, seat_words(by)));
    } else {
      rule = ForceRule::Offer;
      by.push_back(facing_seat);
      note(fmt::format("seat {}, facing {}, has forced it onto seat {}, whose table it fits (rule 'offer')",
                       facing_seat, card, actor));
    }
    a.options.push_back(make_option(rule, ForceMoment::Done, pos, by, {}, limits));
    return a;
  }

  // Phase::Offer: seat `actor` faces the card.
  if (f.offer) {
    auto forces = forces_of(pos);
    if (forces.empty())
      note(
          fmt::format("under 'offer': {} fits no other seat's table without help from its hand, so seat {} cannot "
                      "force it on anyone",
                      card, actor));
    for (const auto& [target, ms] : forces) {
      note(fmt::format("under 'offer': seat {} faces {} and may force it onto seat {}, whose table it fits", actor,
                       card, target));
      Position forced = pos;
      apply(forced, ms.front());
      a.options.push_back(make_option(ForceRule::Offer, ForceMoment::Now, forced, forcers(ms), {ms.front()}, limits));
    }
  } else {
    note(fmt::format("ruleset {} has no forcing by 'offer': seat {} cannot force {} on another seat", r.name, actor,
                     card));
  }
  if (f.decline) {
    std::vector<Move> moves;
    legal_moves(pos, moves);
    auto pass = std::find_if(moves.begin(), moves.end(), [](const Move& m) { return m.kind == MoveKind::Pass; });
    if (pass == moves.end()) {
      note(
          fmt::format("under 'decline': seat {} may not refuse {} (this ruleset makes taking compulsory), so it "
                      "cannot be forced on a refusal",
                      actor, card));
    } else {
      Position refused = pos;
      apply(refused, *pass);
      if (refused.phase != Phase::ForceWindow) {
        note(
            fmt::format("under 'decline': {} does not fit seat {}'s table without help from its hand, so if seat {} "
                        "refuses it nobody can force it",
                        card, actor, actor));
      } else {
        auto forces = forces_of(refused);
        auto it = forces.find(actor);
        if (it != forces.end()) {
          std::vector<int> by = forcers(it->second);
          note(
              fmt::format("under 'decline': {} fits seat {}'s table without help from its hand, so if seat {} refuses "
                          "it, {} may force it to take it",
                          card, actor, actor, seat_words(by)));
          Position forced = refused;
          apply(forced, it->second.front());
          a.options.push_back(
              make_option(ForceRule::Decline, ForceMoment::IfRefused, forced, by, {*pass, it->second.front()}, limits));
        }
      }
    }
  } else {
    note(fmt::format("ruleset {} has no forcing on 'decline': refusing {} can never be forced", r.name, card));
  }
  return a;
}

}  // namespace conquian::prove
