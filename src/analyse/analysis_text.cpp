#include "analyse/analysis_text.h"

#include <fmt/format.h>

#include "analyse/annotation.h"
#include "check/verdict_text.h"
#include "replay/move_notation.h"
#include "replay/move_words.h"

namespace conquian::analyse {

std::string analysis_text(const Analysis& a, SuitStyle style) {
  std::string out = fmt::format("{} ({}, {}): {} after {} moves\n", a.id, a.ruleset, a.file,
                                check::outcome_text(a.outcome), a.rows.size());
  for (std::size_t e = 0; e < a.keys.size(); ++e)
    if (!a.not_applicable[e].empty())
      out += fmt::format("  no {} evaluation: {}\n", evaluation_words(a.keys[e]), a.not_applicable[e]);
  for (const Row& r : a.rows) {
    const Position& before = a.positions[std::size_t(r.index) - 1];
    out += fmt::format("{:4} {:<8} {}\n", r.index, class_name(r.cls), move_words(before, r.move, style));
    if (r.cls != Class::Forced || r.force) out += fmt::format("              {}\n", annotate(r, a, style));
  }
  out += "summary:\n";
  for (std::size_t s = 0; s < a.seats.size(); ++s) {
    const SeatSummary& ss = a.seats[s];
    std::string lost;
    for (std::size_t e = 0; e < a.keys.size(); ++e)
      if (a.not_applicable[e].empty() && !a.rows.empty() && !a.rows.front().judged[e].exact)
        lost += fmt::format(", {} mistake{} and expected score lost {:.3f} ({})", ss.mistakes_by[e],
                            ss.mistakes_by[e] == 1 ? "" : "s", ss.lost[e], evaluation_words(a.keys[e]));
    out += fmt::format("  seat {}: {} moves, {} decisions, {} blunders, {} mistakes, {} unsolved{}\n", s, ss.moves,
                       ss.decisions, ss.blunders, ss.mistakes, ss.unsolved, lost);
  }
  if (a.decisive) {
    const Row& r = a.rows[std::size_t(a.decisive->index)];
    out += fmt::format("  first decisive mistake: move {} by seat {}{} ({})", r.index, a.decisive->seat,
                       a.decisive->not_forcing ? ", not forcing before it" : "", evaluation_words(a.decisive->by));
    out += a.decisive_note.empty() ? "\n" : fmt::format(": {}\n", a.decisive_note);
  } else {
    out += fmt::format("  no decisive mistake: {}\n", a.decisive_note);
  }
  return out;
}

}  // namespace conquian::analyse
