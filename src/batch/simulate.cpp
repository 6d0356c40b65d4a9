#include "batch/simulate.h"

#include <fmt/format.h>

#include <stdexcept>

#include "batch/shuffle.h"
#include "engine/record_moves.h"

namespace conquian::batch {

SimulatedDeal simulate_deal(const Ruleset& rules, const std::string& ruleset_name, std::uint64_t seed,
                            std::uint64_t index, const std::vector<std::string>& players) {
  Rng rng = deal_rng(seed, index);
  std::vector<Card> deck = shuffled_deck(rules.deck.size(), rng);
  int dealer = static_cast<int>(index % static_cast<std::uint64_t>(rules.seats));  // the deal alternates

  SimulatedDeal out;
  record::GameRecord& rec = out.record;
  rec.ruleset = ruleset_name;
  rec.id = fmt::format("{}-{}-{}", ruleset_name, seed, index);
  rec.dealer = dealer;
  std::array<CardSet, kMaxSeats> hands{};
  std::size_t next = 0;
  for (int s = 0; s < rules.seats; ++s) {
    record::TokenList list;
    for (int i = 0; i < rules.hand; ++i, ++next) {
      hands[s].insert(deck[next]);
      list.push_back({rules.deck.token(deck[next]), {}});
    }
    rec.hands.push_back(std::move(list));
  }
  std::vector<Card> stock(deck.begin() + static_cast<std::ptrdiff_t>(next), deck.end());
  rec.has_stock = true;
  for (Card c : stock) rec.stock.push_back({rules.deck.token(c), {}});

  std::vector<std::unique_ptr<Player>> seat_players;
  for (int s = 0; s < rules.seats; ++s) {
    const std::string& name = players.empty() ? std::string("greedy") : players[static_cast<std::size_t>(s) % players.size()];
    auto p = make_player(name);
    if (!p) throw std::invalid_argument("unknown player '" + name + "'");
    seat_players.push_back(std::move(p));
  }

  Position pos = start(rules, std::span<const CardSet>(hands.data(), rules.seats), dealer, stock, true);
  std::vector<Move> legal;
  // Every move consumes a card or a refusal; this bound is never reached by a legal deal.
  const int max_plies = 64 * 64;
  while (!pos.result.over() && pos.plies < max_plies) {
    legal_moves(pos, legal);
    if (legal.empty()) throw std::logic_error("no legal move in a position that is not over");
    int seat = to_act(pos);
    const Move& m = legal[seat_players[static_cast<std::size_t>(seat)]->choose(pos, legal, rng)];
    if (auto rm = to_record_move(pos, m)) rec.moves.push_back(std::move(*rm));
    if (m.kind == MoveKind::Force) out.stats.forces++;
    if (m.kind == MoveKind::Take) {
      out.stats.takes++;
      if (m.other != 0xFF) out.stats.hits++;
    }
    apply(pos, m);
  }
  out.stats.outcome = pos.result;
  out.stats.moves = static_cast<int>(rec.moves.size());
  if (pos.result.kind == Outcome::Kind::Win) {
    rec.result = {true, false, pos.result.winner, {}};
    for (int s = 0; s < rules.seats; ++s)
      if (s != pos.result.winner)
        for (Card c : pos.hand[s]) out.stats.loser_points += rules.card_points(c);
  } else if (pos.result.kind == Outcome::Kind::Draw) {
    rec.result = {true, true, -1, {}};
  }
  return out;
}

}  // namespace conquian::batch
