// The batch functions: conquian.check, analyse, prove_partition, simulate. Each calls the C++
// the command calls and returns what its --json prints, as Python values; the GIL is released
// while the C++ works.
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <fmt/format.h>

#include <sstream>

#include "analyse/analyse_file.h"
#include "analyse/analysis_json.h"
#include "batch/players.h"
#include "batch/simulate_run.h"
#include "check/check_file.h"
#include "check/verdict_json.h"
#include "prove/partition_answer.h"
#include "python/bindings.h"
#include "python/py_types.h"
#include "record/input_error.h"
#include "record/record_files.h"
#include "record/record_reader.h"
#include "replay/ruleset_cache.h"
#include "serve/game_session.h"

namespace py = pybind11;

namespace conquian::python {
namespace {

py::list json_list(const std::vector<nlohmann::json>& items) {
  py::list out;
  for (const auto& j : items) out.append(from_json(j));
  return out;
}

std::vector<std::string> player_list(const py::object& players) {
  if (players.is_none()) return {};
  if (py::isinstance<py::str>(players)) return {players.cast<std::string>()};
  return players.cast<std::vector<std::string>>();
}

// Record text rather than a path: it has a line break (as read_source tells them apart).
bool is_text(const std::string& path_or_text) { return path_or_text.find('\n') != std::string::npos; }

// The format of record text, told by its first byte that is not blank, as the CLI tells
// standard input's: [ is JSON, { is JSON Lines, anything else YAML.
record::RecordFormat text_format(const std::string& text) {
  const auto first = text.find_first_not_of(" \t\r\n");
  const char c = first == std::string::npos ? ' ' : text[first];
  return c == '['   ? record::RecordFormat::Json
         : c == '{' ? record::RecordFormat::JsonLines
                    : record::RecordFormat::Yaml;
}

}  // namespace

void bind_batch(py::module_& m) {
  m.def(
      "check",
      [](const std::string& path_or_text, const py::object& ruleset) {
        RulesetCache cache;  // one for every file, as `conquian check` keeps one
        check::CheckFileOptions options;
        options.cache = &cache;
        options.threads = 0;  // read and judged on every core, as `conquian check` does
        if (!ruleset.is_none()) options.under.push_back(ruleset_arg(ruleset));
        std::vector<nlohmann::json> verdicts;
        {
          py::gil_scoped_release unlocked;
          auto sink = [&](check::GameVerdict&& v) { verdicts.push_back(check::verdict_json(v)); };
          if (is_text(path_or_text)) {
            check::check_text(path_or_text, "<text>", sink, options, text_format(path_or_text));
          } else {
            for (const std::string& file : record::record_files({path_or_text})) check::check_file(file, sink, options);
          }
        }
        return json_list(verdicts);
      },
      py::arg("path_or_text"), py::arg("ruleset") = py::none(),
      "Every game of a record file, of every record file under a folder (as `conquian check DIR` reads it), or of "
      "record text (with a line break) judged: a list of verdict dicts, as the \"games\" of `conquian check "
      "--json`.");
  m.def(
      "analyse",
      [](const std::string& path_or_text, int game, const std::string& id, int threads) {
        analyse::Selection which{game, id};
        std::vector<analyse::GameResult> results;
        {
          py::gil_scoped_release unlocked;
          results = is_text(path_or_text)
                        ? analyse::analyse_text(path_or_text, "<text>", text_format(path_or_text), which,
                                                analyse::AnalyseOptions{}, threads)
                        : analyse::analyse_file(path_or_text, which, analyse::AnalyseOptions{}, threads);
        }
        std::vector<nlohmann::json> games, refused;
        for (const auto& r : results) {
          if (r.analysis) games.push_back(analyse::analysis_json(*r.analysis));
          else if (r.pan_analysis) games.push_back(analyse::pan_analysis_json(*r.pan_analysis));
          else refused.push_back(check::verdict_json(r.verdict));
        }
        py::dict out;
        out["games"] = json_list(games);
        out["refused"] = json_list(refused);
        return out;
      },
      py::arg("path_or_text"), py::arg("game") = 0, py::arg("id") = "", py::arg("threads") = 0,
      "Every legal game of a record file or of record text (with a line break) analysed: {'games': [as `conquian "
      "analyse --json`], 'refused': [check's verdicts of the games it refuses]}. game: 1-based (0: all); id: a "
      "game's id.");
  m.def(
      "prove_partition",
      [](const py::object& ruleset, const py::object& cards, const py::object& z3_timeout_ms) {
        auto rules = ruleset_arg(ruleset);
        std::string text;
        if (py::isinstance<py::str>(cards)) {
          text = cards.cast<std::string>();
        } else {
          for (const auto& c : cards.cast<std::vector<std::string>>()) text += c + " ";
        }
        CardSet set = prove::parse_card_list(*rules, text, "cards");
        prove::Z3Limits limits;
        if (!z3_timeout_ms.is_none()) limits.timeout_ms = z3_timeout_ms.cast<unsigned>();
        nlohmann::json answer;
        {
          py::gil_scoped_release unlocked;
          answer = prove::partition_json(*rules, set, prove::decide_partition(*rules, set, limits));
        }
        return from_json(answer);
      },
      py::arg("ruleset"), py::arg("cards"), py::arg("z3_timeout_ms") = py::none(),
      "Whether the cards (\"3h 4h 5h\" or a list of tokens) split into legal melds, as Z3 proves it and the "
      "engine's search agrees: what `conquian prove partition --json` prints. Raises Undecided when Z3 answers "
      "unknown.");
  m.def(
      "simulate",
      [](const py::object& ruleset, std::uint64_t deals, std::uint64_t seed, const py::object& players, int threads) {
        auto rules = ruleset_arg(ruleset);
        batch::SimulateRun run;
        run.deals = deals;
        run.seed = seed;
        run.players = player_list(players);
        run.threads = threads;
        run.json_lines = true;
        const std::string why = batch::why_not_players(run.players, *rules, "players");
        if (!why.empty()) throw serve::SessionError("bad-field", why);
        std::string text;
        {
          py::gil_scoped_release unlocked;
          batch::simulate_run(
              *rules, rules->name, run, [&](std::string_view piece) { text.append(piece); }, [](std::uint64_t) {});
        }
        std::vector<nlohmann::json> records;
        std::istringstream lines(text);
        for (std::string line; std::getline(lines, line);)
          if (!line.empty()) records.push_back(nlohmann::json::parse(line));
        return json_list(records);
      },
      py::arg("ruleset"), py::arg("deals"), py::arg("seed"), py::arg("players") = py::none(), py::arg("threads") = 0,
      "Deals played by the built-in players ('random', 'greedy', 'strong', 'strong-pi'; one per seat, round "
      "robin; None: greedy), as `conquian simulate --format jsonl` writes them: a list of record dicts.");
}

}  // namespace conquian::python
