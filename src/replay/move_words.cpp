#include "replay/move_words.h"

#include <fmt/format.h>

#include "record/record_writer.h"
#include "replay/pan_moves.h"
#include "replay/record_moves.h"

namespace conquian {

std::string move_text(const Position& before, const Move& move) {
  if (auto rm = to_record_move(before, move)) return record::write_move(*rm);
  return fmt::format("(seat {} does not force seat {} to take {})", to_act(before), int(before.actor),
                     before.rules->deck.token(before.up));
}

nlohmann::json move_json(const Position& before, const Move& move) {
  if (auto rm = to_record_move(before, move)) return record::move_json(*rm);
  return nullptr;
}

std::string move_text(const pan::Position& before, const pan::Move& move) {
  if (auto rm = to_record_move(before, move)) return record::write_move(*rm);
  return fmt::format("(seat {} does not force seat {} to take {})", pan::to_act(before), int(before.actor),
                     before.rules->deck.token(before.up));
}

nlohmann::json move_json(const pan::Position& before, const pan::Move& move) {
  if (auto rm = to_record_move(before, move)) return record::move_json(*rm);
  return nullptr;
}

}  // namespace conquian
