#include "check/conquian_check.h"

#include <fmt/format.h>

#include "check/check_record.h"

namespace conquian::check {

std::optional<Verdict> result_shape_fault(const record::RecordResult& result, const Position&) {
  if (!result.has_chips && !result.has_pot) return std::nullopt;
  return Verdict::bad(Code::ResultMismatch,
                      "the result states chips or a pot, Panguingue's settlement; a conquian deal has none");
}

std::optional<GameVerdict> forfeit_verdict(const record::GameRecord& rec, const Ruleset& rules, const Position& pos,
                                           const GameVerdict& verdict) {
  GameVerdict v = verdict;
  const record::RecordResult& res = rec.result;
  std::string fault;
  if (pos.result.over())
    fault = fmt::format("the record states a forfeit, but the deal was over: the replay gives {}",
                        outcome_words(pos.result));
  else if (res.forfeit_seat >= rules.seats)
    fault = fmt::format("the forfeit names seat {}, but the ruleset has {} seats", res.forfeit_seat, rules.seats);
  else if (res.winner >= rules.seats)
    fault = fmt::format("the winner is seat {}, but the ruleset has {} seats", res.winner, rules.seats);
  else if (res.winner == res.forfeit_seat) fault = fmt::format("seat {} cannot win by its own forfeit", res.winner);
  if (!fault.empty())
    return illegal_at(v, v.moves + 1, Verdict::bad(Code::ResultMismatch, fault), res.forfeit_mark, "the result",
                      pos.result);
  v.outcome = Outcome{Outcome::Kind::Win, res.winner};
  v.finished = true;
  v.forfeit_seat = res.forfeit_seat;
  v.forfeit_reason = res.forfeit_reason;
  return v;
}

void put_settlement(GameVerdict& v, const Position& pos) {
  if (pos.result.kind == Outcome::Kind::Win) v.loser_points = loser_points(pos, pos.result.winner);
}

}  // namespace conquian::check
