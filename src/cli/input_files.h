// Where people put their inputs: files, "-" for standard input, and folders, which stand
// for every record file under them (record/record_files.h, the one walk of a folder).
#pragma once

#include <CLI/CLI.hpp>
#include <string>
#include <vector>

namespace conquian::cli {

std::vector<std::string> expand_inputs(const std::vector<std::string>& given);

// `--format yaml|json|jsonl`: the format of records read from standard input (a file's
// name says its own); by default the first byte that is not blank tells
// (record::set_standard_input_format).
void add_input_format_option(CLI::App* cmd);

}  // namespace conquian::cli
