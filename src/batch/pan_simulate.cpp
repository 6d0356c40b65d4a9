#include "batch/pan_simulate.h"

#include <stdexcept>

#include "cards/shuffle.h"
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
    if (m.kind == pan::MoveKind::Take)
      st.conditions += pan::take_collect(pos, m.seat, m.table) * pan::paying_seats(pos, m.seat);
    // Until a seat takes it, the pot only grows: by the antes, and by the forfeit of a drop,
    // which may be the move that leaves one seat in to take it.
    const std::int64_t pot_before = pos.pot + (m.kind == pan::MoveKind::Drop ? rules.pan.drop_forfeit : 0);
    if (rec)
      if (auto rm = to_record_move(pos, m)) rec->moves.push_back(std::move(*rm));
    pan::apply(pos, m);
    if (pos.result.kind == Outcome::Kind::Win) st.pot_taken = pot_before;
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
