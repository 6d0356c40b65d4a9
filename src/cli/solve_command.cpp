// `conquian solve POSITION [--after N] [--json] [--all-moves] [--stock unknown] ...`: the
// value of a position with best play by both seats; `--whole-deck --ruleset R`: every deal
// of a small ruleset. specs/solve.md describes the command, specs/position-format.md the file.
#include <fmt/core.h>

#include <algorithm>
#include <nlohmann/json.hpp>
#include <optional>
#include <stdexcept>

#include "cli/cards_output.h"
#include "cli/commands.h"
#include "cli/position_input.h"
#include "cli/progress.h"
#include "record/input_error.h"
#include "record/position_file.h"
#include "record/record_reader.h"
#include "record/record_writer.h"
#include "replay/position_setup.h"
#include "replay/record_moves.h"
#include "solve/chance.h"
#include "solve/solver.h"
#include "solve/whole_deck.h"

namespace conquian::cli {
namespace {

struct SolveOptions {
  std::string position;
  long after = -1;
  int game = 1;
  std::string ruleset;
  std::string stock = "as-given";
  bool json = false;
  bool all_moves = false;
  bool whole_deck = false;
  int dealer = 0;
  std::uint64_t max_nodes = 50'000'000;
  int samples = 0;
  std::uint64_t seed = 1;
  bool no_table = false;
  bool no_ordering = false;
  bool any_win = false;
  int table_bits = 0;  // 0: 20 for a position, 22 for --whole-deck
};

// The position to solve and the ruleset it lives in (which must outlive it).
using Loaded = LoadedPosition;

Loaded load_position(const SolveOptions& opt) {
  Loaded out = cli::load_position(PositionInput{opt.position, opt.after, opt.game, opt.ruleset});
  if (opt.stock == "unknown") out.position = forget_stock(out.position);
  return out;
}

// ---- words -------------------------------------------------------------------------------

nlohmann::json record_move_json(const record::RecordMove& m) {
  nlohmann::json j = {{"seat", m.seat}};
  auto list = [](const record::TokenList& l) {
    nlohmann::json a = nlohmann::json::array();
    for (const auto& t : l) a.push_back(t.text);
    return a;
  };
  switch (m.kind) {
    case record::MoveKind::Swap: j["swap"] = m.card.text; break;
    case record::MoveKind::Turn: j["turn"] = m.card.text; break;
    case record::MoveKind::Pass: j["pass"] = m.card.text; break;
    case record::MoveKind::Throw: j["throw"] = m.card.text; break;
    case record::MoveKind::Force: j["force"] = m.force_seat; break;
    case record::MoveKind::Take: j["take"] = m.card.text; [[fallthrough]];
    case record::MoveKind::Lay: {
      nlohmann::json melds = nlohmann::json::array();
      for (const auto& meld : m.melds) melds.push_back(list(meld));
      j["melds"] = melds;
      if (m.discard) j["discard"] = m.discard->text;
      if (m.onto >= 0) j["onto"] = m.onto;
      break;
    }
  }
  return j;
}

// Moves as the record writes them, each applied in turn; a waive (not forcing) has no words.
struct LineWords {
  std::vector<std::string> text;   // every move, a waive in words of its own
  nlohmann::json json = nlohmann::json::array();  // record moves only
};

LineWords line_words(const Position& root, const std::vector<Move>& line) {
  LineWords w;
  Position p = root;
  for (const Move& m : line) {
    if (auto rm = to_record_move(p, m)) {
      w.text.push_back(record::write_move(*rm));
      w.json.push_back(record_move_json(*rm));
    } else {
      w.text.push_back(fmt::format("(seat {} does not force seat {} to take {})", to_act(p), int(p.actor),
                                   p.rules->deck.token(p.up)));
    }
    apply(p, m);
  }
  return w;
}

// The fields the exact and the chance answers share: who acts, the best move, the line.
// `best` is the next move a record would write (a leading waive has no words).
void put_line(nlohmann::json& j, const Position& p, const LineWords& words, bool force_declined,
              std::uint64_t nodes, double seconds) {
  j["to_act"] = to_act(p);
  j["best"] = words.json.empty() ? nlohmann::json(nullptr) : words.json.front();
  j["force_declined"] = force_declined;
  j["line"] = words.json;
  j["nodes"] = nodes;
  j["seconds"] = seconds;
}

nlohmann::json value_json(const solve::Value& v) {
  if (v.kind == Outcome::Kind::Win) return {{"winner", v.winner}};
  return {{"draw", true}};
}

std::string value_text(const solve::Value& v) {
  if (v.kind == Outcome::Kind::Win) return fmt::format("seat {} wins", v.winner);
  return "a draw";
}

nlohmann::json chances_json(const solve::Chances& c) {
  return {{"win0", c.win0}, {"draw", c.draw}, {"win1", c.win1}, {"expected0", c.value()}};
}

std::string chances_text(const solve::Chances& c) {
  return fmt::format("seat 0 wins {:.6f}, draw {:.6f}, seat 1 wins {:.6f} (seat 0 expects {:+.6f})", c.win0, c.draw,
                     c.win1, c.value());
}

solve::Options solver_options(const SolveOptions& opt) {
  solve::Options o;
  o.transposition = !opt.no_table;
  o.ordering = !opt.no_ordering;
  o.fastest_win = !opt.any_win;
  o.max_nodes = opt.max_nodes;
  o.table_bits = opt.table_bits ? opt.table_bits : opt.whole_deck ? 22 : 20;
  return o;
}

// ---- the runs ----------------------------------------------------------------------------

int report_over(const SolveOptions& opt, const Position& p) {
  solve::Value v{p.result.kind, p.result.winner, 0};
  if (opt.json) {
    nlohmann::json j = {{"value", value_json(v)}, {"over", true}, {"best", nullptr},
                        {"line", nlohmann::json::array()}, {"nodes", 0}};
    fmt::print("{}\n", j.dump());
  } else {
    fmt::print("the deal is already over: {}\n", v.kind == Outcome::Kind::Win
                                                     ? fmt::format("seat {} has won", v.winner)
                                                     : std::string("it is drawn (a card must be turned from an empty stock)"));
  }
  return kExitOk;
}

int too_big(const std::string& what, std::uint64_t nodes, const std::string& hint) {
  fmt::print(stderr, "conquian solve: {} was not solved within {} nodes (--max-nodes); {}\n", what, nodes, hint);
  return kExitUnusable;
}

int run_known(const SolveOptions& opt, const Loaded& in) {
  const Position& p = in.position;
  solve::Solver solver(solver_options(opt));
  solve::Result r = solver.solve(p, opt.all_moves);
  if (!r.solved)
    return too_big("the position", r.nodes, "raise --max-nodes, or solve a later position (--after N)");
  LineWords words = line_words(p, r.line);
  const bool waive_first = r.best && r.best->kind == MoveKind::Waive;
  if (opt.json) {
    nlohmann::json j;
    j["value"] = value_json(r.value);
    j["plies"] = r.value.plies;
    put_line(j, p, words, waive_first, r.nodes, r.seconds);
    if (opt.all_moves) {
      nlohmann::json all = nlohmann::json::array();
      for (const auto& mv : r.moves) {
        nlohmann::json e;
        auto rm = to_record_move(p, mv.move);
        e["move"] = rm ? record_move_json(*rm) : nlohmann::json(nullptr);
        if (!rm) e["force_declined"] = true;
        e["value"] = value_json(mv.value);
        if (!opt.any_win && mv.value.kind == Outcome::Kind::Win) e["plies"] = mv.value.plies;
        all.push_back(e);
      }
      j["moves"] = all;
    }
    fmt::print("{}\n", j.dump());
    return kExitOk;
  }
  fmt::print("position: {} (seat {} to act)\n", in.label, to_act(p));
  fmt::print("value: {}{}\n", value_text(r.value),
             r.value.kind == Outcome::Kind::Win ? fmt::format(" in {} moves", r.value.plies)
                                                : fmt::format(" (the line ends after {} moves)", r.value.plies));
  if (r.best) fmt::print("best: {}\n", move_words(p, *r.best));
  fmt::print("line:\n");
  for (std::size_t i = 0; i < words.text.size(); ++i) fmt::print("  {:>3}. {}\n", i + 1, words.text[i]);
  if (opt.all_moves) {
    fmt::print("every move:\n");
    for (const auto& mv : r.moves)
      fmt::print("  {}  {}{}\n", move_words(p, mv.move), value_text(mv.value),
                 mv.value.kind == Outcome::Kind::Win && !opt.any_win ? fmt::format(" in {}", mv.value.plies) : "");
  }
  fmt::print("nodes: {} ({:.3f} s)\n", r.nodes, r.seconds);
  return kExitOk;
}

int run_samples(const SolveOptions& opt, const Loaded& in) {
  solve::SampleEstimate e = solve::estimate_by_sampling(in.position, opt.samples, opt.seed, solver_options(opt));
  if (e.samples == 0) return too_big("no sampled stock order", opt.max_nodes, "raise --max-nodes");
  if (opt.json) {
    nlohmann::json j = {{"estimate", {{"samples", e.samples}, {"unsolved", e.unsolved}, {"win0", e.wins0},
                                      {"draw", e.draws}, {"win1", e.wins1}, {"expected0", e.mean},
                                      {"ci95", {std::max(-1.0, e.mean - e.half_width), std::min(1.0, e.mean + e.half_width)}}}},
                        {"nodes", e.nodes}, {"seconds", e.seconds}};
    fmt::print("{}\n", j.dump());
    return kExitOk;
  }
  fmt::print("position: {} (seat {} to act), stock order unknown\n", in.label, to_act(in.position));
  fmt::print("estimate from {} random stock orders, each solved with the order known to both seats:\n", e.samples);
  fmt::print("  seat 0 wins {}, draws {}, seat 1 wins {}\n", e.wins0, e.draws, e.wins1);
  fmt::print("  seat 0's mean score {:+.4f}, 95% confidence interval [{:+.4f}, {:+.4f}]\n", e.mean,
             std::max(-1.0, e.mean - e.half_width), std::min(1.0, e.mean + e.half_width));
  if (e.unsolved) fmt::print("  {} orders went past --max-nodes and are left out\n", e.unsolved);
  fmt::print("nodes: {} ({:.3f} s)\n", e.nodes, e.seconds);
  return kExitOk;
}

int run_chance(const SolveOptions& opt, const Loaded& in) {
  if (opt.samples > 0) return run_samples(opt, in);
  const Position& p = in.position;
  solve::ChanceSolver solver(solver_options(opt));
  solve::ChanceResult r = solver.solve(p, opt.all_moves);
  if (!r.solved)
    return too_big("the position, with the stock order unknown,", r.nodes,
                   "estimate it with --samples N (stock orders solved one by one), or raise --max-nodes");
  LineWords words = line_words(p, r.line);
  if (opt.json) {
    nlohmann::json j;
    j["chances"] = chances_json(r.value);
    // `value`: the outcome when it is certain, else null (see `chances`).
    const double eps = 1e-9;
    if (r.value.win0 > 1 - eps) j["value"] = {{"winner", 0}};
    else if (r.value.win1 > 1 - eps) j["value"] = {{"winner", 1}};
    else if (r.value.draw > 1 - eps) j["value"] = {{"draw", true}};
    else j["value"] = nullptr;
    put_line(j, p, words, r.best && r.best->kind == MoveKind::Waive, r.nodes, r.seconds);
    if (opt.all_moves) {
      nlohmann::json all = nlohmann::json::array();
      for (const auto& mv : r.moves) {
        auto rm = to_record_move(p, mv.move);
        nlohmann::json e = {{"move", rm ? record_move_json(*rm) : nlohmann::json(nullptr)},
                            {"chances", chances_json(mv.value)}};
        all.push_back(e);
      }
      j["moves"] = all;
    }
    fmt::print("{}\n", j.dump());
    return kExitOk;
  }
  fmt::print("position: {} (seat {} to act), stock order unknown: every unseen card equally likely\n", in.label,
             to_act(p));
  fmt::print("value: {}\n", chances_text(r.value));
  if (r.best) fmt::print("best: {}\n", move_words(p, *r.best));
  else if (!r.line.size()) fmt::print("best: turn the next card (chance)\n");
  fmt::print("line (until a card is turned from the unknown stock):\n");
  for (std::size_t i = 0; i < words.text.size(); ++i) fmt::print("  {:>3}. {}\n", i + 1, words.text[i]);
  if (opt.all_moves) {
    fmt::print("every move:\n");
    for (const auto& mv : r.moves) fmt::print("  {}  {}\n", move_words(p, mv.move), chances_text(mv.value));
  }
  fmt::print("nodes: {} ({:.3f} s)\n", r.nodes, r.seconds);
  return kExitOk;
}

int run_whole_deck(const SolveOptions& opt) {
  if (opt.ruleset.empty()) {
    fmt::print(stderr, "conquian solve: --whole-deck needs --ruleset (for example --ruleset tiny)\n");
    return kExitUnusable;
  }
  auto rules = load_ruleset(opt.ruleset);
  if (std::string why = solve::why_not_whole_deck(*rules, 10'000'000); !why.empty()) {
    fmt::print(stderr, "conquian solve: {}\n", why);
    return kExitUnusable;
  }
  if (opt.dealer < 0 || opt.dealer >= rules->seats) {
    fmt::print(stderr, "conquian solve: --dealer {}: there is no such seat\n", opt.dealer);
    return kExitUnusable;
  }
  solve::Options o = solver_options(opt);
  o.max_nodes = opt.max_nodes;
  Progress progress("solved", "deals");
  std::uint64_t shown = 0;
  auto r = solve::solve_whole_deck(*rules, o, opt.dealer, [&](std::uint64_t done, std::uint64_t) {
    progress.tick(done - shown);
    shown = done;
  });
  progress.done();
  if (!r.solved) return too_big("a deal", opt.max_nodes, "raise --max-nodes");
  const int first = r.first;
  solve::Chances f = r.value;
  double first_win = first == 0 ? f.win0 : f.win1, first_loss = first == 0 ? f.win1 : f.win0;
  if (opt.json) {
    nlohmann::json j = {{"ruleset", rules->name},       {"dealer", opt.dealer},      {"deals", r.deals},
                        {"distinct", r.distinct},       {"first", first},            {"chances", chances_json(f)},
                        {"first_win", first_win},       {"first_draw", f.draw},      {"first_loss", first_loss},
                        {"nodes", r.nodes},             {"seconds", r.seconds}};
    fmt::print("{}\n", j.dump());
    return kExitOk;
  }
  fmt::print("ruleset {}: every deal solved exactly, both hands known, the stock a fair shuffle\n", rules->name);
  fmt::print("deals: {} (seat {} deals; {} solved, the rest the same up to suits and rank order)\n", r.deals,
             opt.dealer, r.distinct);
  fmt::print("seat {} (plays first): wins {:.6f}, draws {:.6f}, loses {:.6f}\n", first, first_win, f.draw, first_loss);
  fmt::print("nodes: {}, time: {:.2f} s\n", r.nodes, r.seconds);
  return kExitOk;
}

int run_solve(const SolveOptions& opt) {
  if (opt.whole_deck) return run_whole_deck(opt);
  if (opt.position.empty()) {
    fmt::print(stderr, "conquian solve: give a POSITION file (or --whole-deck --ruleset R)\n");
    return kExitUnusable;
  }
  Loaded in = load_position(opt);
  const Position& p = in.position;
  if (p.result.over()) return report_over(opt, p);
  if (std::string why = solve::why_unsolvable(p); !why.empty()) {
    fmt::print(stderr, "conquian solve: {}\n", why);
    return kExitUnusable;
  }
  if (!p.stock_known) return run_chance(opt, in);
  if (opt.samples > 0) {
    fmt::print(stderr, "conquian solve: --samples needs an unknown stock (--stock unknown)\n");
    return kExitUnusable;
  }
  return run_known(opt, in);
}

}  // namespace

void register_solve(CLI::App& app, Runner& run) {
  static SolveOptions opt;
  auto* cmd = app.add_subcommand(
      "solve",
      "The value of a two-seat position with best play by both seats: who wins (or a draw), the best\n"
      "move and the principal variation (the shortest win). Every card known; with the stock order\n"
      "unknown, the exact odds of each outcome (expectimax), or an estimate from sampled orders.\n"
      "Exit status: 0 solved (or already over), 2 the position could not be used or was too big.");
  cmd->add_option("POSITION", opt.position, "A position file (format: conquian-position/1), or a game record with --after N");
  cmd->add_option("--after", opt.after, "POSITION is a game record: solve the position after its first N moves")
      ->check(CLI::NonNegativeNumber);
  cmd->add_option("--game", opt.game, "With --after: which game of the record file (1-based, default 1)")
      ->check(CLI::PositiveNumber);
  cmd->add_option("--ruleset,-r", opt.ruleset, "Use this ruleset instead of the one the file names (needed with --whole-deck)");
  cmd->add_option("--stock", opt.stock, "'unknown': forget the stock order (expectimax over the unseen cards)")
      ->check(CLI::IsMember({"as-given", "unknown"}));
  cmd->add_flag("--json", opt.json, "One JSON object on standard output");
  cmd->add_flag("--all-moves", opt.all_moves, "Also the value of every legal move");
  cmd->add_option("--max-nodes", opt.max_nodes, "Give up past this many nodes (default 50000000; 0: no limit)");
  cmd->add_option("--samples", opt.samples, "Unknown stock: estimate from N random stock orders instead")
      ->check(CLI::Range(1, 100'000'000));
  cmd->add_option("--seed", opt.seed, "Seed of --samples (default 1)");
  cmd->add_flag("--whole-deck", opt.whole_deck, "Solve every deal of --ruleset exactly (small decks: tiny)");
  cmd->add_option("--dealer", opt.dealer, "With --whole-deck: the dealing seat (default 0)");
  cmd->add_flag("--no-table", opt.no_table, "Search without the transposition table (to measure it)");
  cmd->add_flag("--no-ordering", opt.no_ordering, "Search moves in legal_moves() order (to measure the ordering)");
  cmd->add_flag("--any-win", opt.any_win, "Do not prefer shorter wins (faster; the line is a win, not the shortest)");
  cmd->add_option("--table-bits", opt.table_bits, "Transposition table of 2^N entries (default 20, 64 MiB; with --whole-deck 22)")
      ->check(CLI::Range(10, 30));
  cmd->callback([&run] { run = [] { return run_solve(opt); }; });
}

}  // namespace conquian::cli
