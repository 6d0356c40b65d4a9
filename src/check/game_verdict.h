// What `conquian check` says of one game.
#pragma once

#include <string>

#include "engine/move.h"
#include "engine/position.h"
#include "record/record.h"

namespace conquian::check {

enum class Judgement { Legal, Illegal, Malformed };

struct GameVerdict {
  std::string id;
  std::string file;
  int index = 0;  // document index in the file (0: the file as a whole)
  std::string ruleset;
  Judgement judgement = Judgement::Legal;
  bool finished = false;  // outcome replayed: over, or unfinished
  Outcome outcome;
  int move = 0;  // 1-based index of the first bad move; 0: the deal
  Code code = Code::Ok;
  std::string message;
  std::string move_text;  // the bad move as written, for people
  record::Mark mark;      // where the bad move stands in the file
  int moves = 0;          // moves in the record
  int loser_points = 0;   // a won deal: the cards left in the losers' hands (000's points)
  std::string match;      // a deal of a match: the match's id
  // A deal won by forfeit (`result: {winner: W, forfeit: {seat: S, reason: ...}}`): the
  // seat that forfeited and why; -1 otherwise. The outcome is then W's win.
  int forfeit_seat = -1;
  std::string forfeit_reason;
};

const char* judgement_name(Judgement j);

}  // namespace conquian::check
