#include "check/check_record.h"

#include <fmt/format.h>

#include "check/commitment.h"
#include "check/pan_check.h"
#include "replay/replay.h"

namespace conquian::check {
std::string outcome_words(const Outcome& o) {
  if (o.kind == Outcome::Kind::Win) return fmt::format("seat {} wins", o.winner);
  if (o.kind == Outcome::Kind::Draw) return "a draw";
  return "no result (unfinished)";
}

namespace {

// The outcome a finished record should state. A record may end in a force window: a
// force could still come, but the record stated no more moves, so nobody forced.
Outcome final_outcome(const Position& pos, bool result_stated) {
  if (pos.phase == Phase::ForceWindow && result_stated) {
    Position after = pos;
    apply(after, waive_move(to_act(after)));
    if (after.result.over()) return after.result;
  }
  return pos.result;
}

// A forfeit ends a deal that is still going (the moves so far judged legal): the seat that
// forfeits is one of the ruleset's, and the winner another.
GameVerdict check_forfeit(const record::GameRecord& rec, const Ruleset& rules, const Position& pos, GameVerdict v) {
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
  if (!fault.empty()) {
    v.judgement = Judgement::Illegal;
    v.outcome = pos.result;
    v.finished = pos.result.over();
    v.move = v.moves + 1;
    v.code = Code::ResultMismatch;
    v.message = fault;
    v.mark = res.forfeit_mark;
    v.move_text = "the result";
    return v;
  }
  v.outcome = Outcome{Outcome::Kind::Win, res.winner};
  v.finished = true;
  v.forfeit_seat = res.forfeit_seat;
  v.forfeit_reason = res.forfeit_reason;
  return v;
}

}  // namespace

const char* judgement_name(Judgement j) {
  switch (j) {
    case Judgement::Legal: return "legal";
    case Judgement::Illegal: return "illegal";
    case Judgement::Malformed: return "malformed";
  }
  return "?";
}

GameVerdict start_verdict(const record::GameRecord& rec, const Ruleset& rules) {
  GameVerdict v;
  v.id = rec.display_id();
  v.file = rec.file;
  v.index = rec.index;
  v.ruleset = rules.name;
  v.moves = static_cast<int>(rec.moves.size());
  return v;
}

GameVerdict illegal_at(GameVerdict v, int move, const Verdict& why, record::Mark mark, std::string text, Outcome at) {
  v.outcome = at;  // as replayed up to the bad move
  v.finished = v.outcome.over();
  v.judgement = Judgement::Illegal;
  v.move = move;
  v.code = why.code;
  v.message = why.message;
  v.mark = mark;
  v.move_text = std::move(text);
  return v;
}

std::optional<Verdict> seal_fault(const record::GameRecord& rec) {
  if (rec.commitment.empty()) return std::nullopt;
  if (!rec.has_stock)
    return Verdict::bad(Code::SealUnverified,
                        "the deal is sealed but its stock is not given: the commitment covers the whole deal "
                        "(every hand and the stock), so it cannot be verified from the hands alone");
  std::string expected = deal_commitment(rec);
  if (rec.commitment != expected)
    return Verdict::bad(Code::BadCommitment,
                        fmt::format("the deal does not match its commitment {} (the salt and cards hash to {})",
                                    rec.commitment, expected));
  return std::nullopt;
}

GameVerdict check_record(const record::GameRecord& rec, const Ruleset& rules) {
  if (rules.is_pan()) return check_pan_record(rec, rules);
  GameVerdict v = start_verdict(rec, rules);
  auto illegal = [&](int move, const Verdict& why, record::Mark mark, std::string text, Outcome at) {
    return illegal_at(v, move, why, mark, std::move(text), at);
  };

  const Replay r = replay(rec, rules, rec.moves.size());
  if (r.in_deal) return illegal(0, r.fault, r.deal_mark, "the deal", {});
  if (auto seal = seal_fault(rec)) return illegal(0, *seal, rec.commitment_mark, "the deal", {});
  if (rec.result.has_chips || rec.result.has_pot)
    return illegal(v.moves + 1,
                   Verdict::bad(Code::ResultMismatch,
                                "the result states chips or a pot, Panguingue's settlement; a conquian deal has none"),
                   rec.result.mark, "the result", r.position.result);
  if (!r.fault.ok())
    return illegal(static_cast<int>(r.moves) + 1, r.fault, rec.moves[r.moves].mark, r.move_text, r.position.result);

  const Position& pos = r.position;
  if (rec.result.present && rec.result.forfeit_seat >= 0) return check_forfeit(rec, rules, pos, v);
  Outcome replayed = final_outcome(pos, rec.result.present);
  v.outcome = replayed;
  v.finished = replayed.over();
  if (replayed.kind == Outcome::Kind::Win) v.loser_points = loser_points(pos, replayed.winner);
  Outcome stated;
  if (rec.result.present)
    stated = rec.result.draw ? Outcome{Outcome::Kind::Draw, -1} : Outcome{Outcome::Kind::Win, rec.result.winner};
  if (!(stated == replayed)) {
    std::string said = rec.result.present ? outcome_words(stated) : "no result";
    return illegal(v.moves + 1,
                   Verdict::bad(Code::ResultMismatch, fmt::format("the record states {}, but the replay gives {}", said,
                                                                  outcome_words(replayed))),
                   rec.result.present ? rec.result.mark : rec.mark, "the result", pos.result);
  }
  return v;
}

}  // namespace conquian::check
