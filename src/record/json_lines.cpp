#include "record/json_lines.h"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <memory>
#include <optional>
#include <utility>
#include <vector>

namespace conquian::record {
namespace {

bool is_blank(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; }

// Documents found and not yet given: given a chunk at a time, in file order.
class LineQueue {
 public:
  explicit LineQueue(const DocumentChunkSink& lines) : lines_(lines) { found_.reserve(kMost); }

  // The line at `text` (0-based `line`), unless blank; `room`: bytes readable from its start.
  void line(std::string_view text, std::uint32_t line, std::size_t room) {
    const std::optional<std::string_view> document = json_line_text(text);
    if (!document) return;
    FoundDocument found;
    found.text = *document;
    found.line = line;
    found.room = room;
    add(std::move(found));
  }
  void too_long(std::uint32_t line) {
    FoundDocument found;
    found.line = line;
    found.too_long = true;
    add(std::move(found));
  }
  // Gives what was found; its text may be overwritten once this returns. False once the
  // sink wants no more.
  bool flush(bool last) {
    if (stopped_) return false;
    if (!found_.empty() || last) stopped_ = !lines_(std::span<const FoundDocument>(found_), last);
    found_.clear();
    return !stopped_;
  }
  bool stopped() const { return stopped_; }
  int count() const { return count_; }

 private:
  // A bound on the documents held at once: a chunk of tiny lines is many documents.
  static constexpr std::size_t kMost = 4096;
  void add(FoundDocument&& found) {
    if (stopped_) return;
    found.kind = DocumentKind::JsonLine;
    found.index = ++count_;
    found_.push_back(found);
    if (found_.size() >= kMost) flush(false);
  }

  const DocumentChunkSink& lines_;
  std::vector<FoundDocument> found_;
  int count_ = 0;  // documents so far
  bool stopped_ = false;
};

}  // namespace

std::optional<std::string_view> json_line_text(std::string_view line) {
  if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
  if (std::all_of(line.begin(), line.end(), is_blank)) return std::nullopt;
  return line;
}

void json_lines_read_failed(const std::string& name, std::uint32_t line, int documents, int error,
                            const RecordSink& sink) {
  RecordError err;
  err.file = name;
  // Past the first document the error is a document of the file, numbered as the last one read.
  err.index = documents <= 1 ? 0 : documents;
  err.mark = Mark{line + 1, 1};
  err.message = name + ":" + std::to_string(line + 1) + ":1: cannot read: " + std::strerror(error) +
                "; the rest of the file is not read";
  err.ends_file = true;
  sink(ReadItem{std::nullopt, std::move(err), std::nullopt});
}

void json_lines_hold_nothing(const std::string& name, const RecordSink& sink) {
  RecordError err;
  err.file = name;
  err.message = name + ": no game: the file holds no JSON record (it is empty or blank)";
  sink(ReadItem{std::nullopt, std::move(err), std::nullopt});
}

void split_json_lines(const ByteSource& source, std::string_view prefix, const std::string& name,
                      const DocumentChunkSink& lines, const RecordSink& sink, const ReadLimits& limits) {
  const std::size_t chunk = std::max<std::size_t>(limits.chunk_bytes, 1);
  const std::size_t capacity = limits.max_line_bytes + chunk + prefix.size();
  const std::size_t allocated = capacity + kJsonPadding;
  const std::unique_ptr<char[]> buf(new char[allocated]);
  if (!prefix.empty()) std::memcpy(buf.get(), prefix.data(), prefix.size());  // data() may be null when empty
  std::size_t begin = 0;
  std::size_t end = prefix.size();
  std::uint32_t line = 0;  // the line that starts at `begin` (0-based)
  bool skipping = false;   // discarding a line longer than max_line_bytes, up to its newline
  bool at_eof = false;
  LineQueue queue(lines);
  for (;;) {
    while (begin < end) {
      const char* from = buf.get() + begin;
      const char* nl = static_cast<const char*>(std::memchr(from, '\n', end - begin));
      if (nl == nullptr) break;
      const auto length = static_cast<std::size_t>(nl - from);
      if (!skipping && length > limits.max_line_bytes) queue.too_long(line);
      else if (!skipping) queue.line({from, length}, line, allocated - begin);
      skipping = false;
      begin = static_cast<std::size_t>(nl - buf.get()) + 1;
      ++line;
    }
    if (!skipping && end - begin > limits.max_line_bytes) {
      queue.too_long(line);
      skipping = true;
    }
    if (skipping) begin = end;
    if (at_eof) {
      // The last line may end without a newline, where simdjson reads on into the padding: the
      // bytes there are whatever the buffer held (an earlier chunk's, or the heap's), and were
      // read uninitialized (valgrind, under the JSON Lines fuzz target).
      std::memset(buf.get() + end, 0, kJsonPadding);
      if (begin < end) queue.line({buf.get() + begin, end - begin}, line, allocated - begin);
      if (queue.count() == 0) break;  // the error below is the file's last word
      queue.flush(true);
      return;
    }
    if (capacity - end < chunk) {
      // No room for the next chunk: what was found is given, and the rest moved to the front.
      if (!queue.flush(false)) return;
      std::memmove(buf.get(), buf.get() + begin, end - begin);
      end -= begin;
      begin = 0;
    }
    const ssize_t got = source(buf.get() + end, std::min(chunk, capacity - end));
    if (got < 0) {
      if (errno == EINTR) continue;
      json_lines_read_failed(name, line, queue.count(), errno, sink);
      return;
    }
    if (got == 0) at_eof = true;
    end += static_cast<std::size_t>(got);
  }
  if (queue.count() == 0) json_lines_hold_nothing(name, sink);
  queue.flush(true);
}

}  // namespace conquian::record
