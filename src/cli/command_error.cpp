#include "cli/command_error.h"

#include "record/input_error.h"

namespace conquian::cli {

std::shared_ptr<const Ruleset> ruleset_option(const std::string& name_or_path, const std::string& option) {
  try {
    return load_ruleset(name_or_path);
  } catch (const record::InputError& e) {
    if (e.file() != name_or_path || e.mark().line != 0) throw;
    throw CommandError(option + " " + name_or_path + ": " + e.reason());
  }
}

}  // namespace conquian::cli
