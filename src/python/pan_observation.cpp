#include "python/pan_observation.h"

#include "pan/engine.h"

namespace conquian::python {
namespace {

constexpr int kPanPhases = 6;  // pan::Phase::Declare .. Over

int pan_planes(int seats) { return seats + 3; }  // own hand, each table, dead, face up

}  // namespace

int pan_observation_size(const Ruleset& rules, int seats) {
  const int d = rules.deck.size();
  // planes, stock count, hand sizes, declared play / drop, chips, pot, to act (+ none), phase, observer
  return d * pan_planes(seats) + 1 + seats + 2 * seats + seats + 1 + (seats + 1) + kPanPhases + seats;
}

std::vector<float> pan_observation_tensor(const pan::Position& p, int seat) {
  const int d = p.rules->deck.size(), seats = p.seats();
  std::vector<float> out(static_cast<std::size_t>(pan_observation_size(*p.rules, seats)), 0.0f);
  auto plane = [&](int k, const CardCounts& cards) {
    cards.for_each([&](Card c, int n) { out[static_cast<std::size_t>(k * d + c)] = static_cast<float>(n); });
  };
  plane(0, p.hand[seat]);
  for (int s = 0; s < seats; ++s) plane(1 + s, p.table[s].counts());
  plane(seats + 1, p.dead);
  if (p.up != kNoCard) out[static_cast<std::size_t>((seats + 2) * d + p.up)] = 1.0f;
  std::size_t at = static_cast<std::size_t>(d * pan_planes(seats));
  out[at++] = static_cast<float>(p.stock_left());
  for (int s = 0; s < seats; ++s) out[at++] = static_cast<float>(p.hand[s].size());
  for (int s = 0; s < seats; ++s) out[at++] = static_cast<float>((p.playing >> s) & 1);
  for (int s = 0; s < seats; ++s) out[at++] = static_cast<float>((p.dropped >> s) & 1);
  for (int s = 0; s < seats; ++s) out[at++] = static_cast<float>(p.chips[s]);
  out[at++] = static_cast<float>(p.pot);
  const int acting = p.result.over() ? seats : pan::to_act(p);
  out[at + static_cast<std::size_t>(acting)] = 1.0f;
  at += static_cast<std::size_t>(seats + 1);
  out[at + static_cast<std::size_t>(p.phase)] = 1.0f;
  at += kPanPhases;
  out[at + static_cast<std::size_t>(seat)] = 1.0f;
  return out;
}

}  // namespace conquian::python
