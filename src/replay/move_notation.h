// Moves in words for people (specs/notation.md): "seat 1 takes 5♥: 5♥ 5♣ 5♠, throws K♦",
// "seat 0 turns 3♣", "seat 0 passes 3♣", "seat 1 forces seat 0". Pages write a French deck's
// suits as symbols, plain text as the record's letters (`--ascii`); a Spanish or custom deck
// keeps its letters in both. Built on the record's words of the move (to_record_move), so a
// move reads as the record means it; the record format itself does not change.
#pragma once

#include <string>
#include <string_view>

#include "engine/engine.h"
#include "pan/engine.h"

namespace conquian {

enum class SuitStyle { Letters, Symbols };

// One card token of `deck` as people read it: "5h" -> "5♥" (Symbols, French deck), else unchanged.
std::string card_words(const Deck& deck, std::string_view token, SuitStyle style);

// A Panguingue meld in words, every card of it: "7♣ 7♥ 7♠".
std::string meld_words(const Deck& deck, const pan::Meld& meld, SuitStyle style);

// The move in words. `before`: the position it is played in. A take names the melds the
// taken card and the cards laid with it stand in (every card of them), then the discard.
std::string move_words(const Position& before, const Move& move, SuitStyle style = SuitStyle::Letters);
std::string move_words(const pan::Position& before, const pan::Move& move, SuitStyle style = SuitStyle::Letters);

}  // namespace conquian
