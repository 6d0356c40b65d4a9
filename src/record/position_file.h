// Position files (`format: conquian-position/1`): one deal frozen at a decision, as read
// from YAML, before any rule is applied. specs/position-format.md describes the format.
//
// The record layer knows formats, not rules: card tokens stay text with their place in the
// file; replay/position_setup.h gives them meaning against the ruleset's deck and checks the
// position against the rules (every card once, legal tables, whose turn it is).
#pragma once

#include <string>
#include <vector>

#include "record/record.h"

namespace conquian::record {

inline constexpr const char* kPositionFormat = "conquian-position/1";

struct PositionSeat {
  Mark mark;       // where the seat's mapping starts
  TokenList hand;  // hidden: the cards known to be in it
  // `hand: {count: N, known: [...]}` (with `view`): a hand the view's seat does not see,
  // of N cards in all, `known` among them (such as the card the seat passed in the swap).
  bool hidden = false;
  int count = 0;
  Mark hand_mark;
  std::vector<TokenList> table;  // the melds on the seat's table
  Mark table_mark;
};

struct PositionFile {
  std::string file;     // where it came from, for messages
  Mark mark;            // the document
  std::string ruleset;  // name or path, as written
  Mark ruleset_mark;
  int dealer = 0;
  Mark dealer_mark;
  std::vector<PositionSeat> seats;
  Mark seats_mark;
  bool stock_known = true;  // false: `stock: unknown`
  TokenList stock;          // top card first
  Mark stock_mark;
  TokenList dead;
  Mark dead_mark;
  bool has_face_up = false;
  Token face_up;            // `face_up.card`
  int face_up_origin = -1;  // `turned: N` or `thrown: N`
  bool face_up_turned = false;
  Mark face_up_mark;
  std::vector<int> refused;  // in offer order
  Mark refused_mark;
  int forced = -1;  // -1: absent
  Mark forced_mark;
  bool waived = false;  // `waived: true`: the force window after the last refusal closed unforced
  Mark waived_mark;
  int hit = -1;  // -1: absent
  Mark hit_mark;
  int to_act = -1;
  Mark to_act_mark;
  int view = -1;  // `view: SEAT`: the position as that seat sees it; -1: absent
  Mark view_mark;
};

// Reads a position file; throws InputError naming the file, the line and the reason.
PositionFile read_position_file(const std::string& path);
// The same from text in memory; `name` stands for the file name in messages.
PositionFile read_position_text(const std::string& text, const std::string& name);

}  // namespace conquian::record
