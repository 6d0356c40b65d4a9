#include "rules/ruleset.h"

#include <cstdlib>
#include <filesystem>
#include <map>
#include <mutex>

#include "base/spelling.h"
#include "record/yaml_fields.h"
#include "rules/bounds.h"
#include "rules/ruleset_base.h"
#include "rules/ruleset_reader.h"
#include "rules/shipped_rulesets.h"

namespace conquian {
namespace {

using record::Fields;
using record::InputError;

std::shared_ptr<const Ruleset> parse_merged(const YAML::Node& node, const std::string& name, const std::string& file) {
  Fields f(node, file, "");
  auto rs = std::make_shared<Ruleset>();
  rs->name = name;
  rs->source = file;
  read_ruleset_keys(f, *rs);
  f.finish();

  // The table can hold at most hand + 1 cards (every take is paid for with a throw), and the
  // smallest table is one meld (Panguingue's melds have three cards or more).
  int smallest = rs->is_pan() ? 3 : std::min(rs->melds.set_min, rs->melds.run_min);
  if (rs->target > rs->hand + 1)
    f.fail("target", std::to_string(rs->target) + " melded cards cannot be reached with hands of " +
                         std::to_string(rs->hand) + " (at most hand + 1 = " + std::to_string(rs->hand + 1) + ")");
  if (rs->target < smallest)
    f.fail("target",
           std::to_string(rs->target) + " is below the smallest meld (" + std::to_string(smallest) + " cards)");
  // A Pan position keeps every seat's hand and table in fixed arrays (pan/position.h).
  if (rs->is_pan() && rs->hand > kMaxPanHand)
    f.fail("hand", std::to_string(rs->hand) + " cards: a panguingue hand holds at most " + std::to_string(kMaxPanHand) +
                       " (ten in every source)");
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

const char* game_name(Game game) { return game == Game::Panguingue ? "panguingue" : "conquian"; }

int Ruleset::pack_size() const {
  if (!is_pan()) return deck.size();
  return pan.packs * deck.size() - pan.strip_spades * deck.rank_count();
}

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

namespace {

// A shipped ruleset read once per process and shared (a Ruleset is immutable): a session's
// `new`, a referee's deals and Python's conquian.ruleset() name one ruleset again and again,
// and its YAML and meld catalogue cost more than a deal. Not with $CONQUIAN_RULESETS set:
// its files may stand for a shipped name, or for a shipped ruleset's base, and may change.
std::shared_ptr<const Ruleset> shipped_once(const std::string& name, const RulesetSource& src,
                                            const record::TrustedFolders& trusted) {
  static std::mutex mutex;
  static std::map<std::string, std::shared_ptr<const Ruleset>> parsed;
  std::lock_guard<std::mutex> lock(mutex);
  auto& rules = parsed[name];
  if (!rules) rules = parse_ruleset(load_source(src), name, src.file, {trusted, {source_identity(src)}});
  return rules;
}

}  // namespace

std::shared_ptr<const Ruleset> load_ruleset(const std::string& name_or_path, const record::TrustedFolders& trusted) {
  RulesetSource src = find_ruleset_source(name_or_path);
  if (!src.text.empty() && !std::getenv("CONQUIAN_RULESETS")) return shipped_once(name_or_path, src, trusted);
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
