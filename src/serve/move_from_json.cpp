#include "serve/move_from_json.h"

#include <fmt/format.h>

#include <algorithm>

#include "serve/game_session.h"

namespace conquian::serve {
namespace {

[[noreturn]] void bad(const std::string& why) { throw SessionError("bad-field", "move: " + why); }

record::Token card(const nlohmann::json& j, const std::string& key) {
  if (!j.is_string()) bad(fmt::format("'{}' must be a card (a string such as \"5h\"), not {}", key, j.dump()));
  return {j.get<std::string>(), {}};
}

record::TokenList cards(const nlohmann::json& j, const std::string& key) {
  if (!j.is_array()) bad(fmt::format("'{}' must be a list of cards, not {}", key, j.dump()));
  record::TokenList out;
  for (const auto& c : j) out.push_back(card(c, key));
  return out;
}

int seat_number(const nlohmann::json& j, const std::string& key) {
  if (!j.is_number_integer() || j.get<long long>() < 0 || j.get<long long>() > record::kMaxSeatNumber)
    bad(fmt::format("'{}' must be a seat number (0 to {}), not {}", key, record::kMaxSeatNumber, j.dump()));
  return j.get<int>();
}

}  // namespace

record::RecordMove move_from_json(const nlohmann::json& j) {
  if (!j.is_object()) bad(fmt::format("must be a mapping such as {{\"seat\": 0, \"turn\": \"5h\"}}, not {}", j.dump()));
  record::RecordMove m;
  if (!j.contains("seat")) bad("no 'seat'");
  m.seat = seat_number(j["seat"], "seat");
  static const std::pair<const char*, record::MoveKind> actions[] = {
      {"swap", record::MoveKind::Swap}, {"turn", record::MoveKind::Turn},   {"take", record::MoveKind::Take},
      {"pass", record::MoveKind::Pass}, {"throw", record::MoveKind::Throw}, {"force", record::MoveKind::Force}};
  int found = 0;
  for (const auto& [key, kind] : actions) {
    if (!j.contains(key)) continue;
    if (++found > 1) bad("two actions in one move (one of swap, turn, take, pass, throw, force, or a lay)");
    m.kind = kind;
    if (kind == record::MoveKind::Force) m.force_seat = seat_number(j[key], key);
    else m.card = card(j[key], key);
  }
  const bool lays = j.contains("melds") || j.contains("lay");
  if (found == 0) {
    if (!lays) bad("no action: one of swap, turn, take, pass, throw, force, melds or lay");
    m.kind = record::MoveKind::Lay;
  }
  for (const auto& item : j.items()) {
    // A name of its own, not a structured binding: clang before 16 (the fuzz build's) cannot
    // capture a binding in a lambda.
    const std::string& key = item.key();
    static const char* known[] = {"seat",  "swap",  "turn", "take",    "pass", "throw",
                                  "force", "melds", "lay",  "discard", "onto"};
    if (std::find_if(std::begin(known), std::end(known), [&](const char* k) { return key == k; }) == std::end(known))
      bad(fmt::format("unknown key '{}'", key));
  }
  if (m.kind != record::MoveKind::Take && m.kind != record::MoveKind::Lay && lays)
    bad("'melds' and 'lay' go only with 'take' (or alone, to lay cards down)");
  if (m.kind != record::MoveKind::Take && (j.contains("discard") || j.contains("onto")))
    bad("'discard' and 'onto' go only with 'take'");
  if (j.contains("onto") && !j.contains("discard")) bad("'onto' needs a 'discard' (the card thrown onto that table)");
  if (j.contains("melds") && j.contains("lay")) bad("give melds (the whole table) or lay (the cards laid), not both");
  if (j.contains("melds")) {
    const auto& melds = j["melds"];
    if (!melds.is_array()) bad(fmt::format("'melds' must be a list of melds, not {}", melds.dump()));
    m.has_melds = true;
    for (const auto& meld : melds) m.melds.push_back(cards(meld, "melds"));
  }
  if (j.contains("lay")) {
    m.has_lay = true;
    m.lay = cards(j["lay"], "lay");
  }
  if (j.contains("discard") && !j["discard"].is_null()) m.discard = card(j["discard"], "discard");
  if (j.contains("onto")) m.onto = seat_number(j["onto"], "onto");
  return m;
}

}  // namespace conquian::serve
