#include "prove/properties.h"

#include "prove/pan_properties.h"

#include <fmt/format.h>
#include <z3++.h>

#include <random>
#include <unordered_set>

#include "engine/engine.h"
#include "engine/invariants.h"
#include "replay/move_words.h"

#include "prove/partition_z3.h"
#include "prove/play_proof.h"
#include "prove/table_model.h"

namespace conquian::prove {
namespace {

int max_groups(const Ruleset& r, int cards) {
  return std::max(1, cards / std::max(2, std::min(r.melds.set_min, r.melds.run_min)));
}

// Is there a table of `lo`..`hi` cards holding a run of at least `run` cards? Sat: one
// such table; unsat: none; unknown: Z3 could not tell.
struct TableAnswer {
  Z3Answer z3;
  CardSet table;  // sat: the table of the model
};

TableAnswer table_with_run(const Ruleset& r, int lo, int hi, int run, const Z3Limits& limits) {
  TableAnswer out;
  try {
    z3::context ctx;
    z3::solver solver(ctx);
    TableModel table(ctx, r.deck, r.melds, max_groups(r, hi), r.deck.all());
    solver.add(z3::mk_and(table.constraints()));
    solver.add(table.size() >= lo && table.size() <= hi);
    z3::expr_vector some_run(ctx);
    for (int g = 0; g < table.groups(); ++g) some_run.push_back(table.is_run(g) && table.group_size(g) >= run);
    solver.add(z3::mk_or(some_run));
    out.z3 = check(solver, limits);
    if (out.z3.sat()) out.table = table.cards_in(solver.get_model());
  } catch (const z3::exception& e) { out.z3 = {Z3Result::Unknown, std::string("z3 error: ") + e.msg()}; }
  return out;
}

int run_cap(const Ruleset& r) { return r.meld_index().run_cap(); }

// 000: "eleven melded wins, eleven cannot be one combination, and whatever you pair a long
// sequence with still needs three cards of its own": the longest run on a winning table.
// Longest first: the first sat is the value, every unsat above it the proof.
PropertyValue longest_winning_run(const Ruleset& r, const Z3Limits& limits) {
  for (int run = std::min(run_cap(r), r.target); run >= r.melds.run_min; --run) {
    TableAnswer t = table_with_run(r, r.target, r.target, run, limits);
    if (t.z3.unknown())
      return undecided(fmt::format("whether a winning table of {} cards holds a run of {}", r.target, run), t.z3);
    if (t.z3.sat()) {
      return {std::to_string(run), "proved",
              fmt::format("a winning table of {} cards holds a run of {}: {}; Z3 proves none holds a run of {}",
                          r.target, run, r.deck.tokens(t.table), run + 1)};
    }
  }
  return {"0", "proved", "no winning table holds a run"};
}

// A run longer than any winning table allows, standing on a table before the win (a table
// of at most `hand` cards: the hand and table together never pass the hand size).
PropertyValue longer_run_before_win(const Ruleset& r, const Z3Limits& limits) {
  PropertyValue winning = longest_winning_run(r, limits);
  if (winning.unknown()) return winning;
  int longest = std::stoi(winning.value);
  TableAnswer t = table_with_run(r, 1, r.hand, longest + 1, limits);
  if (t.z3.unknown())
    return undecided(fmt::format("whether a table of at most {} cards holds a run of {}", r.hand, longest + 1), t.z3);
  if (t.z3.sat())
    return {"true", "proved",
            fmt::format("the table {} holds a run of more than {} cards", r.deck.tokens(t.table), longest)};
  return {"false", "proved",
          fmt::format("Z3 proves no table of at most {} cards holds a run of {}", r.hand, longest + 1)};
}

// Every meld of the ruleset, wild cards included.
std::vector<CardSet> all_melds(const Ruleset& r) {
  std::vector<CardSet> melds;
  const MeldIndex& idx = r.meld_index();
  if (!idx.has_wilds()) return idx.natural_melds();
  for (Card c : r.deck.all())
    for (CardSet m : idx.melds_containing(r.deck.all(), c)) melds.push_back(m);
  std::sort(melds.begin(), melds.end());
  melds.erase(std::unique(melds.begin(), melds.end()), melds.end());
  return melds;
}

// Tables one card short of the target, with an empty hand, that no card of the deck can
// ever complete: the seat holding one can never win. Enumerated exactly by the engine
// (every union of disjoint melds of that size, each set once); the first few are then
// confirmed by Z3 (for every other card, "table + card splits into melds" is unsat).
PropertyValue uncompletable_tables(const Ruleset& r, const Z3Limits& limits) {
  const MeldIndex& idx = r.meld_index();
  int k = r.target - 1;
  std::vector<CardSet> melds = all_melds(r);
  std::unordered_set<std::uint64_t> seen;
  std::vector<CardSet> dead_ends;
  std::function<void(std::size_t, CardSet)> grow = [&](std::size_t from, CardSet table) {
    if (table.size() == k) {
      if (!seen.insert(table.bits()).second) return;
      for (Card c : r.deck.all() - table)
        if (idx.can_partition(table.with(c))) return;
      dead_ends.push_back(table);
      return;
    }
    for (std::size_t i = from; i < melds.size(); ++i)
      if (!table.intersects(melds[i]) && table.size() + melds[i].size() <= k) grow(i + 1, table | melds[i]);
  };
  grow(0, CardSet{});
  std::sort(dead_ends.begin(), dead_ends.end());
  int confirmed = 0;
  for (CardSet t : dead_ends) {
    if (confirmed == 3) break;
    for (Card c : r.deck.all() - t) {
      auto z = z3_partition(r.deck, r.melds, t.with(c), limits);
      if (z.answer == Z3Partition::Answer::Unknown)
        return undecided(fmt::format("whether {} + {} splits into melds", r.deck.tokens(t), r.deck.token(c)),
                         {Z3Result::Unknown, z.reason_unknown});
      if (z.answer == Z3Partition::Answer::Yes)  // a bug in one of the two deciders
        throw std::runtime_error(fmt::format("internal disagreement: the engine finds no split of {} + {}, Z3 finds {}",
                                             r.deck.tokens(t), r.deck.token(c), r.deck.tokens(z.split.cards())));
    }
    ++confirmed;
  }
  std::string examples;
  for (std::size_t i = 0; i < dead_ends.size() && i < 3; ++i) examples += (i ? "; " : "") + r.deck.tokens(dead_ends[i]);
  return {std::to_string(dead_ends.size()), "enumerated",
          dead_ends.empty()
              ? fmt::format("every {}-card table ({} of them) can be completed by some card", k, seen.size())
              : fmt::format("{} of {} tables of {} cards can never be completed, e.g. {} (Z3 confirms the first {})",
                            dead_ends.size(), seen.size(), k, examples, confirmed)};
}

// Random play through the engine, calling `check` after every move; stops at the first
// position `check` rejects and returns its complaint (empty: every move passed).
constexpr int kCheckedDeals = 400;

std::string play_and_check(const Ruleset& r, const std::function<std::string(const Position&, const Move*)>& check,
                           long* moves_seen = nullptr, long* longest = nullptr) {
  std::mt19937_64 rng(2026);
  std::vector<Move> legal;
  for (int d = 0; d < kCheckedDeals; ++d) {
    std::vector<Card> deck;
    for (Card c : r.deck.all()) deck.push_back(c);
    std::shuffle(deck.begin(), deck.end(), rng);
    Position p = deal(r, deck, d % r.seats);
    if (auto bad = check(p, nullptr); !bad.empty()) return bad;
    long count = 0;
    while (!p.result.over()) {
      legal_moves(p, legal);
      if (auto bad = check(p, legal.empty() ? nullptr : &legal[0]); !bad.empty()) return bad;
      // Mostly takes when there are some, so that tables grow and deals reach their end.
      std::size_t pick = rng() % legal.size();
      for (std::size_t i = 0; i < legal.size() && rng() % 3 != 0; ++i)
        if (legal[i].kind == MoveKind::Take) pick = i;
      Move m = legal[pick];
      apply(p, m);
      count += m.kind != MoveKind::Waive;
      if (auto bad = check(p, &m); !bad.empty()) return bad;
    }
    if (moves_seen) *moves_seen += count;
    if (longest) *longest = std::max(*longest, count);
  }
  return {};
}

// The play properties are read off the induction proofs of the step model
// (prove/play_proof.h, specs/step-model.md): "proved" when every query was unsat. When a
// proof is not complete (a query refuted or unanswered), the property falls back to random
// play through the engine ("checked": evidence, not proof) and the detail says why.
std::string proof_summary(const PlayProof& p) {
  return fmt::format("{} Z3 queries over the step model ({} transitions, {} conjuncts of I)", p.queries.size(),
                     p.size.transitions, p.size.conjuncts);
}
std::string unproved(const PlayProof& p) { return fmt::format("not proved ({}); ", p.failure); }

// A play property the induction did not prove: what random play found (`bad`, else what
// held, `held`), never "proved"; a proof left unknown by Z3 keeps the value unknown.
PropertyValue from_play(const PlayProof& proof, const std::string& bad, const std::string& held) {
  if (!bad.empty()) return {"fails", "checked", bad};
  return {proof.unknown ? "unknown" : "holds", proof.unknown ? "unknown" : "checked", unproved(proof) + held};
}

// The hand plus the table of a seat never holds more cards than were dealt to it (every
// take is paid for with a throw), but for the winning take. Under the "hit" rule the hit
// seat holds one more until it throws: the invariant proved says exactly that much, and the
// engine plays a deal that shows it.
PropertyValue hand_table_limit(const Ruleset& r, const Z3Limits&) {
  std::string bad = play_and_check(r, [&](const Position& p, const Move* m) -> std::string {
    if (!m) return {};
    std::string why = hand_table_fault(p, false);
    return why.empty() ? why : "after " + move_text(p, *m) + " " + why;
  });
  const PlayProof& proof = cached_play_proof(r);
  if (proof.inductive) {
    std::string exact = r.forcing.hit ? "the hit seat one more until it throws" : "no other exception";
    if (!bad.empty())
      return {"fails", "proved",
              fmt::format("the engine plays it: {}; I proves hand + table = hand size but for the winner and {} ({})",
                          bad, exact, proof_summary(proof))};
    if (r.forcing.hit)
      return {
          "unknown", "unknown",
          fmt::format("I allows the hit seat one more card until it throws, and no move of {} random deals reached it",
                      kCheckedDeals)};
    return {"holds", "proved",
            fmt::format("I (hand-table, phase-keys) is inductive: hand + table = hand size while the deal goes on, at "
                        "most one more for the winner ({})",
                        proof_summary(proof))};
  }
  return from_play(proof, bad, fmt::format("held after every move of {} random deals", kCheckedDeals));
}

// Every card is in exactly one place (a hand, a table, the stock, the dead cards, face up)
// after every move.
PropertyValue one_place(const Ruleset& r, const Z3Limits&) {
  const PlayProof& proof = cached_play_proof(r);
  if (proof.inductive)
    return {"holds", "proved",
            fmt::format("I (one-place) holds after every deal and is kept by every move ({})", proof_summary(proof))};
  std::string bad = play_and_check(r, [&](const Position& p, const Move*) { return card_places_fault(p); });
  return from_play(proof, bad, fmt::format("held after every move of {} random deals", kCheckedDeals));
}

// Every position that is not over has a legal move for the seat to act.
PropertyValue playable(const Ruleset& r, const Z3Limits&) {
  const PlayProof& proof = cached_play_proof(r);
  if (proof.playable)
    return {"holds", "proved",
            fmt::format("every live state of the inductive invariant I has a move ({})", proof_summary(proof))};
  std::string bad = play_and_check(r, [&](const Position& p, const Move* first) -> std::string {
    if (!p.result.over() && first == nullptr && p.plies > 0)
      return fmt::format("no legal move after {} plies", p.plies);
    return {};
  });
  return from_play(proof, bad, fmt::format("every live position of {} random deals had a legal move", kCheckedDeals));
}

void warm_play_proof(const Ruleset& r) { cached_play_proof(r); }

// The longest deal, in record moves: the ranking function's value after a deal, proved to
// drop by at least one on every record move and never to be negative (specs/step-model.md).
PropertyValue longest_deal(const Ruleset& r, const Z3Limits&) {
  const PlayProof& proof = cached_play_proof(r);
  long total = 0, longest = 0;
  play_and_check(
      r, [](const Position&, const Move*) { return std::string(); }, &total, &longest);
  std::string seen = fmt::format("the longest of {} random deals had {} (mean {:.1f})", kCheckedDeals, longest,
                                 double(total) / kCheckedDeals);
  if (proof.ranked)
    return {std::to_string(proof.bound), "proved",
            fmt::format("at most {} record moves: the ranking function is {} after every deal, drops by at least one "
                        "on every record move and is never negative ({}); {}",
                        proof.bound, proof.bound, proof_summary(proof), seen)};
  return {"unknown", "unknown", unproved(proof) + seen};
}

}  // namespace

PropertyValue undecided(const std::string& what, const Z3Answer& answer) {
  return {"unknown", "unknown", z3_could_not("decide " + what, answer.reason_unknown)};
}

const std::vector<PropertyKind>& property_kinds() {
  static const std::vector<PropertyKind> kinds = {
      {"longest-winning-run", "the longest run on a winning table (000: eight, for target eleven)",
       longest_winning_run},
      {"longer-run-before-win", "a run longer than any winning table allows can stand on a table before the win",
       longer_run_before_win},
      {"uncompletable-tables", "tables one card short of the target that no card can ever complete",
       uncompletable_tables},
      {"hand-table-limit", "hand plus table never exceeds the hand size, but for the winning take", hand_table_limit,
       warm_play_proof},
      {"one-place", "every card is in exactly one place after every move", one_place, warm_play_proof},
      {"playable", "every position that is not over has a legal move", playable, warm_play_proof},
      {"longest-deal", "the longest possible deal, in record moves (a proved bound, and the longest seen)",
       longest_deal, warm_play_proof},
      {"one-suit-groups-hold-one-suit",
       "panguingue: a comoquer's group that repeats a card holds that suit only (5s 5s 5s, never 5s 5s 5h)",
       one_suit_groups_hold_one_suit,
       {},
       Game::Panguingue},
      {"most-seats-dealt",
       "panguingue: the most seats the pack deals a hand to, a card left for the upcard",
       most_seats_dealt,
       {},
       Game::Panguingue},
      {"condition-fixed-by-cards",
       "panguingue: what a meld pays is fixed by its cards",
       condition_fixed_by_cards,
       {},
       Game::Panguingue},
  };
  return kinds;
}

PropertyValue evaluate_property(const PropertyKind& kind, const Ruleset& rules, const Z3Limits& limits) {
  if (!property_applies(kind, rules))
    return {"n/a", "proved",
            fmt::format("{} plays {}: the property is of {} rulesets", rules.name, game_name(rules.game),
                        game_name(kind.game))};
  return kind.evaluate(rules, limits);
}

const PropertyKind* find_property(const std::string& id) {
  for (const auto& k : property_kinds())
    if (k.id == id) return &k;
  return nullptr;
}

}  // namespace conquian::prove
