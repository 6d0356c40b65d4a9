#include "serve/move_from_json.h"

#include <fmt/format.h>

#include <algorithm>
#include <optional>

#include "record/record_reader.h"
#include "serve/session.h"

namespace conquian::serve {
namespace {

// The reader's "<move>:1:57: moves[0].take: expected a card token" as "take: expected a card
// token": the path inside the move and the reason, without the wrapper's place.
std::string reason_of(const std::string& message) {
  const std::string key = "moves[0]";
  const std::size_t at = message.find(key);
  if (at == std::string::npos) return message;
  std::string rest = message.substr(at + key.size());
  if (rest.starts_with(".")) rest.erase(0, 1);
  else if (rest.starts_with(": ")) rest.erase(0, 2);
  return rest;
}

}  // namespace

record::RecordMove move_from_json(const nlohmann::json& j) {
  if (!j.is_object())
    throw SessionError("bad-field",
                       fmt::format("move: must be a mapping such as {{\"seat\": 0, \"turn\": \"5h\"}}, not {}",
                                   j.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace)));
  // JSON has types a YAML record has not: a card is a string, not a number that reads as one.
  auto not_cards = [](const nlohmann::json& v) {
    if (v.is_string()) return false;
    if (!v.is_array()) return true;
    for (const auto& e : v)
      if (e.is_array() ? std::any_of(e.begin(), e.end(), [](const auto& c) { return !c.is_string(); }) : !e.is_string())
        return true;
    return false;
  };
  for (const char* key : {"swap", "turn", "take", "pass", "throw", "discard", "lay", "melds"})
    if (j.contains(key) && !(std::string(key) == "discard" && j[key].is_null()) && not_cards(j[key]))
      throw SessionError("bad-field",
                         fmt::format("move: '{}' must be a card (a string such as \"5h\") or a list of "
                                     "cards, not {}",
                                     key, j[key].dump(-1, ' ', false, nlohmann::json::error_handler_t::replace)));
  // Read by the record schema itself (record/record_schema.cpp), as one move of a record: a
  // move from a program means what the same words mean in a record file, key for key.
  nlohmann::json move = j;
  if (move.contains("discard") && move["discard"].is_null()) move.erase("discard");  // no discard
  std::string doc = R"({"format":"conquian-record/1","deal":{"hands":[]},"moves":[)";
  doc += move.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
  doc += "]}";
  std::optional<record::RecordMove> out;
  std::string error;
  record::read_record_text(
      doc, "<move>",
      [&](record::ReadItem&& item) {
        if (item.error) error = item.error->message;
        else if (item.record && item.record->moves.size() == 1) out = std::move(item.record->moves[0]);
      },
      {}, record::RecordFormat::Json);
  if (!out) throw SessionError("bad-field", "move: " + (error.empty() ? std::string("not a move") : reason_of(error)));
  return *out;
}

}  // namespace conquian::serve
