#include "check/check_record.h"

#include "replay/settlement.h"

#include <fmt/format.h>

#include "check/commitment.h"
#include "check/conquian_check.h"
#include "check/pan_check.h"
#include "replay/game_of.h"
#include "replay/replay.h"

namespace conquian::check {
std::string outcome_words(const Outcome& o) {
  if (o.kind == Outcome::Kind::Win) return fmt::format("seat {} wins", o.winner);
  if (o.kind == Outcome::Kind::Draw) return "a draw";
  return "no result (unfinished)";
}

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

namespace {

// One record judged, written once for every game (turn/game.h): the deal and each move replayed
// through the game's engine, the seal, then the result against the replay; what only one game
// has (Panguingue's collections and settlement, Conquian's forfeit and hand points) is asked
// of its part (check/conquian_check.h, check/pan_check.h).
template <GameInterface G>
GameVerdict check_game(const record::GameRecord& rec, const Ruleset& rules) {
  using Position = typename G::Position;
  GameVerdict v = start_verdict(rec, rules);
  auto illegal = [&](int move, const Verdict& why, record::Mark mark, std::string text, Outcome at) {
    return illegal_at(v, move, why, mark, std::move(text), at);
  };
  int index = 0;
  const auto r = replay_game<G>(rec, rules, rec.moves.size(), [&](const Position& before, const typename G::Move& m) {
    note_move(v, ++index, before, m);
  });
  if (r.in_deal) return illegal(0, r.fault, r.deal_mark, "the deal", {});
  if (auto seal = seal_fault(rec)) return illegal(0, *seal, rec.commitment_mark, "the deal", {});
  if (auto shape = result_shape_fault(rec.result, r.position))
    return illegal(v.moves + 1, *shape, rec.result.mark, "the result", G::outcome(r.position));
  if (!r.fault.ok()) {
    const record::RecordMove& bad = rec.moves[r.moves];
    const record::Mark at = r.fault.code == Code::BadChips && bad.collect_mark.line ? bad.collect_mark : bad.mark;
    return illegal(static_cast<int>(r.moves) + 1, r.fault, at, r.move_text, G::outcome(r.position));
  }
  if (rec.result.present && rec.result.forfeit_seat >= 0) return *forfeit_verdict(rec, rules, r.position, v);

  // A record may end in a force window: a force could still come, but the record stated no
  // more moves, so nobody forced.
  Position pos = r.position;
  if (rec.result.present && !G::outcome(pos).over() && G::judge(pos, G::waive(pos)).ok()) {
    Position after = pos;
    G::apply(after, G::waive(pos));
    if (G::outcome(after).over()) pos = after;
  }
  const Outcome replayed = G::outcome(pos);
  v.outcome = replayed;
  v.finished = replayed.over();
  put_settlement(v, pos);
  if (v.has_chips) v.players = rec.players;
  Outcome stated;
  if (rec.result.present)
    stated = rec.result.draw ? Outcome{Outcome::Kind::Draw, -1} : Outcome{Outcome::Kind::Win, rec.result.winner};
  if (!(stated == replayed)) {
    std::string said = rec.result.present ? outcome_words(stated) : "no result";
    return illegal(v.moves + 1,
                   Verdict::bad(Code::ResultMismatch, fmt::format("the record states {}, but the replay gives {}", said,
                                                                  outcome_words(replayed))),
                   rec.result.present ? rec.result.mark : rec.mark, "the result", G::outcome(r.position));
  }
  if (rec.result.present) {
    if (std::string why = settlement_fault(rec.result, pos); !why.empty()) {
      const record::Mark at = rec.result.has_chips ? rec.result.chips_mark : rec.result.pot_mark;
      return illegal(v.moves + 1, Verdict::bad(Code::BadChips, why), at.line ? at : rec.result.mark, "the result",
                     replayed);
    }
  }
  return v;
}

}  // namespace

GameVerdict check_record(const record::GameRecord& rec, const Ruleset& rules) {
  return visit_game(rules, [&](auto tag) { return check_game<typename decltype(tag)::Game>(rec, rules); });
}

GameVerdict check_record_settled(const record::GameRecord& rec, const Ruleset& rules) {
  GameVerdict v = check_record(rec, rules);
  if (v.judgement != Judgement::Legal || !v.has_chips) return v;
  const auto seats = seat_settlements(chip_log_of(rec, rules, rec.moves.size()), static_cast<int>(v.chips.size()));
  v.settlement_text = settlement_text(seats, rules.deck, v.players, SuitStyle::Letters);
  v.settlement = settlement_json(seats, rules.deck);
  return v;
}

}  // namespace conquian::check
