#include "check/verdict_json.h"

namespace conquian::check {
namespace {

nlohmann::json verdict_outcome_json(const GameVerdict& v) {
  if (v.outcome.kind == Outcome::Kind::Win && v.forfeit_seat >= 0)
    return {{"winner", v.outcome.winner}, {"forfeit", {{"seat", v.forfeit_seat}, {"reason", v.forfeit_reason}}}};
  if (v.outcome.kind == Outcome::Kind::Win) return {{"winner", v.outcome.winner}};
  if (v.outcome.kind == Outcome::Kind::Draw) return {{"draw", true}};
  return "unfinished";
}

}  // namespace

nlohmann::json verdict_json(const GameVerdict& v) {
  nlohmann::json j = {{"id", v.id},
                      {"verdict", judgement_name(v.judgement)},
                      {"outcome", verdict_outcome_json(v)},
                      {"file", v.file},
                      {"index", v.index}};
  if (!v.ruleset.empty()) j["ruleset"] = v.ruleset;
  if (!v.match.empty()) j["match"] = v.match;
  if (v.judgement != Judgement::Legal) {
    j["move"] = v.move;
    if (v.judgement == Judgement::Illegal) j["code"] = code_name(v.code);
    j["message"] = v.message;
    if (v.mark.line) j["line"] = v.mark.line;
  }
  j["moves"] = v.moves;
  if (v.has_chips) {
    j["chips"] = v.chips;
    j["pot"] = v.pot;
  }
  if (!v.collects.empty()) {
    nlohmann::json takes = nlohmann::json::array();
    for (const auto& c : v.collects)
      takes.push_back({{"move", c.move}, {"seat", c.seat}, {"collect", c.each}, {"payers", c.payers}});
    j["collects"] = takes;
  }
  if (!v.settlement.is_null()) j["settlement"] = v.settlement;
  return j;
}

}  // namespace conquian::check
