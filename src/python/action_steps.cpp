#include "python/action_steps.h"

#include <fmt/format.h>

#include <algorithm>
#include <numeric>
#include <stdexcept>

#include "engine/position.h"
#include "pan/position.h"

namespace conquian::python {

// Moves alike in every step: Conquian's takes grouped two ways when the ruleset keeps
// groupings; Panguingue lists one grouping per laid cards and discard (pan/legal_moves.cpp).
ActionLayout conquian_layout() { return {kMaxCards, kMaxSeats, 16, false}; }
ActionLayout pan_layout() { return {kMaxCards, pan::kMaxSeats, 16, true}; }

void add_choices(const ActionLayout& layout, MoveSteps& out) {
  // Moves alike in every step: sorted by their steps, then by their index (so the engine's
  // order ranks them: a stable sort, without std::stable_sort's buffer allocated per call),
  // each run of equal ones gets its choice steps.
  const std::size_t n = out.size();
  std::vector<std::uint32_t>& order = out.order;
  order.resize(n);
  std::iota(order.begin(), order.end(), 0u);
  auto less = [&](std::uint32_t a, std::uint32_t b) {
    auto x = out.of(a), y = out.of(b);
    if (std::lexicographical_compare(x.begin(), x.end(), y.begin(), y.end())) return true;
    if (std::lexicographical_compare(y.begin(), y.end(), x.begin(), x.end())) return false;
    return a < b;
  };
  auto same = [&](std::uint32_t a, std::uint32_t b) {
    auto x = out.of(a), y = out.of(b);
    return std::equal(x.begin(), x.end(), y.begin(), y.end());
  };
  std::sort(order.begin(), order.end(), less);
  std::vector<int>& choice = out.choice;
  choice.assign(n, -1);
  for (std::size_t i = 0; i < n;) {
    std::size_t j = i + 1;
    while (j < n && same(order[i], order[j])) ++j;
    if (j - i > 1) {
      if (j - i > static_cast<std::size_t>(layout.max_choices))
        throw std::runtime_error(fmt::format("{} moves are alike in every step; the encoding tells at most {} apart",
                                             j - i, layout.max_choices));
      for (std::size_t k = i; k < j; ++k) choice[order[k]] = static_cast<int>(k - i);
    }
    i = j;
  }
  if (std::all_of(choice.begin(), choice.end(), [](int k) { return k < 0; })) return;
  // Some moves take a choice step: rebuild with it appended to theirs.
  std::vector<int>& steps = out.next_steps;
  std::vector<std::uint32_t>& begin = out.next_begin;
  steps.clear();
  begin.assign(1, 0);
  for (std::size_t i = 0; i < n; ++i) {
    auto s = out.of(i);
    steps.insert(steps.end(), s.begin(), s.end());
    if (choice[i] >= 0) steps.push_back(layout.choice_base() + choice[i]);
    begin.push_back(static_cast<std::uint32_t>(steps.size()));
  }
  out.steps.swap(steps);
  out.begin.swap(begin);
}

std::string step_text(int a, const ActionLayout& l, const Deck& deck) {
  auto card = [&](int base) {
    int c = a - base;
    return c < deck.size() ? deck.token(static_cast<Card>(c)) : fmt::format("card #{}", c);
  };
  if (a < 0 || a >= l.size()) return fmt::format("no action {}", a);
  if (a < l.turn_base()) return "swap " + card(l.swap_base());
  if (a < l.lay_base()) return "turn " + card(l.turn_base());
  if (a < l.discard_base()) return "lay " + card(l.lay_base());
  if (a < l.throw_base()) return "discard " + card(l.discard_base());
  if (a < l.take_base()) return "throw " + card(l.throw_base());
  if (a < l.no_discard()) return a == l.own_table() ? "take" : fmt::format("take onto seat {}", a - l.take_base());
  if (a == l.no_discard()) return "no discard";
  if (a == l.lay_begin()) return "lay without a take";
  if (a == l.lay_end()) return "end of the lay";
  if (a == l.pass()) return "pass";
  if (a < l.waive())
    return fmt::format("seat {} forces seat {}", (a - l.force_base()) / l.seats, (a - l.force_base()) % l.seats);
  if (a == l.waive()) return "no force";
  if (a < l.draw()) return fmt::format("choice {}", a - l.choice_base());
  if (a == l.draw()) return "turn the stock";
  if (a == l.play()) return "play";
  return "drop";
}

}  // namespace conquian::python
