#include "cli/command_error.h"

#include <fmt/core.h>

#include "record/input_error.h"
#include "record/json_text.h"

namespace conquian::cli {

int report_error(const std::string& command, bool json, const std::string& message, nlohmann::json where, int status) {
  fmt::print(stderr, "conquian{}{}: {}\n", command.empty() ? "" : " ", command, message);
  if (json) {
    where["command"] = command;
    where["message"] = message;
    where["status"] = status;
    // The message may quote a file name or an argument as given, which need not be UTF-8: such
    // bytes are written as U+FFFD (nlohmann's dump would throw, and the error be lost).
    fmt::print("{}\n", record::json_dump(nlohmann::json{{"error", where}}));
  }
  return status;
}

std::shared_ptr<const Ruleset> ruleset_option(const std::string& name_or_path, const std::string& option) {
  try {
    return load_ruleset(name_or_path);
  } catch (const record::InputError& e) {
    if (e.file() != name_or_path || e.mark().line != 0) throw;
    throw CommandError(option + " " + name_or_path + ": " + e.reason());
  }
}

}  // namespace conquian::cli
