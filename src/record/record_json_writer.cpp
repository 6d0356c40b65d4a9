#include "record/record_json_writer.h"

#include <yaml-cpp/yaml.h>

#include <nlohmann/json.hpp>

#include "record/json_text.h"
#include "record/record_writer.h"

namespace conquian::record {
namespace {

using Json = nlohmann::ordered_json;

Json tokens(const TokenList& list) {
  Json a = Json::array();
  for (const auto& t : list) a.push_back(t.text);
  return a;
}

// A plain YAML scalar as YAML 1.2's core schema reads it: a number, true, false or null;
// anything else (and every quoted scalar) is a string.
Json yaml_scalar_json(const YAML::Node& n) {
  const std::string& v = n.Scalar();
  if (n.Tag() != "?") return v;  // quoted
  if (v == "true" || v == "True" || v == "TRUE") return true;
  if (v == "false" || v == "False" || v == "FALSE") return false;
  if (v.empty() || v == "~" || v == "null" || v == "Null" || v == "NULL") return nullptr;
  const std::string digits = v[0] == '-' || v[0] == '+' ? v.substr(1) : v;
  if (!digits.empty() && digits.size() <= 18 && digits.find_first_not_of("0123456789") == std::string::npos &&
      (digits.size() == 1 || digits[0] != '0'))
    return std::stoll(v);
  return v;
}

Json yaml_json(const YAML::Node& n) {
  if (n.IsMap()) {
    Json o = Json::object();
    for (const auto& kv : n) o[kv.first.Scalar()] = yaml_json(kv.second);
    return o;
  }
  if (n.IsSequence()) {
    Json a = Json::array();
    for (const auto& e : n) a.push_back(yaml_json(e));
    return a;
  }
  if (n.IsScalar()) return yaml_scalar_json(n);
  return nullptr;
}

// `ruleset`: the name, or the inline mapping as a JSON object (the reader has read it as a
// mapping already; yaml-cpp reads JSON text too, so either format's inline text converts).
Json ruleset_json(const std::string& name, const std::string& inline_text) {
  if (inline_text.empty()) return name;
  return yaml_json(YAML::Load(inline_text));
}

}  // namespace

std::string write_record_json(const GameRecord& rec) {
  Json j = Json::object();
  j["format"] = "conquian-record/1";
  if (!rec.ruleset.empty() || !rec.ruleset_inline.empty()) j["ruleset"] = ruleset_json(rec.ruleset, rec.ruleset_inline);
  if (!rec.id.empty()) j["id"] = rec.id;
  if (!rec.players.empty()) j["players"] = rec.players;
  j["dealer"] = rec.dealer;
  Json deal = Json::object();
  Json hands = Json::array();
  for (const auto& h : rec.hands) hands.push_back(tokens(h));
  deal["hands"] = hands;
  if (rec.has_stock) deal["stock"] = tokens(rec.stock);
  if (!rec.salt.empty()) deal["salt"] = rec.salt;
  if (!rec.commitment.empty()) deal["commitment"] = rec.commitment;
  j["deal"] = deal;
  Json moves = Json::array();
  // The one writer of a move's words (its keys sorted), from nlohmann::json to the ordered kind.
  for (const auto& m : rec.moves) moves.push_back(Json::parse(move_json(m).dump()));
  j["moves"] = moves;
  if (rec.result.present) {
    const RecordResult& r = rec.result;
    Json result = r.draw ? Json{{"draw", true}} : Json{{"winner", r.winner}};
    if (r.forfeit_seat >= 0) result["forfeit"] = {{"seat", r.forfeit_seat}, {"reason", r.forfeit_reason}};
    if (r.has_chips) result["chips"] = r.chips;
    if (r.has_pot) result["pot"] = r.pot;
    j["result"] = result;
  }
  if (rec.score.present) {
    Json score = {{"multiplier", rec.score.multiplier}, {"total", rec.score.total}};
    if (rec.score.match_winner >= 0) score["match_winner"] = rec.score.match_winner;
    j["score"] = score;
  }
  return json_dump(j);
}

std::string write_match_header_json(const MatchHeader& m) {
  Json match = Json::object();
  if (!m.id.empty()) match["id"] = m.id;
  match["ruleset"] = ruleset_json(m.ruleset, m.ruleset_inline);
  if (m.seats >= 0) match["seats"] = m.seats;
  if (!m.players.empty()) match["players"] = m.players;
  if (m.target >= 0) match["target"] = m.target;
  if (m.stake >= 0) match["stake"] = m.stake;
  Json j = Json::object();
  j["format"] = "conquian-record/1";
  j["match"] = match;
  return json_dump(j);
}

}  // namespace conquian::record
