#include "python/observation.h"

#include "engine/engine.h"

namespace conquian::python {
namespace {

constexpr int kPhases = 7;  // Phase::Swap .. Phase::Over

int planes(int seats) { return 2 * seats + 4; }

}  // namespace

int observation_size(const Ruleset& rules) {
  const int d = rules.deck.size(), s = rules.seats;
  return d * planes(s) + 1 + s + (s + 1) + kPhases + s;
}

std::vector<float> observation_tensor(const SeatView& view) {
  const Position& p = view.pos;
  const int d = p.rules->deck.size(), seats = p.seats();
  std::vector<float> out(observation_size(*p.rules), 0.0f);
  auto plane = [&](int k, CardSet cards) {
    for (Card c : cards) out[k * d + c] = 1.0f;
  };
  plane(0, view.seat >= 0 ? p.hand[view.seat] : CardSet{});
  for (int s = 0; s < seats; ++s) plane(1 + s, p.table[s]);
  plane(seats + 1, p.dead);
  if (p.up != kNoCard) plane(seats + 2, CardSet::of(p.up));
  plane(seats + 3, view.unseen());
  for (int s = 0; s < seats; ++s) plane(seats + 4 + s, view.known(s));
  int at = d * planes(seats);
  out[at++] = static_cast<float>(view.stock_count());
  for (int s = 0; s < seats; ++s) out[at++] = static_cast<float>(view.hand_count[s]);
  const int acting = p.result.over() ? seats : conquian::to_act(p);
  out[at + acting] = 1.0f;
  at += seats + 1;
  out[at + static_cast<int>(p.phase)] = 1.0f;
  at += kPhases;
  if (view.seat >= 0) out[at + view.seat] = 1.0f;
  return out;
}

}  // namespace conquian::python
