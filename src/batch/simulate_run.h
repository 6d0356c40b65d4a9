// `conquian simulate`'s run: deals played on the thread pool, sealed when asked, scored as one
// match when asked, and handed out as the text of the record documents in deal order. The
// same ruleset, seed and players give the same text, whatever the number of threads.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "rules/ruleset.h"

namespace conquian::batch {

enum class Sealing { None, Seeded, Random };  // seeded_salt(seed, deal) or random_salt() (batch/seal.h)

struct SimulateRun {
  std::uint64_t deals = 0;  // at most this many (a match stops when a seat reaches the target)
  std::uint64_t seed = 1;
  std::vector<std::string> players;  // one name per seat, round robin (empty: greedy)
  int threads = 0;                   // <= 0: default_threads()
  bool match = false;                // a `match:` document, then each deal with its score
  Sealing sealing = Sealing::None;
  bool json_lines = false;  // one JSON object a line (specs/record-format.md) instead of YAML documents
  int seats = 0;            // Panguingue: seats dealt in (0: the game's default, PanGame::default_seats)
};

// Plays the run under `rules`, whose records name it `asked` when that is a shipped ruleset's
// name and otherwise carry it inline (the file does not travel with the records).
// `write` gets the run's text piece by piece, in order (the documents and the `---` lines
// between them); `progress` the number of deals played after each chunk of them.
void simulate_run(const Ruleset& rules, const std::string& asked, const SimulateRun& run,
                  const std::function<void(std::string_view)>& write,
                  const std::function<void(std::uint64_t)>& progress);

}  // namespace conquian::batch
