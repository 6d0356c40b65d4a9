#include "batch/pan_simulate.h"

#include <stdexcept>

#include "cards/shuffle.h"
#include "pan/chip_log.h"
#include "pan/engine.h"
#include "replay/pan_moves.h"

namespace conquian::batch {

std::vector<Card> shuffled_pack(const Ruleset& rules, Rng& rng) {
  std::vector<Card> order = pan::pack_cards(rules);
  shuffle_cards(order, rng);
  return order;
}

PanDealStats play_pan_deal(const Ruleset& rules, int seats, std::span<const Card> order, int dealer, Rng& rng,
                           std::span<PanPlayer* const> players, record::GameRecord* rec) {
  if (rec) to_record_deal(rules, seats, order, dealer, *rec);
  PanDealStats st;
  st.seats = seats;
  pan::Position pos = pan::deal(rules, seats, order, dealer);
  std::vector<pan::Move> legal;
  pan::ChipLog log;  // every chip apply() moves, and why
  // Every move turns a card, takes one or refuses one; a deal ends long before this.
  const std::uint32_t max_plies = 64u * static_cast<std::uint32_t>(pan::kMaxPackCards);
  while (!pos.result.over() && pos.plies < max_plies) {
    pan::legal_moves(pos, legal);
    if (legal.empty()) throw std::logic_error("no legal move in a Panguingue position that is not over");
    const int seat = pan::to_act(pos);
    const pan::Move& m = legal[players[static_cast<std::size_t>(seat)]->choose(pos, legal, rng)];
    if (m.kind != pan::MoveKind::Waive) st.moves++;
    st.turned += m.kind == pan::MoveKind::Turn;
    st.takes += m.kind == pan::MoveKind::Take;
    st.forces += m.kind == pan::MoveKind::Force;
    if (m.kind == pan::MoveKind::Drop) {
      st.drops++;
      st.dropped |= 1u << seat;
    }
    if (rec)
      if (auto rm = to_record_move(pos, m)) rec->moves.push_back(std::move(*rm));
    pan::apply(pos, m, &log);
  }
  // The conditions paid and the pot taken, as apply() moved them.
  for (const pan::ChipTransfer& t : log.transfers) {
    if (t.reason == pan::ChipReason::Condition) st.conditions += t.chips;
    if (t.reason == pan::ChipReason::Pot) st.pot_taken += t.chips;
  }
  st.outcome = pos.result;
  st.chips.assign(pos.chips.begin(), pos.chips.begin() + seats);
  st.pot = pos.pot;
  st.went_out = pos.result.kind == Outcome::Kind::Win && pos.table[pos.result.winner].cards() >= rules.target;
  if (rec && pos.result.over()) {
    rec->result =
        pos.result.kind == Outcome::Kind::Win ? record::won_result(pos.result.winner) : record::drawn_result();
    put_settlement(pos, rec->result);
  }
  return st;
}

}  // namespace conquian::batch
