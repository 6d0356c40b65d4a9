// `conquian check FILE... [--ruleset R] [--json|--json-lines] [--quiet] [--threads T]`: replay every game, judge
// every move, name the first bad one. Under mpirun the ranks share each file and rank 0 prints.
#include <fmt/core.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <stdexcept>

#include <nlohmann/json.hpp>

#include "batch/mpi_split.h"
#include "check/check_file.h"
#include "check/check_record.h"
#include "check/verdict_json.h"
#include "check/verdict_text.h"
#include "cli/command_error.h"
#include "cli/commands.h"
#include "cli/input_files.h"
#include "cli/progress.h"
#include "record/json_text.h"
#include "replay/ruleset_cache.h"

namespace conquian::cli {
namespace {

struct CheckOptions {
  std::vector<std::string> files;
  std::string ruleset;
  bool json = false;
  bool json_lines = false;
  bool quiet = false;
  bool settlement = false;
  int threads = 0;  // 0: one per core
};

// What one verdict adds to the output, as this process renders it: its judgement and its
// text (a line of --json-lines, an element of --json's array, or the text form).
struct RenderedVerdict {
  std::size_t part = 0;
  bool ends_file = false;
  check::Judgement judgement = check::Judgement::Legal;
  std::string text;
  std::string settlement;  // a finished Pan deal's chips, pot and players as JSON ("" without)
};

// What the night's totals need of a verdict, as text a rank can send.
std::string settlement_of(const check::GameVerdict& v) {
  if (v.judgement != check::Judgement::Legal || !v.has_chips) return "";
  return record::json_dump(nlohmann::json{{"chips", v.chips}, {"pot", v.pot}, {"players", v.players}});
}
check::GameVerdict settled(const std::string& settlement) {
  check::GameVerdict v;
  if (settlement.empty()) return v;
  const nlohmann::json j = nlohmann::json::parse(settlement);
  v.has_chips = true;
  v.chips = j["chips"].get<std::vector<std::int64_t>>();
  v.pot = j["pot"].get<std::int64_t>();
  v.players = j["players"].get<std::vector<std::string>>();
  return v;
}

std::string render(const CheckOptions& opt, const check::GameVerdict& v) {
  if (opt.json || opt.json_lines) return record::json_dump(check::verdict_json(v));
  return opt.quiet ? std::string() : check::verdict_text(v);
}

// A rank's verdicts of one file as bytes for batch::gather_bytes, and back.
void pack(const RenderedVerdict& r, std::string& out) {
  out += fmt::format("{} {} {} {} {} ", r.part, int{r.ends_file}, static_cast<int>(r.judgement), r.text.size(),
                     r.settlement.size());
  out += r.text;
  out += r.settlement;
}

void unpack(const std::string& bytes, std::vector<RenderedVerdict>& out) {
  std::size_t at = 0;
  while (at < bytes.size()) {
    RenderedVerdict r;
    int ends_file = 0, judgement = 0;
    std::size_t size = 0, settlement = 0;
    int used = 0;
    if (std::sscanf(bytes.c_str() + at, "%zu %d %d %zu %zu %n", &r.part, &ends_file, &judgement, &size, &settlement,
                    &used) != 5 ||
        used == 0 || at + static_cast<std::size_t>(used) + size + settlement > bytes.size())
      throw std::logic_error("conquian check: a rank's verdicts do not read back");
    at += static_cast<std::size_t>(used);
    r.ends_file = ends_file != 0;
    r.judgement = static_cast<check::Judgement>(judgement);
    r.text = bytes.substr(at, size);
    at += size;
    r.settlement = bytes.substr(at, settlement);
    at += settlement;
    out.push_back(std::move(r));
  }
}

int run_check(const CheckOptions& opt) {
  refuse_if(opt.quiet && opt.json, "--quiet prints nothing and --json prints JSON: give one of them");
  refuse_if(opt.quiet && opt.json_lines, "--quiet prints nothing and --json-lines prints JSON: give one of them");
  refuse_if(opt.json && opt.json_lines, "--json prints one object and --json-lines one per game: give one of them");
  batch::MpiSession mpi;
  if (batch::MpiSession::launched_without_support() && !opt.quiet)
    fmt::print(stderr, "conquian check: started by mpirun, but this build has no MPI: every rank checks every game\n");
  RulesetCache cache;
  check::CheckFileOptions how{
      .cache = &cache, .under = {}, .threads = opt.threads, .judge = {}, .share = 0, .shares = 1};
  if (opt.settlement) how.judge = check::check_record_settled;
  if (!opt.ruleset.empty()) how.under.push_back(ruleset_option(opt.ruleset));
  how.keep_records = false;                                         // only verdicts are printed
  const std::vector<std::string> files = expand_inputs(opt.files);  // before any output, the same on every rank
  int counts[3] = {0, 0, 0};
  check::ChipTotals totals;  // the night's settlement, in file order
  bool first = true;
  Progress progress("checked", "games", 0, 64, opt.quiet || opt.json || opt.json_lines || mpi.size() > 1);
  if (opt.json && mpi.root()) fmt::print("{{\"games\": [");
  auto print = [&](check::Judgement judgement, const std::string& text) {
    counts[static_cast<int>(judgement)]++;
    progress.tick();
    if (opt.json) {
      fmt::print("{}\n  {}", first ? "" : ",", text);
      first = false;
    } else if (opt.json_lines) {
      fmt::print("{}\n", text);
      std::fflush(stdout);  // a stream that never ends is read as it goes
    } else if (!opt.quiet) {
      progress.clear();
      fmt::print("{}", text);
    }
  };
  if (mpi.size() == 1) {
    for (const auto& file : files)
      check::check_file_keeping(
          file,
          [&](check::CheckedGame&& g) {
            totals.add(g.verdict);
            print(g.verdict.judgement, render(opt, g.verdict));
          },
          how);
  } else {
    // The ranks deal each file's parts round (standard input: rank 0 alone reads it), and
    // rank 0 prints every rank's verdicts of the file in file order before the next file.
    try {
      for (const auto& file : files) {
        std::string mine;
        if (file != "-" || mpi.root()) {
          how.share = file == "-" ? 0 : mpi.rank();
          how.shares = file == "-" ? 1 : mpi.size();
          check::check_file_keeping(
              file,
              [&](check::CheckedGame&& g) {
                pack({g.part, g.ends_file, g.verdict.judgement, render(opt, g.verdict), settlement_of(g.verdict)},
                     mine);
              },
              how);
        }
        const std::vector<std::string> ranks = batch::gather_bytes(mpi, mine);
        std::vector<RenderedVerdict> all;
        for (const std::string& bytes : ranks) unpack(bytes, all);
        // Each rank's verdicts are in file order and a part is one rank's: order by part.
        std::stable_sort(all.begin(), all.end(),
                         [](const RenderedVerdict& a, const RenderedVerdict& b) { return a.part < b.part; });
        // The file is not read past broken text, but a rank that did not read that part went
        // on with its own parts after it: those are left out, as one process never reads them.
        for (const RenderedVerdict& r : all) {
          totals.add(settled(r.settlement));
          print(r.judgement, r.text);
          if (r.ends_file) break;
        }
      }
    } catch (const std::exception& e) {
      // The other ranks wait in gather_bytes: say why in main's one form, then end them all.
      report_error("check", opt.json, e.what());
      mpi.abort(kExitUnusable);
      return kExitUnusable;
    }
    if (!mpi.root()) return kExitOk;
  }
  progress.done();
  if (opt.json || opt.json_lines) {
    nlohmann::json summary = {{"legal", counts[0]}, {"illegal", counts[1]}, {"malformed", counts[2]}};
    if (!totals.empty()) {
      nlohmann::json chips = nlohmann::json::array();
      for (std::size_t i = 0; i < totals.names.size(); ++i)
        chips.push_back({{"name", totals.names[i]}, {"chips", totals.chips[i]}});
      summary["settlement"] = {{"deals", totals.deals}, {"chips", chips}, {"pots", totals.pots}};
    }
    if (opt.json) fmt::print("\n], \"summary\": {}}}\n", record::json_dump(summary));
    else fmt::print("{}\n", record::json_dump(nlohmann::json{{"summary", summary}}));
  } else if (!opt.quiet) {
    fmt::print("{} {}: {} legal, {} illegal, {} malformed\n", counts[0] + counts[1] + counts[2],
               counts[0] + counts[1] + counts[2] == 1 ? "game" : "games", counts[0], counts[1], counts[2]);
    if (!totals.empty()) fmt::print("{}", totals.text());
  }
  if (counts[2] > 0) return kExitUnusable;
  if (counts[1] > 0) return kExitFound;
  return kExitOk;
}

}  // namespace

void register_check(CLI::App& app, Runner& run) {
  static CheckOptions opt;
  auto* cmd = app.add_subcommand("check",
                                 "Replay recorded games and judge every move against the ruleset. Each game is "
                                 "legal, illegal (the first bad move named with a code and a reason) or malformed "
                                 "(not readable as a record; specs/check-output.md).\n\n"
                                 "Exit status: 0 all legal; 1 a game illegal; 2 a game malformed, a file not there, "
                                 "or a folder with no record file.");
  cmd->add_option("FILE", opt.files,
                  "Record files (YAML, .json, .jsonl); - is standard input, a folder its *.yaml, *.yml, *.json, "
                  "*.jsonl and *.ndjson files")
      ->required();
  cmd->add_option("--ruleset,-r", opt.ruleset, "Judge every game under this ruleset instead of its own");
  add_input_format_option(cmd);
  cmd->add_flag("--json", opt.json, "One JSON object on standard output");
  cmd->add_flag("--json-lines", opt.json_lines, "One JSON object a line, each game's as it is judged");
  cmd->add_flag("--quiet,-q", opt.quiet, "Print nothing; the exit status tells");
  cmd->add_flag("--settlement", opt.settlement,
                "Each legal Panguingue deal's chips broken down, seat by seat: ante, drops, conditions, going out");
  cmd->add_option("--threads", opt.threads, "Threads (default: one per core); the output does not depend on it")
      ->check(CLI::Range(1, 1024));

  cmd->callback([&run] { run = [] { return run_check(opt); }; });
}

}  // namespace conquian::cli
