// Rulesets (src/rules/): every shipped ruleset loads with the keys its file and
// specs/rulesets.md give it; `base:` inheritance; the defaults; and every refusal with the
// file, the line and the reason it must give.
#include <doctest/doctest.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <string>
#include <vector>

#include "contains.h"
#include "record/input_error.h"
#include "rules/ruleset.h"
#include "rules/ruleset_keys.h"
#include "rules/ruleset_writer.h"
#include "spec_keys.h"
#include "test_util.h"

using namespace conquian;
namespace fs = std::filesystem;

namespace {

// The keys of a ruleset as written in a ruleset file, one line each, so that a whole ruleset
// is compared at once and a difference shows as a line.
std::map<std::string, std::string> keys_of(const Ruleset& r) {
  auto flag = [](bool b) { return std::string(b ? "true" : "false"); };
  auto range = [](int lo, int hi) {
    return "[" + std::to_string(lo) + ", " + (hi ? std::to_string(hi) : "null") + "]";
  };
  std::string ranks, suits, wild;
  for (int i = 0; i < r.deck.rank_count(); ++i) ranks += (i ? " " : "") + r.deck.rank_label(i);
  for (int i = 0; i < r.deck.suit_count(); ++i) suits += (i ? " " : "") + r.deck.suit_label(i);
  for (Card c : r.melds.wild) wild += (wild.empty() ? "" : " ") + r.deck.token(c);
  const PanTerms& p = r.pan;
  const Conditions& c = p.conditions;
  const std::string pan =
      std::to_string(p.packs) + " packs -" + std::to_string(p.strip_spades) + " ante " + std::to_string(p.ante) +
      " forfeit " + std::to_string(p.drop_forfeit) + " conditions " + std::to_string(c.valle_one_suit) + "/" +
      std::to_string(c.valle_mixed) + "/" + std::to_string(c.one_suit) + "/" + std::to_string(c.end_sequence) + "/" +
      std::to_string(c.per_card) + (p.spades_double ? " spades x2" : "") + " out " + std::to_string(p.go_out_per_seat) +
      (p.go_out_conditions_again ? "+again" : "") + " " + std::to_string(static_cast<int>(p.comoquer_group)) +
      std::to_string(static_cast<int>(p.discard_take)) + std::to_string(static_cast<int>(p.condition_payers)) +
      " packet " + std::to_string(p.deal_packet);
  return {
      {"game", game_name(r.game)},
      {"deck", r.deck.name() + ": " + ranks + " / " + suits},
      {"seats", r.seats_min == r.seats ? std::to_string(r.seats) : range(r.seats_min, r.seats)},
      {"offer_to", r.offer_to == OfferTo::Table ? "table" : "next"},
      {"forcing_by", r.forcing.by == ForcingBy::Any ? "any" : "origin"},
      {"pan", pan},
      {"hand", std::to_string(r.hand)},
      {"target", std::to_string(r.target)},
      {"melds.set", range(r.melds.set_min, r.melds.set_max)},
      {"melds.run", range(r.melds.run_min, r.melds.run_max)},
      {"wild", wild},
      {"swap", flag(r.swap)},
      {"rearrange", flag(r.rearrange)},
      {"extra_melds", flag(r.extra_melds)},
      {"forcing", std::string(r.forcing.decline ? " decline" : "") + (r.forcing.offer ? " offer" : "") +
                      (r.forcing.hit ? " hit" : "") + (r.forcing.forced_extra_melds ? " forced_extra_melds" : "")},
      {"scoring", std::string(r.scoring.method == ScoringMethod::Stake ? "stake" : "hand_points") + " " +
                      std::to_string(r.scoring.stake) + " x" + std::to_string(r.scoring.after_draw) + " to " +
                      std::to_string(r.scoring.match_target) + " max " + std::to_string(r.scoring.max_multiplier)},
      {"first_upcard", r.first_upcard == FirstUpcard::None ? "none" : "dealer"},
      {"first_offer", r.first_offer == FirstOffer::Turner ? "turner" : "next"},
      {"claim_priority", r.claim_priority == ClaimPriority::Next ? "next" : "previous"},
      {"auto_take", r.auto_take ? "true" : "false"},
      {"stock_out", r.stock_out == StockOut::Draw ? "draw" : "fewest_in_hand"},
      {"compulsory_take", flag(r.compulsory_take)},
      {"meld_timing", r.meld_timing == MeldTiming::Take ? "take" : "turn"},
  };
}

const char* kFrench40 = "french-40: A 2 3 4 5 6 7 J Q K / c d h s";
const char* kSpanish40 = "spanish-40: 1 2 3 4 5 6 7 10 11 12 / o c e b";

// american as rulesets/american.yaml writes it out (every key), and specs/rulesets.md's
// table: French 40-card deck, 2 seats, hand 10, target 11, no run cap, rearrange,
// extra_melds, forcing decline (000, 002, 003).
std::map<std::string, std::string> american() {
  return {
      {"game", "conquian"},
      {"offer_to", "table"},
      {"forcing_by", "any"},
      // Panguingue's terms, at their defaults (a conquian ruleset holds them and never reads them).
      {"pan", "8 packs -0 ante 1 forfeit 2 conditions 2/1/1/1/1 spades x2 out 1+again 000 packet 5"},
      {"deck", kFrench40},
      {"seats", "2"},
      {"hand", "10"},
      {"target", "11"},
      {"melds.set", "[3, 4]"},
      {"melds.run", "[3, null]"},
      {"wild", ""},
      {"swap", "false"},
      {"rearrange", "true"},
      {"extra_melds", "true"},
      {"forcing", " decline"},
      {"scoring", "stake 1 x1 to 0 max 4"},
      {"first_upcard", "none"},
      {"first_offer", "turner"},
      {"stock_out", "draw"},
      {"compulsory_take", "false"},
      {"meld_timing", "take"},
      {"claim_priority", "next"},
      {"auto_take", "false"},
  };
}

// nine-card as rulesets/nine-card.yaml writes it out (004): Spanish deck, hand 9, target 10,
// swap, forcing decline and offer, a won deal scores 1, doubled after each draw, match to 3.
std::map<std::string, std::string> nine_card() {
  auto k = american();
  k["deck"] = kSpanish40;
  k["hand"] = "9";
  k["target"] = "10";
  k["swap"] = "true";
  k["forcing"] = " decline offer";
  k["scoring"] = "stake 1 x2 to 3 max 4";
  return k;
}

// Every shipped ruleset: its keys as its file says (and through `base:` the file it builds on).
std::map<std::string, std::map<std::string, std::string>> shipped_keys() {
  std::map<std::string, std::map<std::string, std::string>> out;
  out["american"] = american();
  auto& capped = out["american-capped"] = american();
  capped["melds.run"] = "[3, 8]";  // 003: runs of three to eight
  out["american-noforce"] = american();
  out["american-noforce"]["forcing"] = "";
  auto& points = out["american-points"] = american();
  points["scoring"] = "hand_points 1 x1 to 100 max 4";  // scoring merges key by key: stake and after_draw stay
  out["nine-card"] = nine_card();
  auto& mexican = out["mexican"] = nine_card();
  mexican["hand"] = "8";
  mexican["target"] = "9";
  out["hit"] = american();
  out["hit"]["forcing"] = " decline hit";
  auto& wild = out["wild-two"] = nine_card();
  wild["wild"] = "2o";
  out["full-deck"] = american();
  out["full-deck"]["deck"] = "french-52: A 2 3 4 5 6 7 8 9 T J Q K / c d h s";
  auto& three = out["three-seat"] = american();
  three["seats"] = "3";
  three["hand"] = "8";
  three["target"] = "9";
  auto& four = out["four-seat"] = american();
  four["seats"] = "4";
  four["hand"] = "7";
  four["target"] = "8";
  out["old-pack"] = american();
  out["old-pack"]["deck"] = "custom: A 2 3 4 5 6 7 8 9 10 / c d h s";
  // The variants of specs/rulesets.md, each as its file's comment cites it.
  auto& noextra = out["american-noextra"] = american();
  noextra["extra_melds"] = "false";  // 000: cards from the hand only into the taken card's meld
  auto& french9 = out["nine-card-french"] = noextra;
  french9["hand"] = "9";  // 000: "nine cards apiece ... ten melded ... Nothing else changes"
  french9["target"] = "10";
  auto& spanish = out["spanish"] = out["american-capped"];
  spanish["deck"] = kSpanish40;  // 003: "The play is the same"
  out["spanish-wild-two"] = spanish;
  out["spanish-wild-two"]["wild"] = "2o";
  out["hit-own"] = out["hit"];
  out["hit-own"]["meld_timing"] = "turn";  // 002: "A player in turn may 'Hit' a meld of their own"
  auto& plain = out["nine-card-plain"] = nine_card();
  plain["swap"] = "false";
  plain["forcing"] = "";
  out["nine-card-five"] = nine_card();
  out["nine-card-five"]["scoring"] = "stake 1 x2 to 5 max 4";
  out["three-seat-swap"] = three;
  out["three-seat-swap"]["swap"] = "true";
  out["four-seat-swap"] = four;
  out["four-seat-swap"]["swap"] = "true";
  auto& sirve = out["me-sirve"] = nine_card();
  sirve["seats"] = "3";
  sirve["hand"] = "8";
  sirve["target"] = "9";
  auto& tiny = out["tiny"] = american();
  tiny["deck"] = "custom: A 2 3 4 5 / c d h";
  tiny["hand"] = "3";
  tiny["target"] = "4";
  tiny["melds.set"] = "[3, 3]";
  // Panguingue (the contract's "Panguingue"): Pan's readings of the keys both games hold.
  auto& pan = out["panguingue"] = american();
  pan["game"] = "panguingue";
  pan["seats"] = "[2, 15]";
  pan["first_upcard"] = "dealer";
  pan["offer_to"] = "next";
  pan["forcing_by"] = "origin";
  auto& club = out["panguingue-club"] = pan;
  club["pan"] = "8 packs -1 ante 1 forfeit 2 conditions 2/1/1/1/1 spades x2 out 2+again 000 packet 5";
  out["panguingue-five-packs"] = pan;
  out["panguingue-five-packs"]["pan"] =
      "5 packs -0 ante 1 forfeit 2 conditions 2/1/1/1/1 spades x2 out 1+again 000 packet 5";
  out["panguingue-no-forfeit"] = pan;
  out["panguingue-no-forfeit"]["pan"] =
      "8 packs -0 ante 1 forfeit 0 conditions 2/1/1/1/1 spades x2 out 1+again 000 packet 5";
  out["panguingue-out-two"] = pan;
  out["panguingue-out-two"]["pan"] =
      "8 packs -0 ante 1 forfeit 2 conditions 2/1/1/1/1 spades x2 out 2+again 000 packet 5";
  return out;
}

// The whole message of the InputError that loading `text` as mine.yaml gives.
std::string refusal(const std::string& text) {
  try {
    load_ruleset_text(text, "mine", "mine.yaml");
  } catch (const record::InputError& e) { return e.what(); }
  FAIL_CHECK("no error for:\n" << text);
  return "";
}

std::string refusal_of_file(const std::string& path) {
  try {
    load_ruleset(path);
  } catch (const record::InputError& e) { return e.what(); }
  FAIL_CHECK("no error for " << path);
  return "";
}

using conquian::testing::has;

fs::path temp_dir() {
  fs::path dir = fs::temp_directory_path() / ("conquian-ruleset-test-" + std::to_string(getpid()));
  fs::create_directories(dir);
  return dir;
}

}  // namespace

TEST_CASE("rulesets: every shipped ruleset loads with the keys its file and specs/rulesets.md give") {
  const auto expected = shipped_keys();
  // The list of shipped names is exactly the files of rulesets/, in a fixed (sorted) order.
  std::vector<std::string> names;
  for (const auto& [name, _] : expected) names.push_back(name);
  CHECK(shipped_ruleset_names() == names);
  for (const auto& [name, keys] : expected) {
    CAPTURE(name);
    auto r = load_ruleset(name);
    CHECK(r->name == name);
    CHECK(r->source == "rulesets/" + name + ".yaml");
    CHECK(!r->description.empty());
    for (const auto& [key, value] : keys_of(*r)) {
      CAPTURE(key);
      CHECK(value == keys.at(key));
    }
    // Derived values: the stock is what the hands leave, the meld index is built.
    CHECK(r->stock_size() == r->pack_size() - r->seats * r->hand);
    REQUIRE(r->index != nullptr);
    CHECK(!r->meld_index().natural_melds().empty());
  }
  // The description is the file's own, never the base's.
  CHECK(load_ruleset("hit")->description ==
        "The American game whose forcing is on decline and by hitting the opponent's table.");
}

TEST_CASE("rulesets: a path loads the file, named by its stem; $CONQUIAN_RULESETS comes before the shipped ones") {
  auto dir = temp_dir();
  std::ofstream(dir / "house.yaml") << "base: american\nseats: 3\n";
  auto r = load_ruleset((dir / "house.yaml").string());
  CHECK(r->name == "house");
  CHECK(r->source == (dir / "house.yaml").string());
  CHECK(r->seats == 3);
  CHECK(r->hand == 10);
  // american writes its target (11) outright, so a file on it that shortens the hand must
  // write its own target too: the base's target stays and is refused.
  std::ofstream(dir / "short.yaml") << "base: american\nhand: 9\n";
  CHECK(has(refusal_of_file((dir / "short.yaml").string()),
            "key 'target': 11 melded cards cannot be reached with hands of 9 (at most hand + 1 = 10)"));

  // A folder of rulesets: a name found there wins over the shipped ruleset of that name.
  std::ofstream(dir / "american.yaml") << "description: not the shipped one\nhand: 5\n";
  std::shared_ptr<const Ruleset> local, shipped_still;
  {
    struct Folder {  // unset however the block is left: later tests want the shipped rulesets
      explicit Folder(const fs::path& d) { ::setenv("CONQUIAN_RULESETS", d.string().c_str(), 1); }
      ~Folder() { ::unsetenv("CONQUIAN_RULESETS"); }
    } folder(dir);
    local = load_ruleset("american");
    shipped_still = load_ruleset("hit");  // not in the folder: the shipped one
  }
  CHECK(local->hand == 5);
  CHECK(local->source == dir.string() + "/american.yaml");
  CHECK(shipped_still->source == "rulesets/hit.yaml");
  CHECK(load_ruleset("american")->hand == 10);
  fs::remove_all(dir);
}

TEST_CASE("rulesets: defaults of every key (specs/rulesets.md, the default column)") {
  auto r = load_ruleset_text("description: nothing else\n", "bare", "bare.yaml");
  CHECK(r->name == "bare");
  CHECK(r->source == "bare.yaml");
  CHECK(r->description == "nothing else");
  // The defaults are american's keys: the table's default column is the American game.
  CHECK(keys_of(*r) == american());
  // The target follows the hand when it is not written: hand + 1.
  CHECK(load_ruleset_text("hand: 7\n", "x", "x.yaml")->target == 8);
  // Empty values are the defaults too.
  CHECK(keys_of(*load_ruleset_text("melds: ~\nscoring: ~\nwild: ~\nseats: ~\n", "x", "x.yaml")) == american());
}

TEST_CASE("rulesets: the key table (rules/ruleset_keys.h) is specs/rulesets.md's table of keys") {
  const auto spec = conquian::testing::spec_ruleset_keys();
  const auto& keys = ruleset_keys();
  std::vector<std::string> spec_names, table_names;
  for (const auto& s : spec) spec_names.push_back(s.name);
  for (const auto& k : keys) table_names.push_back(std::string(k.name));
  // Every key of the spec and only those, in the spec's order (the order outputs print).
  REQUIRE(table_names == spec_names);
  for (std::size_t i = 0; i < keys.size(); ++i) {
    const RulesetKey& key = keys[i];
    const auto& row = spec[i];
    CAPTURE(row.name);
    CHECK(std::string(key.default_text) == row.default_text);
    // The games that hold the key: the spec's "(conquian)" or "(panguingue)" mark.
    CHECK(key.of_game(Game::Conquian) == row.conquian());
    CHECK(key.of_game(Game::Panguingue) == row.panguingue());
    // The type column: a Word key's words (`a` or `b`), a Count key's range (a-b), bool.
    if (key.kind == KeyKind::Word) {
      std::string words;
      for (const auto& w : key.words) words += (words.empty() ? "" : " or ") + w;
      CHECK(words == row.type);
    }
    if (key.kind == KeyKind::Flag) CHECK(row.type == "bool");
    if (key.kind == KeyKind::Count && row.type.find('-') != std::string::npos)
      CHECK(row.type == std::to_string(key.min) + "-" + std::to_string(key.max));
    // Every source the entry cites is in the spec's source column.
    std::string cites(key.cites);
    for (std::size_t at = 0; at < cites.size();) {
      std::size_t end = std::min(cites.find(", ", at), cites.size());
      std::string source = cites.substr(at, end - at);
      CHECK_MESSAGE(has(row.source, source), source << " not in: " << row.source);
      at = end + 2;
    }
  }
  // The names are the ones the reader takes: a misspelt key gets the table's key.
  CHECK(has(refusal("scoring: {max_multiplyer: 2}\n"), "did you mean 'max_multiplier'?"));
  CHECK(has(refusal("claim_prority: next\n"), "did you mean 'claim_priority'?"));
}

TEST_CASE("rulesets: every default of the key table loads as the ruleset that writes no key") {
  // A ruleset file that writes each key's default_text loads as one that writes none.
  std::string text;
  std::string_view group;
  for (const RulesetKey& key : ruleset_keys()) {
    // target: hand + 1, below; a panguingue key in a conquian ruleset is refused (its own test).
    if (!key.written() || key.name == "target" || !key.of_game(Game::Conquian)) continue;
    if (key.group() != group && !group.empty()) text += "\n";
    if (key.group().empty()) {
      text += std::string(key.name) + ": " + std::string(key.default_text) + "\n";
    } else {
      text += key.group() != group ? std::string(key.group()) + ":\n" : "";
      text += "  " + std::string(key.leaf()) + ": " + std::string(key.default_text) + "\n";
    }
    group = key.group();
  }
  CAPTURE(text);
  auto written = load_ruleset_text(text, "written", "written.yaml");
  auto bare = load_ruleset_text("{}", "bare", "bare.yaml");
  CHECK(ruleset_flow_yaml(*written) == ruleset_flow_yaml(*bare));
  CHECK(std::string(ruleset_key("target").default_text) == "hand + 1");
  CHECK(bare->target == bare->hand + 1);
}

TEST_CASE("rulesets: base inheritance, maps merged key by key") {
  // A scalar key of the file replaces the base's; the others stay the base's.
  auto r = load_ruleset_text("base: nine-card\nhand: 8\ntarget: 9\n", "x", "x.yaml");
  auto k = keys_of(*r);
  CHECK(k == keys_of(*load_ruleset("mexican")));
  CHECK(r->description.empty());  // not inherited
  // Maps merge key by key: only hit changes, decline stays on from american.
  auto hit = keys_of(*load_ruleset_text("base: american\nforcing: {hit: true}\n", "x", "x.yaml"));
  CHECK(hit["forcing"] == " decline hit");
  auto run = keys_of(*load_ruleset_text("base: american\nmelds: {run: [3, 8]}\n", "x", "x.yaml"));
  CHECK(run["melds.set"] == "[3, 4]");
  CHECK(run["melds.run"] == "[3, 8]");
  // Without a base, a forcing map names the rules that are on: the ones it leaves out are off
  // (so `forcing: {hit: true}` alone is hit without decline).
  CHECK(keys_of(*load_ruleset_text("forcing: {hit: true}\n", "x", "x.yaml"))["forcing"] == " hit");
  // The list form and `none`.
  CHECK(keys_of(*load_ruleset_text("base: american\nforcing: [offer, hit]\n", "x", "x.yaml"))["forcing"] ==
        " offer hit");
  CHECK(keys_of(*load_ruleset_text("base: american\nforcing: none\n", "x", "x.yaml"))["forcing"] == "");
  // A base of a base: wild-two builds on nine-card; a file may build on wild-two.
  auto two = load_ruleset_text("base: wild-two\nmelds: {set: [3, 3]}\n", "x", "x.yaml");
  CHECK(keys_of(*two)["wild"] == "2o");
  CHECK(keys_of(*two)["deck"] == kSpanish40);
  CHECK(keys_of(*two)["melds.set"] == "[3, 3]");
  // A base given as a path.
  auto dir = temp_dir();
  std::ofstream(dir / "short.yaml") << "base: american\nhand: 6\ntarget: 7\n";
  // A base is named relative to the file that names it (an absolute path inside a document is
  // refused: specs/rulesets.md).
  std::ofstream(dir / "x.yaml") << "base: short.yaml\nseats: 3\n";
  auto on_path = load_ruleset((dir / "x.yaml").string());
  CHECK(on_path->hand == 6);
  CHECK(on_path->seats == 3);
  fs::remove_all(dir);
}

TEST_CASE("rulesets: refusals name the file, the line, the key and the reason") {
  // Unknown keys, at the top level and inside a map.
  CHECK(refusal("jokers: 2\n") == "mine.yaml:1:1: unknown key 'jokers'");
  CHECK(refusal("base: american\njokers: 2\n") == "mine.yaml:2:9: unknown key 'jokers'");
  CHECK(refusal("base: american\nforcing: {decline: true, sometimes: true}\n") ==
        "mine.yaml:2:37: unknown key 'forcing.sometimes'");
  CHECK(refusal("melds: {set: [3, 4], sets: [3, 4]}\n") ==
        "mine.yaml:1:22: unknown key 'melds.sets'; did you mean 'set'?");
  // Wrong types.
  CHECK(refusal("base: american\nhand: ten\n") == "mine.yaml:2:7: key 'hand': must be a whole number, not 'ten'");
  CHECK(refusal("base: american\nswap: maybe\n") == "mine.yaml:2:7: key 'swap': must be true or false");
  CHECK(refusal("base: american\nmelds: {set: 3}\n") == "mine.yaml:2:14: key 'melds.set': must be a pair [min, max]");
  CHECK(refusal("description: [a, b]\n") == "mine.yaml:1:14: key 'description': must be a single value (text)");
  CHECK(refusal("wild: 2o\n") == "mine.yaml:1:7: key 'wild': must be a list");
  CHECK(refusal("melds: 3\n") == "mine.yaml:1:8: 'melds' must be a mapping of keys to values");
  CHECK(refusal("base: [american]\n") == "mine.yaml:1:7: key 'base': must be a ruleset name");
  CHECK(refusal("- a\n- b\n") == "mine.yaml:1:1: the document must be a mapping of keys to values");
  // Values out of range or not among the choices.
  CHECK(refusal("base: american\nseats: 5\n") == "mine.yaml:2:8: key 'seats': 5 is out of range (2 to 4)");
  CHECK(refusal("hand: 0\n") == "mine.yaml:1:7: key 'hand': 0 is out of range (1 to 64)");
  CHECK(refusal("scoring: {after_draw: 17}\n") ==
        "mine.yaml:1:23: key 'scoring.after_draw': 17 is out of range (1 to 16)");
  CHECK(refusal("base: american\nstock_out: never\n") ==
        "mine.yaml:2:12: key 'stock_out': 'never' is not one of: draw, fewest_in_hand");
  CHECK(refusal("base: american\nforcing: [decline, bluff]\n") ==
        "mine.yaml:2:20: key 'forcing': 'bluff' is not a forcing rule (decline, offer, hit, forced_extra_melds)");
  CHECK(refusal("deck: french-36\n") ==
        "mine.yaml:1:7: key 'deck': 'french-36' is not a deck (french-40, french-52, spanish-40, or {ranks: [...], "
        "suits: [...]})");
  CHECK(refusal("base: american\nmelds: {run: [5, 3]}\n") == "mine.yaml:2:14: key 'melds.run': max 3 is below min 5");
  CHECK(refusal("base: american\nwild: [Ac, 2c, 3c, 4c, 5c, 6c, 7c, Jc, Qc]\n") ==
        "mine.yaml:2:7: key 'wild': has 9 items; at most 8");
  CHECK(refusal("base: american\nwild: [Xx]\n") ==
        "mine.yaml:2:7: key 'wild': 'Xx' is not a card of the french-40 deck");
  CHECK(refusal("base: american\nwild: [Ac, Ac]\n") == "mine.yaml:2:7: key 'wild': 'Ac' is listed twice");
  // Impossible combinations (specs/rulesets.md, the list under the table).
  CHECK(refusal("base: american\nhand: 30\n") ==
        "mine.yaml:2:7: key 'hand': 30 cards x 2 seats is more than the deck's 40 cards");
  CHECK(refusal("base: american\ntarget: 12\n") ==
        "mine.yaml:2:9: key 'target': 12 melded cards cannot be reached with hands of 10 (at most hand + 1 = 11)");
  CHECK(refusal("base: american\ntarget: 2\n") ==
        "mine.yaml:2:9: key 'target': 2 is below the smallest meld (3 cards)");
  CHECK(refusal("melds: {set: [5, 5]}\n") ==
        "mine.yaml:1:8: key 'melds': a set of at least 5 cards cannot be made from 4 suits");
  CHECK(refusal("deck: {ranks: [A, B], suits: [c, d, h]}\nhand: 2\n") ==
        "mine.yaml:1:1: key 'melds': a run of at least 3 cards cannot be made from 2 ranks");
  CHECK(refusal("base: american\nhand: 20\nfirst_upcard: dealer\n") ==
        "mine.yaml:3:15: key 'first_upcard': the dealer cannot turn an upcard from an empty stock");
  // A value merged from the base, or a map merged with the base's, has no line of this file:
  // the message names the file and the reason (the place shown is 1:1).
  CHECK(has(refusal("base: american\nmelds: {set: [5, 5]}\n"),
            "mine.yaml:1:1: key 'melds': a set of at least 5 cards cannot be made from 4 suits"));
  CHECK(has(refusal("base: american\nhand: 2\ndeck: {ranks: [A, 2, 3], suits: [c, d, h, s]}\n"),
            "mine.yaml:1:1: key 'target': 11 melded cards cannot be reached with hands of 2 (at most hand + 1 = 3)"));
  // The deck's limits (specs/limits.md): at most four suits, 64 cards, labels of 1-4 characters.
  CHECK(refusal("base: american\ndeck: {ranks: [A, B, C], suits: [a, b, c, d, e]}\n") ==
        "mine.yaml:2:7: key 'deck': a deck may have at most 4 suits; this one has 5");
  CHECK(refusal("base: american\ndeck: {ranks: [a, b, c, d, e, f, g, h, i, j, k, l, m, n, o, p, q], suits: [c, d, h, "
                "s]}\n") == "mine.yaml:2:7: key 'deck': a deck may have at most 64 cards; 17 ranks x 4 suits is 68");
  CHECK(refusal("base: american\ndeck: {ranks: [Ace10, B, C], suits: [c, d, h, s]}\n") ==
        "mine.yaml:2:7: key 'deck': label 'Ace10' must have 1 to 4 characters");
  CHECK(refusal("deck: {ranks: [A, B, C]}\n") == "mine.yaml:1:7: key 'deck': a deck needs at least one suit");
  CHECK(refusal("deck: {ranks: [1, 11], suits: [c, 1c]}\n") ==
        "mine.yaml:1:7: key 'deck': card token '11c' is ambiguous (two ranks or suits make it)");
  // Broken YAML.
  CHECK(refusal("hand: [10\n") == "mine.yaml:2:1: not valid YAML: end of sequence flow not found");
  // Unknown or missing bases and files.
  // A misspelt base is this file's fault, at its line; a near name is suggested.
  CHECK(has(refusal("base: nope\n"),
            "mine.yaml:1:7: key 'base': unknown ruleset 'nope' (shipped: american, american-capped"));
  CHECK(refusal("base: amercan\n") == "mine.yaml:1:7: key 'base': unknown ruleset 'amercan'; did you mean 'american'?");
  CHECK(has(refusal_of_file("no-such-ruleset"), "or give a path to a .yaml file)"));
  CHECK(refusal_of_file("/nonexistent/x.yaml") ==
        "/nonexistent/x.yaml: cannot open the ruleset file: No such file or directory");
}

TEST_CASE("rulesets: a loop of bases is refused, and a chain of more than 8 files") {
  auto dir = temp_dir();
  auto loop = (dir / "loop.yaml").string();
  std::ofstream(loop) << "base: loop.yaml\n";
  CHECK(has(refusal_of_file(loop), loop + ":1:7: key 'base': a loop of bases: "));
  // Eight files in all are allowed (specs/limits.md): level k builds on level k - 1, level 0 on
  // american, so level 6 leads to 8 files (itself included) and level 7 to 9.
  std::ofstream(dir / "level0.yaml") << "base: american\n";
  for (int k = 1; k <= 8; ++k)
    std::ofstream(dir / ("level" + std::to_string(k) + ".yaml")) << "base: level" << std::to_string(k - 1) << ".yaml\n";
  CHECK(load_ruleset((dir / "level6.yaml").string())->hand == 10);
  CHECK(has(refusal_of_file((dir / "level7.yaml").string()), "at most 8 ruleset files in all"));
  // A base file that is too big is refused before it is read.
  std::ofstream(dir / "big.yaml") << "description: " << std::string(2 << 20, 'x') << "\n";
  CHECK(refusal_of_file((dir / "big.yaml").string()) ==
        (dir / "big.yaml").string() + ": a ruleset file may be at most 1 MiB");
  fs::remove_all(dir);
}
