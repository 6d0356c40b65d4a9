// Interim: the branch arch-output brings the one writer of a move (record::move_json in
// record/record_writer.h) with this same header; on its merge this file becomes theirs.
#include "replay/move_words.h"

#include <fmt/format.h>

#include "record/record_writer.h"
#include "replay/record_moves.h"

namespace conquian {

std::string move_text(const Position& before, const Move& move) {
  if (auto rm = to_record_move(before, move)) return record::write_move(*rm);
  return fmt::format("(seat {} does not force seat {} to take {})", to_act(before), int(before.actor),
                     before.rules->deck.token(before.up));
}

nlohmann::json move_json(const Position& before, const Move& move) {
  auto rm = to_record_move(before, move);
  if (!rm) return nullptr;
  nlohmann::json j = {{"seat", rm->seat}};
  auto list = [](const record::TokenList& l) {
    nlohmann::json a = nlohmann::json::array();
    for (const auto& t : l) a.push_back(t.text);
    return a;
  };
  switch (rm->kind) {
    case record::MoveKind::Swap: j["swap"] = rm->card.text; break;
    case record::MoveKind::Turn: j["turn"] = rm->card.text; break;
    case record::MoveKind::Pass: j["pass"] = rm->card.text; break;
    case record::MoveKind::Throw: j["throw"] = rm->card.text; break;
    case record::MoveKind::Force: j["force"] = rm->force_seat; break;
    case record::MoveKind::Take: j["take"] = rm->card.text; [[fallthrough]];
    case record::MoveKind::Lay: {
      nlohmann::json melds = nlohmann::json::array();
      for (const auto& meld : rm->melds) melds.push_back(list(meld));
      j["melds"] = melds;
      if (rm->discard) j["discard"] = rm->discard->text;
      if (rm->onto >= 0) j["onto"] = rm->onto;
      break;
    }
  }
  return j;
}

}  // namespace conquian
