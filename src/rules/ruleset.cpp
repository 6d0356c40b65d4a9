#include "rules/ruleset.h"

#include <filesystem>

#include "cards/spelling.h"
#include "record/yaml_fields.h"
#include "rules/ruleset_base.h"
#include "rules/shipped_rulesets.h"

namespace conquian {
namespace {

using record::Fields;
using record::InputError;

constexpr std::size_t kMaxWilds = 8;

Deck read_deck(Fields& f) {
  YAML::Node n = f.node("deck");
  if (!n) return *Deck::named("french-40");
  if (n.IsScalar()) {
    auto deck = Deck::named(n.Scalar());
    if (!deck)
      f.fail("deck",
             "'" + n.Scalar() + "' is not a deck (french-40, french-52, spanish-40, or {ranks: [...], suits: [...]})");
    return *deck;
  }
  Fields d(n, f.file(), "deck");
  auto ranks = d.text_list("ranks", 64);
  auto suits = d.text_list("suits", 64);
  d.finish();
  std::string why;
  auto deck = Deck::custom(ranks, suits, &why);
  if (!deck) f.fail("deck", why);
  return *deck;
}

void read_range(Fields& m, const std::string& key, int& lo, int& hi, bool hi_may_be_null) {
  YAML::Node n = m.node(key);
  if (!n) return;
  if (!n.IsSequence() || n.size() != 2) m.fail(key, "must be a pair [min, max]");
  lo = static_cast<int>(m.as_integer(n[0], key, 2, 64));
  if (hi_may_be_null && n[1].IsNull()) {
    hi = 0;
  } else {
    hi = static_cast<int>(m.as_integer(n[1], key, 2, 64));
    if (hi < lo) m.fail(key, "max " + std::to_string(hi) + " is below min " + std::to_string(lo));
  }
}

Forcing read_forcing(Fields& f) {
  YAML::Node n = f.node("forcing");
  Forcing forcing;
  if (!n) return forcing;
  forcing = Forcing{false, false, false, false};
  if (n.IsNull() || (n.IsScalar() && n.Scalar() == "none")) return forcing;
  if (n.IsSequence()) {
    for (const auto& item : n) {
      std::string rule = f.as_text(item, "forcing");
      if (rule == "decline") forcing.decline = true;
      else if (rule == "offer") forcing.offer = true;
      else if (rule == "hit") forcing.hit = true;
      else if (rule == "forced_extra_melds") forcing.forced_extra_melds = true;
      else f.fail_at(item, "forcing", "'" + rule + "' is not a forcing rule (decline, offer, hit, forced_extra_melds)");
    }
    return forcing;
  }
  Fields m(n, f.file(), "forcing");
  forcing.decline = m.boolean("decline", false);
  forcing.offer = m.boolean("offer", false);
  forcing.hit = m.boolean("hit", false);
  forcing.forced_extra_melds = m.boolean("forced_extra_melds", false);
  m.finish();
  return forcing;
}

Scoring read_scoring(Fields& f) {
  Scoring s;
  YAML::Node n = f.node("scoring");
  if (!n || n.IsNull()) return s;
  Fields m(n, f.file(), "scoring");
  s.method = m.choice("method", "stake", {"stake", "hand_points"}) == "stake" ? ScoringMethod::Stake
                                                                              : ScoringMethod::HandPoints;
  s.stake = static_cast<int>(m.integer("stake", 1, 1, 1'000'000));
  s.after_draw = static_cast<int>(m.integer("after_draw", 1, 1, 16));
  s.max_multiplier = static_cast<int>(m.integer("max_multiplier", 4, 1, 65536));
  s.match_target = static_cast<int>(m.integer("match_target", 0, 0, 1'000'000));
  m.finish();
  return s;
}

std::shared_ptr<const Ruleset> parse_merged(const YAML::Node& node, const std::string& name, const std::string& file) {
  Fields f(node, file, "");
  auto rs = std::make_shared<Ruleset>();
  rs->name = name;
  rs->source = file;
  rs->description = f.text("description", "");
  f.ignore("base");
  rs->deck = read_deck(f);
  rs->seats = static_cast<int>(f.integer("seats", 2, 2, 4));
  rs->hand = static_cast<int>(f.integer("hand", 10, 1, 64));
  if (rs->hand * rs->seats > rs->deck.size())
    f.fail("hand", std::to_string(rs->hand) + " cards x " + std::to_string(rs->seats) +
                       " seats is more than the deck's " + std::to_string(rs->deck.size()) + " cards");
  rs->target = static_cast<int>(f.integer("target", rs->hand + 1, 1, 65));

  YAML::Node melds = f.node("melds");
  if (melds && !melds.IsNull()) {
    Fields m(melds, file, "melds");
    read_range(m, "set", rs->melds.set_min, rs->melds.set_max, false);
    read_range(m, "run", rs->melds.run_min, rs->melds.run_max, true);
    m.finish();
  }
  if (rs->melds.set_min > rs->deck.suit_count())
    f.fail("melds", "a set of at least " + std::to_string(rs->melds.set_min) + " cards cannot be made from " +
                        std::to_string(rs->deck.suit_count()) + " suits");
  if (rs->melds.run_min > rs->deck.rank_count())
    f.fail("melds", "a run of at least " + std::to_string(rs->melds.run_min) + " cards cannot be made from " +
                        std::to_string(rs->deck.rank_count()) + " ranks");

  auto wild_tokens = f.text_list("wild", kMaxWilds);
  for (const auto& t : wild_tokens) {
    auto c = rs->deck.parse(t);
    if (!c) f.fail("wild", rs->deck.not_a_card(t));
    if (rs->melds.wild.has(*c)) f.fail("wild", "'" + t + "' is listed twice");
    rs->melds.wild.insert(*c);
  }

  rs->swap = f.boolean("swap", false);
  rs->rearrange = f.boolean("rearrange", true);
  rs->extra_melds = f.boolean("extra_melds", true);
  rs->forcing = read_forcing(f);
  rs->scoring = read_scoring(f);
  rs->first_upcard =
      f.choice("first_upcard", "none", {"none", "dealer"}) == "none" ? FirstUpcard::None : FirstUpcard::Dealer;
  rs->first_offer =
      f.choice("first_offer", "turner", {"turner", "next"}) == "turner" ? FirstOffer::Turner : FirstOffer::Next;
  rs->claim_priority = f.choice("claim_priority", "next", {"next", "previous"}) == "next" ? ClaimPriority::Next
                                                                                          : ClaimPriority::Previous;
  rs->stock_out =
      f.choice("stock_out", "draw", {"draw", "fewest_in_hand"}) == "draw" ? StockOut::Draw : StockOut::FewestInHand;
  rs->compulsory_take = f.boolean("compulsory_take", false);
  rs->auto_take = f.boolean("auto_take", false);
  rs->meld_timing = f.choice("meld_timing", "take", {"take", "turn"}) == "take" ? MeldTiming::Take : MeldTiming::Turn;
  f.finish();

  // The table can hold at most hand + 1 cards (every take is paid for with a throw), and the
  // smallest table is one meld.
  int smallest = std::min(rs->melds.set_min, rs->melds.run_min);
  if (rs->target > rs->hand + 1)
    f.fail("target", std::to_string(rs->target) + " melded cards cannot be reached with hands of " +
                         std::to_string(rs->hand) + " (at most hand + 1 = " + std::to_string(rs->hand + 1) + ")");
  if (rs->target < smallest)
    f.fail("target",
           std::to_string(rs->target) + " is below the smallest meld (" + std::to_string(smallest) + " cards)");
  if (rs->first_upcard == FirstUpcard::Dealer && rs->stock_size() < 1)
    f.fail("first_upcard", "the dealer cannot turn an upcard from an empty stock");
  rs->index = std::make_shared<MeldIndex>(rs->deck, rs->melds);
  if (!rs->index->can_partition(CardSet{}) || rs->index->natural_melds().empty())
    f.fail("melds", "no meld can be made from this deck");
  return rs;
}

// `raw` with its bases merged in, read. `followed`: `file` was named inside a document.
std::shared_ptr<const Ruleset> parse_ruleset(const YAML::Node& raw, const std::string& name, const std::string& file,
                                             BaseChain chain, bool followed = false) {
  YAML::Node node = resolve_bases(raw, file, chain);
  try {
    return parse_merged(node, name, file);
  } catch (const InputError& e) {
    if (!followed && !chain.followed) throw;
    throw without_file_text(e);
  }
}

}  // namespace

int Ruleset::card_points(Card c) const {
  const std::string& label = deck.rank_label(deck.rank_of(c));
  if (label == "A" || label == "1") return 15;
  if (label == "J" || label == "Q" || label == "K" || label == "T") return 10;
  int value = 0;
  for (char ch : label) {
    if (ch < '0' || ch > '9') return 10;
    value = value * 10 + (ch - '0');
  }
  return value >= 10 ? 10 : value;  // Spanish 10-12 are the courts
}

std::shared_ptr<const Ruleset> load_ruleset(const std::string& name_or_path, const record::TrustedFolders& trusted) {
  RulesetSource src = find_ruleset_source(name_or_path);
  std::string name = name_or_path;
  if (is_ruleset_path(name_or_path)) name = std::filesystem::path(name_or_path).stem().string();
  return parse_ruleset(load_source(src), name, src.file, {trusted, {source_identity(src)}});
}

std::shared_ptr<const Ruleset> load_ruleset_text(const std::string& text, const std::string& name,
                                                 const std::string& file, const record::TrustedFolders& trusted) {
  return parse_ruleset(record::load_yaml_text(text, file), name, file, {trusted, {}});
}

std::string resolve_ruleset_reference(const std::string& reference, const std::string& naming_file,
                                      const record::TrustedFolders& trusted) {
  if (!record::is_path_reference(reference)) return reference;
  return find_referenced_source(reference, naming_file, trusted).file;
}

std::shared_ptr<const Ruleset> load_resolved_ruleset(const std::string& resolved,
                                                     const record::TrustedFolders& trusted) {
  if (!resolved.starts_with("/")) return load_ruleset(resolved, trusted);  // a name
  RulesetSource src{"", resolved, true};
  return parse_ruleset(load_source(src), std::filesystem::path(resolved).stem().string(), resolved,
                       {trusted, {resolved}}, true);
}

bool is_ruleset_path(const std::string& s) {
  std::error_code ec;
  return record::is_path_reference(s) || std::filesystem::is_regular_file(s, ec);
}

std::shared_ptr<const Ruleset> load_inline_ruleset(const std::string& text, const std::string& file,
                                                   std::uint32_t first_line, const record::TrustedFolders& trusted) {
  // The text's line 1 is the file's line `first_line`: messages about this file's own
  // lines are moved there (a base file's messages name that file and stand as they are).
  auto shifted = [&](const InputError& e) {
    record::Mark m = e.mark();
    if (m.line == 0) m = {first_line, 1};
    else m.line += first_line - 1;
    return InputError(file, m, e.reason());
  };
  try {
    return parse_ruleset(record::load_yaml_text(text, file), "inline", file, {trusted, {}});
  } catch (const InputError& e) {
    if (e.file() != file) throw;
    throw shifted(e);
  }
}

const std::vector<std::string>& shipped_ruleset_names() {
  static const std::vector<std::string> names = [] {
    std::vector<std::string> v;
    for (const auto& [n, _] : shipped_ruleset_texts()) v.push_back(n);
    return v;
  }();
  return names;
}

}  // namespace conquian
