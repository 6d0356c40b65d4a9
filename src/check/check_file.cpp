#include "check/check_file.h"

#include "check/check_record.h"

#include <algorithm>
#include <functional>
#include <memory>
#include <span>
#include <vector>

#include "base/parallel_for.h"
#include "check/file_steps.h"
#include "check/json_lines_blocks.h"
#include "check/match_check.h"
#include "record/document_order.h"
#include "record/document_reader.h"
#include "record/input_error.h"
#include "record/record_reader.h"

namespace conquian::check {
namespace {

using namespace file_steps;

// Documents judged at once: enough to keep every thread busy, few enough to keep memory
// bounded on a file of any size, and the records read still in the cache when judged (a
// record is about 10 KB; with 64 a thread, taking a JSON Lines file's documents a chunk at a
// time cost a fifth more CPU than one at a time on one thread).
std::size_t batch_size(int threads) { return threads <= 1 ? 1 : 32 * static_cast<std::size_t>(threads); }

// A file whose documents all come in one chunk, fewer than this many for each thread, is read
// and judged on one thread: starting and waking the others costs about what they would give
// (a document is some 60 microseconds of parsing and judging), and one thread then does the
// very work `--threads 1` does. Every file of the corpus is such a file (at most 23 documents).
constexpr std::size_t kSmallFileDocumentsPerThread = 16;

// The readers of a file, one for each thread that reads, made when first asked.
class Readers {
 public:
  Readers(const std::string& name, int threads) : name_(name), readers_(static_cast<std::size_t>(threads)) {}
  record::DocumentReader& operator[](int worker) {
    auto& reader = readers_[static_cast<std::size_t>(worker)];
    if (!reader) reader = std::make_unique<record::DocumentReader>(name_, limits_);
    return *reader;
  }

 private:
  const std::string name_;
  const record::ReadLimits limits_;
  std::vector<std::unique_ptr<record::DocumentReader>> readers_;
};

using Split = std::function<record::RecordFormat(const record::DocumentChunkSink&, const record::RecordSink&)>;

// The documents `split` cuts, read and judged. The threads read a chunk's documents a batch
// at a time, and judge the games of the batch before in the same pass; the documents are
// taken in file order between passes, as one thread takes them: what a document means can
// hang on the ones before it (a match and its deals), and a document that broke alone is read
// again there (record/document_order.h).
class FileJudge {
 public:
  FileJudge(const std::string& name, const CheckedSink& sink, const CheckFileOptions& options)
      : sink_(sink),
        options_(options),
        cache_(options.cache ? *options.cache : own_cache_),
        threads_(options.threads > 0 ? options.threads : default_threads()),
        shares_(std::max(options.shares, 1)),
        readers_(name, threads_),
        order_(name, limits_, take_) {
    parts_.matches = options.under.empty();
  }

  void run(const Split& split) {
    const record::RecordFormat format =
        split([this](std::span<const record::FoundDocument> docs, bool last) { return chunk(docs, last); },
              [this](record::ReadItem&& item) { order_.direct(std::move(item)); });
    order_.finish(format);
    give(judged_, sink_);
    finish(st_, threads_, options_, sink_);
  }

 private:
  // One document taken in file order: its steps prepared, and judged once a batch is full
  // (unless the threads' next pass judges them).
  void take(record::ReadItem&& item) {
    const std::size_t part = parts_.next(item.match.has_value());
    const std::size_t before = st_.steps.size();
    prepare(std::move(item), options_, cache_, st_);
    if (!mine(part)) {
      // Another process's part: read (the match that follows must be known) but not judged.
      st_.steps.erase(st_.steps.begin() + static_cast<std::ptrdiff_t>(before), st_.steps.end());
      return;
    }
    for (std::size_t i = before; i < st_.steps.size(); ++i) st_.steps[i].game.part = part;
    if (!in_pass_ && st_.steps.size() >= batch_size(pass_threads_)) {
      give(judged_, sink_);
      finish(st_, pass_threads_, options_, sink_);
    }
  }
  bool mine(std::size_t part) const {
    return part % static_cast<std::size_t>(shares_) == static_cast<std::size_t>(options_.share);
  }

  // Whether every process reads `found`, judging or not: all but single documents that cannot
  // be match documents, which only the process whose part they are reads.
  bool read_by_all(const record::FoundDocument& found) const {
    return shares_ == 1 || !found.single || (parts_.matches && record::may_be_match_document(found));
  }

  bool chunk(std::span<const record::FoundDocument> chunk, bool last) {
    if (first_chunk_) {
      // A file too small to split: one thread, each game judged as it is read.
      const bool small = last && chunk.size() < kSmallFileDocumentsPerThread * static_cast<std::size_t>(threads_);
      pass_threads_ = small ? 1 : threads_;
      first_chunk_ = false;
    }
    const std::size_t batch = batch_size(pass_threads_);
    for (std::size_t from = 0; from < chunk.size(); from += batch)
      if (!pass(chunk.subspan(from, std::min(batch, chunk.size() - from)))) return false;
    // The chunk's text lives until this returns: its last batch is taken now (beside the
    // judging of the one before).
    return !pipelined() || pipelined_pass({});
  }

  // Whether the passes overlap the in-order work with the threads' (pipelined_pass): with
  // threads to overlap, and when every document is read by this process.
  bool pipelined() const { return pass_threads_ > 1 && shares_ == 1; }

  // One batch read on the threads beside the judging of the games taken one pass before,
  // while the caller's thread gives the verdicts judged one pass before and takes the batch
  // read one pass before, in file order. Taking and giving are the work one thread must do
  // in order; done between passes, as pass() does, the other threads waited for them at
  // every pass (a JSON Lines check, where reading and judging are cheap, spent about a sixth
  // of its time there on the caller's thread alone).
  bool pipelined_pass(std::span<const record::FoundDocument> docs) {
    std::swap(reads_, taking_reads_);
    reads_.clear();
    reads_.resize(docs.size());
    judging_ = std::move(st_.steps);
    st_.steps.clear();
    bool more = true;
    bool in_order_done = false;
    const auto in_order = [&] {
      in_order_done = true;
      give(judged_, sink_);
      for (std::size_t i = 0; i < taking_docs_.size() && more; ++i)
        more = order_.take(taking_docs_[i], std::move(taking_reads_[i]));
    };
    const std::size_t judged = judging_.size();
    in_pass_ = true;
    parallel_for(judged + docs.size(), pass_threads_, [&](std::size_t i, int worker) {
      if (worker == 0 && !in_order_done) in_order();
      if (i < judged) judge_step(judging_[i], options_);
      else readers_[worker].read(docs[i - judged], reads_[i - judged]);
    });
    if (!in_order_done) in_order();
    in_pass_ = false;
    judged_ = std::move(judging_);
    judging_.clear();
    taking_docs_ = docs;
    return more;
  }

  // One batch of documents: read on the threads beside the judging of the games taken
  // before (a pass, and the wait for its slowest thread, is the cost), then taken in order.
  bool pass(std::span<const record::FoundDocument> docs) {
    if (pipelined()) return pipelined_pass(docs);
    reads_.resize(docs.size());
    wanted_.resize(docs.size());
    for (std::size_t i = 0; i < docs.size(); ++i) wanted_[i] = read_by_all(docs[i]) ? kRead : kUnread;
    judging_ = std::move(st_.steps);
    st_.steps.clear();
    read_and_judge(docs, kRead, judging_.size());
    give(judging_, sink_);
    if (shares_ > 1) read_my_parts(docs);
    in_pass_ = pass_threads_ > 1;
    bool more = true;
    for (std::size_t i = 0; i < docs.size() && more; ++i) {
      if (wanted_[i] == kUnread) {
        parts_.next(false);
        order_.pass(docs[i]);
      } else {
        more = order_.take(docs[i], std::move(reads_[i]));
      }
    }
    in_pass_ = false;
    return more;
  }

  // The documents marked `which` read, and the steps `judging_[0, judged)` judged, on the threads.
  void read_and_judge(std::span<const record::FoundDocument> docs, char which, std::size_t judged) {
    todo_.clear();
    for (std::size_t i = 0; i < docs.size(); ++i)
      if (wanted_[i] == which) todo_.push_back(i);
    parallel_for(judged + todo_.size(), pass_threads_, [&](std::size_t i, int worker) {
      if (i < judged) judge_step(judging_[i], options_);
      else readers_[worker].read(docs[todo_[i - judged]], reads_[todo_[i - judged]]);
    });
    for (const std::size_t i : todo_) wanted_[i] = kRead;
  }

  // Under MPI: of the documents that only their part's process reads, this one's, known by the
  // parts that the documents before them make, read in a second pass.
  void read_my_parts(std::span<const record::FoundDocument> docs) {
    PartCounter parts = parts_;
    for (std::size_t i = 0; i < docs.size(); ++i) {
      if (wanted_[i] == kUnread) {
        if (mine(parts.next(false))) wanted_[i] = kMine;
        continue;
      }
      if (reads_[i].in_order) break;  // read again in file order: the file ends there
      for (const record::ReadItem& item : reads_[i].items) parts.next(item.match.has_value());
    }
    read_and_judge(docs, kMine, 0);
  }

  static constexpr char kUnread = 0, kRead = 1, kMine = 2;

  RulesetCache own_cache_;
  const CheckedSink& sink_;
  const CheckFileOptions& options_;
  RulesetCache& cache_;
  const int threads_;
  const int shares_;
  const record::ReadLimits limits_;
  Readers readers_;
  const record::RecordSink take_ = [this](record::ReadItem&& item) { take(std::move(item)); };
  record::DocumentOrder order_;
  FileState st_;
  PartCounter parts_;
  int pass_threads_ = threads_;  // the threads of this file's passes
  bool first_chunk_ = true;
  bool in_pass_ = false;  // taking a batch's documents: their games are judged in the next pass
  std::vector<record::DocumentRead> reads_;
  std::vector<char> wanted_;  // each document of the batch: kUnread, kRead or kMine
  std::vector<std::size_t> todo_;
  std::vector<Step> judging_;
  // The pipelined passes': the steps judged in the pass before, to give; the batch read in
  // the pass before, to take.
  std::vector<Step> judged_;
  std::span<const record::FoundDocument> taking_docs_;
  std::vector<record::DocumentRead> taking_reads_;
};

CheckedSink verdicts_only(const VerdictSink& sink) {
  return [&sink](CheckedGame&& g) { sink(std::move(g.verdict)); };
}

}  // namespace

void check_file(const std::string& path, const VerdictSink& sink, const CheckFileOptions& options) {
  CheckFileOptions how = options;
  how.keep_records = false;
  check_file_keeping(path, verdicts_only(sink), how);
}

void check_file_keeping(const std::string& path, const CheckedSink& sink, const CheckFileOptions& options) {
  if (check_json_lines_in_blocks(path, sink, options)) return;
  const std::string& name = path == "-" ? record::kStdinName : path;
  FileJudge(name, sink, options).run([&](const record::DocumentChunkSink& chunks, const record::RecordSink& each) {
    return record::split_record_file(path, chunks, each);
  });
}

void check_text(std::string_view text, const std::string& name, const VerdictSink& sink,
                const CheckFileOptions& options, record::RecordFormat format) {
  CheckFileOptions how = options;
  how.keep_records = false;
  check_text_keeping(text, name, verdicts_only(sink), how, format);
}

void check_text_keeping(std::string_view text, const std::string& name, const CheckedSink& sink,
                        const CheckFileOptions& options, record::RecordFormat format) {
  FileJudge(name, sink, options).run([&](const record::DocumentChunkSink& chunks, const record::RecordSink& each) {
    return record::split_record_text(text, name, chunks, each, {}, format);
  });
}

}  // namespace conquian::check
