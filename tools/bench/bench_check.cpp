// Games checked per second on a large generated file, next to the time yaml-cpp alone
// needs to parse the same file (the goal: checking <= 1.5x that parse).
#include <fmt/core.h>
#include <yaml-cpp/yaml.h>

#include <filesystem>
#include <fstream>

#include "batch/simulate.h"
#include "bench.h"
#include "check/check_file.h"
#include "record/record_reader.h"
#include "record/record_writer.h"

namespace {

int bench_check(const conquian::bench::Args& args) {
  using namespace conquian;
  int games = std::stoi(conquian::bench::arg(args, "--games", "5000"));
  std::string ruleset = conquian::bench::arg(args, "--ruleset", "american");
  std::string path = conquian::bench::arg(
      args, "--file", (std::filesystem::temp_directory_path() / "conquian-bench-check.yaml").string());
  auto rules = load_ruleset(ruleset);
  std::size_t total_moves = 0;
  {
    std::ofstream out(path);
    for (int i = 0; i < games; ++i) {
      auto deal = batch::simulate_deal(*rules, ruleset, 99, static_cast<std::uint64_t>(i), {"greedy"});
      total_moves += deal.record.moves.size();
      out << (i ? "---\n" : "") << record::write_record(deal.record);
    }
  }
  auto bytes = std::filesystem::file_size(path);
  fmt::print("file: {} games, {:.1f} moves/game, {:.1f} MB ({})\n", games, double(total_moves) / games,
             static_cast<double>(bytes) / 1e6, path);

  auto t0 = std::chrono::steady_clock::now();
  auto docs = YAML::LoadAllFromFile(path);
  double yaml_cpp = conquian::bench::seconds_since(t0);
  fmt::print("yaml-cpp LoadAll (parse only):   {:7.3f} s  {:>9.0f} games/s\n", yaml_cpp, games / yaml_cpp);

  t0 = std::chrono::steady_clock::now();
  std::size_t read = 0;
  record::read_record_file(path, [&](record::ReadItem&& item) { read += item.record.has_value(); });
  double reader = conquian::bench::seconds_since(t0);
  fmt::print("record reader (libyaml events):  {:7.3f} s  {:>9.0f} games/s\n", reader,
             static_cast<double>(read) / reader);

  t0 = std::chrono::steady_clock::now();
  int legal = 0;
  check::check_file(path, [&](check::GameVerdict&& v) { legal += v.judgement == check::Judgement::Legal; });
  double checked = conquian::bench::seconds_since(t0);
  fmt::print("check (read + judge every move): {:7.3f} s  {:>9.0f} games/s  ({} legal)\n", checked, games / checked,
             legal);
  fmt::print("check / yaml-cpp parse = {:.2f}x (goal <= 1.5x)\n", checked / yaml_cpp);
  return legal == games ? 0 : 1;
}

}  // namespace

BENCHMARK_ENTRY("check", "games checked per second vs yaml-cpp's parse of the same file", bench_check);
