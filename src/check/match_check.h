// A match file checked deal by deal (specs/record-format.md, "Matches"): the dealer passes
// to the next seat after every deal (000: "alternate afterwards"; 004: "The deal alternates
// after each game"), each deal states the multiplier it was played at and the running
// score (rules/scoring.h says what they must be), and the match ends with the deal in which
// a seat reaches the target, not before and not after.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "check/game_verdict.h"
#include "record/record.h"
#include "rules/scoring.h"

namespace conquian::check {

// What `check` says of a match as a whole.
struct MatchVerdict {
  std::string id;
  std::string file;
  int index = 0;  // the match document's index in the file
  std::string ruleset;
  Judgement judgement = Judgement::Legal;  // illegal or malformed: some deal is
  int deals = 0;                           // deals after the match document
  int bad_deal = 0;                        // 1-based: the first deal that is not legal (0: none)
  std::string bad_deal_id;
  Code code = Code::Ok;             // that deal's code (Ok when it is malformed)
  std::vector<std::int64_t> total;  // the score after the last legal deal
  int winner = -1;                  // the seat that won the match; -1: unfinished
  std::int64_t target = 0;
};

class MatchCheck {
 public:
  // A match whose terms are known: its ruleset, the target and the stake (the header's, or
  // the ruleset's where the header gives none).
  MatchCheck(const record::MatchHeader& header, std::shared_ptr<const Ruleset> rules, std::int64_t target,
             std::int64_t stake);
  // A match document that could not be used: every deal after it is malformed.
  MatchCheck(const record::MatchHeader& header, std::string why);

  const std::shared_ptr<const Ruleset>& rules() const { return rules_; }
  const std::string& unusable() const { return unusable_; }
  const std::string& id() const { return verdict_.id; }

  // The next deal of the match, with its verdict as a game (check_record, or malformed):
  // adds the match's own faults to `v` (after-match-end, wrong-dealer, score-mismatch) and
  // scores the deal. After the first deal that is not legal the match is not followed.
  void add_deal(const record::GameRecord& rec, GameVerdict& v);
  void add_malformed(GameVerdict& v);

  const MatchVerdict& verdict() const { return verdict_; }

 private:
  void spoil(const GameVerdict& v);

  std::shared_ptr<const Ruleset> rules_;
  std::string unusable_;
  Scoring terms_;
  MatchState state_;
  int last_dealer_ = -1;
  bool last_unfinished_ = false;
  MatchVerdict verdict_;
};

// The terms of a match document under its ruleset: the target and the stake, or the reason
// they cannot be used (a seat count that is not the ruleset's, no target anywhere).
struct MatchTerms {
  std::int64_t target = 0, stake = 0;
  std::string problem;
};
MatchTerms match_terms(const record::MatchHeader& header, const Ruleset& rules);

}  // namespace conquian::check
