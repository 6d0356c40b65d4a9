#include "cli/input_files.h"

#include <algorithm>
#include <filesystem>

#include "cli/command_error.h"
#include "record/record_reader.h"

namespace conquian::cli {

std::vector<std::string> expand_inputs(const std::vector<std::string>& given) {
  namespace fs = std::filesystem;
  std::vector<std::string> out;
  for (const auto& path : given) {
    std::error_code ec;
    if (path == "-" || !fs::is_directory(path, ec)) {  // a missing file is the reader's error, with its reason
      out.push_back(path);
      continue;
    }
    std::vector<std::string> found;
    for (fs::recursive_directory_iterator it(path, ec), end; !ec && it != end; it.increment(ec)) {
      const auto ext = it->path().extension();
      // X.expected.yml beside a record holds its expected verdicts (corpus/README.md), not games.
      const bool expected = it->path().filename().string().ends_with(".expected.yml");
      const bool record = ext == ".yaml" || ext == ".yml" || ext == ".json" || ext == ".jsonl" || ext == ".ndjson";
      if (it->is_regular_file(ec) && record && !expected) found.push_back(it->path().string());
    }
    if (ec) throw CommandError(path + ": cannot read the folder: " + ec.message());
    std::sort(found.begin(), found.end());
    out.insert(out.end(), found.begin(), found.end());
  }
  return out;
}

void add_input_format_option(CLI::App* cmd) {
  cmd->add_option_function<std::string>(
         "--format",
         [](const std::string& name) { record::set_standard_input_format(*record::record_format_named(name)); },
         "Format of records on standard input: yaml, json (one record or an array) or jsonl (one per line);\n"
         "default: told by the first byte that is not blank ([ is JSON, { is JSON Lines). A file's name says\n"
         "its own format (.json, .jsonl, .ndjson; anything else is YAML)")
      ->check(CLI::IsMember({"yaml", "json", "jsonl", "ndjson"}));
}

}  // namespace conquian::cli
