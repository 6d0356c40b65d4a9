// Who can force the face-up card on whom, and what the forced seat can then do
// (`conquian forcing`; specs/forcing.md describes the output).
//
// Every rule comes from the engine: the forcing moves are legal_moves() of the position (or
// of the position after a refusal), the forced position is apply() of a force, and the
// forced takes with their discards (and `onto` choices under `hit`) are legal_moves() of
// the forced position, each applied to describe what follows. Only the groupings of the
// forced seat's table are found twice, independently: by Z3 (z3_all_partitions) and by the
// engine (MeldIndex::for_each_partition, or the kept-melds grouping of rulesets without
// `rearrange`); the two lists must be the same set of groupings, else
// ForcingDisagreement is thrown.
#pragma once

#include <stdexcept>
#include <string>
#include <vector>

#include "engine/engine.h"
#include "prove/z3_check.h"

namespace conquian::prove {

// Z3 and the engine found different groupings (a bug in one of them).
struct ForcingDisagreement : std::runtime_error {
  using std::runtime_error::runtime_error;
};

enum class ForceRule : std::uint8_t { Decline, Offer };
// When the force happens: it is possible now; it becomes possible if the seat facing the
// card refuses it (decline); it has already happened (a position with `forced:`).
enum class ForceMoment : std::uint8_t { Now, IfRefused, Done };

const char* rule_name(ForceRule r);      // "decline", "offer"
const char* moment_name(ForceMoment m);  // "now", "if-refused", "done"

// One forced take followed by one discard (or none when the hand is empty).
struct ForcedResult {
  Move take;       // the engine's Take move, legal in the forced position
  Position after;  // apply(forced position, take)
};

// One table the forced seat may make (the card alone, or with cards laid from its hand
// when forced_extra_melds is on), with every grouping and every discard.
struct ForcedTake {
  CardSet laid;                     // cards laid from the hand (empty: the card alone)
  CardSet table;                    // the seat's whole table after the take
  std::vector<MeldList> groupings;  // canonical order: melds by lowest card, then lexicographic
  std::size_t z3_count = 0;         // how many each side found (equal, or we threw)
  std::size_t engine_count = 0;
  std::vector<ForcedResult> results;
};

struct ForceOption {
  ForceRule rule = ForceRule::Decline;
  ForceMoment moment = ForceMoment::Now;
  int forced = -1;
  std::vector<int> by;            // the seats that may force (or forced) it
  std::vector<Move> lead;         // from the given position to `forced_position` (pass, force)
  Position forced_position;       // Phase::Forced, actor = forced
  std::vector<ForcedTake> takes;  // takes[0]: the card alone
};

struct ForcingAnswer {
  Card card = kNoCard;             // the face-up card, kNoCard when there is none
  std::vector<std::string> notes;  // plain sentences: what applies, what does not and why
  std::vector<ForceOption> options;
};

// The analysis of `pos`. Throws ForcingDisagreement when Z3 and the engine disagree, and
// Z3Undecided when Z3 answers unknown within `limits` (the timeout is per enumeration of
// one table's groupings; 0: no limit), since the list of groupings would be incomplete.
ForcingAnswer analyse_forcing(const Position& pos, const Z3Limits& limits = {});

// Groupings of a table as a canonical, sorted list (melds by lowest card; duplicates kept,
// so that a search that finds one grouping twice is caught by the comparison below).
std::vector<MeldList> canonical_groupings(std::vector<MeldList> groupings);

// The two lists of groupings of `what` (words for the message), in canonical order; throws
// ForcingDisagreement ("internal disagreement: ...", both lists) unless they are equal.
std::vector<MeldList> same_groupings(const Deck& deck, const std::string& what, std::vector<MeldList> z3,
                                     std::vector<MeldList> engine);

}  // namespace conquian::prove
