#include "analyse/annotation.h"

#include <fmt/format.h>

#include <algorithm>

#include "replay/move_notation.h"
#include "replay/move_words.h"

namespace conquian::analyse {
namespace {

// ", every one of 35 worlds", ", 24 worlds sampled of 1287, +-0.210": how an estimate over
// worlds was made, with the larger half-width of its two 95% intervals when sampled.
std::string sampling_words(const Assessment& a) {
  if (!a.sampling) return "";
  const Sampling& s = *a.sampling;
  if (s.enumerated)
    return fmt::format(", every one of {} world{}{}", s.world_count, s.world_count == 1 ? "" : "s",
                       s.exact ? "" : ", stock orders sampled");
  double half = std::max(s.before_hi - s.before_lo, s.after_hi - s.after_lo) / 2;
  return fmt::format(", {} worlds sampled of {}, +-{:.3f}", s.worlds, s.world_count, half);
}

// "[+0.250, +0.500] -> [-0.300, +0.100]": the proved intervals of a bounded assessment.
std::string interval_change(const Assessment& a) {
  auto text = [](const Worth& w) {
    const Interval i = w.interval();
    return fmt::format("[{:+.3f}, {:+.3f}]", i.lower + 0.0, i.upper + 0.0);
  };
  return text(a.before) + " -> " + text(a.after);
}

// "seat 0 wins -> a draw (hindsight)", "+0.250 -> +0.100 (stock unknown)" for each solved
// evaluation; the best move when asked (each evaluation's, when they name different ones).
std::string changes(const std::vector<Judged>& judged, const Position& pos, bool with_best, SuitStyle style) {
  std::string out;
  std::vector<std::pair<std::string, std::string>> bests;  // (move, evaluation), each once
  for (const Judged& j : judged) {
    if (j.applies && j.a.bounded && j.cls != Class::Unsolved) {
      out +=
          fmt::format("{}{} ({}, {})", out.empty() ? "" : "; ", interval_change(j.a), evaluation_words(j.key), j.a.why);
      continue;
    }
    if (!j.applies || !j.a.solved) continue;
    out += fmt::format("{}{} -> {} ({}{})", out.empty() ? "" : "; ", worth_text(j.a.before, j.exact),
                       worth_text(j.a.after, j.exact), evaluation_words(j.key), sampling_words(j.a));
    if (!j.a.best) continue;
    std::string m = move_words(pos, *j.a.best, style);
    if (std::none_of(bests.begin(), bests.end(), [&](const auto& b) { return b.first == m; }))
      bests.emplace_back(m, evaluation_words(j.key));
  }
  if (!with_best || bests.empty()) return out;
  // One best move: named alone; evaluations that disagree: each with its evaluation.
  if (bests.size() == 1) return out + "; best: " + bests.front().first;
  out += "; best: ";
  for (std::size_t i = 0; i < bests.size(); ++i)
    out += fmt::format("{}{} ({})", i ? ", " : "", bests[i].first, bests[i].second);
  return out;
}

std::string unsolved_reasons(const std::vector<Judged>& judged) {
  std::string out;
  for (const Judged& j : judged)
    if (j.applies && !j.a.solved && !j.a.skipped && !(j.a.bounded && j.cls != Class::Unsolved))
      out +=
          fmt::format("{}{}: {}{}", out.empty() ? "" : "; ", evaluation_words(j.key), j.a.why,
                      j.a.bounded ? ", and the intervals it proved, " + interval_change(j.a) + ", do not decide" : "");
  return out;
}

std::string class_sentence(Class cls, const std::vector<Judged>& judged, const Position& pos, SuitStyle style) {
  switch (cls) {
    case Class::Forced: return "no choice";
    case Class::Unsolved: {
      std::string why = unsolved_reasons(judged);
      return why.empty() ? "unsolved: no evaluation applies to this game" : "unsolved: " + why;
    }
    case Class::Best: return "best: " + changes(judged, pos, false, style);
    default: return fmt::format("{}: {}", class_name(cls), changes(judged, pos, true, style));
  }
}

// "forcing seat 0 wins, not forcing a draw (hindsight)" for each evaluation that compared
// them; `other` names what was played instead of the force.
std::string comparison(const ForceChance& f, const Row& row, const Analysis& a, const char* other) {
  std::string out;
  for (std::size_t e = 0; e < f.compare.size(); ++e)
    if (f.compare[e].solved)
      out += fmt::format("{}forcing {}, {} {} ({})", out.empty() ? "" : "; ",
                         worth_text(f.compare[e].force, row.judged[e].exact), other,
                         worth_text(f.compare[e].other, row.judged[e].exact), evaluation_words(a.keys[e]));
  return out;
}

std::string force_sentence(const ForceChance& f, const Row& row, const Analysis& a, SuitStyle style) {
  const std::string what =
      fmt::format("seat {} to take {}", f.forced, card_words(a.rules->deck, a.rules->deck.token(f.card), style));
  using V = ForceChance::Verdict;
  if (f.window && !f.played) {
    std::string s = fmt::format("seat {} could have forced {}; not forcing was ", f.seat, what);
    switch (f.cls) {
      case Class::Best: return s + "right";
      case Class::Good: return s + "a little worse (" + changes(f.judged, f.pos, false, style) + ")";
      case Class::Unsolved: return s + "not judged (" + unsolved_reasons(f.judged) + ")";
      default: return s + fmt::format("a {} ({})", class_name(f.cls), changes(f.judged, f.pos, false, style));
    }
  }
  if (f.played) {
    if (f.verdict == V::Bad) {
      if (f.window) { return fmt::format("forcing {} was bad: {}", what, comparison(f, row, a, "not forcing")); }
      return fmt::format("forcing {} was a {}", what, class_name(row.cls));
    }
    return f.verdict == V::Unsolved ? "" : fmt::format("forcing {} was right", what);
  }
  if (f.verdict != V::Missed) return "";
  return fmt::format("seat {} missed a force: it could have forced {} ({})", f.seat, what,
                     comparison(f, row, a, "the move played"));
}

}  // namespace

std::string evaluation_words(const std::string& key) {
  std::string s = key;
  for (char& c : s)
    if (c == '_') c = ' ';
  return s;
}

std::string worth_text(const Worth& w, bool exact) {
  if (exact && w.exact) {
    if (w.exact->kind == Outcome::Kind::Win) return fmt::format("seat {} wins", w.exact->winner);
    return "a draw";
  }
  return fmt::format("{:+.3f}", w.expected0 + 0.0);  // + 0.0: no "-0.000" for a negated zero
}

std::string annotate(const Row& row, const Analysis& a, SuitStyle style) {
  std::string s;
  if (row.force && row.force->window && !row.force->played) s = force_sentence(*row.force, row, a, style) + ". Then: ";
  s += class_sentence(row.cls, row.judged, row.pos, style);
  if (row.force && !(row.force->window && !row.force->played))
    if (std::string f = force_sentence(*row.force, row, a, style); !f.empty()) s += ". " + f;
  return s;
}

}  // namespace conquian::analyse
