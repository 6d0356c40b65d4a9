// `conquian prove partition --ruleset R --cards "..." [--all] [--json]`: can these cards be
//   laid as legal melds, every card once? Z3 decides, the engine's search must agree.
// `conquian prove --spec FILE [--ruleset R] [--json]`: evaluate a property spec.
// Exit status: 0 proved / as expected, 1 refuted (not partitionable, or a value not as
// expected), 2 unusable input, 3 unknown: some Z3 check answered unknown (`--z3-timeout`
// passed, a resource limit, an error), so the answer it was needed for is not known.
#include <fmt/core.h>

#include <nlohmann/json.hpp>
#include <sstream>

#include "cli/cards_output.h"
#include "cli/command_error.h"
#include "cli/commands.h"
#include "pan/melds.h"
#include "pan/partition.h"
#include "prove/pan_partition_answer.h"
#include "prove/partition_answer.h"
#include "prove/partition_z3.h"
#include "prove/spec.h"
#include "prove/z3_check.h"
#include "record/input_error.h"
#include "record/json_text.h"
#include "replay/game_of.h"
#include "rules/ruleset.h"

namespace conquian::cli {
namespace {

struct ProveOptions {
  std::string ruleset, cards, spec;
  bool all = false, json = false;
  prove::Z3Limits limits;  // --z3-timeout MS (default: none)
};

// A panguingue ruleset: cards with repeats (a multiset), Pan's group rule; --all lists the
// engine's groupings (each checked a meld at a time), the count agreeing with Z3's answer.
int run_pan_partition(const ProveOptions& opt, const Ruleset& rules) {
  const CardCounts cards = prove::parse_card_counts(rules, opt.cards, "--cards");
  prove::PanPartitionAnswer z = prove::decide_pan_partition(rules, cards, opt.limits);
  nlohmann::json j = prove::pan_partition_json(rules, cards, z);
  if (opt.all) {
    const auto all = pan::all_groupings(rules, cards, prove::kMaxListedSplits + 1);
    if (all.size() > prove::kMaxListedSplits)
      throw std::runtime_error(fmt::format("{} has more than {} groupings into melds; --all lists at most that many",
                                           pan::tokens(rules.deck, cards), prove::kMaxListedSplits));
    nlohmann::json list = nlohmann::json::array();
    for (const auto& g : all) {
      nlohmann::json melds = nlohmann::json::array();
      for (const CardCounts& m : g) melds.push_back(pan::tokens(rules.deck, m));
      list.push_back({{"melds", melds}, {"conditions", pan::melds_value(rules, g)}});
    }
    j["count"] = all.size();
    j["all"] = list;
  }
  if (opt.json) {
    fmt::print("{}\n", record::json_dump(j));
  } else if (z.partitionable) {
    std::string best;
    for (const CardCounts& m : z.best) best += (best.empty() ? "" : " | ") + pan::tokens(rules.deck, m);
    fmt::print("partitionable under {}: {} (conditions {})\n", rules.name, best, pan::melds_value(rules, z.best));
    if (opt.all)
      for (const auto& g : j["all"]) fmt::print("  {} (conditions {})\n", g["melds"].dump(), g["conditions"].dump());
  } else {
    fmt::print("not partitionable under {}: Z3 proves no grouping exists (the engine's search agrees)\n", rules.name);
    if (!z.core.empty()) {
      fmt::print("  the proof needs:\n");
      for (const auto& c : z.core) fmt::print("    - {}\n", c);
    }
  }
  return z.partitionable ? kExitOk : kExitFound;
}

int run_partition_of(GameTag<PanGame>, const ProveOptions& opt, const Ruleset& rules) {
  return run_pan_partition(opt, rules);
}
int run_partition_of(GameTag<ConquianGame>, const ProveOptions& opt, const Ruleset& rules);

int run_partition(const ProveOptions& opt) {
  auto rules = ruleset_option(opt.ruleset);
  return visit_game(*rules, [&](auto tag) { return run_partition_of(tag, opt, *rules); });
}

// Conquian's cards: a 64-bit set split by the meld index, held to Z3.
int run_partition_of(GameTag<ConquianGame>, const ProveOptions& opt, const Ruleset& ruleset) {
  const Ruleset* rules = &ruleset;
  CardSet cards = prove::parse_card_list(*rules, opt.cards, "--cards");
  const MeldIndex& idx = rules->meld_index();
  nlohmann::json j = {{"ruleset", rules->name}, {"cards", rules->deck.tokens(cards)}};
  if (opt.all) {
    std::string unknown;
    std::vector<MeldList> splits;
    std::size_t engine_count = 0;
    idx.for_each_partition(cards, [&](const MeldList&) { return ++engine_count <= prove::kMaxListedSplits; });
    if (engine_count > prove::kMaxListedSplits)
      throw std::runtime_error(fmt::format("{} has more than {} splits into melds; --all lists at most that many",
                                           rules->deck.tokens(cards), prove::kMaxListedSplits));
    prove::z3_all_partitions(
        rules->deck, rules->melds, cards,
        [&](const MeldList& m) {
          splits.push_back(m);
          return splits.size() <= prove::kMaxListedSplits;
        },
        opt.limits, &unknown);
    // The splits found so far are not shown: the list is incomplete.
    if (!unknown.empty())
      throw prove::Z3Undecided(fmt::format("finish listing the splits of {} after {} split{}",
                                           rules->deck.tokens(cards), splits.size(), splits.size() == 1 ? "" : "s"),
                               unknown);
    if (splits.size() != engine_count)
      throw std::runtime_error(
          fmt::format("internal disagreement: Z3 found {} splits, the engine {}", splits.size(), engine_count));
    j["partitionable"] = !splits.empty();
    j["count"] = splits.size();
    nlohmann::json all = nlohmann::json::array();
    for (const auto& m : splits) all.push_back(melds_json(rules->deck, m));
    j["melds"] = all;
    if (opt.json) fmt::print("{}\n", record::json_dump(j));
    else {
      fmt::print("{}: {} split{} into legal melds under {}\n", rules->deck.tokens(cards), splits.size(),
                 splits.size() == 1 ? "" : "s", rules->name);
      for (const auto& m : splits) fmt::print("  {}\n", melds_text(rules->deck, m));
    }
    return splits.empty() ? kExitFound : kExitOk;
  }
  prove::PartitionAnswer z = prove::decide_partition(*rules, cards, opt.limits);
  const bool yes = z.partitionable;
  if (opt.json) {
    fmt::print("{}\n", record::json_dump(prove::partition_json(*rules, cards, z)));
  } else if (yes) {
    fmt::print("partitionable under {}: {}\n", rules->name, melds_text(rules->deck, z.split));
  } else {
    fmt::print("not partitionable under {}: Z3 proves no split exists (the engine's search agrees)\n", rules->name);
    if (!z.core.empty()) {
      fmt::print("  the proof needs:\n");
      for (const auto& c : z.core) fmt::print("    - {}\n", c);
    }
  }
  return yes ? kExitOk : kExitFound;
}

int run_spec(const ProveOptions& opt) {
  prove::Spec spec = prove::load_spec(opt.spec);
  if (!opt.ruleset.empty()) (void)ruleset_option(opt.ruleset);  // unknown names are input errors
  auto results = prove::run_spec(spec, opt.ruleset, opt.limits, [&](const prove::SpecResult& r) {
    if (opt.json) return;
    const char* mark = r.unknown() ? "UNKNOWN" : r.as_expected() ? "ok" : "REFUTED";
    fmt::print("{:<8} {:<22} {:<17} {:>6} ({}, {:.2f}s)", mark, r.property, r.ruleset, r.value.value, r.value.evidence,
               r.seconds);
    if (!r.as_expected() && !r.unknown()) fmt::print(" expected {}", r.expected);
    fmt::print("\n         {}\n", r.value.detail);
  });
  int refuted = 0, unknown = 0;
  double total = 0;
  for (const auto& r : results) {
    refuted += !r.as_expected() && !r.unknown();
    unknown += r.unknown();
    total += r.seconds;
  }
  const std::vector<prove::RulesetPair> pairs = prove::differences_by_pair(results);
  if (opt.json) {
    nlohmann::json pairs_json = nlohmann::json::array();
    for (const auto& p : pairs) {
      nlohmann::json differ = nlohmann::json::array();
      for (const auto& d : p.differ) differ.push_back({{"property", d.property}, {p.a, d.a.value}, {p.b, d.b.value}});
      pairs_json.push_back({{"rulesets", {p.a, p.b}}, {"differ", differ}});
    }
    nlohmann::json j = {{"spec", opt.spec},
                        {"results", nlohmann::json::array()},
                        {"pairs", pairs_json},
                        {"summary",
                         {{"as_expected", results.size() - refuted - unknown},
                          {"refuted", refuted},
                          {"unknown", unknown},
                          {"seconds", total}}}};
    for (const auto& r : results)
      j["results"].push_back({{"property", r.property},
                              {"ruleset", r.ruleset},
                              {"value", r.value.value},
                              {"expected", r.expected},
                              {"evidence", r.value.evidence},
                              {"detail", r.value.detail},
                              {"as_expected", r.as_expected()},
                              {"seconds", r.seconds}});
    fmt::print("{}\n", record::json_dump(j, 1));
  } else {
    fmt::print("\nDifferences between rulesets (one property each, where any differs):\n");
    for (const auto& p : pairs) {
      if (p.differ.empty()) fmt::print("  {} / {}: no property differs\n", p.a, p.b);
      else {
        const auto& d = p.differ.front();
        fmt::print("  {} / {}: {} ({} vs {})\n", p.a, p.b, d.property, d.a.value, d.b.value);
      }
    }
    fmt::print("\n{} results: {} as expected, {} refuted, {} unknown, in {:.1f} s\n", results.size(),
               results.size() - refuted - unknown, refuted, unknown, total);
    if (unknown) {
      fmt::print("Left undecided (Z3 answered unknown):\n");
      for (const auto& r : results)
        if (r.unknown()) fmt::print("  {} ({})\n", r.property, r.ruleset);
    }
  }
  if (refuted) return kExitFound;
  if (unknown) return kExitUnknown;
  return kExitOk;
}

}  // namespace

void register_prove(CLI::App& app, Runner& run) {
  static ProveOptions opt;
  auto* cmd = app.add_subcommand("prove",
                                 "Prove properties of rulesets with Z3. Each is held to the engine's own "
                                 "search (specs/properties.md):\n"
                                 "  conquian prove --spec specs/properties.yaml [--ruleset R]\n"
                                 "  conquian prove partition --ruleset R --cards \"Ac 2c 3c ...\" [--all]\n\n"
                                 "Exit status: 0 proved or as expected; 1 refuted; 2 unusable input; 3 unknown (Z3 "
                                 "answered unknown: past --z3-timeout, or it gave up).");
  cmd->add_option("--spec", opt.spec, "A property spec (YAML)");
  cmd->add_option("--ruleset,-r", opt.ruleset, "Ruleset name or path (with --spec: only this one)");
  cmd->add_flag("--json", opt.json, "JSON on standard output");
  cmd->add_option("--z3-timeout", opt.limits.timeout_ms,
                  "Z3's milliseconds a query (default: none); past it, unknown (exit 3)");
  auto* part = cmd->add_subcommand("partition",
                                   "Whether cards split into legal melds, each card used once.\n\nExit status: 0 "
                                   "they split; 1 they do not; 2 unusable input; 3 Z3 answered unknown.");
  part->add_option("--ruleset,-r", opt.ruleset, "Ruleset name or path")->required();
  part->add_option("--cards,-c", opt.cards, "The cards, tokens separated by spaces")->required();
  part->add_flag("--all", opt.all, "Every split (each once), not just one");
  part->add_flag("--json", opt.json, "JSON on standard output");
  part->add_option("--z3-timeout", opt.limits.timeout_ms,
                   "Z3's milliseconds for the query (default: none); past it, unknown (exit 3)");
  part->callback([&run] { run = [] { return run_partition(opt); }; });
  cmd->callback([&run, cmd] {
    if (cmd->got_subcommand("partition")) return;
    run = [] {
      refuse_if(opt.spec.empty(), "give --spec FILE, or the partition subcommand (see --help)");
      return run_spec(opt);
    };
  });
}

}  // namespace conquian::cli
