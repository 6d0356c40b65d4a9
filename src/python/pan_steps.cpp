// Panguingue's moves as steps of its action layout (python/action_steps.h): a declaration is
// one step (play or drop); a take is the take, each card laid from the hand in increasing
// card order (a card held twice and laid twice is two steps), then the discard. The engine
// lists one grouping of each take's cards (the one paying most), so no choice step arises.
#include "pan/engine.h"
#include "python/state_core.h"

namespace conquian::python {

bool unknown_turn(const pan::Position& before, const pan::Move& move) {
  return move.kind == pan::MoveKind::Turn && !before.stock_known;
}

void append_steps(const ActionLayout& l, const pan::Position&, const pan::Position& before, const pan::Move& mv,
                  bool draw_step, std::vector<int>& out) {
  using pan::MoveKind;
  switch (mv.kind) {
    case MoveKind::Play: out.push_back(l.play()); break;
    case MoveKind::Drop: out.push_back(l.drop()); break;
    case MoveKind::Turn:
      // A stock in a known order: the seat turns its next card without seeing it (one step).
      if (before.stock_known) {
        out.push_back(l.draw());
        break;
      }
      if (draw_step) out.push_back(l.draw());
      out.push_back(l.turn_base() + mv.card);
      break;
    case MoveKind::Take: {
      out.push_back(l.own_table());
      // The cards laid from the hand: the table afterwards less the table before and the card.
      CardCounts laid = mv.table.counts();
      laid -= before.table[mv.seat].counts();
      laid.remove(mv.card);
      for (Card c : laid.support())
        for (int k = 0; k < laid.count(c); ++k) out.push_back(l.lay_base() + c);
      out.push_back(mv.discard == kNoCard ? l.no_discard() : l.discard_base() + mv.discard);
      break;
    }
    case MoveKind::Pass: out.push_back(l.pass()); break;
    case MoveKind::Force: out.push_back(l.force(mv.seat, mv.other)); break;
    case MoveKind::Waive: out.push_back(l.waive()); break;  // nobody forces: the refusal stands
    case MoveKind::Forfeit: break;  // never legal: the referee's, for a bot that broke the protocol
  }
}

}  // namespace conquian::python
