// Where people put their records: files, "-" for standard input, and folders, which stand for
// every record file under them (*.yaml, *.yml, *.json, *.jsonl, *.ndjson), recursively, in
// name order, leaving out the corpus's X.expected.yml verdict files. The one walk of a folder
// of records: `conquian check DIR` (cli/input_files.h) and conquian.check(DIR) in Python.
#pragma once

#include <string>
#include <vector>

namespace conquian::record {

// Each of `given` as it is, except that a folder is replaced by its record files. Throws
// InputError naming a folder that cannot be read; a missing file stays (its reader says why).
std::vector<std::string> record_files(const std::vector<std::string>& given);

}  // namespace conquian::record
