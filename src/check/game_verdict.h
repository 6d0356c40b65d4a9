// What `conquian check` says of one game.
#pragma once

#include <string>

#include <cstdint>
#include <vector>

#include <nlohmann/json.hpp>

#include "record/record.h"
#include "turn/outcome.h"
#include "turn/verdict.h"

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

  // Panguingue: the chips of the deal as replayed (each seat's net, and what stays in the pot;
  // has_chips once the deal is over), and what each take collected for conditions.
  bool has_chips = false;
  std::vector<std::int64_t> chips;
  std::vector<std::string> players;  // the record's players, seat by seat (with has_chips), for their names
  std::int64_t pot = 0;
  struct Collect {
    int move = 0;  // 1-based index of the take in `moves`
    int seat = 0;
    std::int64_t each = 0;  // chips from each paying seat
    int payers = 0;
  };
  std::vector<Collect> collects;
  // On request (check --settlement): how each seat's chips arose, as text and as JSON
  // (replay/settlement.h); empty and null otherwise.
  std::string settlement_text;
  nlohmann::json settlement;
};

const char* judgement_name(Judgement j);

}  // namespace conquian::check
