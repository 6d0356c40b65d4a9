// A ruleset: every variant key of Conquian and of Panguingue, its card-room relative, with its
// default and the source that says so. Immutable after loading; checked once, when loaded
// (specs/rulesets.md is the full table). `game` picks which of the two games the keys describe.
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

// Which game of the family the ruleset plays (the contract's `game`): Conquian, or
// Panguingue (many packs, up to 15 seats, declarations, conditions paid in chips).
enum class Game : std::uint8_t { Conquian, Panguingue };
const char* game_name(Game game);

// Who may force a refused card that fits the refuser's table (forcing.by): any other seat
// (000: "your opponent may compel you"), or only the seat the card came from (Panguingue, S14:
// "if your discard fits one of the next player's melds, you may force it on him").
enum class ForcingBy : std::uint8_t { Any, Origin };

struct Forcing {
  bool decline = true;              // 000, 002, 003, 004: refuse a card that fits -> compelled
  bool offer = false;               // 004: force the facing card onto a seat it fits
  bool hit = false;                 // 002: throw your discard onto another seat's table
  bool forced_extra_melds = false;  // 000: a forced seat only adds the card, then throws
  ForcingBy by = ForcingBy::Any;
  bool any() const { return decline || offer || hit; }
};

// Which seats a face-up card is offered to beyond the seat that turned it: every other seat
// round the table (000's three and four players), or only the next one (Panguingue).
enum class OfferTo : std::uint8_t { Table, Next };

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

// Panguingue's group rule for the comoquers (every rank but A and K): one suit or every card
// a different suit (S9, S7, S8), or one suit or at least three different suits (S13).
enum class ComoquerGroup : std::uint8_t { OneSuitOrAllDifferent, OneSuitOrThreeSuits };
// Which face-up cards a Panguingue seat may take: any (the book), or only a turned card the
// turner passed, never a card thrown from a hand (S7, S13: a thrown card is then dead at once).
enum class DiscardTake : std::uint8_t { Any, TurnedOnly };
// Who pays a seat's conditions: the seats still in the deal (S14: a seat that drops loses its
// ante "but no other chips"), or every seat dealt in (S9, S12 read literally).
enum class ConditionPayers : std::uint8_t { InDeal, Seated };

// A Panguingue meld's condition value, per paying seat (specs/rulesets.md, "Conditions"): the
// base of each kind of condition; each card past the third adds `per_card`; all spades doubles.
struct Conditions {
  int valle_one_suit = 2;  // a group of 3s, 5s or 7s all of one suit (S9, S12)
  int valle_mixed = 1;     // a group of 3s, 5s or 7s all of different suits (S2, S12)
  int one_suit = 1;        // a group of any other rank (A and K too) all of one suit (S2, S9, S12)
  int end_sequence = 1;    // a sequence holding its suit's ace or king (S12, S6)
  int per_card = 1;        // each card past the third (S2: a lay-off pays again)
};

// Panguingue's terms (the contract's "Panguingue"): the pack, the chips, the settlement.
struct PanTerms {
  int packs = 8;         // 40-card packs shuffled together (S1, S2, S3: 8; 5 to 11 elsewhere)
  int strip_spades = 0;  // packs whose ten spades are taken out (1: the 310-card club pack)
  int ante = 1;          // chips every seat dealt in pays into the pot (the "top")
  int drop_forfeit = 2;  // chips a seat that drops pays into the pot on top of its ante
  Conditions conditions;
  bool spades_double = true;            // a meld all of spades pays twice (S2, S6, S7, S12)
  int go_out_per_seat = 1;              // chips the seat that goes out gets from each seat still in
  bool go_out_conditions_again = true;  // ... plus its final table's conditions once more
  ComoquerGroup comoquer_group = ComoquerGroup::OneSuitOrAllDifferent;
  DiscardTake discard_take = DiscardTake::Any;
  ConditionPayers condition_payers = ConditionPayers::InDeal;
  int deal_packet = 5;  // cards a seat gets at a time when a shuffled pack is dealt (S1, S2, S9: 5)
};

struct Ruleset {
  std::string name;    // file name without .yaml, or the path as given
  std::string source;  // where it was loaded from
  std::string description;
  Game game = Game::Conquian;
  Deck deck = *Deck::named("french-40");
  // Conquian: the seats (seats_min == seats). Panguingue: the most seats; a record's deal says
  // how many sat, at least seats_min.
  int seats = 2;
  int seats_min = 2;
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
  OfferTo offer_to = OfferTo::Table;
  PanTerms pan;

  // Built once when loaded; shared by every position of this ruleset.
  std::shared_ptr<const MeldIndex> index;

  const MeldIndex& meld_index() const { return *index; }
  bool is_pan() const { return game == Game::Panguingue; }
  // The cards of a deal: the deck, or Panguingue's packs shuffled together less stripped spades.
  int pack_size() const;
  int stock_size() const { return pack_size() - seats * hand; }
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
