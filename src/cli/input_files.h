// Where people put their inputs: files, "-" for standard input, and folders, which stand
// for every *.yaml and *.yml file under them (recursively, in name order), leaving out the
// corpus's X.expected.yml verdict files.
#pragma once

#include <string>
#include <vector>

namespace conquian::cli {

std::vector<std::string> expand_inputs(const std::vector<std::string>& given);

}  // namespace conquian::cli
