#include "record/record_files.h"

#include <algorithm>
#include <filesystem>

#include "record/input_error.h"

namespace conquian::record {

std::vector<std::string> record_files(const std::vector<std::string>& given) {
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
    if (ec) throw InputError(path, {}, "cannot read the folder: " + ec.message());
    std::sort(found.begin(), found.end());
    out.insert(out.end(), found.begin(), found.end());
  }
  return out;
}

}  // namespace conquian::record
