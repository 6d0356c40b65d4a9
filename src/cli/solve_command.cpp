// `conquian solve POSITION [--after N] [--json] [--all-moves] [--stock unknown] ...`: the
// value of a position with best play by both seats; `--whole-deck --ruleset R`: every deal
// of a small ruleset. specs/solve.md describes the command, specs/position-format.md the file.
#include <fmt/core.h>

#include <algorithm>
#include <nlohmann/json.hpp>
#include <optional>

#include "base/parallel_for.h"
#include "cli/cards_output.h"
#include "cli/command_error.h"
#include "cli/commands.h"
#include "cli/input_files.h"
#include "cli/position_input.h"
#include "cli/progress.h"
#include "cli/solve_interval.h"
#include "cli/solve_view.h"
#include "record/json_text.h"
#include "replay/game_of.h"
#include "replay/move_words.h"
#include "replay/position_setup.h"
#include "serve/solve_json.h"
#include "solve/answer.h"
#include "solve/pan_estimate.h"
#include "solve/table_memory.h"
#include "solve/whole_deck.h"

namespace conquian::cli {
namespace {

constexpr double kDefaultTimeMs = solve::kDefaultAnswerSeconds * 1000;  // specs/solve.md

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
  std::uint64_t max_nodes = 50'000'000;  // --samples' orders and --whole-deck's deals; a position: none unless given
  int samples = 0;
  std::uint64_t seed = 1;
  bool no_table = false;
  bool no_ordering = false;
  bool any_win = false;
  int table_bits = 0;  // 0: 20 for a position, 22 for --whole-deck, 22-25 with the stock unknown (memory)
  int view = -1;       // --view SEAT
  bool max_nodes_given = false;
  std::uint64_t max_worlds = 2000;
  unsigned threads = 1;
  bool threads_given = false;
  bool interval = false;            // --interval: bounds proved by threshold tests (stock unknown)
  double time_ms = kDefaultTimeMs;  // --time MS: of the answer for one position (0: no limit)
  bool time_given = false;
};

// The default ceiling of the chance search's threads: they all search the same position and
// share one table (Lazy SMP), so past a few threads more of them mostly contend for it.
constexpr int kLazySmpMaxThreads = 8;

// The position to solve and the ruleset it lives in (which must outlive it).
LoadedPosition load_position(const SolveOptions& opt) {
  LoadedPosition out = cli::load_position(PositionInput{opt.position, opt.after, opt.game, opt.ruleset});
  if (opt.stock == "unknown") out.position = forget_stock(out.position);
  return out;
}

solve::Options solver_options(const SolveOptions& opt) {
  solve::Options o;
  o.transposition = !opt.no_table;
  o.ordering = !opt.no_ordering;
  o.fastest_win = !opt.any_win;
  o.max_nodes = opt.max_nodes;
  o.table_bits = opt.table_bits ? opt.table_bits : opt.whole_deck ? 22 : 20;
  // The search with the stock unknown: one thread per core unless told, at most
  // kLazySmpMaxThreads (specs/solve.md "Threads").
  o.threads = opt.threads_given ? static_cast<int>(opt.threads) : std::min(default_threads(), kLazySmpMaxThreads);
  return o;
}

// ---- words -------------------------------------------------------------------------------

std::string value_text(const solve::Value& v) {
  if (v.kind == Outcome::Kind::Win) return fmt::format("seat {} wins", v.winner);
  return "a draw";
}

std::string chances_text(const solve::Chances& c) {
  return fmt::format("seat 0 wins {:.6f}, draw {:.6f}, seat 1 wins {:.6f} (seat 0 expects {:+.6f})", c.win0, c.draw,
                     c.win1, c.value());
}

// With --view: worlds enumerated up to --max-worlds, else --samples of them (default 200);
// --max-nodes is the exact budget of each world (default 1,000,000).
ViewRun view_run(const SolveOptions& opt) {
  ViewRun v;
  v.json = opt.json;
  v.pimc.max_worlds = opt.max_worlds;
  if (opt.samples > 0) v.pimc.samples = opt.samples;
  if (opt.max_nodes_given) v.pimc.world_nodes = opt.max_nodes;
  v.pimc.seed = opt.seed;
  v.pimc.threads = std::max(1u, opt.threads);
  if (opt.table_bits) v.pimc.table_bits = opt.table_bits;
  // PIMC's budgets are counts (worlds, nodes); a time only when asked.
  v.seconds = opt.time_given ? opt.time_ms / 1000.0 : 0;
  return v;
}

void print_line(const std::vector<solve::Step>& line) {
  for (std::size_t i = 0; i < line.size(); ++i)
    fmt::print("  {:>3}. {}\n", i + 1, move_text(line[i].before, line[i].move));
}

// ---- printing each answer ----------------------------------------------------------------

void print_over(const SolveOptions& opt, const LoadedPosition& in, const solve::Answer& a) {
  const solve::Value& v = a.over;
  if (opt.json) {
    fmt::print("{}\n", record::json_dump(serve::answer_json(in.position, a, opt.all_moves, opt.any_win)));
  } else {
    fmt::print("the deal is already over: {}\n",
               v.kind == Outcome::Kind::Win ? fmt::format("seat {} has won", v.winner)
                                            : std::string("it is drawn (a card must be turned from an empty stock)"));
  }
}

void print_exact(const SolveOptions& opt, const LoadedPosition& in, const solve::Answer& a) {
  const Position& p = in.position;
  const solve::Result& r = a.exact;
  if (opt.json) {
    fmt::print("{}\n", record::json_dump(serve::answer_json(p, a, opt.all_moves, opt.any_win)));
    return;
  }
  fmt::print("position: {} (seat {} to act)\n", in.label, to_act(p));
  fmt::print("value: {}{}\n", value_text(r.value),
             r.value.kind == Outcome::Kind::Win ? fmt::format(" in {} moves", r.value.plies)
                                                : fmt::format(" (the line ends after {} moves)", r.value.plies));
  if (r.best) fmt::print("best: {}\n", choice_words(p, *r.best));
  fmt::print("line:\n");
  print_line(a.line);
  if (opt.all_moves) {
    fmt::print("every move:\n");
    for (const auto& mv : r.moves)
      fmt::print("  {}  {}{}\n", choice_words(p, mv.move), value_text(mv.value),
                 mv.value.kind == Outcome::Kind::Win && !opt.any_win ? fmt::format(" in {}", mv.value.plies) : "");
  }
  fmt::print("nodes: {} ({:.3f} s)\n", r.nodes, r.seconds);
}

void print_chance(const SolveOptions& opt, const LoadedPosition& in, const solve::Answer& a) {
  const Position& p = in.position;
  const solve::ChanceResult& r = a.chance;
  if (opt.json) {
    fmt::print("{}\n", record::json_dump(serve::answer_json(p, a, opt.all_moves, opt.any_win)));
    return;
  }
  fmt::print("position: {} (seat {} to act), stock order unknown: every unseen card equally likely\n", in.label,
             to_act(p));
  fmt::print("value: {}\n", chances_text(r.value));
  fmt::print("exactly: seat 0 wins {}, draw {}, seat 1 wins {}\n", solve::fraction(r.exact.win0, r.exact.denominator),
             solve::fraction(r.exact.draw, r.exact.denominator), solve::fraction(r.exact.win1, r.exact.denominator));
  if (r.best) fmt::print("best: {}\n", choice_words(p, *r.best));
  else fmt::print("best: turn the next card (chance)\n");
  fmt::print("line (until a card is turned from the unknown stock):\n");
  print_line(a.line);
  if (opt.all_moves) {
    fmt::print("every move:\n");
    for (const auto& mv : r.moves) fmt::print("  {}  {}\n", choice_words(p, mv.move), chances_text(mv.value));
  }
  fmt::print("nodes: {} ({:.3f} s)\n", r.nodes, r.seconds);
}

void print_estimate(const SolveOptions& opt, const LoadedPosition& in, const solve::Answer& a) {
  const solve::SampleEstimate& e = a.estimate;
  if (opt.json) {
    fmt::print("{}\n", record::json_dump(serve::answer_json(in.position, a, false, opt.any_win)));
    return;
  }
  fmt::print("position: {} (seat {} to act), stock order unknown\n", in.label, to_act(in.position));
  fmt::print("estimate from {} random stock orders, each solved with the order known to both seats:\n", e.samples);
  fmt::print("  seat 0 wins {}, draws {}, seat 1 wins {}\n", e.wins0, e.draws, e.wins1);
  fmt::print("  seat 0's mean score {:+.4f}, 95% confidence interval [{:+.4f}, {:+.4f}]\n", e.mean, e.low(), e.high());
  if (a.best) fmt::print("best: {} (the highest mean over the same orders)\n", choice_words(in.position, *a.best));
  fmt::print("every move (seat 0's mean score over the orders, 95% interval):\n");
  for (const solve::SampledMove& m : e.moves)
    fmt::print("  {:+.4f} [{:+.4f}, {:+.4f}]  {}\n", m.mean, m.low(), m.high(), choice_words(in.position, m.move));
  if (e.unsolved) fmt::print("  {} orders went past --max-nodes and are left out\n", e.unsolved);
  fmt::print("nodes: {} ({:.3f} s)\n", e.nodes, e.seconds);
}

// What cut the search short, for the text: the time, or the node budget.
std::string cut_short_text(const SolveOptions& opt, const solve::Answer& a) {
  if (a.interrupted)
    return fmt::format("the time: the search had the first half of --time {:.0f} ms, the estimate the rest",
                       opt.time_ms);
  return fmt::format("{} nodes (--max-nodes)", opt.max_nodes);
}

void print_choice_estimate(const Position& p, const solve::PimcResult& e) {
  if (e.worlds == 0) {
    fmt::print(
        "estimate: no random stock order was solved in the time left; every move in the search's own order "
        "(winning takes, takes laying more cards, forces, lays, the rest), nothing known of its value beyond [-1, "
        "1]:\n");
    for (const auto& m : e.moves) fmt::print("  {}\n", choice_words(p, m.move));
    return;
  }
  fmt::print(
      "estimate (not proved): every move over {} random stock orders{}, each solved with the order known to both "
      "seats, so optimistic for seat {} (strategy fusion); seat {}'s chances, expected score and 95% interval of "
      "the sampling:\n",
      e.worlds, e.unsolved ? fmt::format(" ({} more past the budget, left out)", e.unsolved) : "", e.seat, e.seat);
  for (const auto& m : e.moves)
    fmt::print("  win {:.4f}  draw {:.4f}  loss {:.4f}  expected {:+.4f} [{:+.4f}, {:+.4f}]  {}\n", m.win, m.draw,
               m.loss, m.expected, m.lo, m.hi, choice_words(p, m.move));
}

// An answer cut short (every card known, or the stock unknown): what the search proved, the
// best move proved so far or estimated, every move's estimate. Exit 0 when anything is proved,
// 3 when the answer is only an estimate.
int print_unsolved(const SolveOptions& opt, const LoadedPosition& in, const solve::Answer& a) {
  const Position& p = in.position;
  const int status = a.proved() ? kExitOk : kExitUnknown;
  if (opt.json) {
    fmt::print("{}\n", record::json_dump(serve::answer_json(p, a, false, opt.any_win)));
    return status;
  }
  const bool chance = a.kind == solve::Answer::Kind::Chance;
  fmt::print("position: {} (seat {} to act){}\n", in.label, to_act(p),
             chance ? ", stock order unknown: every unseen card equally likely" : "");
  fmt::print("not solved: the search was cut short by {}\n", cut_short_text(opt, a));
  if (chance) {
    const solve::ChanceInterval r = serve::proved_interval(a.chance);
    const solve::Int128 d = r.denominator;
    if (r.exact())
      fmt::print("proved: seat 0's expected score {:+.6f} (exactly {})\n", a.lower, solve::fraction(r.lower, d));
    else if (!r.trivial())
      fmt::print("proved: seat 0's expected score between {:+.6f} and {:+.6f} (exactly {} and {})\n", a.lower, a.upper,
                 solve::fraction(r.lower, d), solve::fraction(r.upper, d));
    else fmt::print("proved: nothing narrower than [-1, 1] for seat 0's expected score\n");
  } else if (a.lower > -1 || a.upper < 1) {
    fmt::print("proved: seat 0's score between {:+.0f} and {:+.0f} (+1 a win, 0 a draw, -1 a loss)\n", a.lower,
               a.upper);
  } else {
    fmt::print("proved: nothing narrower than [-1, 1]\n");
  }
  if (a.basis == solve::Basis::Interval)
    fmt::print("best: {} (proved so far: its value is known, and every move searched before it is no better)\n",
               choice_words(p, *a.best));
  else if (a.best_so_far)
    fmt::print(
        "best: {} (estimated: its 95% interval below lies above {:+.3f} for seat {}, the value proved for {}, the "
        "best of the moves searched)\n",
        choice_words(p, *a.best), to_act(p) == 0 ? a.best_so_far->value : -a.best_so_far->value, to_act(p),
        choice_words(p, a.best_so_far->move));
  else fmt::print("best: {} (estimated: the search proved no move's value)\n", choice_words(p, *a.best));
  if (a.choices) print_choice_estimate(p, *a.choices);
  fmt::print("basis: {} (exit {}: {})\n", solve::basis_name(a.basis), status,
             status == kExitOk ? "something is proved" : "only estimated");
  const std::uint64_t nodes = chance ? a.chance.nodes : a.exact.nodes;
  const double seconds = chance ? a.chance.seconds : a.exact.seconds;
  fmt::print("nodes: {} ({:.3f} s){}\n", nodes, seconds,
             a.choices ? fmt::format("; estimate {} nodes ({:.3f} s)", a.choices->nodes, a.choices->seconds) : "");
  return status;
}

int unusable(const std::string& why) { throw CommandError(why); }

int too_big(const std::string& what, std::uint64_t nodes, const std::string& hint) {
  throw Undecided(fmt::format("{} was not solved within {} nodes (--max-nodes); {}", what, nodes, hint));
}

// ---- the runs ----------------------------------------------------------------------------

int run_whole_deck(const SolveOptions& opt) {
  if (opt.ruleset.empty()) return unusable("--whole-deck needs --ruleset (for example --ruleset tiny)");
  auto rules = ruleset_option(opt.ruleset);
  if (std::string why = solve::why_not_whole_deck(*rules, 10'000'000); !why.empty()) return unusable(why);
  if (opt.dealer < 0 || opt.dealer >= rules->seats)
    return unusable(fmt::format("--dealer {}: there is no such seat", opt.dealer));
  std::optional<Progress> progress;  // on a terminal, never with --json
  if (!opt.json) {
    progress.emplace("solved", "deals");
    progress->show_time_left();
  }
  auto r =
      solve::solve_whole_deck(*rules, solver_options(opt), opt.dealer, [&](std::uint64_t done, std::uint64_t total) {
        if (!progress) return;
        progress->set_total(total);
        progress->set(done);
      });
  if (progress) progress->clear();
  if (!r.solved) return too_big("a deal", opt.max_nodes, "raise --max-nodes");
  if (opt.json) {
    nlohmann::json j = {{"ruleset", rules->name},
                        {"dealer", opt.dealer},
                        {"deals", r.deals},
                        {"distinct", r.distinct},
                        {"first", r.first},
                        {"chances", serve::chances_json(r.value)},
                        {"first_win", r.first_wins()},
                        {"first_draw", r.value.draw},
                        {"first_loss", r.first_loses()},
                        {"exact", serve::exact_json(r.exact)},
                        {"nodes", r.nodes},
                        {"seconds", r.seconds}};
    fmt::print("{}\n", record::json_dump(j));
    return kExitOk;
  }
  fmt::print("ruleset {}: every deal solved exactly, both hands known, the stock a fair shuffle\n", rules->name);
  fmt::print("deals: {} (seat {} deals; {} solved, the rest the same up to suits and rank order)\n", r.deals,
             opt.dealer, r.distinct);
  fmt::print("seat {} (plays first): wins {:.6f}, draws {:.6f}, loses {:.6f}\n", r.first, r.first_wins(), r.value.draw,
             r.first_loses());
  const solve::ExactChances& x = r.exact;
  fmt::print("exactly: seat 0 wins {}, draw {}, seat 1 wins {}\n", solve::fraction(x.win0, x.denominator),
             solve::fraction(x.draw, x.denominator), solve::fraction(x.win1, x.denominator));
  fmt::print("nodes: {}, time: {:.2f} s\n", r.nodes, r.seconds);
  return kExitOk;
}

// A record of a game that is not solved (Panguingue) answered from a seat's view only; nullopt
// for a game whose positions are solved (the answers below).
std::optional<int> answer_unsolved(GameTag<ConquianGame>, const SolveOptions&, const LoadedPosition&) {
  return std::nullopt;
}
std::optional<int> answer_unsolved(GameTag<PanGame>, const SolveOptions& opt, const LoadedPosition& in) {
  if (opt.view < 0)
    throw CommandError(
        fmt::format("{}: only the seat's view is answered for panguingue (give --view SEAT): a deal of {} seats and "
                    "hundreds of unseen cards is past an exact search, and its value is chips, not a win or a loss",
                    in.label, in.pan_position.seats()));
  refuse_if(opt.interval || opt.all_moves || opt.stock != "as-given",
            "panguingue: --view SEAT lists every move of the seat already; --interval, --all-moves and --stock are "
            "for conquian");
  PanViewRun run;
  run.seat = opt.view;
  run.worlds = opt.samples > 0 ? static_cast<std::size_t>(opt.samples) : opt.time_given ? 0 : solve::kPanAdviceWorlds;
  run.seconds = opt.time_given ? opt.time_ms / 1000.0 : 0;
  run.seed = opt.seed;
  run.json = opt.json;
  return run_pan_view(run, in);
}

int run_solve(const SolveOptions& opt) {
  refuse_if(opt.whole_deck && !opt.position.empty(),
            "--whole-deck solves every deal of --ruleset and takes no POSITION; give one or the other");
  refuse_if(opt.interval && opt.whole_deck, "--interval proves bounds on one position; --whole-deck takes none");
  refuse_if(opt.interval && opt.all_moves, "--interval bounds the position's value only; drop --all-moves");
  if (opt.whole_deck) return run_whole_deck(opt);
  if (opt.position.empty()) return unusable("give a POSITION file (or --whole-deck --ruleset R)");
  PositionInput input{opt.position, opt.after, opt.game, opt.ruleset};
  if (opt.after >= 0) {
    const LoadedPosition cut = cli::load_position(input, true);
    const std::optional<int> status = visit_game(*cut.rules, [&](auto tag) { return answer_unsolved(tag, opt, cut); });
    if (status) return *status;
  }
  if (auto view = load_view(input, opt.view)) {
    refuse_if(opt.interval,
              "--interval needs both hands known; a seat's view (--view, or 'view:' in the file) has "
              "one");
    return run_view(view_run(opt), *view);
  }
  LoadedPosition in = load_position(opt);
  const Position& p = in.position;
  // A position's budget is the time; nodes only when asked.
  const std::uint64_t position_nodes = opt.max_nodes_given ? opt.max_nodes : 0;
  if (opt.interval) {
    if (p.stock_known)
      return unusable(
          "--interval proves bounds with the stock order unknown: give --stock unknown (or a position "
          "whose stock is unknown)");
    if (opt.samples > 0) return unusable("--interval and --samples are two answers; give one");
    if (std::string why = solve::why_unsolvable(p); !why.empty()) return unusable(why);
    IntervalRun run{in.label, solver_options(opt), {}, opt.json};
    if (!opt.table_bits) run.search.table_bits = solve::default_chance_table_bits();
    // One thread unless --threads asks for more: two were measured no faster in wall time
    // on the shared machine (specs/solve.md, "Proved intervals on two threads").
    if (!opt.threads_given) run.search.threads = 1;
    run.request.max_nodes = position_nodes;
    run.request.seconds = opt.time_ms / 1000.0;
    return run_interval(p, run);
  }
  if (!p.result.over()) {
    if (std::string why = solve::why_unsolvable(p); !why.empty()) return unusable(why);
    if (p.stock_known && opt.samples > 0) return unusable("--samples needs an unknown stock (--stock unknown)");
  }
  refuse_if(opt.samples > 0 && opt.time_given,
            "--samples solves N stock orders whatever the time; --time limits the search of the position: give one");
  solve::Question q{solver_options(opt), opt.all_moves, opt.samples, opt.seed, {}, 0, {}};
  if (opt.samples == 0) {
    q.search.max_nodes = position_nodes;
    q.seconds = opt.time_ms / 1000.0;
  }
  // The chance search meets millions of positions: a bigger table unless told, as big as
  // the memory affords.
  if (!opt.table_bits && !p.stock_known && opt.samples == 0) q.search.table_bits = solve::default_chance_table_bits();
  // On a terminal, never with --json: the nodes searched (against --max-nodes when given), or
  // the stock orders solved against --samples (with the time left).
  std::optional<Progress> progress;
  if (!opt.json && !p.result.over() && !p.stock_known) {
    if (opt.samples > 0) {
      progress.emplace("solved", "stock orders", static_cast<std::uint64_t>(opt.samples));
      progress->show_time_left();
    } else {
      progress.emplace("searched", "nodes", position_nodes);
    }
    q.progress = [&](std::uint64_t done) { progress->set(done); };
  }
  solve::Answer a = solve::answer(p, q);
  if (progress) progress->clear();
  switch (a.kind) {
    case solve::Answer::Kind::Over: print_over(opt, in, a); return kExitOk;
    case solve::Answer::Kind::Exact:
      if (!a.solved()) return print_unsolved(opt, in, a);
      print_exact(opt, in, a);
      return kExitOk;
    case solve::Answer::Kind::Chance:
      if (!a.solved()) return print_unsolved(opt, in, a);
      print_chance(opt, in, a);
      return kExitOk;
    case solve::Answer::Kind::Sampled:
      if (!a.solved()) return too_big("no sampled stock order", opt.max_nodes, "raise --max-nodes");
      print_estimate(opt, in, a);
      return kExitOk;
  }
  return kExitOk;
}

}  // namespace

void register_solve(CLI::App& app, Runner& run) {
  static SolveOptions opt;
  auto* cmd = app.add_subcommand(
      "solve",
      "The value of a two-seat position with best play. Who wins (or a draw), the best move and the line that "
      "proves it. Every card known; or with --stock unknown, the odds of each outcome; or with --view SEAT, what "
      "that seat knows only (PIMC over the worlds it allows; specs/solve.md).\n\n"
      "Every answer names a best move and its basis: exact (proved), interval (the best proved when --time or "
      "--max-nodes cut the search short) or estimate (each move with its 95% interval).\n\n"
      "A Panguingue record (--after N) is answered from a seat's view only (--view SEAT): every move of the seat "
      "with its chips for the deal estimated over sampled worlds (--samples worlds, default 500, or --time).\n\n"
      "Exit status: 0 solved, something proved, the game already over, or the estimate --samples or --view asks "
      "for; 2 the position could not be used (a Panguingue one without --view included); 3 only estimated (the "
      "answer is still printed).");
  cmd->add_option("POSITION", opt.position, "A position file, or a game record with --after N");
  auto* after =
      cmd->add_option("--after", opt.after, "Solve the record's position after N moves")->check(CLI::NonNegativeNumber);
  add_input_format_option(cmd);
  cmd->add_option("--game", opt.game, "With --after: the K-th game of the file (default 1)")
      ->check(CLI::PositiveNumber)
      ->needs(after);
  cmd->add_option("--ruleset,-r", opt.ruleset, "This ruleset instead of the file's (needed with --whole-deck)");
  cmd->add_option("--stock", opt.stock, "unknown: the stock order is chance (expectimax); as-given: known")
      ->check(CLI::IsMember({"as-given", "unknown"}));
  cmd->add_flag("--json", opt.json, "One JSON object on standard output");
  cmd->add_flag("--all-moves", opt.all_moves, "The value of every legal move too");
  cmd->add_option("--max-nodes", opt.max_nodes,
                  "Nodes before the search stops (default: none, --time bounds it; 0: no limit); with --samples, "
                  "--whole-deck or --view: each order's, deal's or world's")
      ->each([](const std::string&) { opt.max_nodes_given = true; });
  cmd->add_option("--samples", opt.samples,
                  "Stock unknown: estimate from N random stock orders; with --view: worlds sampled past "
                  "--max-worlds (default 200; Panguingue: worlds, default 500)")
      ->check(CLI::Range(1, 100'000'000));
  cmd->add_option("--seed", opt.seed, "Seed of --samples (default 1)");
  cmd->add_option("--view", opt.view,
                  "Solve from this seat's view: every move valued over the worlds it allows (PIMC); a position file's "
                  "'view: SEAT' does the same")
      ->check(CLI::Range(0, 15));  // Panguingue seats up to 15; a seat past the deal's is refused with its reason
  cmd->add_option("--max-worlds", opt.max_worlds, "With --view: worlds enumerated up to this many (default 2000)");
  cmd->add_option("--threads", opt.threads,
                  "Threads (default: one per core up to 8 with the stock unknown, else 1); the values do not depend on "
                  "it")
      ->check(CLI::Range(1, 256))
      ->each([](const std::string&) { opt.threads_given = true; });
  cmd->add_flag("--interval", opt.interval,
                "Stock unknown: prove bounds [L, U] on seat 0's expected score, narrowed until exact or out of "
                "budget (exit 3 when none narrower than [-1, 1])");
  cmd->add_option("--time", opt.time_ms,
                  "Milliseconds for the answer (default 5000, with --view none; 0: no limit): the search gets the "
                  "first half, estimates the rest")
      ->check(CLI::NonNegativeNumber)
      ->each([](const std::string&) { opt.time_given = true; });
  auto* whole =
      cmd->add_flag("--whole-deck", opt.whole_deck, "Solve every deal of --ruleset exactly (a small deck: tiny)");
  cmd->add_option("--dealer", opt.dealer, "With --whole-deck: the dealer (default 0)")->needs(whole);
  cmd->add_flag("--no-table", opt.no_table, "No transposition table (to measure it)");
  cmd->add_flag("--no-ordering", opt.no_ordering, "No move ordering (to measure it)");
  cmd->add_flag("--any-win", opt.any_win, "Any win, not the shortest (faster)");
  cmd->add_option("--table-bits", opt.table_bits,
                  "Transposition table of 2^N 64-byte entries (default 20; --whole-deck 22; stock unknown: grown up "
                  "to 22-25, within half the memory)")
      ->check(CLI::Range(10, 30));
  cmd->callback([&run] { run = [] { return run_solve(opt); }; });
}

}  // namespace conquian::cli
