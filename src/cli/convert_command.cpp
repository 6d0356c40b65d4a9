// `conquian convert FILE... --to yaml|jsonl [--out F]`: records from any of the formats
// (YAML, JSON, JSON Lines) written in one, without loss: every key of every record, seals
// and match documents included (specs/record-format.md "JSON"). Comments and layout are not
// records and are not kept. A document that cannot be read as a record is named on standard
// error and left out (exit status 2), so that nothing is converted into something else.
#include <fmt/core.h>

#include <cstdio>
#include <string>
#include <vector>

#include "cli/command_error.h"
#include "cli/commands.h"
#include "cli/input_files.h"
#include "cli/output_file.h"
#include "record/record_json_writer.h"
#include "record/record_reader.h"
#include "record/record_writer.h"

namespace conquian::cli {
namespace {

struct ConvertOptions {
  std::vector<std::string> files;
  std::string to;
  std::string out;
  int threads = 0;  // 0: one per core
};

int run_convert(const ConvertOptions& opt) {
  const std::vector<std::string> files = expand_inputs(opt.files);
  for (const auto& f : files)
    refuse_if(!opt.out.empty() && opt.out != "-" && f == opt.out, fmt::format("--out {}: is also an input", opt.out));
  OutputFile output(opt.out);
  std::FILE* out = output.get();
  const bool jsonl = opt.to == "jsonl";
  bool first = true;
  int unreadable = 0;
  const auto write = [&](const std::string& text) {
    if (jsonl) {
      std::fputs(text.c_str(), out);
      std::fputc('\n', out);
    } else {
      if (!first) std::fputs("---\n", out);
      std::fputs(text.c_str(), out);
    }
    first = false;
  };
  for (const auto& file : files) {
    // Read on the threads, given here in file order (record/found_document.h).
    record::read_record_file(
        file,
        [&](record::ReadItem&& item) {
          if (item.error) {
            ++unreadable;
            fmt::print(stderr, "conquian convert: {} (not converted)\n", item.error->message);
          } else if (item.match) {
            write(jsonl ? record::write_match_header_json(*item.match) : record::write_match_header(*item.match));
          } else {
            write(jsonl ? record::write_record_json(*item.record) : record::write_record(*item.record));
          }
        },
        {}, opt.threads);
  }
  output.finish();
  return unreadable > 0 ? kExitUnusable : kExitOk;
}

}  // namespace

void register_convert(CLI::App& app, Runner& run) {
  static ConvertOptions opt;
  auto* cmd = app.add_subcommand("convert",
                                 "Write game records in another format without loss. YAML documents or JSON Lines "
                                 "(one record a line); seals and match documents are kept.\n\n"
                                 "Exit status: 0 all converted; 2 unusable input, or a document could not be read "
                                 "(named, and left out).");
  cmd->add_option("FILE", opt.files,
                  "Record files (YAML, .json, .jsonl); - is standard input, a folder its record files")
      ->required();
  cmd->add_option("--to", opt.to, "yaml or jsonl")->required()->check(CLI::IsMember({"yaml", "jsonl"}));
  cmd->add_option("--out,-o", opt.out, "Write here (default: standard output)");
  cmd->add_option("--threads", opt.threads, "Threads (default: one per core); the output does not depend on it")
      ->check(CLI::Range(1, 1024));
  add_input_format_option(cmd);
  cmd->callback([&run] { run = [] { return run_convert(opt); }; });
}

}  // namespace conquian::cli
