// A request the board's API refuses: the HTTP status and one sentence saying why, in the
// project's words (specs/serve.md lists them).
#pragma once

#include <stdexcept>
#include <string>

namespace conquian::http {

struct ApiError : std::runtime_error {
  ApiError(int status_, const std::string& sentence) : std::runtime_error(sentence), status(status_) {}
  int status;
};

}  // namespace conquian::http
