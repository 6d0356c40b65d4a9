#include "check/json_lines_blocks.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <exception>
#include <limits>
#include <memory>
#include <mutex>
#include <utility>
#include <vector>

#include "base/parallel_for.h"
#include "check/file_steps.h"
#include "record/document_order.h"
#include "record/document_reader.h"
#include "record/input_error.h"
#include "record/json_line_block.h"
#include "record/json_lines.h"
#include "record/record_reader.h"

namespace conquian::check {
namespace {

using namespace file_steps;

// A block's bytes: some 30 records of a simulated deal. A block's records are held until it
// is given, and a smaller block keeps them in the cache and out of fresh pages: with 1 MiB
// blocks two threads took 10,600 page faults and 0.32 s on 20,000 deals, with 256 KiB 4,000
// and 0.26 s, with 64 KiB 2,100 (one thread's count) and 0.24 s; 16 KiB was no better.
constexpr std::size_t kBlockBytes = std::size_t{64} << 10;

// A verdict judged ahead of file order, under the ruleset the game most likely has.
struct Guess {
  std::shared_ptr<const Ruleset> rules;
  GameVerdict verdict;
  std::exception_ptr error;  // what judging threw: thrown if the guess is taken
};

// A block in flight: read, parsed and judged by one thread, then given in file order.
struct Slot {
  record::LineBlock block;
  std::vector<record::DocumentRead> reads;
  std::vector<std::vector<Guess>> guesses;  // each line's
  // Each line's record, moved out of its read by the thread that read it (made()).
  std::vector<std::shared_ptr<const record::GameRecord>> records;
  // Under the judge's lock:
  bool counted = false;          // its line breaks are known
  bool ready = false;            // read and judged: to give
  std::uint32_t first_line = 0;  // the file's line (0-based) its first line is
  int documents_before = 0;      // the documents of the blocks before it
};

class BlockJudge {
 public:
  BlockJudge(int fd, const std::string& name, const CheckedSink& sink, const CheckFileOptions& options, int threads)
      : fd_(fd),
        name_(name),
        sink_(sink),
        options_(options),
        cache_(options.cache ? *options.cache : own_cache_),
        threads_(threads),
        block_bytes_(options.block_bytes > 0 ? options.block_bytes : kBlockBytes),
        readers_(static_cast<std::size_t>(threads)),
        made_(static_cast<std::size_t>(threads)),
        // A window of blocks in flight keeps memory bounded: some 6 MB a block (its bytes and
        // its records), a block ahead for each thread, and two more so that a thread done
        // with a block need not wait for the slowest one before it to start the next.
        slots_(static_cast<std::size_t>(threads) + 2),
        order_(name_, limits_, take_) {
    parts_.matches = options.under.empty();
  }

  void run() {
    parallel_for(static_cast<std::size_t>(threads_), threads_, [this](std::size_t, int worker) { work(worker); });
    if (failure_) std::rethrow_exception(failure_);
    if (!read_failed_ && order_.documents() == 0) record::json_lines_hold_nothing(name_, take_);
  }

 private:
  Slot& slot(std::size_t block) { return slots_[block % slots_.size()]; }

  void work(int worker) {
    try {
      blocks(worker);
    } catch (...) {
      const std::lock_guard<std::mutex> hold(lock_);
      if (!failure_) failure_ = std::current_exception();
      stopped_ = true;
      changed_.notify_all();
    }
  }

  // Blocks claimed in file order, each read, parsed and judged here, until the file ends.
  void blocks(int worker) {
    auto& reader = readers_[static_cast<std::size_t>(worker)];
    if (!reader) reader = std::make_unique<record::DocumentReader>(name_, limits_);
    for (;;) {
      free_given(made_[static_cast<std::size_t>(worker)]);
      std::size_t k = 0;
      {
        std::unique_lock<std::mutex> hold(lock_);
        changed_.wait(
            hold, [this] { return stopped_ || next_claim_ > last_block_ || next_claim_ < next_give_ + slots_.size(); });
        if (stopped_ || next_claim_ > last_block_) return;
        k = next_claim_++;
        slot(k).counted = false;
        slot(k).ready = false;
      }
      Slot& s = slot(k);
      record::read_line_block(fd_, k * block_bytes_, (k + 1) * block_bytes_, limits_, s.block);
      {
        std::unique_lock<std::mutex> hold(lock_);
        s.counted = true;
        if (s.block.reached_end || s.block.read_failed) last_block_ = std::min(last_block_, k);
        // Each block's first line and first document, as soon as every block before it is cut:
        // its messages name lines, and its games' verdicts their index in the file.
        while (next_counted_ < next_claim_ && slot(next_counted_).counted) {
          Slot& counted = slot(next_counted_);
          counted.first_line = lines_before_;
          counted.documents_before = documents_before_;
          lines_before_ += counted.block.line_breaks;
          documents_before_ += static_cast<int>(counted.block.lines.size());
          ++next_counted_;
        }
        changed_.notify_all();
        changed_.wait(hold, [&] { return stopped_ || next_counted_ > k; });
        if (stopped_) return;
        if (k > last_block_) continue;  // past the file's end, found by a block before it
      }
      const std::size_t n = s.block.lines.size();
      s.reads.resize(n);
      s.guesses.resize(n);
      s.records.resize(n);
      for (std::size_t i = 0; i < n; ++i) {
        s.block.lines[i].line += s.first_line;
        s.block.lines[i].index = s.documents_before + static_cast<int>(i) + 1;
        s.reads[i] = {};
        reader->read(s.block.lines[i], s.reads[i]);
        s.records[i] = made(s.reads[i], made_[static_cast<std::size_t>(worker)]);
        guess(s.reads[i], s.records[i].get(), s.guesses[i]);
      }
      {
        const std::lock_guard<std::mutex> hold(lock_);
        s.ready = true;
      }
      give_ready();
    }
  }

  // A line's record moved out of its read into the record file order will keep, so that the
  // thread that read it, which has its memory in its cache and its allocator's, frees it too:
  // freed by the thread that gives it, the records cost two threads a tenth more CPU time
  // than one. Not when records are kept past their verdicts (the caller frees them then).
  std::shared_ptr<const record::GameRecord> made(record::DocumentRead& read,
                                                 std::deque<std::shared_ptr<const record::GameRecord>>& mine) {
    if (options_.keep_records || read.items.size() != 1 || !read.items[0].record) return nullptr;
    auto rec = std::make_shared<const record::GameRecord>(std::move(*read.items[0].record));
    mine.push_back(rec);
    return rec;
  }

  // The records this thread made that file order has let go of, freed here, oldest first
  // (a match keeps its deals' records until it ends).
  static void free_given(std::deque<std::shared_ptr<const record::GameRecord>>& mine) {
    while (!mine.empty() && mine.front().use_count() == 1) {
      // use_count() is a relaxed load; the fence orders the giver's last use of the record
      // (before its releasing decrement) before the record is freed here.
      std::atomic_thread_fence(std::memory_order_acquire);
      mine.pop_front();
    }
  }

  // The games of `read` judged under the rulesets they most likely have (json_lines_blocks.h).
  void guess(const record::DocumentRead& read, const record::GameRecord* made, std::vector<Guess>& out) {
    out.clear();
    for (const record::ReadItem& item : read.items) {
      if (!item.record) continue;
      const record::GameRecord& rec = made ? *made : *item.record;
      const auto judge = [&](std::shared_ptr<const Ruleset> rules) {
        Guess g;
        try {
          g.verdict = verdict_of(rec, *rules, options_);
        } catch (...) { g.error = std::current_exception(); }
        g.rules = std::move(rules);
        out.push_back(std::move(g));
      };
      if (!options_.under.empty()) {
        for (const auto& rules : options_.under) judge(rules);
      } else if (!rec.ruleset.empty() && rec.ruleset_inline.empty()) {
        std::shared_ptr<const Ruleset> rules;
        try {
          rules = cache_.get(rec.ruleset, rec.file);
        } catch (const record::InputError&) {
          continue;  // malformed in file order, with the reason
        }
        judge(std::move(rules));
      } else if (rec.ruleset.empty() && rec.ruleset_inline.empty()) {
        std::shared_ptr<const Ruleset> rules;
        {
          const std::lock_guard<std::mutex> hold(lock_);
          rules = match_rules_;
        }
        if (rules) judge(std::move(rules));
      }
    }
  }

  bool next_ready() {
    return !stopped_ && next_give_ <= last_block_ && next_give_ < next_claim_ && slot(next_give_).ready;
  }

  // The blocks ready, given in file order by one thread at a time; a thread that finds another
  // giving goes on to its next block, and the giver looks again before it stops.
  void give_ready() {
    for (;;) {
      {
        std::unique_lock<std::mutex> giving(give_lock_, std::try_to_lock);
        if (!giving.owns_lock()) return;
        for (;;) {
          std::size_t k = 0;
          {
            const std::lock_guard<std::mutex> hold(lock_);
            if (!next_ready()) break;
            k = next_give_;
          }
          const bool more = give_block(slot(k));
          {
            const std::lock_guard<std::mutex> hold(lock_);
            slot(k).ready = false;
            ++next_give_;
            if (!more) last_block_ = std::min(last_block_, k);
            changed_.notify_all();
          }
        }
      }
      const std::lock_guard<std::mutex> hold(lock_);
      if (!next_ready()) return;
    }
  }

  // One block's documents taken in file order; false once the file has ended.
  bool give_block(Slot& s) {
    for (std::size_t i = 0; i < s.block.lines.size(); ++i) {
      guesses_ = &s.guesses[i];
      made_record_ = std::move(s.records[i]);
      const bool more = order_.take(s.block.lines[i], std::move(s.reads[i]));
      guesses_ = nullptr;
      made_record_ = nullptr;
      if (!more) return false;
    }
    if (!s.block.read_failed) return true;
    read_failed_ = true;
    record::json_lines_read_failed(name_, s.first_line + s.block.error_line, order_.documents(), s.block.read_errno,
                                   take_);
    return false;
  }

  // One document, in file order: its steps, judged by the guess that holds or here, given.
  void take(record::ReadItem&& item) {
    const std::shared_ptr<MatchCheck> match = st_.match;
    const std::size_t before = st_.steps.size();
    const std::size_t part = parts_.next(item.match.has_value());
    prepare(std::move(item), options_, cache_, st_, item.record ? std::move(made_record_) : nullptr);
    for (std::size_t i = before; i < st_.steps.size(); ++i) {
      Step& step = st_.steps[i];
      step.game.part = part;
      if (step.judge && guesses_ != nullptr) {
        for (Guess& g : *guesses_) {
          if (g.rules != step.game.rules) continue;
          if (g.error) std::rethrow_exception(g.error);
          step.game.verdict = std::move(g.verdict);
          step.judged = true;
          break;
        }
      }
      judge_step(step, options_);
    }
    give(st_.steps, sink_);
    if (st_.match != match) {
      const std::lock_guard<std::mutex> hold(lock_);
      match_rules_ = st_.match && st_.match->unusable().empty() ? st_.match->rules() : nullptr;
    }
  }

  const int fd_;
  const std::string& name_;
  const CheckedSink& sink_;
  const CheckFileOptions& options_;
  RulesetCache own_cache_;
  RulesetCache& cache_;
  const int threads_;
  const std::size_t block_bytes_;
  const record::ReadLimits limits_;
  std::vector<std::unique_ptr<record::DocumentReader>> readers_;
  std::vector<std::deque<std::shared_ptr<const record::GameRecord>>> made_;  // each thread's records (made())
  std::vector<Slot> slots_;
  const record::RecordSink take_ = [this](record::ReadItem&& item) { take(std::move(item)); };
  record::DocumentOrder order_;

  std::mutex lock_;  // guards what follows, and each slot's state
  std::condition_variable changed_;
  std::size_t next_claim_ = 0, next_give_ = 0, next_counted_ = 0;
  std::size_t last_block_ = std::numeric_limits<std::size_t>::max();
  std::uint32_t lines_before_ = 0;  // the line breaks of the blocks before next_counted_
  int documents_before_ = 0;        // and their documents
  bool stopped_ = false;
  std::exception_ptr failure_;
  std::shared_ptr<const Ruleset> match_rules_;  // the ruleset of the match taken last

  std::mutex give_lock_;  // held by the thread that gives; guards what follows
  FileState st_;
  PartCounter parts_;
  std::vector<Guess>* guesses_ = nullptr;                  // the guesses of the document being taken
  std::shared_ptr<const record::GameRecord> made_record_;  // and its record, made where it was read
  bool read_failed_ = false;
};

}  // namespace

bool check_json_lines_in_blocks(const std::string& path, const CheckedSink& sink, const CheckFileOptions& options) {
  const int threads = options.threads > 0 ? options.threads : default_threads();
  if (threads <= 1 || options.shares > 1 || path == "-" ||
      record::record_format_of(path) != record::RecordFormat::JsonLines)
    return false;
  const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) return false;  // the streaming reader says why
  struct Closer {
    int fd;
    ~Closer() { ::close(fd); }
  } closer{fd};
  struct stat st {};
  const std::size_t block = options.block_bytes > 0 ? options.block_bytes : kBlockBytes;
  if (::fstat(fd, &st) != 0 || !S_ISREG(st.st_mode) ||
      static_cast<std::uint64_t>(st.st_size) < 2 * block * static_cast<std::uint64_t>(threads))
    return false;
  BlockJudge(fd, path, sink, options, threads).run();
  return true;
}

}  // namespace conquian::check
