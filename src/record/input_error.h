// Where something stands in an input file, and the error that names it: every reader,
// loader and checker of input reports through these (file, line, reason; exit status 2).
// No YAML here, so that the layers above can throw and catch input errors without
// yaml-cpp's headers.
#pragma once

#include <cstdint>
#include <stdexcept>
#include <string>

namespace conquian::record {

// Where something stands in its file, for error messages (1-based, 0 = unknown).
struct Mark {
  std::uint32_t line = 0;
  std::uint32_t column = 0;
};

// An input error: file, place and reason. `what()` is the whole sentence.
class InputError : public std::runtime_error {
 public:
  InputError(std::string file, Mark mark, const std::string& reason);
  const std::string& file() const { return file_; }
  Mark mark() const { return mark_; }
  const std::string& reason() const { return reason_; }

 private:
  std::string file_;
  Mark mark_;
  std::string reason_;
};

}  // namespace conquian::record
