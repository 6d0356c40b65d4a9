// A file a command writes (`--out F`, `--report DIR`'s files, `--html F`): standard output for
// "" or "-", else F, opened for writing. One home for the opening and for the check at the end
// that every write went through (a full disk is an error, exit 2, not a short file and exit 0).
#pragma once

#include <cstdio>
#include <string>
#include <string_view>

namespace conquian::cli {

class OutputFile {
 public:
  // Throws CommandError "OPTION F: cannot write: REASON" (OPTION: the option that named F).
  explicit OutputFile(const std::string& path, std::string option = "--out");
  ~OutputFile();
  OutputFile(const OutputFile&) = delete;
  OutputFile& operator=(const OutputFile&) = delete;

  std::FILE* get() const { return file_; }
  // Flushes and closes; throws CommandError when a write failed.
  void finish();

 private:
  std::string path_;
  std::string option_;
  std::FILE* file_ = stdout;
};

// Makes the folder `--report DIR` names (and its parents); throws CommandError
// "--report DIR: cannot make the folder: REASON". Called before the work, not after it.
void make_report_folder(const std::string& dir);

// Writes `text` as the whole of `path` ("-": standard output), with OutputFile's errors.
void write_text_file(const std::string& path, std::string_view text, const std::string& option);

}  // namespace conquian::cli
