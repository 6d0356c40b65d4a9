#include "check/check_file.h"

#include "check/check_record.h"

#include <algorithm>
#include <functional>
#include <memory>
#include <span>
#include <vector>

#include "base/parallel_for.h"
#include "check/match_check.h"
#include "record/document_order.h"
#include "record/document_reader.h"
#include "record/input_error.h"
#include "record/record_reader.h"

namespace conquian::check {
namespace {

GameVerdict malformed(const record::RecordError& e) {
  GameVerdict v;
  v.judgement = Judgement::Malformed;
  v.file = e.file;
  v.index = e.index;
  // A file that cannot be parsed at all is one game named by the file (specs/check-output.md).
  v.id = e.index == 0 ? e.file : !e.id.empty() ? e.id : e.file + ":" + std::to_string(e.index);
  v.message = e.message;
  v.mark = e.mark;
  return v;
}

// The ruleset a record or a match document names (a name or path, read beside the file),
// or writes inline; throws record::InputError naming why it cannot be loaded.
std::shared_ptr<const Ruleset> named_ruleset(RulesetCache& cache, const std::string& name,
                                             const std::string& inline_text, const std::string& file,
                                             record::Mark mark) {
  if (!inline_text.empty()) return cache.get_inline(inline_text, file, mark.line);
  return cache.get(name, file);
}

// Where a ruleset's fault stands: an inline ruleset's own line, else the `ruleset:` value.
record::Mark fault_mark(const record::InputError& e, const std::string& inline_text, const std::string& file,
                        record::Mark at) {
  return !inline_text.empty() && e.file() == file && e.mark().line != 0 ? e.mark() : at;
}

std::string ruleset_words(const std::string& name, const std::string& inline_text) {
  return inline_text.empty() ? "ruleset '" + name + "'" : "the inline ruleset";
}

// One verdict to give, in file order: ready, or waiting for check_record (the one costly
// part, run on any thread); then, in order again, the match it is a deal of is told.
struct Step {
  CheckedGame game;  // the verdict when ready; else the record and the ruleset to judge it under
  bool judge = false;
  std::shared_ptr<MatchCheck> match;  // the match of a deal (or of a document that is no record)
};

// What the reader's sink keeps from one document to the next: the match that the deals
// after a `match:` document belong to (specs/record-format.md, "Matches"), and the steps
// not yet given.
struct FileState {
  std::shared_ptr<MatchCheck> match;
  std::vector<Step> steps;
};

Step ready(GameVerdict&& v) { return Step{{std::move(v), nullptr, nullptr, 0, false}, false, nullptr}; }

void start_match(const record::MatchHeader& h, RulesetCache& cache, FileState& st) {
  std::shared_ptr<const Ruleset> rules;
  try {
    rules = named_ruleset(cache, h.ruleset, h.ruleset_inline, h.file, h.ruleset_mark);
  } catch (const record::InputError& e) {
    std::string why = ruleset_words(h.ruleset, h.ruleset_inline) + ": " + e.reason();
    st.match = std::make_shared<MatchCheck>(h, why);
    st.steps.push_back(ready(
        malformed({h.file, h.index, h.display_id(), fault_mark(e, h.ruleset_inline, h.file, h.ruleset_mark), why})));
    return;
  }
  const MatchTerms terms = match_terms(h, *rules);
  if (!terms.problem.empty()) {
    st.match = std::make_shared<MatchCheck>(h, terms.problem);
    st.steps.push_back(ready(malformed({h.file, h.index, h.display_id(), h.mark, terms.problem})));
    return;
  }
  st.match = std::make_shared<MatchCheck>(h, std::move(rules), terms.target, terms.stake);
}

// One document into its steps (in order; nothing judged yet).
void prepare(record::ReadItem&& item, const CheckFileOptions& options, RulesetCache& cache, FileState& st) {
  if (item.match) {
    if (options.under.empty()) start_match(*item.match, cache, st);
    return;
  }
  if (item.error) {
    Step step = ready(malformed(*item.error));
    step.game.ends_file = item.error->ends_file;
    if (options.under.empty()) step.match = st.match;
    st.steps.push_back(std::move(step));
    return;
  }
  auto rec = std::make_shared<const record::GameRecord>(std::move(*item.record));
  if (!options.under.empty()) {
    for (const auto& rules : options.under) st.steps.push_back(Step{{{}, rec, rules, 0, false}, true, nullptr});
    return;
  }
  const bool named = !rec->ruleset.empty() || !rec->ruleset_inline.empty();
  if (st.match) {
    const MatchCheck& m = *st.match;
    Step step;
    if (named)
      step =
          ready(malformed({rec->file, rec->index, rec->display_id(), rec->ruleset_mark,
                           "a deal of match '" + m.id() + "' is played under the match's ruleset, so it names none"}));
    else if (!m.unusable().empty())
      step = ready(malformed({rec->file, rec->index, rec->display_id(), rec->mark,
                              "match '" + m.id() + "' cannot be checked: " + m.unusable()}));
    else step = Step{{{}, rec, m.rules(), 0, false}, true, nullptr};
    step.match = st.match;
    st.steps.push_back(std::move(step));
    return;
  }
  if (!named) {
    st.steps.push_back(ready(malformed({rec->file, rec->index, rec->display_id(), rec->mark,
                                        "the record has no 'ruleset' (the ruleset the game was played under)"})));
    return;
  }
  std::shared_ptr<const Ruleset> rules;
  try {
    rules = named_ruleset(cache, rec->ruleset, rec->ruleset_inline, rec->file, rec->ruleset_mark);
  } catch (const record::InputError& e) {
    st.steps.push_back(ready(malformed({rec->file, rec->index, rec->display_id(),
                                        fault_mark(e, rec->ruleset_inline, rec->file, rec->ruleset_mark),
                                        ruleset_words(rec->ruleset, rec->ruleset_inline) + ": " + e.reason()})));
    return;
  }
  st.steps.push_back(Step{{{}, rec, std::move(rules), 0, false}, true, nullptr});
}

// One step's game judged (check_record, the one costly part), on any thread.
void judge_step(Step& s, const CheckFileOptions& options) {
  if (!s.judge) return;
  s.game.verdict =
      options.judge ? options.judge(*s.game.record, *s.game.rules) : check_record(*s.game.record, *s.game.rules);
  // A deal of a match is told to its match, in order, with its record (give()).
  if (!options.keep_records && !s.match) {
    s.game.record = nullptr;
    s.game.rules = nullptr;
  }
}

// Judged steps given in file order, each deal of a match told to its match first.
void give(std::vector<Step>& steps, const CheckedSink& sink) {
  for (Step& s : steps) {
    if (s.match) {
      GameVerdict& v = s.game.verdict;
      if (s.judge && v.judgement != Judgement::Malformed) {
        s.match->add_deal(*s.game.record, v);
      } else {
        s.match->add_malformed(v);
        s.game.record = nullptr;
        s.game.rules = nullptr;
      }
    }
    sink(std::move(s.game));
  }
  steps.clear();
}

// The steps so far: judged on `threads` threads, then given in file order (the same
// verdicts, in the same order, whatever the number of threads).
void finish(FileState& st, int threads, const CheckFileOptions& options, const CheckedSink& sink) {
  std::vector<Step>& steps = st.steps;
  parallel_for(steps.size(), threads, [&steps, &options](std::size_t i) { judge_step(steps[i], options); });
  give(steps, sink);
}

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

// Which part of the file a document belongs to (CheckedGame::part): each document is one,
// except that a match document and the documents after it, up to the next, are one.
struct PartCounter {
  bool matches = true;  // false: every game is judged under rulesets given, and no match is followed
  bool in_match = false;
  bool first = true;
  std::size_t part = 0;
  std::size_t next(bool is_match) {
    if (!first && !(matches && in_match && !is_match)) ++part;
    first = false;
    if (is_match && matches) in_match = true;
    return part;
  }
};

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
