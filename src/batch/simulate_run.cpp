#include "batch/simulate_run.h"

#include <fmt/format.h>

#include <algorithm>

#include "base/parallel_for.h"
#include "batch/seal.h"
#include "batch/simulate.h"
#include "record/record_json_writer.h"
#include "record/record_writer.h"
#include "rules/ruleset_writer.h"
#include "rules/scoring.h"
#include "rules/shipped_rulesets.h"

namespace conquian::batch {
namespace {

// What every record of the run says of its ruleset: a shipped name as it is, a ruleset
// file written out inline.
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

}  // namespace

void simulate_run(const Ruleset& rules, const std::string& asked, const SimulateRun& run,
                  const std::function<void(std::string_view)>& write,
                  const std::function<void(std::uint64_t)>& progress) {
  std::string ruleset_name, ruleset_inline;
  name_ruleset(rules, asked, ruleset_name, ruleset_inline);
  MatchState match(rules.seats);
  if (run.match) {
    record::MatchHeader header;
    header.id = fmt::format("{}-{}-match", rules.name, run.seed);
    header.ruleset = ruleset_name;
    header.ruleset_inline = ruleset_inline;
    write(run.json_lines ? record::write_match_header_json(header) + "\n" : record::write_match_header(header));
  }
  // Deals are played a chunk at a time, so that a match stops soon after its last deal and
  // the records in memory stay few.
  const std::uint64_t chunk = 256;
  std::vector<record::GameRecord> records(chunk);
  std::vector<int> loser_points(chunk);
  for (std::uint64_t first = 0; first < run.deals; first += chunk) {
    const std::uint64_t count = std::min(chunk, run.deals - first);
    parallel_for(count, run.threads, [&](std::size_t i) {
      auto deal = simulate_deal(rules, rules.name, run.seed, first + i, run.players, run.seats);
      records[i] = std::move(deal.record);
      loser_points[i] = deal.stats.loser_points;
      if (run.sealing != Sealing::None)
        seal(records[i], run.sealing == Sealing::Random ? random_salt() : seeded_salt(run.seed, first + i));
    });
    for (std::uint64_t i = 0; i < count && !match.over(); ++i) {
      record::GameRecord& rec = records[i];
      rec.ruleset = run.match ? "" : ruleset_name;
      rec.ruleset_inline = run.match ? "" : ruleset_inline;
      if (run.match) score_into(rec, match, rules.scoring, loser_points[i]);
      if (run.json_lines) {
        write(record::write_record_json(rec) + "\n");
        continue;
      }
      write(first + i == 0 && !run.match ? "" : "---\n");
      write(record::write_record(rec));
    }
    if (progress) progress(count);
    if (match.over()) break;
  }
}

}  // namespace conquian::batch
