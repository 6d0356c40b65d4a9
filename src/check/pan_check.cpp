#include "check/pan_check.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "check/check_record.h"
#include "pan/engine.h"
#include "replay/chips_words.h"

namespace conquian::check {
namespace {

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
                           chips_words(std::vector<std::int64_t>(pos.chips.begin(), pos.chips.begin() + n)));
  }
  if (res.has_pot && res.pot != pos.pot)
    return fmt::format("the result states a pot of {}, but the replay leaves {} on the table", res.pot, pos.pot);
  return "";
}

}  // namespace

void note_move(GameVerdict& v, int index, const pan::Position& before, const pan::Move& m) {
  if (m.kind != pan::MoveKind::Take) return;
  v.collects.push_back({index, m.seat, pan::take_collect(before, m.seat, m.table), pan::paying_seats(before, m.seat)});
}

std::optional<Verdict> result_shape_fault(const record::RecordResult&, const pan::Position&) { return std::nullopt; }

std::optional<GameVerdict> forfeit_verdict(const record::GameRecord& rec, const Ruleset&, const pan::Position& pos,
                                           const GameVerdict& v) {
  return illegal_at(v, v.moves + 1,
                    Verdict::bad(Code::ResultMismatch,
                                 "a panguingue deal does not end by forfeit: a seat that breaks the rules leaves the "
                                 "deal as a drop does, and the others play on"),
                    rec.result.forfeit_mark, "the result", pos.result);
}

void put_settlement(GameVerdict& v, const pan::Position& pos) {
  if (!pos.result.over()) return;
  v.has_chips = true;
  v.chips.assign(pos.chips.begin(), pos.chips.begin() + pos.seats());
  v.pot = pos.pot;
}

std::string settlement_fault(const record::RecordResult& res, const pan::Position& pos) {
  return chips_fault(res, pos);
}

}  // namespace conquian::check
