#include "check/pan_check.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "check/check_record.h"
#include "pan/engine.h"
#include "replay/replay.h"

namespace conquian::check {
namespace {

// The outcome a finished record should state. A record may end in a force window: a force
// could still come, but the record stated no more moves, so nobody forced.
pan::Position final_position(const pan::Position& pos, bool result_stated) {
  if (pos.phase == pan::Phase::ForceWindow && result_stated) {
    pan::Position after = pos;
    pan::apply(after, pan::waive_move(pan::to_act(after)));
    if (after.result.over()) return after;
  }
  return pos;
}

// What a stated settlement gets wrong, or "": its length, its sum (chips are only moved, never
// made: chips plus pot come to zero), and each figure against the replay's.
std::string chips_fault(const record::RecordResult& res, const pan::Position& pos) {
  const int n = pos.seats();
  if (res.has_chips) {
    if (static_cast<int>(res.chips.size()) != n)
      return fmt::format("the result states chips for {} seats, but {} were dealt in", res.chips.size(), n);
    std::int64_t sum = res.has_pot ? res.pot : pos.pot;
    for (std::int64_t c : res.chips) sum += c;
    if (sum != 0)
      return fmt::format("the stated chips{} sum to {}, not 0: chips change hands, they are never made or lost",
                         res.has_pot ? " and pot" : " and the replay's pot", sum);
    for (int s = 0; s < n; ++s)
      if (res.chips[s] != pos.chips[s])
        return fmt::format("the result states seat {} nets {} chips, but the replay gives {} (chips {})", s,
                           res.chips[s], pos.chips[s],
                           fmt::join(std::vector<std::int64_t>(pos.chips.begin(), pos.chips.begin() + n), ", "));
  }
  if (res.has_pot && res.pot != pos.pot)
    return fmt::format("the result states a pot of {}, but the replay leaves {} on the table", res.pot, pos.pot);
  return "";
}

}  // namespace

GameVerdict check_pan_record(const record::GameRecord& rec, const Ruleset& rules) {
  GameVerdict v = start_verdict(rec, rules);
  auto illegal = [&](int move, const Verdict& why, record::Mark mark, std::string text, Outcome at) {
    return illegal_at(v, move, why, mark, std::move(text), at);
  };
  std::size_t index = 0;
  const auto r =
      replay_game<PanGame>(rec, rules, rec.moves.size(), [&](const pan::Position& before, const pan::Move& m) {
        ++index;
        if (m.kind != pan::MoveKind::Take) return;
        v.collects.push_back({static_cast<int>(index), m.seat, pan::take_collect(before, m.seat, m.table),
                              pan::paying_seats(before, m.seat)});
      });
  if (r.in_deal) return illegal(0, r.fault, r.deal_mark, "the deal", {});
  if (auto seal = seal_fault(rec)) return illegal(0, *seal, rec.commitment_mark, "the deal", {});
  if (!r.fault.ok()) {
    const record::RecordMove& bad = rec.moves[r.moves];
    const record::Mark at = r.fault.code == Code::BadChips && bad.collect_mark.line ? bad.collect_mark : bad.mark;
    return illegal(static_cast<int>(r.moves) + 1, r.fault, at, r.move_text, r.position.result);
  }
  if (rec.result.present && rec.result.forfeit_seat >= 0)
    return illegal(v.moves + 1,
                   Verdict::bad(Code::ResultMismatch,
                                "a panguingue deal does not end by forfeit: a seat that breaks the rules leaves the "
                                "deal as a drop does, and the others play on"),
                   rec.result.forfeit_mark, "the result", r.position.result);

  const pan::Position pos = final_position(r.position, rec.result.present);
  const Outcome replayed = pos.result;
  v.outcome = replayed;
  v.finished = replayed.over();
  if (v.finished) {
    v.has_chips = true;
    v.chips.assign(pos.chips.begin(), pos.chips.begin() + pos.seats());
    v.pot = pos.pot;
  }
  Outcome stated;
  if (rec.result.present)
    stated = rec.result.draw ? Outcome{Outcome::Kind::Draw, -1} : Outcome{Outcome::Kind::Win, rec.result.winner};
  if (!(stated == replayed)) {
    std::string said = rec.result.present ? outcome_words(stated) : "no result";
    return illegal(v.moves + 1,
                   Verdict::bad(Code::ResultMismatch, fmt::format("the record states {}, but the replay gives {}", said,
                                                                  outcome_words(replayed))),
                   rec.result.present ? rec.result.mark : rec.mark, "the result", r.position.result);
  }
  if (rec.result.present) {
    if (std::string why = chips_fault(rec.result, pos); !why.empty()) {
      const record::Mark at = rec.result.has_chips ? rec.result.chips_mark : rec.result.pot_mark;
      return illegal(v.moves + 1, Verdict::bad(Code::BadChips, why), at.line ? at : rec.result.mark, "the result",
                     replayed);
    }
  }
  return v;
}

}  // namespace conquian::check
