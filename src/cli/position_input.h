// The position a command works on: a position file, or a game record cut after its first
// N moves (`--after N`, `--game K`). Shared by `solve` and `forcing`.
#pragma once

#include <memory>
#include <optional>
#include <string>

#include "engine/position.h"
#include "engine/seat_view.h"
#include "pan/position.h"
#include "record/record.h"
#include "rules/ruleset.h"

namespace conquian::cli {

struct PositionInput {
  std::string path;
  long after = -1;      // -1: `path` is a position file
  int game = 1;         // which game of a record file (1-based)
  std::string ruleset;  // overrides the ruleset the file names
};

struct LoadedPosition {
  std::shared_ptr<const Ruleset> rules;  // outlives `position`, which points into it
  Position position;
  // A Panguingue record's deal (load_position's `pan_too`): `pan_position` holds it, `position` nothing.
  pan::Position pan_position;
  std::string label;  // for messages: the file, or "id after move N"
  // The record the position was cut from (`after` >= 0): its moves before and after the cut.
  std::optional<record::GameRecord> record;
};

// Throws record::InputError (file, line, reason) for anything unusable. With `pan_too` a
// panguingue record is cut too (into pan_position); else it is refused, naming the game.
LoadedPosition load_position(const PositionInput& in, bool pan_too = false);

struct LoadedView {
  std::shared_ptr<const Ruleset> rules;
  SeatView view;
  std::string label;
};

// One seat's view: `seat` of the position (a record after N moves, or a position file with
// every card known), or the view a position file gives (`view: SEAT`; `seat` must then be
// -1 or the same). nullopt when there is no view to take (seat -1 and no `view:` key).
std::optional<LoadedView> load_view(const PositionInput& in, int seat);

}  // namespace conquian::cli
