#include "python/action_steps.h"

#include <fmt/format.h>

#include <algorithm>
#include <numeric>

#include "engine/engine.h"
#include "engine/laid_cards.h"

namespace conquian::python {
namespace {

void append_steps(const Position& now, const serve::GameSession::LegalMove& m, bool draw_step, std::vector<int>& out) {
  // A force window's waive has no words: the moves after it start with kWaive.
  if (now.phase == Phase::ForceWindow && m.move.kind != MoveKind::Force) out.push_back(kWaive);
  const Move& mv = m.move;
  switch (mv.kind) {
    case MoveKind::Swap: out.push_back(kSwapBase + mv.card); break;
    case MoveKind::Turn:
      if (draw_step) out.push_back(kDraw);
      out.push_back(kTurnBase + mv.card);
      break;
    case MoveKind::Take:
      out.push_back(kTakeBase + (mv.other == 0xFF ? 4 : mv.other));
      for (Card c : laid_cards(m.before, mv)) out.push_back(kLayBase + c);
      out.push_back(mv.discard == kNoCard ? kNoDiscard : kDiscardBase + mv.discard);
      break;
    case MoveKind::Lay:
      out.push_back(kLayBegin);
      for (Card c : laid_cards(m.before, mv)) out.push_back(kLayBase + c);
      out.push_back(kLayEnd);
      break;
    case MoveKind::Pass: out.push_back(kPass); break;
    case MoveKind::Force: out.push_back(kForceBase + 4 * mv.seat + mv.other); break;
    case MoveKind::Throw: out.push_back(kThrowBase + mv.card); break;
    case MoveKind::Waive: break;  // never listed: GameSession::legal_moves plays through it
  }
}

}  // namespace

void move_steps(const Position& now, const std::vector<serve::GameSession::LegalMove>& moves, MoveSteps& out) {
  // With the stock unknown, a turn's card is chance; when the seat may also lay, it first
  // chooses to turn (kDraw), so that the chance node holds turns only.
  bool unknown_turns = false, others = false;
  for (const auto& m : moves) {
    if (m.move.kind == MoveKind::Turn && !m.before.stock_known) unknown_turns = true;
    else others = true;
  }
  const bool draw_step = unknown_turns && others;
  out.steps.clear();
  out.begin.clear();
  out.begin.push_back(0);
  for (const auto& m : moves) {
    append_steps(now, m, draw_step && m.move.kind == MoveKind::Turn, out.steps);
    out.begin.push_back(static_cast<std::uint32_t>(out.steps.size()));
  }
  // Moves alike in every step: sorted by their steps, then by their index (so the engine's
  // order ranks them: a stable sort, without std::stable_sort's buffer allocated per call),
  // each run of equal ones gets its choice steps.
  const std::size_t n = moves.size();
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
      if (j - i > kMaxChoices)
        throw std::runtime_error(
            fmt::format("{} moves are alike in every step; the encoding tells at most {} apart", j - i, kMaxChoices));
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
    if (choice[i] >= 0) steps.push_back(kChoiceBase + choice[i]);
    begin.push_back(static_cast<std::uint32_t>(steps.size()));
  }
  out.steps.swap(steps);
  out.begin.swap(begin);
}

std::string step_text(int a, const Deck& deck) {
  auto card = [&](int base) {
    int c = a - base;
    return c < deck.size() ? deck.token(static_cast<Card>(c)) : fmt::format("card #{}", c);
  };
  if (a < 0 || a >= kNumActions) return fmt::format("no action {}", a);
  if (a < kTurnBase) return "swap " + card(kSwapBase);
  if (a < kLayBase) return "turn " + card(kTurnBase);
  if (a < kDiscardBase) return "lay " + card(kLayBase);
  if (a < kThrowBase) return "discard " + card(kDiscardBase);
  if (a < kTakeBase) return "throw " + card(kThrowBase);
  if (a < kNoDiscard) return a - kTakeBase == 4 ? "take" : fmt::format("take onto seat {}", a - kTakeBase);
  if (a == kNoDiscard) return "no discard";
  if (a == kLayBegin) return "lay without a take";
  if (a == kLayEnd) return "end of the lay";
  if (a == kPass) return "pass";
  if (a < kWaive) return fmt::format("seat {} forces seat {}", (a - kForceBase) / 4, (a - kForceBase) % 4);
  if (a == kWaive) return "no force";
  if (a < kDraw) return fmt::format("choice {}", a - kChoiceBase);
  return "turn the stock";
}

}  // namespace conquian::python
