// What a judge says of a move, for every game of the family: legal (Ok), or the contract's
// code and a sentence a person understands (specs/record-format.md, "Judging").
#pragma once

#include <cstdint>
#include <string>

namespace conquian {

// Codes for a bad move; Ok for a legal one. SealUnverified, WrongDealer, ScoreMismatch and
// AfterMatchEnd are the record's, not a move's (a sealed deal that cannot be verified, the
// faults of a deal within a match). BadDeclaration, Dropped and BadChips are Panguingue's:
// a declaration out of order, a move by a seat that dropped, chips that differ from the
// engine's figure.
enum class Code : std::uint8_t {
  Ok,
  NotYourTurn,
  WrongCard,
  NotInHand,
  IllegalMeld,
  TableMismatch,
  CardUnused,
  NoDiscard,
  BadDiscard,
  NotAllowed,
  MustTake,
  AfterEnd,
  ResultMismatch,
  UnknownCard,
  DuplicateCard,
  BadDeal,
  BadCommitment,
  SealUnverified,
  WrongDealer,
  ScoreMismatch,
  AfterMatchEnd,
  BadDeclaration,
  Dropped,
  BadChips,
};

// The code as records and `check` write it: "not-your-turn", "bad-chips", ...
const char* code_name(Code code);

struct Verdict {
  Code code = Code::Ok;
  std::string message;
  bool ok() const { return code == Code::Ok; }
  static Verdict bad(Code c, std::string why) { return {c, std::move(why)}; }
};

}  // namespace conquian
