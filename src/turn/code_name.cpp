// The names of the move codes, as `check` reports them (specs/record-format.md).
#include "turn/verdict.h"

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
    case Code::SealUnverified: return "seal-unverified";
    case Code::WrongDealer: return "wrong-dealer";
    case Code::ScoreMismatch: return "score-mismatch";
    case Code::AfterMatchEnd: return "after-match-end";
    case Code::BadDeclaration: return "bad-declaration";
    case Code::Dropped: return "dropped";
    case Code::BadChips: return "bad-chips";
  }
  return "?";
}

}  // namespace conquian
