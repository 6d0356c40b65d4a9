// What one seat knows of a Panguingue deal, and the deals ("worlds") consistent with it.
//
// Every Pan move is played face up (declarations, turns, takes, discards: PanGame::seen_by),
// so a seat knows everything but the other hands and the stock: it knows how many cards each
// hand holds and how many are left in the stock, and the copies nobody has seen are shared
// among them. A world deals those copies into the other hands, the rest being the stock, its
// order unknown.
#pragma once

#include "base/rng.h"
#include "pan/position.h"

namespace conquian::pan {

// The same deal with the stock's order forgotten: only its size stays (its cards are the
// unseen copies), as a record without `stock:` leaves it.
Position forget_stock(const Position& pos);

// A world drawn uniformly from what `seat` knows of `full`: the copies unseen by the seat
// (the other hands' and the stock's) shuffled and dealt to the other hands, each as many as
// it holds; the stock's order unknown.
Position sample_world(const Position& full, int seat, Rng& rng);

// sample_world() with the stock's order drawn too (the stock the copies the other hands did
// not get, shuffled, top first), so that the world plays on to its end as a dealt one does:
// what a player that looks ahead by playing worlds out needs.
Position sample_world_with_stock(const Position& full, int seat, Rng& rng);

}  // namespace conquian::pan
