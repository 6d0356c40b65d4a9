#include "serve/view_position.h"

#include <fmt/format.h>

#include "engine/engine.h"
#include "engine/flow.h"
#include "record/record_writer.h"

namespace conquian::serve {
namespace {

std::string list(const Deck& deck, CardSet s) {
  std::string out = "[";
  for (Card c : s) out += (out.size() > 1 ? ", " : "") + deck.token(c);
  return out + "]";
}

}  // namespace

std::optional<std::string> view_position_text(const SeatView& v) {
  const Position& p = v.pos;
  if (p.phase == Phase::Swap || p.seats() > kMaxSeats) return std::nullopt;
  const Deck& deck = p.rules->deck;
  std::string s = "format: conquian-position/1\n";
  s += "ruleset: " + record::yaml_scalar(p.rules->name) + "\n";
  s += fmt::format("view: {}\ndealer: {}\nseats:\n", v.seat, int(p.dealer));
  for (int seat = 0; seat < p.seats(); ++seat) {
    const CardSet hand = p.hand[std::size_t(seat)];
    if (seat == v.seat) s += "  - hand: " + list(deck, hand) + "\n";
    else s += fmt::format("  - hand: {{count: {}, known: {}}}\n", v.hand_count[std::size_t(seat)], list(deck, hand));
    std::string melds = "[";
    for (CardSet m : table_melds(p, seat)) melds += (melds.size() > 1 ? ", " : "") + list(deck, m);
    s += "    table: " + melds + "]\n";
  }
  s += "stock: unknown\n";
  s += "dead: " + list(deck, p.dead) + "\n";
  const bool offered = p.up != kNoCard && !p.result.over();
  if (offered) {
    s += fmt::format("face_up: {{card: {}, {}: {}}}\n", deck.token(p.up), p.up_turned ? "turned" : "thrown",
                     int(p.origin));
    // A pass that opened a force window is not yet counted in `refusals` (engine/apply.cpp:
    // the refuser stays the actor, and is counted when nobody forces); the file lists it, as
    // the last seat of `refused` (specs/position-format.md). So does a decline force's take.
    int shown = p.refusals;
    if ((p.phase == Phase::ForceWindow || p.phase == Phase::Forced) && p.actor == flow::offer_seat(p, p.refusals))
      ++shown;
    std::string refused;
    for (int i = 0; i < shown; ++i) refused += (refused.empty() ? "" : ", ") + std::to_string(flow::offer_seat(p, i));
    if (!refused.empty()) s += "refused: [" + refused + "]\n";
    if (p.phase == Phase::Forced) s += fmt::format("forced: {}\n", int(p.actor));
    // The last refusal opened a force window that closed with nobody forcing (a waive): the
    // card goes on round the offer order.
    if (p.phase == Phase::Offer && p.refusals > 0) {
      const int last = flow::offer_seat(p, p.refusals - 1);
      if (flow::may_force_on_decline(p, last, p.up)) s += "waived: true\n";
    }
  }
  if (p.phase == Phase::Throw) s += fmt::format("hit: {}\n", int(p.actor));
  if (!p.result.over()) s += fmt::format("to_act: {}\n", to_act(p));
  return s;
}

}  // namespace conquian::serve
