// The bounds of the family's games, named once, in the lowest layer that checks rulesets against
// them: each game's position sizes its per-seat arrays and packs from these (engine/position.h,
// pan/position.h), and static_asserts there tie the bit widths to them.
#pragma once

namespace conquian {

// Conquian: two to four seats (000: "two, three or four players"); every per-seat array of its
// 64-bit position is this long.
inline constexpr int kMaxConquianSeats = 4;
// Panguingue: up to fifteen seats at one table (the contract's range), a hand of at most
// fifteen cards (ten in every source; the position's fixed arrays allow more), and at most
// eleven packs of forty cards (S3, S8, S11).
inline constexpr int kMaxPanSeats = 15;
inline constexpr int kMaxPanHand = 15;
inline constexpr int kMaxPanPacks = 11;
inline constexpr int kPanPackCards = 40;

}  // namespace conquian
