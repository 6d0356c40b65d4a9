#include "cli/input_files.h"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

#include "cli/command_error.h"
#include "record/input_error.h"
#include "record/record_files.h"
#include "record/record_reader.h"

namespace conquian::cli {

namespace {

// A path that names no file to read is a mistake in the command line (a mistyped name, a
// glob that matched nothing and reached the command as itself), not a game: refused before
// anything is read, with the system's reason.
void refuse_unopenable(const std::string& path) {
  if (path == "-") return;
  const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) throw record::InputError(path, {}, std::string("cannot open: ") + std::strerror(errno));
  ::close(fd);
}

}  // namespace

std::vector<std::string> expand_inputs(const std::vector<std::string>& given) {
  std::vector<std::string> out;
  for (const auto& path : given) {
    std::vector<std::string> found;
    try {
      found = record::record_files({path});
    } catch (const record::InputError& e) { throw CommandError(e.what()); }
    // A folder with no record file under it is a mistyped folder more often than a finished
    // job: "0 games" would pass it.
    if (found.empty())
      throw record::InputError(path, {},
                               "no record file in this folder (a folder stands for every *.yaml, *.yml, *.json, "
                               "*.jsonl and *.ndjson file under it)");
    for (const auto& file : found) refuse_unopenable(file);
    out.insert(out.end(), found.begin(), found.end());
  }
  return out;
}

void add_input_format_option(CLI::App* cmd) {
  cmd->add_option_function<std::string>(
         "--format",
         [](const std::string& name) { record::set_standard_input_format(*record::record_format_named(name)); },
         "Records on standard input: yaml, json or jsonl (default: told by the first byte)")
      ->check(CLI::IsMember({"yaml", "json", "jsonl", "ndjson"}));
}

}  // namespace conquian::cli
