#include "cli/input_files.h"

#include "cli/command_error.h"
#include "record/input_error.h"
#include "record/record_files.h"
#include "record/record_reader.h"

namespace conquian::cli {

std::vector<std::string> expand_inputs(const std::vector<std::string>& given) {
  try {
    return record::record_files(given);
  } catch (const record::InputError& e) { throw CommandError(e.what()); }
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
