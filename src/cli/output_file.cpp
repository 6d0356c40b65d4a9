#include "cli/output_file.h"

#include <fmt/core.h>

#include <cerrno>
#include <cstring>

#include "cli/command_error.h"

namespace conquian::cli {

OutputFile::OutputFile(const std::string& path) : path_(path) {
  if (path.empty() || path == "-") return;
  file_ = std::fopen(path.c_str(), "w");
  if (!file_) throw CommandError(fmt::format("--out {}: cannot write: {}", path, std::strerror(errno)));
}

OutputFile::~OutputFile() {
  if (file_ && file_ != stdout) std::fclose(file_);
}

void OutputFile::finish() {
  const bool is_stdout = file_ == stdout;
  bool written = std::fflush(file_) == 0 && !std::ferror(file_);
  int error = written ? 0 : errno;
  if (!is_stdout) {
    if (std::fclose(file_) != 0 && written) written = false, error = errno;
    file_ = nullptr;
  }
  if (!written)
    throw CommandError(
        fmt::format("{}: cannot write: {}", is_stdout ? "standard output" : "--out " + path_, std::strerror(error)));
}

}  // namespace conquian::cli
