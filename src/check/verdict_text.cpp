#include "check/verdict_text.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>

namespace conquian::check {

std::string outcome_text(const Outcome& outcome) {
  if (outcome.kind == Outcome::Kind::Win) return fmt::format("seat {} won", outcome.winner);
  if (outcome.kind == Outcome::Kind::Draw) return "drawn";
  return "unfinished";
}

void ChipTotals::add(const GameVerdict& v) {
  if (v.judgement != Judgement::Legal || !v.has_chips) return;
  ++deals;
  pots += v.pot;
  for (std::size_t s = 0; s < v.chips.size(); ++s) {
    const std::string name = seat_name(v.players, static_cast<int>(s));
    auto at = std::find(names.begin(), names.end(), name);
    if (at == names.end()) {
      names.push_back(name);
      chips.push_back(0);
      at = names.end() - 1;
    }
    chips[static_cast<std::size_t>(at - names.begin())] += v.chips[s];
  }
}

std::string ChipTotals::text() const {
  return fmt::format("chips over {} deal{}: {}; pots {}\n", deals, deals == 1 ? "" : "s", chips_words(chips, names),
                     pots);
}

std::string verdict_text(const GameVerdict& v) {
  switch (v.judgement) {
    case Judgement::Legal:
      if (v.forfeit_seat >= 0)
        return fmt::format("{}: legal, seat {} won by forfeit (seat {}: {}) after {} moves\n", v.id, v.outcome.winner,
                           v.forfeit_seat, v.forfeit_reason, v.moves);
      if (v.has_chips)  // Panguingue: the settlement too (and broken down, on request)
        return fmt::format("{}: legal, {} after {} moves; chips {}; pot {}\n{}", v.id, outcome_text(v.outcome), v.moves,
                           chips_words(v.chips, v.players), v.pot, v.settlement_text);
      return fmt::format("{}: legal, {} after {} moves\n", v.id, outcome_text(v.outcome), v.moves);
    case Judgement::Illegal: {
      std::string where = v.move == 0 ? "in the deal" : fmt::format("at move {}", v.move);
      if (v.move == v.moves + 1 && v.code == Code::ResultMismatch) where = "in the result";
      if (v.move == v.moves + 1 && v.code == Code::ScoreMismatch) where = "in the score";
      if (v.move == v.moves + 1 && v.code == Code::BadChips) where = "in the result";
      std::string line = v.mark.line ? fmt::format(" ({}:{})", v.file, v.mark.line) : "";
      std::string out = fmt::format("{}: ILLEGAL {}{}: {}: {}\n", v.id, where, line, code_name(v.code), v.message);
      if (!v.move_text.empty() && v.move > 0 && v.move <= v.moves)
        out += fmt::format("    the move: {}\n", v.move_text);
      return out;
    }
    case Judgement::Malformed: {
      // A reader's message names its place already; a ruleset named in the record does not.
      bool placed = v.message.starts_with(v.file + ":");
      std::string line = v.mark.line && !placed ? fmt::format(" ({}:{})", v.file, v.mark.line) : "";
      return fmt::format("{}: MALFORMED{}: {}\n", v.id, line, v.message);
    }
  }
  return "";
}

}  // namespace conquian::check
