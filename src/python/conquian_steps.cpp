// Conquian's moves as steps of its action layout (python/action_steps.h).
#include "engine/engine.h"
#include "engine/laid_cards.h"
#include "python/state_core.h"

namespace conquian::python {

bool unknown_turn(const Position& before, const Move& move) {
  return move.kind == MoveKind::Turn && !before.stock_known;
}

void append_steps(const ActionLayout& l, const Position&, const Position& before, const Move& mv, bool draw_step,
                  std::vector<int>& out) {
  switch (mv.kind) {
    case MoveKind::Swap: out.push_back(l.swap_base() + mv.card); break;
    case MoveKind::Turn:
      // A stock in a known order: the seat turns its next card without seeing it (one step).
      if (before.stock_known) {
        out.push_back(l.draw());
        break;
      }
      if (draw_step) out.push_back(l.draw());
      out.push_back(l.turn_base() + mv.card);
      break;
    case MoveKind::Take:
      out.push_back(mv.other == 0xFF ? l.own_table() : l.take_base() + mv.other);
      for (Card c : laid_cards(before, mv)) out.push_back(l.lay_base() + c);
      out.push_back(mv.discard == kNoCard ? l.no_discard() : l.discard_base() + mv.discard);
      break;
    case MoveKind::Lay:
      out.push_back(l.lay_begin());
      for (Card c : laid_cards(before, mv)) out.push_back(l.lay_base() + c);
      out.push_back(l.lay_end());
      break;
    case MoveKind::Pass: out.push_back(l.pass()); break;
    case MoveKind::Force: out.push_back(l.force(mv.seat, mv.other)); break;
    case MoveKind::Throw: out.push_back(l.throw_base() + mv.card); break;
    case MoveKind::Waive: out.push_back(l.waive()); break;  // nobody forces: the refusal stands
  }
}

}  // namespace conquian::python
