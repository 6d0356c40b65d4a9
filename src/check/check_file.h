// `conquian check` on one file: every document read in order, each game replayed and judged.
// The one loop behind the command, the corpus test, `diff --games`, the benchmark and the
// fuzz targets.
#pragma once

#include <cstddef>
#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "check/game_verdict.h"
#include "record/record.h"
#include "record/record_reader.h"
#include "replay/ruleset_cache.h"

namespace conquian::check {

// Called with each verdict, in the order of the file: one call at a time, but not always on
// the caller's thread (a thread that judged a game may give it).
using VerdictSink = std::function<void(GameVerdict&&)>;

// A verdict with what was judged: the record and its ruleset (both null when the document
// was no record or its ruleset could not be loaded). `analyse` goes on with legal ones.
struct CheckedGame {
  GameVerdict verdict;
  std::shared_ptr<const record::GameRecord> record;
  std::shared_ptr<const Ruleset> rules;
  // The part of the file the verdict belongs to, counted from 0 in file order: each document
  // is a part, except that a match document and the deals after it are one.
  std::size_t part = 0;
  // A malformed document past which the file is not read (broken text): under MPI, what
  // other processes judged of the parts after it is left out (cli/check_command.cpp).
  bool ends_file = false;
};
using CheckedSink = std::function<void(CheckedGame&&)>;

struct CheckFileOptions {
  // Where the rulesets the records name are loaded (and kept for the next file); null: a
  // cache for this call only.
  RulesetCache* cache = nullptr;
  // Judge every game under each of these, in order, instead of the ruleset it names: one
  // verdict per ruleset for each game (a document that is no record still gets one).
  std::vector<std::shared_ptr<const Ruleset>> under;
  // Threads that read and judge the documents of a file (0: one per core, default_threads()).
  // The verdicts come in file order, the same whatever the number: the file is cut into its
  // documents (record/found_document.h), a batch of them is read on the threads beside the
  // judging of the batch before, and they are taken in file order between passes, so memory
  // stays bounded on a stream. A file too small to split (one chunk of fewer than 16
  // documents a thread) is read and judged on one thread.
  int threads = 1;
  // How one game is judged: check_record when empty. Tests give one that throws, to show
  // that an exception on a worker thread reaches the caller.
  std::function<GameVerdict(const record::GameRecord&, const Ruleset&)> judge = nullptr;
  // The share of the file this process judges: the parts whose number is `share` modulo
  // `shares` (under mpirun, rank r of K judges share r of K). The other parts get no verdict,
  // and are not read either, unless they may be match documents (whose deals must be told
  // from games of their own) or their stretch of YAML holds more than one document.
  int share = 0, shares = 1;
  // Whether the sink gets each record and its ruleset with the verdict. When not, a record is
  // freed on the thread that judged it, as soon as it is judged: freed by the caller's
  // thread, the records the others read left their malloc caches empty, and two threads
  // spent about a fifth more CPU (perf). check_file and check_text keep none.
  bool keep_records = true;
  // A JSON Lines file of some blocks a thread is read, parsed and judged a block at a time,
  // each block by one thread (json_lines_blocks.h): the bytes of a block, 0 for 64 KiB. Tests
  // make it small, so that lines straddle every block's end.
  std::size_t block_bytes = 0;
};

// Every document of the record file at `path`: a game gets its verdict (check_record); a
// document that is no record, or a game whose ruleset cannot be loaded, is Malformed; a file
// that cannot be read at all is one Malformed verdict with index 0.
void check_file(const std::string& path, const VerdictSink& sink, const CheckFileOptions& options = {});
// The same, keeping each record with its verdict.
void check_file_keeping(const std::string& path, const CheckedSink& sink, const CheckFileOptions& options = {});
// The same for record text in memory; `name` stands for the file in messages.
void check_text(std::string_view text, const std::string& name, const VerdictSink& sink,
                const CheckFileOptions& options = {}, record::RecordFormat format = record::RecordFormat::Yaml);
// The same, keeping each record with its verdict.
void check_text_keeping(std::string_view text, const std::string& name, const CheckedSink& sink,
                        const CheckFileOptions& options = {}, record::RecordFormat format = record::RecordFormat::Yaml);

}  // namespace conquian::check
