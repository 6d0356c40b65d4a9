// The games the board may open: every document of the files named on the command line,
// each judged by `check` (check_file_keeping) once, when the server starts. The page names a
// game by its number in this list, never by a path: nothing the page sends reaches the file
// system.
#pragma once

#include <memory>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "check/check_file.h"

namespace conquian::http {

struct LibraryGame {
  check::GameVerdict verdict;
  std::shared_ptr<const record::GameRecord> record;  // null: no record could be read
  std::shared_ptr<const Ruleset> rules;
  std::vector<std::string> players;
};

class Library {
 public:
  // Reads and judges `files` (already expanded from folders), in order.
  explicit Library(const std::vector<std::string>& files);
  // Judges a record pasted into the page: the same reader and limits as `check`, its rulesets
  // only the shipped ones (a pasted record names no file that is read).
  static std::vector<LibraryGame> judge_text(const std::string& text, const std::string& format_name);

  const std::vector<LibraryGame>& games() const { return games_; }
  // {"games": [{"id": index, "game": record id, "file", "index", "ruleset", "verdict", "text"}]}
  nlohmann::json listing() const;
  static nlohmann::json game_json(const LibraryGame& game, std::size_t number);

 private:
  std::vector<LibraryGame> games_;
};

}  // namespace conquian::http
