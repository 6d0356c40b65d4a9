#include "record/input_error.h"

namespace conquian::record {
namespace {

std::string where_text(const std::string& file, Mark mark) {
  if (mark.line == 0) return file;
  return file + ":" + std::to_string(mark.line) + ":" + std::to_string(mark.column);
}

}  // namespace

InputError::InputError(std::string file, Mark mark, const std::string& reason)
    : std::runtime_error(where_text(file, mark) + ": " + reason),
      file_(std::move(file)),
      mark_(mark),
      reason_(reason) {}

}  // namespace conquian::record
