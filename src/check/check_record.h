// Replaying a record move by move through the engine, and judging it.
// Reads nothing and searches nothing: a record comes in, a verdict goes out.
#pragma once

#include <map>
#include <memory>
#include <string>

#include "check/game_verdict.h"
#include "record/record.h"
#include "rules/ruleset.h"

namespace conquian::check {

// Rulesets by the name or path a record gives, loaded once each.
class RulesetCache {
 public:
  // A failed load is remembered too; throws record::InputError each time it is asked.
  std::shared_ptr<const Ruleset> get(const std::string& name_or_path, const std::string& record_file);

 private:
  std::map<std::string, std::shared_ptr<const Ruleset>> loaded_;
  std::map<std::string, std::string> failed_;
};

GameVerdict check_record(const record::GameRecord& rec, const Ruleset& rules);

}  // namespace conquian::check
