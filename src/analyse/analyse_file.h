// `analyse` on a record file: every game (or the one chosen) checked first, as `check`
// judges it, and each legal one analysed (game_analysis.h), games in parallel over threads.
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "analyse/game_analysis.h"
#include "analyse/pan_analysis.h"
#include "check/game_verdict.h"
#include "record/record_reader.h"

namespace conquian::analyse {

struct Selection {
  int game = 0;    // 1-based document index; 0: every game
  std::string id;  // a game's id ("": any)
};

struct GameResult {
  check::GameVerdict verdict;        // check's verdict on the game
  std::optional<Analysis> analysis;  // legal games only
  // A legal game of a game that is not solved (Panguingue): estimated from each seat's view.
  std::optional<PanAnalysis> pan_analysis;
};

// In the order of the file. A selection that matches no game throws record::InputError.
// `threads` < 1: one per core. Each thread has its own evaluations (and their tables).
// `progress`, when given, is called with the games analysed and the legal games in all,
// once before the first and after each (from one thread at a time).
using AnalyseProgress = std::function<void(std::size_t done, std::size_t total)>;
std::vector<GameResult> analyse_file(const std::string& path, const Selection& which, const AnalyseOptions& options,
                                     int threads, const AnalyseProgress& progress = {});
// The same for record text in memory; `name` stands for the file in messages.
std::vector<GameResult> analyse_text(std::string_view text, const std::string& name, record::RecordFormat format,
                                     const Selection& which, const AnalyseOptions& options, int threads,
                                     const AnalyseProgress& progress = {});

}  // namespace conquian::analyse
