#include "serve/view_json.h"

#include "analyse/table_view.h"
#include "engine/seat_view.h"

namespace conquian::serve {

nlohmann::json view_json(const Position& full, int seat) {
  const SeatView v = view_of(full, seat);
  nlohmann::json t = analyse::table_json(v.pos);
  nlohmann::json known = nlohmann::json::array(), counts = nlohmann::json::array();
  for (int s = 0; s < v.pos.seats(); ++s) {
    known.push_back(s == seat ? nlohmann::json::array() : t["hands"][static_cast<std::size_t>(s)]);
    counts.push_back(v.hand_count[static_cast<std::size_t>(s)]);
  }
  return {{"seat", seat},
          {"hand", t["hands"][static_cast<std::size_t>(seat)]},
          {"known", known},
          {"hand_counts", counts},
          {"tables", t["tables"]},
          {"face_up", t["up"]},
          {"up_seat", t["up_seat"]},
          {"dead", t["dead"]},
          {"stock", t["stock"]},
          {"to_act", t["to_act"]},
          {"phase", phase_name(v.pos.phase)}};
}

}  // namespace conquian::serve
