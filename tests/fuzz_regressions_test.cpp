// Every input a fuzzer ever crashed on, kept in tests/fuzz-regressions/TARGET/, replayed
// through the same target body (tools/fuzz/targets.h) in the normal (and sanitizer) build.
#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "../tools/fuzz/targets.h"

namespace fs = std::filesystem;

TEST_CASE("fuzz regressions: every kept crashing input now passes") {
  fs::path root = fs::path(CONQUIAN_SOURCE_DIR) / "tests" / "fuzz-regressions";
  int replayed = 0;
  for (const auto& e : fs::recursive_directory_iterator(root)) {
    if (!e.is_regular_file()) continue;
    std::ifstream in(e.path(), std::ios::binary);
    std::stringstream buf;
    buf << in.rdbuf();
    std::string bytes = buf.str();
    std::string target = e.path().parent_path().filename().string();
    CAPTURE(e.path().string());
    if (target == "record") CHECK(conquian::fuzz::record_input(bytes));
    else if (target == "ruleset") CHECK(conquian::fuzz::ruleset_input(bytes));
    else if (target == "cards") CHECK(conquian::fuzz::cards_input(bytes));
    else if (target == "position") CHECK(conquian::fuzz::position_input(bytes));
    else continue;
    ++replayed;
  }
  CHECK(replayed >= 1);
}
