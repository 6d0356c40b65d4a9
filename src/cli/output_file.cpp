#include "cli/output_file.h"

#include <fmt/core.h>

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <system_error>
#include <utility>

#include "cli/command_error.h"

namespace conquian::cli {

OutputFile::OutputFile(const std::string& path, std::string option) : path_(path), option_(std::move(option)) {
  if (path.empty() || path == "-") return;
  file_ = std::fopen(path.c_str(), "w");
  if (!file_) throw CommandError(fmt::format("{} {}: cannot write: {}", option_, path, std::strerror(errno)));
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
    throw CommandError(fmt::format("{}: cannot write: {}", is_stdout ? "standard output" : option_ + " " + path_,
                                   std::strerror(error)));
}

void make_report_folder(const std::string& dir) {
  std::error_code ec;
  std::filesystem::create_directories(dir, ec);
  if (ec) throw CommandError(fmt::format("--report {}: cannot make the folder: {}", dir, ec.message()));
}

void write_text_file(const std::string& path, std::string_view text, const std::string& option) {
  OutputFile out(path, option);
  std::fwrite(text.data(), 1, text.size(), out.get());
  out.finish();
}

}  // namespace conquian::cli
