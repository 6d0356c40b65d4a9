#include "check/check_file.h"

#include "check/check_record.h"

#include <algorithm>
#include <functional>
#include <memory>
#include <span>
#include <vector>

#include "base/parallel_for.h"
#include "check/match_check.h"
#include "record/input_error.h"
#include "record/json_record_reader.h"
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

Step ready(GameVerdict&& v) { return Step{{std::move(v), nullptr, nullptr, 0}, false, nullptr}; }

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
    if (options.under.empty()) step.match = st.match;
    st.steps.push_back(std::move(step));
    return;
  }
  auto rec = std::make_shared<const record::GameRecord>(std::move(*item.record));
  if (!options.under.empty()) {
    for (const auto& rules : options.under) st.steps.push_back(Step{{{}, rec, rules, 0}, true, nullptr});
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
    else step = Step{{{}, rec, m.rules(), 0}, true, nullptr};
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
  st.steps.push_back(Step{{{}, rec, std::move(rules), 0}, true, nullptr});
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

// The readers of JSON Lines, one for each thread that reads, made when first asked.
class LineReaders {
 public:
  LineReaders(const std::string& name, int threads) : name_(name), readers_(static_cast<std::size_t>(threads)) {}
  record::JsonLineReader& operator[](int worker) {
    auto& reader = readers_[static_cast<std::size_t>(worker)];
    if (!reader) reader = std::make_unique<record::JsonLineReader>(name_, limits_);
    return *reader;
  }

 private:
  const std::string name_;
  const record::ReadLimits limits_;
  std::vector<std::unique_ptr<record::JsonLineReader>> readers_;
};

// Reads with `read` (which calls its sink with each document, or, for JSON Lines, its lines
// sink with the documents of each chunk unread) and judges what it reads. A chunk's lines are
// read on the threads, then taken in file order, as a document the sink gets is: what a
// document means can hang on the ones before it (a match and its deals).
void judge_file(const std::function<void(const record::RecordSink&, const record::JsonLineChunkSink&)>& read,
                const std::string& name, const CheckedSink& sink, const CheckFileOptions& options) {
  RulesetCache own;
  RulesetCache& cache = options.cache ? *options.cache : own;
  const int threads = options.threads > 0 ? options.threads : default_threads();
  const std::size_t batch = batch_size(threads);
  const int shares = std::max(options.shares, 1);
  FileState st;
  std::size_t part = 0;
  bool first = true;
  // One document taken in file order: its steps prepared, and judged once a batch is full
  // (unless `hold`: the JSON Lines loop below judges them with the lines after them).
  const auto take = [&](record::ReadItem&& item, bool hold) {
    // A deal (or a document that is no record) after a match document is part of the match.
    const bool in_match = options.under.empty() && st.match && !item.match;
    if (!first && !in_match) ++part;
    first = false;
    const std::size_t before = st.steps.size();
    prepare(std::move(item), options, cache, st);
    if (part % static_cast<std::size_t>(shares) != static_cast<std::size_t>(options.share)) {
      // Another process's part: read (the match that follows must be known) but not judged.
      st.steps.erase(st.steps.begin() + static_cast<std::ptrdiff_t>(before), st.steps.end());
      return;
    }
    for (std::size_t i = before; i < st.steps.size(); ++i) st.steps[i].game.part = part;
    if (!hold && st.steps.size() >= batch) finish(st, threads, options, sink);
  };
  const auto each = [&](record::ReadItem&& item) { take(std::move(item), false); };
  LineReaders readers(name, threads);
  std::vector<record::ReadItem> items;
  std::vector<Step> judging;
  const auto lines = [&](std::span<const record::JsonLine> chunk) {
    if (threads == 1) {
      // Each document taken as it is read: its memory is the next one's, still in the cache.
      for (const record::JsonLine& line : chunk) each(readers[0].read(line));
      return;
    }
    // One pass of the threads a batch: the games of the documents taken before are judged
    // while the next lines are read (a pass, and the wait for its slowest thread, is the cost).
    for (std::size_t from = 0; from < chunk.size(); from += batch) {
      const std::size_t n = std::min(batch, chunk.size() - from);
      judging = std::move(st.steps);
      st.steps.clear();
      items.clear();
      items.resize(n);
      const std::size_t judged = judging.size();
      parallel_for(judged + n, threads, [&](std::size_t i, int worker) {
        if (i < judged) judge_step(judging[i], options);
        else items[i - judged] = readers[worker].read(chunk[from + i - judged]);
      });
      give(judging, sink);
      for (record::ReadItem& item : items) take(std::move(item), true);
    }
  };
  read(each, lines);
  finish(st, threads, options, sink);
}

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
  judge_file([&](const record::RecordSink& each,
                 const record::JsonLineChunkSink& lines) { record::read_record_file_lines(path, each, lines); },
             name, sink, options);
}

void check_text(std::string_view text, const std::string& name, const VerdictSink& sink,
                const CheckFileOptions& options, record::RecordFormat format) {
  CheckFileOptions how = options;
  how.keep_records = false;
  check_text_keeping(text, name, verdicts_only(sink), how, format);
}

void check_text_keeping(std::string_view text, const std::string& name, const CheckedSink& sink,
                        const CheckFileOptions& options, record::RecordFormat format) {
  judge_file(
      [&](const record::RecordSink& each, const record::JsonLineChunkSink& lines) {
        record::read_record_text_lines(text, name, each, lines, {}, format);
      },
      name, sink, options);
}

}  // namespace conquian::check
