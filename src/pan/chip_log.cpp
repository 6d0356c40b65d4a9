#include "pan/chip_log.h"

#include <algorithm>

#include "pan/melds.h"

namespace conquian::pan {

const char* chip_reason_name(ChipReason r) {
  switch (r) {
    case ChipReason::Ante: return "ante";
    case ChipReason::Drop: return "drop";
    case ChipReason::Forfeit: return "forfeit";
    case ChipReason::Condition: return "condition";
    case ChipReason::GoingOut: return "going-out";
    case ChipReason::ConditionsAgain: return "conditions-again";
    case ChipReason::Pot: return "pot";
  }
  return "?";
}

std::vector<std::int64_t> ChipLog::nets(int seats) const {
  std::vector<std::int64_t> out(static_cast<std::size_t>(std::max(0, seats)), 0);
  for (const ChipTransfer& t : transfers) {
    if (t.from >= 0 && t.from < seats) out[static_cast<std::size_t>(t.from)] -= t.chips;
    if (t.to >= 0 && t.to < seats) out[static_cast<std::size_t>(t.to)] += t.chips;
  }
  return out;
}

std::int64_t ChipLog::pot() const {
  std::int64_t pot = 0;
  for (const ChipTransfer& t : transfers) pot += (t.to == kPotSide ? t.chips : 0) - (t.from == kPotSide ? t.chips : 0);
  return pot;
}

// start() has every seat dealt in pay its ante into the pot and nothing else: a seat's chips
// just after the deal are its ante, paid.
void log_antes(const Position& dealt, ChipLog& log) {
  const int move = log.move;
  log.move = 0;
  for (int s = 0; s < dealt.seats(); ++s) log.add(ChipReason::Ante, s, kPotSide, -dealt.chips[s]);
  log.move = move;
}

std::vector<Meld> new_melds(const Table& before, const Table& after) {
  std::vector<bool> matched(before.count, false);
  std::vector<Meld> out;
  for (int i = 0; i < after.count; ++i) {
    const Meld& m = after.melds[i];
    bool found = false;
    for (int j = 0; j < before.count && !found; ++j)
      if (!matched[j] && before.melds[j].counts() == m.counts()) matched[j] = found = true;
    if (!found) out.push_back(m);
  }
  return out;
}

std::vector<Meld> paying_melds(const Ruleset& rules, const Table& before, const Table& after) {
  std::vector<Meld> out = new_melds(before, after);
  std::erase_if(out, [&](const Meld& m) { return condition_value(rules, m.counts()) <= 0; });
  return out;
}

}  // namespace conquian::pan
