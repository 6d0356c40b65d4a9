// conquian_soak: simulate many deals across the shipped rulesets, assert the engine's
// invariants after every move, write each deal as a record, read it back with the record
// reader and check it with the checker. Any fault stops the run with the deal's seed.
// Panguingue's deals come beside Conquian's: every tenth deal is a Pan deal at 2 to 15 seats
// under a ruleset with its keys varied (pan_variants), its pack conserved after every move,
// its chips and pot summing to zero, and check replaying the same outcome and chips.
//
//   conquian_soak [--deals N] [--seed S] [--players greedy,random]
//
// Invariants after every move: every card in exactly one place; every table splits into
// legal melds (or, without regrouping, its kept melds are legal); no seat holds more than
// its hand size in hand and on its table together, but for the winner and the seat that was
// just hit; a live position has a legal move. Every record must check legal with the
// replayed outcome equal to the simulated one.
#include <fmt/core.h>

#include <chrono>
#include <string>
#include <vector>

#include "batch/pan_simulate.h"
#include "batch/players.h"
#include "cards/shuffle.h"
#include "check/check_record.h"
#include "engine/invariants.h"
#include "record/record_reader.h"
#include "record/record_writer.h"
#include "replay/record_moves.h"

using namespace conquian;

namespace {

std::string invariant_fault(const Position& p) {
  for (const std::string& why : {card_places_fault(p), tables_fault(p), hand_table_fault(p, true)})
    if (!why.empty()) return why;
  return {};
}

// Panguingue rulesets with every key of the game varied, the shipped two among them.
std::vector<std::shared_ptr<const Ruleset>> pan_variants() {
  std::vector<std::shared_ptr<const Ruleset>> out = {load_ruleset("panguingue"), load_ruleset("panguingue-club")};
  for (const char* keys : {
           "packs: 5\nante: 2\ndrop_forfeit: 0\n",
           "spades_double: false\ngo_out_conditions_again: false\ngo_out_per_seat: 3\n",
           "comoquer_group: one_suit_or_three_suits\n",
           "discard_take: turned_only\n",
           "condition_payers: seated\n",
           "deal_packet: 1\nforcing: none\n",
           "target: 10\n",
           "offer_to: table\nforcing_by: any\n",
           "forcing: {decline: true, forced_extra_melds: true}\n",
           "conditions: {valle_one_suit: 3, valle_mixed: 0, one_suit: 2, end_sequence: 0, per_card: 2}\n",
           "packs: 11\nseats: [2, 15]\ndeck: spanish-40\n",
       })
    out.push_back(load_ruleset_text(std::string("base: panguingue\n") + keys, "panguingue-variant", "variant.yaml"));
  return out;
}

// One Pan deal played, written, read back and checked; "" or the fault.
std::string pan_soak(const Ruleset& r, std::uint64_t seed, std::uint64_t i, const std::vector<std::string>& players) {
  Rng rng = deal_rng(seed ^ 0xA11, i);
  const int seats = r.seats_min + static_cast<int>(rng.below(static_cast<std::uint64_t>(r.seats - r.seats_min + 1)));
  const std::vector<Card> pack = batch::shuffled_pack(r, rng);
  std::vector<std::unique_ptr<batch::PanPlayer>> owned;
  std::vector<batch::PanPlayer*> seated;
  for (int s = 0; s < seats; ++s) {
    owned.push_back(batch::make_pan_player(players[static_cast<std::size_t>(s) % players.size()]));
    seated.push_back(owned.back().get());
  }
  record::GameRecord rec;
  rec.ruleset = r.name;
  rec.id = fmt::format("soak-pan-{}-{}", seed, i);
  const auto st =
      batch::play_pan_deal(r, seats, pack, static_cast<int>(i % static_cast<std::uint64_t>(seats)), rng, seated, &rec);
  if (!st.outcome.over()) return "the deal does not end";
  std::int64_t sum = st.pot;
  for (auto c : st.chips) sum += c;
  if (sum != 0) return fmt::format("chips and pot sum to {}", sum);
  std::string fault;
  int read = 0;
  record::read_record_text(record::write_record(rec), rec.id, [&](record::ReadItem&& item) {
    ++read;
    if (!item.record) return void(fault = "the record does not read back: " + item.error->message);
    auto v = check::check_record(*item.record, r);
    if (v.judgement != check::Judgement::Legal)
      fault = fmt::format("check says {} at move {}: {}", code_name(v.code), v.move, v.message);
    else if (!(v.outcome == st.outcome) || v.chips != st.chips || v.pot != st.pot)
      fault = "check replays another outcome or other chips";
  });
  if (read != 1) fault = "the record reads as " + std::to_string(read) + " documents";
  return fault;
}

}  // namespace

int main(int argc, char** argv) {
  std::uint64_t deals = 1'000'000, seed = 1;
  std::vector<std::string> players = {"greedy", "random"};
  for (int i = 1; i + 1 < argc; i += 2) {
    std::string key = argv[i], value = argv[i + 1];
    if (key == "--deals") deals = std::stoull(value);
    else if (key == "--seed") seed = std::stoull(value);
    else if (key == "--players") {
      players.clear();
      for (std::size_t a = 0, b; a <= value.size(); a = b + 1) {
        b = value.find(',', a);
        if (b == std::string::npos) b = value.size();
        players.push_back(value.substr(a, b - a));
      }
    } else {
      fmt::print(stderr, "usage: conquian_soak [--deals N] [--seed S] [--players a,b]\n");
      return 2;
    }
  }
  std::vector<std::shared_ptr<const Ruleset>> rulesets;
  for (const auto& n : shipped_ruleset_names())
    if (auto r = load_ruleset(n); !r->is_pan()) rulesets.push_back(r);
  const auto pans = pan_variants();
  std::uint64_t pan_deals = 0;
  std::vector<std::unique_ptr<batch::Player>> seat_players;
  for (int s = 0; s < 4; ++s) seat_players.push_back(batch::make_player(players[s % players.size()]));

  auto t0 = std::chrono::steady_clock::now();
  std::uint64_t moves = 0, wins = 0, draws = 0;
  std::vector<Move> legal;
  for (std::uint64_t i = 0; i < deals; ++i) {
    if (i % 10 == 9) {
      const Ruleset& pr = *pans[(i / 10) % pans.size()];
      if (std::string why = pan_soak(pr, seed, i, players); !why.empty()) {
        fmt::print(stderr, "FAULT in panguingue deal {} (seed {}, ruleset {}): {}\n", i, seed, pr.name, why);
        return 1;
      }
      ++pan_deals;
      continue;
    }
    const Ruleset& r = *rulesets[i % rulesets.size()];
    Rng rng = deal_rng(seed, i);
    auto deck = shuffled_deck(r.deck.size(), rng);
    record::GameRecord rec;
    rec.ruleset = r.name;
    rec.id = fmt::format("soak-{}-{}", seed, i);
    const int dealer = static_cast<int>(i % static_cast<std::uint64_t>(r.seats));
    to_record_deal(r, deck, dealer, rec);
    Position p = deal(r, deck, dealer);
    auto fail = [&](const std::string& why) {
      fmt::print(stderr, "FAULT in deal {} (seed {}, ruleset {}) after {} plies: {}\n", i, seed, r.name, p.plies, why);
      return 1;
    };
    while (!p.result.over()) {
      if (auto why = invariant_fault(p); !why.empty()) return fail(why);
      legal_moves(p, legal);
      if (legal.empty()) return fail("no legal move");
      int seat = to_act(p);
      const Move m = legal[seat_players[static_cast<std::size_t>(seat)]->choose(p, legal, rng)];
      if (auto rm = to_record_move(p, m)) rec.moves.push_back(*rm);
      apply(p, m);
      if (p.plies > 10'000) return fail("the deal does not end");
    }
    if (auto why = invariant_fault(p); !why.empty()) return fail(why);
    if (p.result.kind == Outcome::Kind::Win) rec.result = record::won_result(p.result.winner), ++wins;
    else rec.result = record::drawn_result(), ++draws;
    moves += rec.moves.size();
    // The record, written and read back, checks legal with the same outcome.
    std::string text = record::write_record(rec);
    int read = 0;
    std::string fault;
    record::read_record_text(text, rec.id, [&](record::ReadItem&& item) {
      ++read;
      if (!item.record) return void(fault = "the record does not read back: " + item.error->message);
      auto v = check::check_record(*item.record, r);
      if (v.judgement != check::Judgement::Legal)
        fault = fmt::format("check says {} at move {}: {}", code_name(v.code), v.move, v.message);
      else if (!(v.outcome == p.result)) fault = "check replays another outcome";
    });
    if (read != 1) fault = "the record reads as " + std::to_string(read) + " documents";
    if (!fault.empty()) return fail(fault);
    if ((i + 1) % 100'000 == 0)
      fmt::print(stderr, "{} deals, {:.0f} s\n", i + 1,
                 std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count());
  }
  double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  fmt::print(
      "{} deals over {} rulesets ({} of them panguingue deals over {} variants), {} conquian moves, {} won, {} drawn, "
      "every invariant held and every record checked legal; {:.1f} s ({:.0f} deals/s)\n",
      deals, rulesets.size(), pan_deals, pans.size(), moves, wins, draws, secs, static_cast<double>(deals) / secs);
  return 0;
}
