// Words for moves and codes.
#include <fmt/format.h>

#include "engine/engine.h"

namespace conquian {

const char* code_name(Code code) {
  switch (code) {
    case Code::Ok: return "ok";
    case Code::NotYourTurn: return "not-your-turn";
    case Code::WrongCard: return "wrong-card";
    case Code::NotInHand: return "not-in-hand";
    case Code::IllegalMeld: return "illegal-meld";
    case Code::TableMismatch: return "table-mismatch";
    case Code::CardUnused: return "card-unused";
    case Code::NoDiscard: return "no-discard";
    case Code::BadDiscard: return "bad-discard";
    case Code::NotAllowed: return "not-allowed";
    case Code::MustTake: return "must-take";
    case Code::AfterEnd: return "after-end";
    case Code::ResultMismatch: return "result-mismatch";
    case Code::UnknownCard: return "unknown-card";
    case Code::DuplicateCard: return "duplicate-card";
    case Code::BadDeal: return "bad-deal";
    case Code::BadCommitment: return "bad-commitment";
  }
  return "?";
}

std::string describe(const Position& p, const Move& m) {
  const Deck& d = p.rules->deck;
  auto melds = [&](const Move& mv) {
    MeldList g = mv.grouping;
    if (g.count == 0) p.rules->meld_index().find_partition(mv.table, g);
    std::string s = "[";
    for (int i = 0; i < g.count; ++i) {
      if (i) s += ", ";
      std::string inner;
      for (Card c : g.melds[i]) inner += (inner.empty() ? "" : ", ") + d.token(c);
      s += "[" + inner + "]";
    }
    return s + "]";
  };
  switch (m.kind) {
    case MoveKind::Swap: return fmt::format("{{seat: {}, swap: {}}}", m.seat, d.token(m.card));
    case MoveKind::Turn: return fmt::format("{{seat: {}, turn: {}}}", m.seat, d.token(m.card));
    case MoveKind::Pass: return fmt::format("{{seat: {}, pass: {}}}", m.seat, d.token(m.card));
    case MoveKind::Force: return fmt::format("{{seat: {}, force: {}}}", m.seat, int(m.other));
    case MoveKind::Throw: return fmt::format("{{seat: {}, throw: {}}}", m.seat, d.token(m.card));
    case MoveKind::Waive: return fmt::format("(seat {} does not force)", m.seat);
    case MoveKind::Lay: return fmt::format("{{seat: {}, melds: {}}}", m.seat, melds(m));
    case MoveKind::Take: {
      std::string s = fmt::format("{{seat: {}, take: {}, melds: {}", m.seat, d.token(m.card), melds(m));
      if (m.discard != kNoCard) s += fmt::format(", discard: {}", d.token(m.discard));
      if (m.other != 0xFF) s += fmt::format(", onto: {}", int(m.other));
      return s + "}";
    }
  }
  return "?";
}

}  // namespace conquian
