// `conquian simulate --ruleset R --deals N --seed S [--out FILE] [--match] [--seal|--seal-random]`:
// play N deals with the built-in players and write them as records; the same seed gives the
// same records. A ruleset file (not a shipped name) is written inline in every record, so
// that the records travel without it (specs/record-format.md). `--match`: one match, a
// `match:` document then its deals, each with its score, until a seat reaches the target
// (at most N deals). `--seal`: every deal sealed (salt and commitment).
#include <fmt/core.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <thread>

#include "batch/seal.h"
#include "batch/simulate.h"
#include "cli/command_error.h"
#include "cli/commands.h"
#include "cli/players_option.h"
#include "cli/progress.h"
#include "record/record_json_writer.h"
#include "record/record_writer.h"
#include "rules/ruleset_writer.h"
#include "rules/scoring.h"
#include "rules/shipped_rulesets.h"

namespace conquian::cli {
namespace {

struct SimulateOptions {
  std::string ruleset;
  std::uint64_t deals = 0;
  std::uint64_t seed = 1;
  std::string out;
  std::string format = "yaml";
  std::vector<std::string> players;
  unsigned threads = 0;
  bool match = false;
  bool seal = false;
  bool seal_random = false;
};

// What every record of the run says of its ruleset: a shipped name as it is, a ruleset
// file written out inline (the file does not travel with the records).
void name_ruleset(const Ruleset& rules, const std::string& asked, std::string& name, std::string& inline_text) {
  if (shipped_ruleset_texts().count(asked)) name = asked;
  else inline_text = ruleset_flow_yaml(rules);
}

// The match's state after each deal, written into the deal's `score`.
void score_into(record::GameRecord& rec, MatchState& match, const Scoring& scoring, int loser_points) {
  const std::int64_t played_at = match.multiplier;
  const int winner = !rec.result.present || rec.result.draw ? -1 : rec.result.winner;
  score_deal(match, scoring, scoring.match_target, winner, loser_points);
  rec.score.present = true;
  rec.score.multiplier = played_at;
  rec.score.total = match.total;
  rec.score.match_winner = match.winner;
}

int run_simulate(const SimulateOptions& opt) {
  auto rules = ruleset_option(opt.ruleset);
  check_players(opt.players, *rules);
  std::FILE* out = stdout;
  if (!opt.out.empty() && opt.out != "-") {
    out = std::fopen(opt.out.c_str(), "w");
    if (!out) throw CommandError(fmt::format("--out {}: cannot write: {}", opt.out, std::strerror(errno)));
  }
  if (opt.match && rules->scoring.match_target == 0) {
    fmt::print(stderr, "conquian simulate: --match: ruleset {} sets no match target (scoring.match_target: 0)\n",
               rules->name);
    return kExitUnusable;
  }
  const bool jsonl = opt.format == "jsonl";  // else YAML
  std::string ruleset_name, ruleset_inline;
  name_ruleset(*rules, opt.ruleset, ruleset_name, ruleset_inline);
  MatchState match(rules->seats);
  if (opt.match) {
    record::MatchHeader header;
    header.id = fmt::format("{}-{}-match", rules->name, opt.seed);
    header.ruleset = ruleset_name;
    header.ruleset_inline = ruleset_inline;
    std::fputs(
        jsonl ? (record::write_match_header_json(header) + "\n").c_str() : record::write_match_header(header).c_str(),
        out);
  }
  unsigned threads = opt.threads ? opt.threads : std::max(1u, std::thread::hardware_concurrency());
  Progress progress("simulated", "deals", opt.deals);
  const std::uint64_t chunk = 256;
  std::vector<record::GameRecord> records(chunk);
  std::vector<int> loser_points(chunk);
  for (std::uint64_t first = 0; first < opt.deals; first += chunk) {
    std::uint64_t count = std::min(chunk, opt.deals - first);
    std::vector<std::thread> pool;
    for (unsigned t = 0; t < threads; ++t)
      pool.emplace_back([&, t] {
        for (std::uint64_t i = t; i < count; i += threads) {
          auto deal = batch::simulate_deal(*rules, rules->name, opt.seed, first + i, opt.players);
          records[i] = std::move(deal.record);
          loser_points[i] = deal.stats.loser_points;
          if (opt.seal || opt.seal_random)
            batch::seal(records[i], opt.seal_random ? batch::random_salt() : batch::seeded_salt(opt.seed, first + i));
        }
      });
    for (auto& th : pool) th.join();
    for (std::uint64_t i = 0; i < count && !match.over(); ++i) {
      record::GameRecord& rec = records[i];
      rec.ruleset = opt.match ? "" : ruleset_name;
      rec.ruleset_inline = opt.match ? "" : ruleset_inline;
      if (opt.match) score_into(rec, match, rules->scoring, loser_points[i]);
      if (jsonl) {
        std::fputs((record::write_record_json(rec) + "\n").c_str(), out);
        continue;
      }
      std::fputs(first + i == 0 && !opt.match ? "" : "---\n", out);
      std::fputs(record::write_record(rec).c_str(), out);
    }
    progress.tick(count);
    if (match.over()) break;
  }
  progress.done();
  if (out != stdout) std::fclose(out);
  return kExitOk;
}

}  // namespace

void register_simulate(CLI::App& app, Runner& run) {
  static SimulateOptions opt;
  auto* cmd = app.add_subcommand("simulate",
                                 "Play deals with the built-in players and write them as game records.\n"
                                 "The same ruleset, seed and players give the same records, whatever the threads.");
  cmd->add_option("--ruleset,-r", opt.ruleset, "Ruleset name or path")->required();
  cmd->add_option("--deals,-n", opt.deals, "How many deals")
      ->required()
      ->check(CLI::Range(std::uint64_t{0}, std::uint64_t{100'000'000}));
  cmd->add_option("--seed,-s", opt.seed, "Seed of the shuffles and the players' choices")->required();
  cmd->add_option("--out,-o", opt.out, "Write the records here (default: standard output)");
  cmd->add_option("--format", opt.format, "yaml (documents, --- between them) or jsonl (one record per line)")
      ->check(CLI::IsMember({"yaml", "jsonl"}));
  cmd->add_option("--players", opt.players,
                  "Player per seat, round robin: random, greedy, strong, strong-pi (default greedy; strong: two seats, "
                  "solves the worlds its seat's view allows; strong-pi: the earlier strong, which samples the unseen "
                  "cards and solves each sample with every card known)")
      ->delimiter(',');
  cmd->add_option("--threads", opt.threads, "Worker threads (default: one per core)")->check(CLI::Range(1u, 1024u));
  cmd->add_flag("--match", opt.match,
                "Write one match: a match document, then deals (each with its score) until a seat reaches the "
                "ruleset's match target, at most --deals");
  auto* seal = cmd->add_flag("--seal", opt.seal,
                             "Seal every deal: a salt from the seed and the commitment (specs/record-format.md)");
  cmd->add_flag("--seal-random", opt.seal_random, "Seal every deal with a salt from the system's random source")
      ->excludes(seal);
  cmd->callback([&run] { run = [] { return run_simulate(opt); }; });
}

}  // namespace conquian::cli
