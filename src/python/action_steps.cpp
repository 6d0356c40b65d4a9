#include "python/action_steps.h"

#include <fmt/format.h>

#include <map>

#include "engine/engine.h"

namespace conquian::python {
namespace {

// The cards a move takes out of the mover's hand onto a table: the hand before, less the hand
// after the engine applies it, less the discard.
CardSet laid_cards(const serve::GameSession::LegalMove& m) {
  Position after = m.before;
  apply(after, m.move);
  CardSet laid = m.before.hand[m.move.seat] - after.hand[m.move.seat];
  if (m.move.discard != kNoCard) laid.erase(m.move.discard);
  return laid;
}

std::vector<int> steps_of(const Position& now, const serve::GameSession::LegalMove& m, bool draw_step) {
  std::vector<int> steps;
  // A force window's waive has no words: the moves after it start with kWaive.
  if (now.phase == Phase::ForceWindow && m.move.kind != MoveKind::Force) steps.push_back(kWaive);
  const Move& mv = m.move;
  switch (mv.kind) {
    case MoveKind::Swap: steps.push_back(kSwapBase + mv.card); break;
    case MoveKind::Turn:
      if (draw_step) steps.push_back(kDraw);
      steps.push_back(kTurnBase + mv.card);
      break;
    case MoveKind::Take:
      steps.push_back(kTakeBase + (mv.other == 0xFF ? 4 : mv.other));
      for (Card c : laid_cards(m)) steps.push_back(kLayBase + c);
      steps.push_back(mv.discard == kNoCard ? kNoDiscard : kDiscardBase + mv.discard);
      break;
    case MoveKind::Lay:
      steps.push_back(kLayBegin);
      for (Card c : laid_cards(m)) steps.push_back(kLayBase + c);
      steps.push_back(kLayEnd);
      break;
    case MoveKind::Pass: steps.push_back(kPass); break;
    case MoveKind::Force: steps.push_back(kForceBase + 4 * mv.seat + mv.other); break;
    case MoveKind::Throw: steps.push_back(kThrowBase + mv.card); break;
    case MoveKind::Waive: break;  // never listed: GameSession::legal_moves plays through it
  }
  return steps;
}

}  // namespace

std::vector<std::vector<int>> move_steps(const Position& now, const std::vector<serve::GameSession::LegalMove>& moves) {
  // With the stock unknown, a turn's card is chance; when the seat may also lay, it first
  // chooses to turn (kDraw), so that the chance node holds turns only.
  bool unknown_turns = false, others = false;
  for (const auto& m : moves) {
    if (m.move.kind == MoveKind::Turn && !m.before.stock_known) unknown_turns = true;
    else others = true;
  }
  const bool draw_step = unknown_turns && others;
  std::vector<std::vector<int>> out;
  out.reserve(moves.size());
  std::map<std::vector<int>, std::vector<std::size_t>> alike;
  for (std::size_t i = 0; i < moves.size(); ++i) {
    out.push_back(steps_of(now, moves[i], draw_step && moves[i].move.kind == MoveKind::Turn));
    alike[out.back()].push_back(i);
  }
  for (const auto& [steps, which] : alike) {
    if (which.size() < 2) continue;
    if (which.size() > kMaxChoices)
      throw std::runtime_error(fmt::format("{} moves are alike in every step; the encoding tells at most {} apart",
                                           which.size(), kMaxChoices));
    for (std::size_t k = 0; k < which.size(); ++k) out[which[k]].push_back(kChoiceBase + static_cast<int>(k));
  }
  return out;
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
