// A ruleset: every variant key of Conquian, with its default and the source that says so.
// Immutable after loading; checked once, when loaded (specs/rulesets.md is the full table).
//
// The four written sources disagree; each disagreement is a key here:
//   000 = the long English description (10 cards, target 11, forcing on decline),
//   002 = the Hoyle-style text (hitting, forcing by laying off on the opponent),
//   003 = the short English rules (runs of 3 to 8, variants: Spanish deck, 9 cards, wild 2),
//   004 = the Mexican online rules (Spanish deck, 9 or 8 cards, swap, forcing by offer).
#pragma once

#include <array>
#include <memory>
#include <string>

#include "cards/deck.h"
#include "cards/melds.h"
#include "record/document_path.h"

namespace conquian {

struct Forcing {
  bool decline = true;              // 000, 002, 003, 004: refuse a card that fits -> compelled
  bool offer = false;               // 004: force the facing card onto a seat it fits
  bool hit = false;                 // 002: throw your discard onto another seat's table
  bool forced_extra_melds = false;  // 000: a forced seat only adds the card, then throws
  bool any() const { return decline || offer || hit; }
};

enum class ScoringMethod : std::uint8_t { Stake, HandPoints };

struct Scoring {
  ScoringMethod method = ScoringMethod::Stake;
  int stake = 1;           // points for a won deal (method stake)
  int after_draw = 1;      // multiplier on the next deal's stake after each draw (004: 2)
  int max_multiplier = 4;  // the multiplier never grows past this (004: 1, 2, then 4)
  int match_target = 0;    // points that win a match; 0: a match is one deal
};

// Who turns the first card (the contract: the seat after the dealer; some tables have
// the dealer turn an upcard that is then offered as if the dealer had thrown it).
enum class FirstUpcard : std::uint8_t { None, Dealer };
// Who is offered a turned card first: the seat that turned it (000, 004), or the seats
// that may claim it (claim_priority) with the turner last (a house rule).
enum class FirstOffer : std::uint8_t { Turner, Next };
// Who gets a face-up card that two other seats would take (004's three-player "me sirve":
// either opponent may claim a discard). The card is offered to the seats one at a time and
// the first that takes it has it, so the order is the priority: the seats after the
// thrower (or turner) round the table in the order of play (Next: the seat that plays
// next has it first), or against it (Previous: the seat before the thrower first).
enum class ClaimPriority : std::uint8_t { Next, Previous };
// What an empty stock means when a card must be turned: a draw (all sources), or the seat
// with the fewest cards in hand wins (a house rule; ties are draws).
enum class StockOut : std::uint8_t { Draw, FewestInHand };
// When cards may be laid from the hand: only with a take (000, 004), or also on its own at
// the start of one's turn (002's "hit a meld of their own").
enum class MeldTiming : std::uint8_t { Take, Turn };

struct Ruleset {
  std::string name;    // file name without .yaml, or the path as given
  std::string source;  // where it was loaded from
  std::string description;
  Deck deck = *Deck::named("french-40");
  int seats = 2;
  int hand = 10;
  int target = 11;
  MeldRules melds;
  bool swap = false;
  bool rearrange = true;
  bool extra_melds = true;
  Forcing forcing;
  Scoring scoring;
  FirstUpcard first_upcard = FirstUpcard::None;
  FirstOffer first_offer = FirstOffer::Turner;
  ClaimPriority claim_priority = ClaimPriority::Next;
  StockOut stock_out = StockOut::Draw;
  bool compulsory_take = false;
  bool auto_take = false;  // a card that fits one's own table alone cannot be refused
  MeldTiming meld_timing = MeldTiming::Take;

  // Built once when loaded; shared by every position of this ruleset.
  std::shared_ptr<const MeldIndex> index;

  const MeldIndex& meld_index() const { return *index; }
  int stock_size() const { return deck.size() - seats * hand; }
  // Points of a card left in a loser's hand (000: 2-7 face value, courts 10, ace 15).
  int card_points(Card c) const;
};

// Loads a ruleset by name (the shipped ones, or $CONQUIAN_RULESETS/NAME.yaml) or by path
// (anything containing '/' or ending in .yaml), as the user gave it. Its `base:` chain is
// confined (record/document_path.h: inside the folder of the file that names each base, or
// a trusted folder). Throws record::InputError naming the file, the key and the reason.
std::shared_ptr<const Ruleset> load_ruleset(const std::string& name_or_path,
                                            const record::TrustedFolders& trusted = record::trusted_folders());
// The same from YAML text; `name` is the ruleset's name, `file` stands in messages.
std::shared_ptr<const Ruleset> load_ruleset_text(const std::string& text, const std::string& name,
                                                 const std::string& file,
                                                 const record::TrustedFolders& trusted = record::trusted_folders());

// A ruleset named inside the document `naming_file` (a record's, a match's or a position's
// `ruleset:`), in two steps so that a cache can key on the first: where the reference leads
// (a name stays a name; a path is followed by record::follow_document_path and comes back
// absolute, links resolved; a refusal throws record::InputError naming the reference), and
// the ruleset there (a followed file is read without blocking, at most 1 MiB).
std::string resolve_ruleset_reference(const std::string& reference, const std::string& naming_file,
                                      const record::TrustedFolders& trusted = record::trusted_folders());
std::shared_ptr<const Ruleset> load_resolved_ruleset(const std::string& resolved,
                                                     const record::TrustedFolders& trusted = record::trusted_folders());

// Whether load_ruleset reads `s` as a path: it has a '/', ends in .yaml or .yml, or is an
// existing file (so that `--ruleset x.yml` in the current folder is that file).
bool is_ruleset_path(const std::string& s);

// Loads a ruleset written inline in a record or match file (`ruleset: {base: ..., ...}`):
// `text` is the mapping as written, indented as in the file, and `first_line` the line
// of `file` it starts on, so that messages name the record file's own lines. A `base:` path
// is followed as any reference inside `file` is. The ruleset is named "inline".
std::shared_ptr<const Ruleset> load_inline_ruleset(const std::string& text, const std::string& file,
                                                   std::uint32_t first_line,
                                                   const record::TrustedFolders& trusted = record::trusted_folders());

// The names of the shipped rulesets, in a fixed order.
const std::vector<std::string>& shipped_ruleset_names();

}  // namespace conquian
