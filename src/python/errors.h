// The module's exceptions, raised from C++ (errors.cpp maps every C++ error to one of them).
#pragma once

#include <stdexcept>
#include <string>

namespace conquian::python {

// A move the engine refuses: check's code (code_name) and sentence, raised as
// conquian.IllegalMove with .code and .reason.
struct IllegalMoveError : std::runtime_error {
  IllegalMoveError(std::string code_, std::string reason_)
      : std::runtime_error(code_ + ": " + reason_), code(std::move(code_)), reason(std::move(reason_)) {}
  std::string code, reason;
};

}  // namespace conquian::python
