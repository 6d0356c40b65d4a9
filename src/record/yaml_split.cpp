#include "record/yaml_split.h"

#include <array>
#include <cerrno>
#include <cstring>
#include <optional>
#include <system_error>
#include <utility>
#include <vector>

#include "record/text_scan.h"

namespace conquian::record {
namespace {

// A bound on the stretches held at once: a chunk of tiny documents is many of them.
constexpr std::size_t kMost = 4096;
constexpr std::size_t kNone = static_cast<std::size_t>(-1);

// The bytes a libyaml line break starts with: LF, CR, and the first bytes of NEL (C2 85),
// LS and PS (E2 80 A8, E2 80 A9).
constexpr auto kBreakStart = [] {
  std::array<bool, 256> t{};
  t['\n'] = t['\r'] = t[0xC2] = t[0xE2] = true;
  return t;
}();

class Splitter {
 public:
  Splitter(const ByteSource& source, std::string_view prefix, const std::string& name,
           const DocumentChunkSink& stretches, const RecordSink& sink, const ReadLimits& limits)
      : source_(source),
        name_(name),
        stretches_(stretches),
        sink_(sink),
        limits_(limits),
        chunk_(std::max<std::size_t>(limits.chunk_bytes, 1)) {
    buf_.resize(std::max(2 * chunk_, prefix.size() + chunk_));
    if (!prefix.empty()) std::memcpy(buf_.data(), prefix.data(), prefix.size());
    end_ = prefix.size();
    total_ = prefix.size();
    note_odd_bytes();
  }

  void run();

 private:
  std::string_view text() const { return {buf_.data(), end_}; }
  std::size_t next_break(std::size_t from, std::size_t& length) const;
  void examine_line(std::size_t start, std::size_t after);
  void cut(std::size_t at, std::size_t after);
  void give_open_stretch();
  bool flush(bool last);
  // Reads more into the buffer; false at the end of the file, or when it ended the file.
  bool fill();
  void note_odd_bytes();
  void end_with(std::uint32_t line, const std::string& reason);

  const ByteSource& source_;
  const std::string& name_;
  const DocumentChunkSink& stretches_;
  const RecordSink& sink_;
  const ReadLimits& limits_;
  const std::size_t chunk_;  // bytes read at a time

  std::vector<char> buf_;
  std::size_t end_ = 0;     // bytes in the buffer
  std::size_t scan_ = 0;    // the start of the first line not yet examined
  std::uint32_t line_ = 0;  // the line that starts at scan_ (0-based)
  bool odd_ = false;        // [scan_, end_) may hold a break other than LF (then bytes are looked at one by one)
  bool eof_ = false;
  std::size_t total_ = 0;  // bytes read from the file

  // The open stretch: from open_ up to the line being examined.
  std::size_t open_ = 0;
  std::uint32_t open_line_ = 0;
  bool open_single_ = false;      // it starts with `---` and holds no directive nor `...`
  bool open_tab_before_ = false;  // a line before it indents with a tab
  bool tab_seen_ = false;         // a line before scan_ indents with a tab
  bool pending_ = false;          // a directive or `...` binds the next `---` to the open stretch
  bool stopped_ = false;          // the sink wants no more
  std::vector<FoundDocument> found_;
};

// Whether the bytes not yet examined hold any byte that starts a break other than LF.
void Splitter::note_odd_bytes() {
  const char* from = buf_.data() + scan_;
  const std::size_t n = end_ - scan_;
  odd_ = std::memchr(from, '\r', n) != nullptr || std::memchr(from, 0xC2, n) != nullptr ||
         std::memchr(from, 0xE2, n) != nullptr;
}

// The line break at or after `from`, and its length; kNone while the buffer does not show
// it whole (a CR may be a CR LF, a C2 or E2 the start of NEL, LS or PS).
std::size_t Splitter::next_break(std::size_t from, std::size_t& length) const {
  const char* b = buf_.data();
  if (!odd_) {
    const void* nl = std::memchr(b + from, '\n', end_ - from);
    if (nl == nullptr) return kNone;
    length = 1;
    return static_cast<std::size_t>(static_cast<const char*>(nl) - b);
  }
  for (std::size_t p = from; p < end_; ++p) {
    if (!kBreakStart[static_cast<unsigned char>(b[p])]) continue;
    if (end_ - p < 3 && !eof_) return kNone;
    length = detail::break_length(text(), p);
    if (length != 0) return p;
  }
  return kNone;
}

// The line from `start` whose break ends at `after`.
void Splitter::examine_line(std::size_t start, std::size_t after) {
  const std::string_view t = text();
  if (detail::is_document_marker(t, start)) {
    if (line_ == 0) open_single_ = true;  // the file starts with a document's `---`
    else if (pending_) pending_ = false;  // the `---` that the directives or `...` before it wait for
    else cut(start, after);
  }
  if (t[start] == '%' || detail::is_document_end_marker(t, start)) {
    pending_ = true;
    open_single_ = false;
  }
  if (detail::indents_with_tab(t.substr(0, after), start)) tab_seen_ = true;
}

// Ends the open stretch at `at`, the start of a `---` line that ends at `after`.
void Splitter::cut(std::size_t at, std::size_t after) {
  FoundDocument found;
  found.kind = DocumentKind::YamlStretch;
  found.text = {buf_.data() + open_, at - open_};
  found.extent = after - open_;
  found.room = found.extent;
  found.line = open_line_;
  found.single = open_single_;
  found.tab_before = open_tab_before_;
  found_.push_back(found);
  open_ = at;
  open_line_ = line_;
  open_single_ = true;
  open_tab_before_ = tab_seen_;
}

// The last stretch, at the end of the file.
void Splitter::give_open_stretch() {
  if (open_ == end_) return;
  FoundDocument found;
  found.kind = DocumentKind::YamlStretch;
  found.text = {buf_.data() + open_, end_ - open_};
  found.extent = found.room = found.text.size();
  found.line = open_line_;
  found.single = open_single_;
  found.tab_before = open_tab_before_;
  found_.push_back(found);
}

bool Splitter::flush(bool last) {
  if (stopped_) return false;
  if (!found_.empty() || last) stopped_ = !stretches_(std::span<const FoundDocument>(found_), last);
  found_.clear();
  return !stopped_;
}

// What ends the file early: the stretches found so far are given, the open one is not.
void Splitter::end_with(std::uint32_t line, const std::string& reason) {
  if (!flush(false)) return;
  RecordError err;
  err.file = name_;
  err.mark = Mark{line + 1, 1};
  err.message = name_ + ":" + std::to_string(line + 1) + ":1: " + reason + "; the rest of the file is not read";
  err.ends_file = true;
  sink_(ReadItem{std::nullopt, std::move(err), std::nullopt});
  stopped_ = true;
}

bool Splitter::fill() {
  if (buf_.size() - end_ < chunk_) {
    // No room for the next chunk: what was found is given, the open stretch moved to the
    // front, and the buffer made larger if that stretch fills most of it.
    if (!flush(false)) return false;
    std::memmove(buf_.data(), buf_.data() + open_, end_ - open_);
    end_ -= open_;
    scan_ -= open_;
    open_ = 0;
    if (buf_.size() - end_ < chunk_) buf_.resize(std::max(2 * buf_.size(), end_ + chunk_));
  }
  for (;;) {
    const ssize_t got = source_(buf_.data() + end_, std::min(chunk_, buf_.size() - end_));
    if (got < 0 && errno == EINTR) continue;
    if (got < 0) {
      end_with(line_, "cannot read: " + std::error_code(errno, std::generic_category()).message());
      return false;
    }
    if (got == 0) {
      eof_ = true;
      return true;
    }
    total_ += static_cast<std::size_t>(got);
    if (total_ > limits_.max_file_bytes) {
      end_with(line_, "the file is more than max_file_bytes (" + std::to_string(limits_.max_file_bytes) + " bytes)");
      return false;
    }
    end_ += static_cast<std::size_t>(got);
    note_odd_bytes();
    return true;
  }
}

void Splitter::run() {
  for (;;) {
    std::size_t length = 0;
    for (std::size_t at; (at = next_break(scan_, length)) != kNone;) {
      examine_line(scan_, at + length);
      scan_ = at + length;
      ++line_;
      if (found_.size() >= kMost && !flush(false)) return;
    }
    if (eof_) {
      if (scan_ < end_) examine_line(scan_, end_);  // the last line, with no break after it
      give_open_stretch();
      flush(true);
      return;
    }
    if (!fill()) return;
  }
}

}  // namespace

void split_yaml(const ByteSource& source, std::string_view prefix, const std::string& name,
                const DocumentChunkSink& stretches, const RecordSink& sink, const ReadLimits& limits) {
  Splitter(source, prefix, name, stretches, sink, limits).run();
}

}  // namespace conquian::record
