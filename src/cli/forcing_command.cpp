// `conquian forcing POSITION [--after N] [--game K] [--json]`: for the face-up card of a
// position, which seats it can be forced on and by whom, every grouping of the forced
// seat's table with the card (Z3 and the engine must agree), and every discard after the
// forced take with the position it leaves. specs/forcing.md describes the output.
#include <fmt/core.h>

#include <nlohmann/json.hpp>
#include <optional>
#include <stdexcept>

#include "cli/cards_output.h"
#include "cli/command_error.h"
#include "cli/commands.h"
#include "cli/input_files.h"
#include "cli/position_input.h"
#include "prove/forcing.h"
#include "record/input_error.h"
#include "record/json_text.h"
#include "record/position_file.h"
#include "record/record_reader.h"
#include "record/record_writer.h"
#include "replay/move_words.h"
#include "replay/position_setup.h"
#include "rules/ruleset_keys.h"

namespace conquian::cli {
namespace {

struct ForcingOptions {
  std::string position;
  long after = -1;
  int game = 1;
  std::string ruleset;
  bool json = false;
  prove::Z3Limits limits;  // --z3-timeout MS (default: none)
};

using Loaded = LoadedPosition;

Loaded load_position(const ForcingOptions& opt) {
  Loaded out = cli::load_position(PositionInput{opt.position, opt.after, opt.game, opt.ruleset});
  return out;
}

nlohmann::json outcome_json(const Outcome& o) {
  if (o.kind == Outcome::Kind::Win) return {{"winner", o.winner}};
  if (o.kind == Outcome::Kind::Draw) return {{"draw", true}};
  return "ongoing";
}

// What the position after a forced take and its discard is, in words.
std::string after_words(const Position& q) {
  const Deck& deck = q.rules->deck;
  switch (q.phase) {
    case Phase::Over:
      return q.result.kind == Outcome::Kind::Win ? fmt::format("seat {} wins", q.result.winner) : "the deal is drawn";
    case Phase::Offer: return fmt::format("{} face up, offered to seat {}", deck.token(q.up), int(q.actor));
    case Phase::Throw: return fmt::format("seat {} was hit and must throw a card", int(q.actor));
    case Phase::Turn: return fmt::format("seat {} turns the next card", int(q.actor));
    default: return fmt::format("{} (seat {} to act)", phase_name(q.phase), to_act(q));
  }
}

nlohmann::json result_json(const Position& forced, const prove::ForcedResult& r) {
  const Deck& deck = forced.rules->deck;
  const Position& q = r.after;
  nlohmann::json j;
  j["discard"] = r.take.discard == kNoCard ? nlohmann::json(nullptr) : nlohmann::json(deck.token(r.take.discard));
  j["onto"] = r.take.other == 0xFF ? nlohmann::json(nullptr) : nlohmann::json(int(r.take.other));
  j["move"] = move_json(forced, r.take);
  j["phase"] = phase_name(q.phase);
  j["face_up"] = (q.phase == Phase::Offer) ? nlohmann::json(deck.token(q.up)) : nlohmann::json(nullptr);
  j["to_act"] = q.phase == Phase::Over ? nlohmann::json(nullptr) : nlohmann::json(to_act(q));
  j["outcome"] = outcome_json(q.result);
  j["summary"] = after_words(q);
  return j;
}

nlohmann::json take_json(const Position& forced, const prove::ForcedTake& t) {
  const Deck& deck = forced.rules->deck;
  nlohmann::json j;
  j["laid"] = cards_json(deck, t.laid);
  j["table"] = cards_json(deck, t.table);
  nlohmann::json gs = nlohmann::json::array();
  for (const MeldList& g : t.groupings) gs.push_back(melds_json(deck, g));
  j["groupings"] = gs;
  j["checked"] = {{"z3", t.z3_count}, {"engine", t.engine_count}};
  nlohmann::json ds = nlohmann::json::array();
  for (const auto& r : t.results) ds.push_back(result_json(forced, r));
  j["discards"] = ds;
  return j;
}

nlohmann::json answer_json(const Loaded& in, const prove::ForcingAnswer& a) {
  const Position& p = in.position;
  const Ruleset& r = *in.rules;
  const Deck& deck = r.deck;
  nlohmann::json j;
  j["position"] = in.label;
  j["ruleset"] = r.name;
  j["forcing"] = group_json("forcing", r);
  j["phase"] = phase_name(p.phase);
  j["to_act"] = p.phase == Phase::Over ? nlohmann::json(nullptr) : nlohmann::json(to_act(p));
  j["card"] = a.card == kNoCard ? nlohmann::json(nullptr) : nlohmann::json(deck.token(a.card));
  j["forcible"] = !a.options.empty();
  j["notes"] = a.notes;
  nlohmann::json opts = nlohmann::json::array();
  for (const auto& o : a.options) {
    const Position& f = o.forced_position;
    nlohmann::json oj;
    oj["rule"] = prove::rule_name(o.rule);
    oj["moment"] = prove::moment_name(o.moment);
    oj["forced"] = o.forced;
    oj["by"] = o.by;
    nlohmann::json lead = nlohmann::json::array();
    Position q = p;
    for (const Move& m : o.lead) {
      lead.push_back(move_json(q, m));
      apply(q, m);
    }
    oj["lead"] = lead;
    oj["table"] = melds_json(deck, table_melds(f, o.forced));
    oj["hand"] = cards_json(deck, f.hand[o.forced]);
    if (!o.takes.empty()) {
      nlohmann::json first = take_json(f, o.takes.front());
      oj["groupings"] = first["groupings"];
      oj["checked"] = first["checked"];
      oj["discards"] = first["discards"];
    } else {
      oj["groupings"] = nlohmann::json::array();
      oj["discards"] = nlohmann::json::array();
    }
    nlohmann::json extra = nlohmann::json::array();
    for (std::size_t i = 1; i < o.takes.size(); ++i) extra.push_back(take_json(f, o.takes[i]));
    oj["extra_takes"] = extra;
    opts.push_back(oj);
  }
  j["options"] = opts;
  return j;
}

void print_take(const Position& f, const prove::ForcedTake& t, const std::string& indent) {
  const Deck& deck = f.rules->deck;
  fmt::print("{}groupings of {} ({}; Z3 and the engine agree):\n", indent, deck.tokens(t.table), t.groupings.size());
  for (const MeldList& g : t.groupings) fmt::print("{}  {}\n", indent, melds_text(deck, g));
  if (t.results.size() == 1 && t.results.front().take.discard == kNoCard) {
    const Position& q = t.results.front().after;
    if (q.result.kind == Outcome::Kind::Win)
      fmt::print(
          "{}no discard: the hand is empty and the table reaches the target, so the forced take wins (seat {} wins)\n",
          indent, q.result.winner);
    else fmt::print("{}no discard: the hand is empty; then {}\n", indent, after_words(q));
    return;
  }
  fmt::print("{}then one discard ({} choice{}):\n", indent, t.results.size(), t.results.size() == 1 ? "" : "s");
  for (const auto& r : t.results) {
    std::string what = deck.token(r.take.discard);
    if (r.take.other != 0xFF) what += fmt::format(" onto seat {}'s table", int(r.take.other));
    fmt::print("{}  {:<22} -> {}\n", indent, what, after_words(r.after));
  }
}

void print_answer(const Loaded& in, const prove::ForcingAnswer& a) {
  const Position& p = in.position;
  const Ruleset& r = *in.rules;
  const Deck& deck = r.deck;
  fmt::print("position: {} (ruleset {}", in.label, r.name);
  if (!p.result.over()) fmt::print(", seat {} to act", to_act(p));
  fmt::print(")\n");
  if (a.card != kNoCard)
    fmt::print("face-up card: {} ({} by seat {})\n", deck.token(a.card), p.up_turned ? "turned" : "thrown",
               int(p.origin));
  for (const auto& n : a.notes) fmt::print("- {}\n", n);
  if (a.options.empty()) {
    fmt::print("no forcing applies here\n");
    return;
  }
  for (const auto& o : a.options) {
    const Position& f = o.forced_position;
    std::string who;
    for (std::size_t i = 0; i < o.by.size(); ++i) who += (i ? ", " : "") + std::to_string(o.by[i]);
    fmt::print("\n{}{}: seat {} forced by seat{} {}\n", prove::rule_name(o.rule),
               o.moment == prove::ForceMoment::IfRefused ? " (if refused)"
               : o.moment == prove::ForceMoment::Done    ? " (already forced)"
                                                         : "",
               o.forced, o.by.size() == 1 ? "" : "s", who);
    Position q = p;
    for (const Move& m : o.lead) {
      fmt::print("  move: {}\n", move_text(q, m));
      apply(q, m);
    }
    fmt::print("  seat {}'s table: {}; hand: {}\n", o.forced, melds_text(deck, table_melds(f, o.forced)),
               f.hand[o.forced].empty() ? "(empty)" : deck.tokens(f.hand[o.forced]));
    if (o.takes.empty()) continue;
    print_take(f, o.takes.front(), "  ");
    if (o.takes.size() > 1) {
      fmt::print("  forced_extra_melds: seat {} may also lay cards from its hand ({} more table{}):\n", o.forced,
                 o.takes.size() - 1, o.takes.size() == 2 ? "" : "s");
      for (std::size_t i = 1; i < o.takes.size(); ++i) {
        fmt::print("    laying {}:\n", deck.tokens(o.takes[i].laid));
        print_take(f, o.takes[i], "      ");
      }
    }
  }
}

int run_forcing(const ForcingOptions& opt) {
  Loaded in = load_position(opt);
  prove::ForcingAnswer a;
  try {
    a = prove::analyse_forcing(in.position, opt.limits);
  } catch (const prove::ForcingDisagreement& e) { throw CommandError(e.what()); }
  // A prove::Z3Undecided (some table's groupings could not all be listed) goes on to main,
  // which reports it as undecided: no partial answer is shown.
  if (opt.json) fmt::print("{}\n", record::json_dump(answer_json(in, a)));
  else print_answer(in, a);
  return kExitOk;
}

}  // namespace

void register_forcing(CLI::App& app, Runner& run) {
  static ForcingOptions opt;
  auto* cmd = app.add_subcommand(
      "forcing",
      "Whether the face-up card of a position can be forced, and what follows. On which seats it can be forced and by "
      "whom, every grouping of the "
      "forced seat's table with it (found by Z3 and by the engine, which must agree), and every discard after the "
      "forced take (specs/forcing.md).\n\n"
      "Exit status: 0 answered (forcing possible or not); 2 unusable input, or Z3 and the engine disagree; 3 Z3 "
      "could not list every grouping (past --z3-timeout, or it gave up).");
  cmd->add_option("POSITION", opt.position, "A position file, or a game record with --after N")->required();
  auto* after =
      cmd->add_option("--after", opt.after, "The record's position after N moves")->check(CLI::NonNegativeNumber);
  add_input_format_option(cmd);
  cmd->add_option("--game", opt.game, "With --after: the K-th game of the file (default 1)")
      ->check(CLI::PositiveNumber)
      ->needs(after);
  cmd->add_option("--ruleset,-r", opt.ruleset, "This ruleset instead of the file's");
  cmd->add_flag("--json", opt.json, "One JSON object on standard output");
  cmd->add_option("--z3-timeout", opt.limits.timeout_ms,
                  "Z3's milliseconds a table's groupings (default: none); past it, unknown (exit 3)");
  cmd->callback([&run] { run = [] { return run_forcing(opt); }; });
}

}  // namespace conquian::cli
