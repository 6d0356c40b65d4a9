// Game records from YAML: the file, its documents and libyaml's event stream. Each document
// is read against the record schema by record_schema.h (record_events.h is the seam).
//
// Shape of the reader:
//   - The whole file is read into memory first (bounded by max_file_bytes), and checked for
//     bytes libyaml would refuse (text_scan.h); libyaml only ever sees the clean lines
//     before the first bad one, so its read-ahead cannot blame the wrong document.
//   - Each document is parsed by recursive descent over events (record_schema.h). A schema
//     error throws DocFailure; the reader then skips the document's remaining events and goes on.
//   - A limit breach (max_depth, max_moves, max_cards_per_list, max_scalar_bytes) also
//     throws, but then the rest of the document is not given to libyaml: libyaml is
//     quadratic in flow nesting depth (each token rescans the stack of possible simple
//     keys), so skipping events through a 100,000-deep `[[[[...` would take minutes, and a
//     100 MB list takes seconds. Instead the parser is dropped and a new one started at the
//     next line that starts a document (`---` at column 0), which libyaml itself always
//     treats as a document start or an error ("resync"). Nesting past max_depth while
//     skipping after an ordinary error resyncs too.
//   - Broken YAML (a libyaml error) ends the file: one error for the document it broke in.
//     A break in the first document makes the whole file unreadable (index 0).
#include "record/record_reader.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>
#include <yaml.h>

#include <algorithm>
#include <cerrno>
#include <functional>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <system_error>
#include <utility>

#include "base/parallel_for.h"
#include "record/document_order.h"
#include "record/document_reader.h"
#include "record/json_array_split.h"
#include "record/json_lines.h"
#include "record/json_record_reader.h"
#include "record/record_events.h"
#include "record/text_scan.h"
#include "record/yaml_split.h"
#include "record/yaml_stretch.h"

namespace conquian::record {
namespace detail {

// ---------------------------------------------------------------------------------------
// The event stream

bool EventStream::open(std::string_view text, std::uint32_t line_base) {
  if (yaml_parser_initialize(&parser_) == 0) return false;
  yaml_parser_set_input_string(&parser_, reinterpret_cast<const unsigned char*>(text.data()), text.size());
  text_ = text;
  line_base_ = line_base;
  has_ev_ = false;
  depth_ = 0;
  skipping_ = false;
  counted_chars_ = counted_bytes_ = 0;
  return true;
}

std::size_t EventStream::byte_of(const yaml_mark_t& m) const {
  if (m.index < counted_chars_) counted_chars_ = counted_bytes_ = 0;
  // A character starts at every byte that is not a UTF-8 continuation byte (10xxxxxx).
  for (; counted_bytes_ < text_.size(); ++counted_bytes_) {
    if ((static_cast<unsigned char>(text_[counted_bytes_]) & 0xC0) == 0x80) continue;
    if (counted_chars_ == m.index) break;
    ++counted_chars_;
  }
  return counted_bytes_;
}

void EventStream::close() {
  if (has_ev_) {
    yaml_event_delete(&ev_);
    has_ev_ = false;
  }
  yaml_parser_delete(&parser_);
}

void EventStream::advance() {
  if (has_ev_) {
    yaml_event_delete(&ev_);
    has_ev_ = false;
  }
  if (yaml_parser_parse(&parser_, &ev_) == 0) throw SyntaxBreak{};
  has_ev_ = true;
  switch (ev_.type) {
    case YAML_MAPPING_START_EVENT:
    case YAML_SEQUENCE_START_EVENT:
      if (++depth_ > limits_.max_depth)
        fail_at(ev_.start_mark, "nested more than " + std::to_string(limits_.max_depth) + " levels deep (max_depth)",
                true);
      break;
    case YAML_MAPPING_END_EVENT:
    case YAML_SEQUENCE_END_EVENT: --depth_; break;
    case YAML_SCALAR_EVENT:
      if (!skipping_ && ev_.data.scalar.length > limits_.max_scalar_bytes)
        fail_limit("a scalar of " + std::to_string(ev_.data.scalar.length) +
                   " bytes is longer than max_scalar_bytes (" + std::to_string(limits_.max_scalar_bytes) + ")");
      break;
    case YAML_ALIAS_EVENT:
      if (!skipping_)
        fail_here("alias *" + std::string(reinterpret_cast<const char*>(ev_.data.alias.anchor)).substr(0, 32) +
                  ": aliases are not allowed in records");
      break;
    default: break;
  }
}

const char* EventStream::found() const {
  switch (ev_.type) {
    case YAML_MAPPING_START_EVENT: return "a mapping";
    case YAML_SEQUENCE_START_EVENT: return "a list";
    case YAML_SCALAR_EVENT: return is_null() ? "nothing" : "a scalar";
    default: return "something else";
  }
}

void EventStream::skip_to_document_end() {
  skipping_ = true;
  while (ev_.type != YAML_DOCUMENT_END_EVENT) advance();
  skipping_ = false;
}

void EventStream::fail_at(const yaml_mark_t& m, const std::string& reason, bool resync) {
  const Mark mark = mark_of(m);
  throw DocFailure{mark, located(mark, reason), resync};
}

}  // namespace detail

namespace {

using detail::DocFailure;
using detail::EventStream;
using detail::SyntaxBreak;

// How much of a file the reader is given, and so what it does at the text's end and breaks.
enum class ReadMode {
  Whole,         // a whole file: max_file_bytes, and "no game" when it holds no document
  FromStretch,   // the rest of a file from a stretch on (read_yaml_from)
  StretchAlone,  // one stretch on a thread: a break or a bad byte is no error, but `in_order`
};

class Reader {
 public:
  Reader(std::string_view text, const std::string& name, const RecordSink& sink, const ReadLimits& limits,
         EventStream& in, detail::SchemaScratch& scratch, ReadMode mode, const detail::YamlStart& start)
      : text_(text),
        name_(name),
        sink_(sink),
        limits_(limits),
        in_(in),
        scratch_(scratch),
        mode_(mode),
        start_line_(start.line),
        tab_before_(start.tab_before),
        doc_count_(start.documents) {}

  void run();
  // StretchAlone: whether the stretch must be read in file order instead. Otherwise: whether
  // the file ended (a break or a bad byte).
  bool stopped() const { return stopped_; }

 private:
  enum class SegmentEnd { Done, Resync, Broken };
  std::string tab_hint_at(std::uint32_t line) const;

  // ---- emitting (holds one item back when a bad character cut the text short) ----
  void emit(ReadItem&& item);
  void flush();
  void emit_fatal(int index, Mark mark, std::string message);

  // ---- segments: one libyaml parser over text_[begin, end) ----
  SegmentEnd parse_segment(std::size_t begin, std::size_t end);
  std::string syntax_message(Mark& mark);

  std::string_view text_;
  const std::string& name_;
  const RecordSink& sink_;
  const ReadLimits& limits_;

  EventStream& in_;
  detail::SchemaScratch& scratch_;  // reused by every document
  const ReadMode mode_;
  const std::uint32_t start_line_;  // the file's lines before text_
  const bool tab_before_;           // one of them indents with a tab
  std::uint32_t line_base_ = 0;     // the file's lines before the current segment
  bool stopped_ = false;

  int doc_count_ = 0;    // documents started so far
  bool in_doc_ = false;  // a document started and not yet emitted
  GameRecord doc_;       // the document being read (its id names a later error)
  Mark resync_mark_;     // where the nesting went too deep
  std::size_t segment_begin_ = 0;
  std::size_t segment_end_ = 0;
  Mark broken_mark_;  // where libyaml gave up, and why
  std::string broken_message_;
  int broken_index_ = 0;

  bool hold_ = false;  // keep the last item back (see emit)
  std::optional<ReadItem> pending_;
};

// ---------------------------------------------------------------------------------------
// Emitting

void Reader::emit(ReadItem&& item) {
  if (!hold_) {
    sink_(std::move(item));
    return;
  }
  flush();
  pending_ = std::move(item);
}

void Reader::flush() {
  if (pending_) {
    ReadItem item = std::move(*pending_);
    pending_.reset();
    sink_(std::move(item));
  }
}

// An error that ends the file, for document `index`: replaces that document's held-back
// item if there is one. A break in the first document makes the whole file unreadable.
void Reader::emit_fatal(int index, Mark mark, std::string message) {
  RecordError err;
  err.file = name_;
  err.index = index <= 1 ? 0 : index;
  err.mark = mark;
  err.message = std::move(message);
  err.ends_file = true;
  if (pending_) {
    const ReadItem& p = *pending_;
    const int held = p.record ? p.record->index : p.match ? p.match->index : p.error->index;
    if (held == index) {
      err.id = p.record ? p.record->id : p.match ? p.match->id : p.error->id;
      pending_.reset();
    }
  }
  if (in_doc_ && index == doc_count_ && err.id.empty()) err.id = doc_.id;
  flush();
  hold_ = false;
  sink_(ReadItem{std::nullopt, std::move(err), std::nullopt});
}

// ---------------------------------------------------------------------------------------
// The file

void Reader::run() {
  if (mode_ == ReadMode::Whole && text_.size() > limits_.max_file_bytes) {
    emit_fatal(0, Mark{},
               name_ + ": file is " + std::to_string(text_.size()) + " bytes, more than max_file_bytes (" +
                   std::to_string(limits_.max_file_bytes) + ")");
    return;
  }
  detail::TextProblem bad = detail::find_text_problem(text_);
  if (bad.found && mode_ == ReadMode::StretchAlone) {
    stopped_ = true;
    return;
  }
  bad.line += start_line_;
  hold_ = bad.found;
  const std::size_t end = bad.found ? bad.line_start : text_.size();
  std::size_t begin = 0;
  line_base_ = start_line_;
  for (;;) {
    const SegmentEnd how = parse_segment(begin, end);
    if (how == SegmentEnd::Resync) {
      std::size_t next = 0;
      std::uint32_t next_line = 0;
      // resync_mark_ is 1-based; find_document_start wants 0-based lines.
      if (!detail::find_document_start(text_, begin, line_base_, resync_mark_.line - 1, end, next, next_line)) break;
      begin = next;
      line_base_ = next_line;
      continue;
    }
    if (how == SegmentEnd::Broken) {
      stopped_ = true;
      if (mode_ == ReadMode::StretchAlone) return;
      // A break at the cut before a bad character is the cut's doing: report the character.
      if (bad.found && broken_mark_.line >= bad.line + 1) {
        const Mark mark{bad.line + 1, bad.column + 1};
        in_.clear_path();
        emit_fatal(broken_index_, mark, in_.located(mark, bad.what) + "; the rest of the file is not read");
      } else {
        emit_fatal(broken_index_, broken_mark_, std::move(broken_message_));
      }
      in_doc_ = false;
      return;
    }
    break;
  }
  if (bad.found) {
    stopped_ = true;
    // The bad line belongs to the last document, unless it starts a new one.
    const bool new_doc = doc_count_ == 0 || detail::is_document_marker(text_, bad.line_start);
    const Mark mark{bad.line + 1, bad.column + 1};
    in_.clear_path();  // the byte's place is its line and column, not where the last parse stopped
    emit_fatal(new_doc ? doc_count_ + 1 : doc_count_, mark,
               in_.located(mark, bad.what) + "; the rest of the file is not read");
    return;
  }
  // No document at all (empty, blank, or only comments): a pipeline that wrote nothing must
  // not pass for a valid file of zero games (specs/record-format.md). A lone `---` is a
  // document, an empty one, and fails the schema above.
  if (doc_count_ == 0 && mode_ == ReadMode::Whole) {
    emit_fatal(0, Mark{}, name_ + ": no game: the file holds no YAML document (it is empty or only comments)");
    return;
  }
  flush();
}

Reader::SegmentEnd Reader::parse_segment(std::size_t begin, std::size_t end) {
  segment_begin_ = begin;
  segment_end_ = end;
  if (!in_.open(text_.substr(begin, end - begin), line_base_)) {
    broken_mark_ = Mark{};
    broken_message_ = name_ + ": out of memory starting the YAML parser";
    broken_index_ = doc_count_ + 1;
    return SegmentEnd::Broken;
  }
  // Frees the parser and the last event however this function is left (the sink may throw).
  struct Cleanup {
    EventStream& in;
    ~Cleanup() { in.close(); }
  } cleanup{in_};
  SegmentEnd how = SegmentEnd::Done;
  try {
    in_.advance();  // STREAM-START
    for (;;) {
      in_.advance();
      if (in_.type() == YAML_STREAM_END_EVENT) break;
      // DOCUMENT-START (libyaml emits nothing else here)
      ++doc_count_;
      in_doc_ = true;
      in_.begin_document();
      doc_ = GameRecord{};
      doc_.file = name_;
      doc_.index = doc_count_;
      doc_.mark = in_.mark_of(in_.start_mark());
      std::optional<DocFailure> failure;
      bool is_match = false;
      MatchHeader header;
      header.file = name_;
      header.index = doc_count_;
      try {
        detail::read_document(in_, doc_, header, is_match, scratch_);
      } catch (DocFailure& f) { failure = std::move(f); }
      if (!failure) {
        in_doc_ = false;
        if (is_match) emit(ReadItem{std::nullopt, std::nullopt, std::move(header)});
        else emit(ReadItem{std::move(doc_), std::nullopt, std::nullopt});
        continue;
      }
      if (doc_.id.empty()) doc_.id = header.id;  // an error names the match by its id too
      if (failure->resync) {
        resync_mark_ = failure->mark;
      } else {
        try {
          in_.skip_to_document_end();
        } catch (DocFailure& f) {  // too deep while skipping
          resync_mark_ = f.mark;
          failure->resync = true;
        }
      }
      RecordError err;
      err.file = name_;
      err.index = doc_count_;
      err.id = doc_.id;
      err.mark = failure->mark;
      err.message = std::move(failure->message);
      in_doc_ = false;
      emit(ReadItem{std::nullopt, std::move(err), std::nullopt});
      if (failure->resync) {
        how = SegmentEnd::Resync;
        break;
      }
    }
  } catch (SyntaxBreak&) {
    broken_message_ = syntax_message(broken_mark_);
    broken_index_ = in_doc_ ? doc_count_ : doc_count_ + 1;
    how = SegmentEnd::Broken;
  }
  return how;
}

std::string Reader::syntax_message(Mark& mark) {
  const yaml_parser_t& p = in_.parser();
  in_.clear_path();
  std::string reason;
  switch (p.error) {
    case YAML_MEMORY_ERROR: reason = "out of memory reading YAML"; break;
    case YAML_READER_ERROR: {
      // Only a byte offset into the segment here; the text checks should have caught it.
      std::uint32_t line = 0, column = 0;
      detail::locate(text_, segment_begin_, line_base_,
                     segment_begin_ + std::min(segment_end_ - segment_begin_, p.problem_offset), line, column);
      mark = Mark{line + 1, column + 1};
      reason = std::string("unreadable text: ") + (p.problem ? p.problem : "reader error");
      return in_.located(mark, reason) + "; the rest of the file is not read";
    }
    default:
      reason = std::string("broken YAML: ") + (p.problem ? p.problem : "syntax error");
      if (p.context != nullptr) {
        const Mark cm = in_.mark_of(p.context_mark);
        reason += " (" + std::string(p.context) + " at line " + std::to_string(cm.line) + ", column " +
                  std::to_string(cm.column) + ")";
      }
      break;
  }
  mark = in_.mark_of(p.problem_mark);
  if (p.error == YAML_MEMORY_ERROR) mark = Mark{};
  else reason += tab_hint_at(mark.line);
  return in_.located(mark, reason) + "; the rest of the file is not read";
}

// The hint for a syntax error on `line` (1-based in the file; 0: unknown, taken as the first):
// a line of the file up to it indents with a tab.
std::string Reader::tab_hint_at(std::uint32_t line) const {
  if (tab_before_) return detail::kTabHint;
  return detail::tab_hint(text_, line > start_line_ + 1 ? line - start_line_ : 1);
}

// ---------------------------------------------------------------------------------------
// Files

void file_error(const std::string& path, const std::string& reason, const RecordSink& sink) {
  RecordError err;
  err.file = path;
  err.index = 0;
  err.message = path + ": " + reason;
  err.ends_file = true;
  sink(ReadItem{std::nullopt, std::move(err), std::nullopt});
}

std::string os_reason(int e) { return std::error_code(e, std::generic_category()).message(); }

// The format of text that starts with `text` (Detect: by its first byte that is not blank).
RecordFormat detected(std::string_view text) {
  const std::size_t at = text.find_first_not_of(" \t\r\n");
  if (at == std::string_view::npos) return RecordFormat::Yaml;
  if (text[at] == '[') return RecordFormat::Json;
  if (text[at] == '{') return RecordFormat::JsonLines;
  return RecordFormat::Yaml;
}

RecordFormat stdin_format = RecordFormat::Detect;

// Documents read at once on the threads: enough to keep each busy, few enough that their
// records stay few.
std::size_t read_batch(int threads) { return 32 * static_cast<std::size_t>(std::max(threads, 1)); }

// What `split` cuts, read on `threads` threads, each with a reader of its own, and given to
// `sink` in file order.
void read_split(const std::function<RecordFormat(const DocumentChunkSink&, const RecordSink&)>& split,
                const std::string& name, const RecordSink& sink, const ReadLimits& limits, int threads) {
  if (threads <= 0) threads = default_threads();
  DocumentOrder order(name, limits, sink);
  std::vector<std::unique_ptr<DocumentReader>> readers(static_cast<std::size_t>(threads));
  std::vector<DocumentRead> reads;
  const auto chunks = [&](std::span<const FoundDocument> chunk, bool) {
    for (std::size_t from = 0; from < chunk.size(); from += read_batch(threads)) {
      const std::size_t n = std::min(read_batch(threads), chunk.size() - from);
      reads.resize(n);
      parallel_for(n, threads, [&](std::size_t i, int worker) {
        auto& reader = readers[static_cast<std::size_t>(worker)];
        if (!reader) reader = std::make_unique<DocumentReader>(name, limits);
        reader->read(chunk[from + i], reads[i]);
      });
      for (std::size_t i = 0; i < n; ++i)
        if (!order.take(chunk[from + i], std::move(reads[i]))) return false;
    }
    return true;
  };
  const RecordFormat format = split(chunks, [&order](ReadItem&& item) { order.direct(std::move(item)); });
  order.finish(format);
}

// split_record_file for an open file descriptor, which it closes.
RecordFormat split_stream(int fd, const std::string& path, const DocumentChunkSink& chunks, const RecordSink& sink,
                          const ReadLimits& limits, RecordFormat format);

}  // namespace

RecordFormat record_format_of(const std::string& path) {
  if (path == "-") return stdin_format;
  const auto ends = [&](std::string_view tail) { return path.size() > tail.size() && path.ends_with(tail); };
  if (ends(".json")) return RecordFormat::Json;
  if (ends(".jsonl") || ends(".ndjson")) return RecordFormat::JsonLines;
  return RecordFormat::Yaml;
}

std::optional<RecordFormat> record_format_named(std::string_view name) {
  if (name == "yaml") return RecordFormat::Yaml;
  if (name == "json") return RecordFormat::Json;
  if (name == "jsonl" || name == "ndjson") return RecordFormat::JsonLines;
  if (name == "detect") return RecordFormat::Detect;
  return std::nullopt;
}

void set_standard_input_format(RecordFormat format) { stdin_format = format; }

RecordFormat split_record_text(std::string_view text, const std::string& name, const DocumentChunkSink& chunks,
                               const RecordSink& sink, const ReadLimits& limits, RecordFormat format) {
  if (format == RecordFormat::Detect) format = detected(text);
  if (format == RecordFormat::JsonLines) {
    split_json_lines(text_source(text), {}, name, chunks, sink, limits);
  } else if (text.size() > limits.max_file_bytes) {
    file_error(name,
               "file is " + std::to_string(text.size()) + " bytes, more than max_file_bytes (" +
                   std::to_string(limits.max_file_bytes) + ")",
               sink);
  } else if (format == RecordFormat::Json) {
    std::string padded(text);
    padded.append(kJsonPadding, '\0');
    split_json_array({padded.data(), text.size()}, padded.size(), name, chunks, sink, limits);
  } else {
    split_yaml(text_source(text), {}, name, chunks, sink, limits);
  }
  return format;
}

RecordFormat split_record_file(const std::string& path, const DocumentChunkSink& chunks, const RecordSink& sink,
                               const ReadLimits& limits) {
  if (path == "-") return split_stream(::dup(STDIN_FILENO), kStdinName, chunks, sink, limits, stdin_format);
  return split_stream(::open(path.c_str(), O_RDONLY | O_CLOEXEC), path, chunks, sink, limits, record_format_of(path));
}

void read_record_text(std::string_view text, const std::string& name, const RecordSink& sink, const ReadLimits& limits,
                      RecordFormat format, int threads) {
  read_split([&](const DocumentChunkSink& chunks,
                 const RecordSink& each) { return split_record_text(text, name, chunks, each, limits, format); },
             name, sink, limits, threads);
}

void read_record_file(const std::string& path, const RecordSink& sink, const ReadLimits& limits, int threads) {
  read_split([&](const DocumentChunkSink& chunks,
                 const RecordSink& each) { return split_record_file(path, chunks, each, limits); },
             path == "-" ? kStdinName : path, sink, limits, threads);
}

void read_record_stream(int fd, const std::string& path, const RecordSink& sink, const ReadLimits& limits,
                        RecordFormat format) {
  read_split([&](const DocumentChunkSink& chunks,
                 const RecordSink& each) { return split_stream(fd, path, chunks, each, limits, format); },
             path, sink, limits, 1);
}

namespace {

RecordFormat split_stream(int fd, const std::string& path, const DocumentChunkSink& chunks, const RecordSink& sink,
                          const ReadLimits& limits, RecordFormat format) {
  if (fd < 0) {
    file_error(path, "cannot open: " + os_reason(errno), sink);
    return format;
  }
  struct Closer {
    int fd;
    ~Closer() { ::close(fd); }
  } closer{fd};
  struct stat st {};
  if (::fstat(fd, &st) != 0) {
    file_error(path, "cannot read: " + os_reason(errno), sink);
    return format;
  }
  if (S_ISDIR(st.st_mode)) {
    file_error(path, "cannot read: " + os_reason(EISDIR), sink);
    return format;
  }
  std::string text;
  if (S_ISREG(st.st_mode)) {
    const auto size = static_cast<std::size_t>(st.st_size);
    if (size > limits.max_file_bytes && (format == RecordFormat::Yaml || format == RecordFormat::Json)) {
      file_error(path,
                 "file is " + std::to_string(size) + " bytes, more than max_file_bytes (" +
                     std::to_string(limits.max_file_bytes) + ")",
                 sink);
      return format;
    }
    if (format == RecordFormat::Json) text.reserve(size + kJsonPadding);
  }
  char buf[1 << 16];
  const ByteSource read_some = [fd](char* into, std::size_t n) { return ::read(fd, into, n); };
  // Detect: read up to the first byte that is not blank.
  while (format == RecordFormat::Detect) {
    const ssize_t got = ::read(fd, buf, sizeof buf);
    if (got < 0) {
      if (errno == EINTR) continue;
      file_error(path, "cannot read: " + os_reason(errno), sink);
      return format;
    }
    if (text.size() + static_cast<std::size_t>(got) > limits.max_file_bytes) {
      file_error(path, "file is more than max_file_bytes (" + std::to_string(limits.max_file_bytes) + " bytes)", sink);
      return RecordFormat::Yaml;
    }
    text.append(buf, static_cast<std::size_t>(got));
    if (got == 0 || text.find_first_not_of(" \t\r\n") != std::string::npos) format = detected(text);
  }
  // JSON Lines and YAML stream through a buffer, in bounded memory, whatever the file's size.
  if (format == RecordFormat::JsonLines) {
    split_json_lines(read_some, text, path, chunks, sink, limits);
    return format;
  }
  if (format == RecordFormat::Yaml) {
    split_yaml(read_some, text, path, chunks, sink, limits);
    return format;
  }
  // A `.json` file is one value: read to the end (a regular file may grow; pipes have no
  // size), never past the limit.
  for (;;) {
    const ssize_t got = ::read(fd, buf, sizeof buf);
    if (got < 0) {
      if (errno == EINTR) continue;
      file_error(path, "cannot read: " + os_reason(errno), sink);
      return format;
    }
    if (got == 0) break;
    if (text.size() + static_cast<std::size_t>(got) > limits.max_file_bytes) {
      file_error(path, "file is more than max_file_bytes (" + std::to_string(limits.max_file_bytes) + " bytes)", sink);
      return format;
    }
    text.append(buf, static_cast<std::size_t>(got));
  }
  const std::size_t size = text.size();
  text.append(kJsonPadding, '\0');
  split_json_array({text.data(), size}, text.size(), path, chunks, sink, limits);
  return format;
}

}  // namespace

namespace detail {

bool read_yaml_stretch(std::string_view text, std::uint32_t line, EventStream& events, SchemaScratch& scratch,
                       const std::string& name, const ReadLimits& limits, std::vector<ReadItem>& items) {
  const RecordSink keep = [&items](ReadItem&& item) { items.push_back(std::move(item)); };
  Reader reader(text, name, keep, limits, events, scratch, ReadMode::StretchAlone, YamlStart{line, 0, false});
  reader.run();
  if (reader.stopped()) items.clear();
  return !reader.stopped();
}

bool read_yaml_from(std::string_view text, const std::string& name, const RecordSink& sink, const ReadLimits& limits,
                    const YamlStart& start) {
  EventStream events(name, limits);
  SchemaScratch scratch;
  Reader reader(text, name, sink, limits, events, scratch, ReadMode::FromStretch, start);
  reader.run();
  return reader.stopped();
}

void read_yaml_whole(std::string_view text, const std::string& name, const RecordSink& sink, const ReadLimits& limits) {
  EventStream events(name, limits);
  SchemaScratch scratch;
  Reader reader(text, name, sink, limits, events, scratch, ReadMode::Whole, YamlStart{});
  reader.run();
}

}  // namespace detail

}  // namespace conquian::record
