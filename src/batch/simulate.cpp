#include "batch/simulate.h"

#include <fmt/format.h>

#include <stdexcept>

#include "batch/pan_simulate.h"
#include "cards/shuffle.h"
#include "engine/game.h"
#include "replay/game_of.h"
#include "replay/record_moves.h"

namespace conquian::batch {
namespace {

// Counts one move into the deal's statistics; `pending` collects (forcing, forced) pairs
// whose effect is known only when the deal ends.
void count_move(const Position& pos, const Move& m, DealStats& st, std::vector<std::pair<int, int>>& pending) {
  switch (m.kind) {
    case MoveKind::Turn: st.turned++; break;
    case MoveKind::Force:
      st.forces++;
      (pos.phase == Phase::ForceWindow ? st.decline_forces : st.offer_forces)++;
      pending.emplace_back(m.seat, m.other);
      break;
    case MoveKind::Take:
      st.takes++;
      if (m.other != 0xFF) {
        st.hits++;
        pending.emplace_back(m.seat, m.other);
      }
      break;
    default: break;
  }
}

void count_effects(const Outcome& o, const std::vector<std::pair<int, int>>& pending, DealStats& st) {
  for (auto [forcer, forced] : pending) {
    if (o.kind == Outcome::Kind::Draw) st.forced_drawn++;
    else if (o.winner == forced) st.forced_won++;
    else if (o.winner == forcer) st.forcer_won++;
  }
}

}  // namespace

DealStats play_deal(const Ruleset& rules, std::span<const Card> deck, int dealer, Rng& rng,
                    std::span<Player* const> players, record::GameRecord* rec) {
  if (rec) to_record_deal(rules, deck, dealer, *rec);

  DealStats st;
  std::vector<std::pair<int, int>> pending;
  Position pos = deal(rules, deck, dealer);
  std::vector<Move> legal;
  // The game's own bound on a deal's moves (turn/game.h); a legal deal never reaches it.
  const auto max_plies = static_cast<std::uint32_t>(ConquianGame::max_plies(rules, rules.seats));
  while (!pos.result.over() && pos.plies < max_plies) {
    legal_moves(pos, legal);
    if (legal.empty()) throw std::logic_error("no legal move in a position that is not over");
    int seat = to_act(pos);
    const Move& m = legal[players[static_cast<std::size_t>(seat)]->choose(pos, legal, rng)];
    if (m.kind != MoveKind::Waive) st.moves++;
    if (rec)
      if (auto rm = to_record_move(pos, m)) rec->moves.push_back(std::move(*rm));
    count_move(pos, m, st, pending);
    apply(pos, m);
  }
  st.outcome = pos.result;
  count_effects(pos.result, pending, st);
  if (pos.result.kind == Outcome::Kind::Win) {
    if (rec) rec->result = record::won_result(pos.result.winner);
    st.loser_points = loser_points(pos, pos.result.winner);
  } else if (pos.result.kind == Outcome::Kind::Draw) {
    if (rec) rec->result = record::drawn_result();
  }
  return st;
}

namespace {

// One player per seat, round robin over `names` (empty: greedy), made by `make`.
template <class P, class Make>
std::vector<std::unique_ptr<P>> seat_players(int seats, const std::vector<std::string>& names, Make&& make) {
  std::vector<std::unique_ptr<P>> owned;
  for (int s = 0; s < seats; ++s) {
    const std::string& name = names.empty() ? std::string("greedy") : names[static_cast<std::size_t>(s) % names.size()];
    auto p = make(name);
    if (!p) throw std::invalid_argument("unknown player '" + name + "'");
    owned.push_back(std::move(p));
  }
  return owned;
}

SimulatedDeal simulate_pan_deal(const Ruleset& rules, const std::string& ruleset_name, std::uint64_t seed,
                                std::uint64_t index, const std::vector<std::string>& players, int seats) {
  if (seats <= 0) seats = PanGame::default_seats(rules);
  Rng rng = deal_rng(seed, index);
  const std::vector<Card> pack = shuffled_pack(rules, rng);
  const int dealer = static_cast<int>(index % static_cast<std::uint64_t>(seats));
  auto owned = seat_players<PanPlayer>(seats, players, make_pan_player);
  std::vector<PanPlayer*> seated;
  for (auto& p : owned) seated.push_back(p.get());
  SimulatedDeal out;
  out.record.ruleset = ruleset_name;
  out.record.id = fmt::format("{}-{}-{}", ruleset_name, seed, index);
  const PanDealStats st = play_pan_deal(rules, seats, pack, dealer, rng, seated, &out.record);
  out.stats.outcome = st.outcome;
  out.stats.moves = st.moves;
  out.stats.turned = st.turned;
  out.stats.takes = st.takes;
  out.stats.forces = st.forces;
  return out;
}

}  // namespace

SimulatedDeal simulate_deal_of(GameTag<PanGame>, const Ruleset& rules, const std::string& ruleset_name,
                               std::uint64_t seed, std::uint64_t index, const std::vector<std::string>& players,
                               int seats) {
  return simulate_pan_deal(rules, ruleset_name, seed, index, players, seats);
}

SimulatedDeal simulate_deal_of(GameTag<ConquianGame>, const Ruleset& rules, const std::string& ruleset_name,
                               std::uint64_t seed, std::uint64_t index, const std::vector<std::string>& players, int) {
  Rng rng = deal_rng(seed, index);
  std::vector<Card> deck = shuffled_deck(rules.deck.size(), rng);
  int dealer = static_cast<int>(index % static_cast<std::uint64_t>(rules.seats));  // the deal alternates

  auto owned = seat_players<Player>(rules.seats, players, make_player);
  std::vector<Player*> seated;
  for (auto& p : owned) seated.push_back(p.get());

  SimulatedDeal out;
  out.record.ruleset = ruleset_name;
  out.record.id = fmt::format("{}-{}-{}", ruleset_name, seed, index);
  out.stats = play_deal(rules, deck, dealer, rng, seated, &out.record);
  return out;
}

SimulatedDeal simulate_deal(const Ruleset& rules, const std::string& ruleset_name, std::uint64_t seed,
                            std::uint64_t index, const std::vector<std::string>& players, int seats) {
  return visit_game(rules,
                    [&](auto tag) { return simulate_deal_of(tag, rules, ruleset_name, seed, index, players, seats); });
}

}  // namespace conquian::batch
