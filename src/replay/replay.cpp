#include "replay/replay.h"

#include <algorithm>

#include "replay/move_words.h"
#include "replay/record_moves.h"

namespace conquian {

Replay replay(const record::GameRecord& rec, const Ruleset& rules, std::size_t upto, const MoveVisitor& visit) {
  Replay r;
  DealOrFault deal = start_from_record(rec, rules);
  if (!deal.fault.ok()) {
    r.fault = deal.fault;
    r.in_deal = true;
    r.deal_mark = deal.mark;
    return r;
  }
  r.position = deal.position;
  Position& pos = r.position;
  upto = std::min(upto, rec.moves.size());
  for (; r.moves < upto; ++r.moves) {
    if (pos.phase == Phase::Over) {  // any move after the end is after-end, whatever it says
      r.fault = judge(pos, Move{});
      return r;
    }
    MoveOrFault mf = to_move(pos, rec.moves[r.moves]);
    if (!mf.fault.ok()) {
      r.fault = mf.fault;
      return r;
    }
    if (Verdict v = judge(pos, mf.move); !v.ok()) {
      r.fault = v;
      r.move_text = move_text(pos, mf.move);
      return r;
    }
    if (visit) visit(pos, mf.move);
    apply(pos, mf.move);
  }
  return r;
}

}  // namespace conquian
