// A command's `--out F`: standard output for "" or "-", else F, opened for writing. One home
// for the opening and for the check at the end that every write went through (a full disk is
// an error, exit 2, not a short file and exit 0).
#pragma once

#include <cstdio>
#include <string>

namespace conquian::cli {

class OutputFile {
 public:
  // Throws CommandError "--out F: cannot write: REASON".
  explicit OutputFile(const std::string& path);
  ~OutputFile();
  OutputFile(const OutputFile&) = delete;
  OutputFile& operator=(const OutputFile&) = delete;

  std::FILE* get() const { return file_; }
  // Flushes and closes; throws CommandError when a write failed.
  void finish();

 private:
  std::string path_;
  std::FILE* file_ = stdout;
};

}  // namespace conquian::cli
