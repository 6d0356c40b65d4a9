// Properties of Panguingue rulesets (specs/properties.yaml, specs/properties.md): each over every
// case there is, with its evidence, as the Conquian properties of prove/properties.h are.
#pragma once

#include "prove/properties.h"

namespace conquian::prove {

// "one-suit-groups-hold-one-suit": a comoquer's group that repeats a card holds that card's
// suit only (under one_suit_or_all_different): every count vector of one rank's four suits, up
// to the pack's copies, that the engine calls a group, checked, and Z3 proving that the
// contract's group rule admits no counterexample.
PropertyValue one_suit_groups_hold_one_suit(const Ruleset& rules, const Z3Limits& limits);
// "most-seats-dealt": the most seats the pack deals `hand` cards to with a card left for the
// dealer's upcard (the 310-card pack still deals 15 seats: 30).
PropertyValue most_seats_dealt(const Ruleset& rules, const Z3Limits& limits);
// "condition-fixed-by-cards": a meld's cards decide what it pays: no cards are both a sequence
// and a group (Z3, over the deck's ranks and suits), so the value the engine gives a meld is a
// function of its cards alone; and every meld of three to five cards is paid what the
// contract's table, read off its labels, says.
PropertyValue condition_fixed_by_cards(const Ruleset& rules, const Z3Limits& limits);

}  // namespace conquian::prove
