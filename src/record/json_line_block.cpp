#include "record/json_line_block.h"

#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <optional>

#include "record/json_lines.h"

namespace conquian::record {
namespace {

// Bytes read at a time past the block's end (the rest of its last line) and while looking
// for the first line's start.
constexpr std::size_t kStep = std::size_t{64} << 10;

// Up to `n` bytes at `at`: how many were read (fewer only at the file's end), or -1 (errno set);
// counted in `block.bytes_read`.
ssize_t read_at(LineBlock& block, int fd, char* into, std::size_t n, std::uint64_t at) {
  std::size_t got = 0;
  while (got < n) {
    const ssize_t r = ::pread(fd, into + got, n - got, static_cast<off_t>(at + got));
    if (r < 0 && errno == EINTR) continue;
    if (r < 0) return -1;
    if (r == 0) break;
    got += static_cast<std::size_t>(r);
  }
  block.bytes_read += got;
  return static_cast<ssize_t>(got);
}

// Room for `n` bytes (and the padding after them), keeping the first `keep`.
void reserve(LineBlock& block, std::size_t n, std::size_t keep) {
  if (n <= block.capacity) return;
  const std::size_t capacity = std::max(n, block.capacity + block.capacity / 2);
  std::unique_ptr<char[]> bytes(new char[capacity + kJsonPadding]);
  if (keep > 0) std::memcpy(bytes.get(), block.bytes.get(), keep);
  block.bytes = std::move(bytes);
  block.capacity = capacity;
}

void failed(LineBlock& block, std::uint32_t line) {
  block.read_failed = true;
  block.read_errno = errno;
  block.error_line = line;
}

// Where the first line that starts in [from, to) does: `from` when a line breaks just before
// it, else just past the next line break; nothing when none starts there or the file ends.
// The scan stops at `to`: a line longer than many blocks (refused as too long) is then read
// once, not again by every block it covers.
std::optional<std::uint64_t> first_line_start(int fd, std::uint64_t from, std::uint64_t to, LineBlock& block) {
  if (from == 0) return from;
  char scan[kStep];
  std::uint64_t at = from - 1;  // the byte before: a line break there starts a line at `from`
  for (;;) {
    if (at + 1 >= to) return std::nullopt;  // no line starts in the block
    const ssize_t got = read_at(block, fd, scan, std::min<std::uint64_t>(sizeof scan, to - 1 - at), at);
    if (got < 0) {
      failed(block, 0);
      return std::nullopt;
    }
    if (got == 0) {
      block.reached_end = true;
      return std::nullopt;
    }
    if (const void* nl = std::memchr(scan, '\n', static_cast<std::size_t>(got)); nl != nullptr)
      return at + static_cast<std::uint64_t>(static_cast<const char*>(nl) - scan) + 1;
    at += static_cast<std::uint64_t>(got);
  }
}

}  // namespace

void read_line_block(int fd, std::uint64_t from, std::uint64_t to, const ReadLimits& limits, LineBlock& block) {
  block.lines.clear();
  block.line_breaks = 0;
  block.read_failed = false;
  block.read_errno = 0;
  block.error_line = 0;
  block.reached_end = false;
  block.bytes_read = 0;
  const std::optional<std::uint64_t> start = first_line_start(fd, from, to, block);
  if (!start || *start >= to) return;
  const auto span = static_cast<std::size_t>(to - *start);
  reserve(block, span + kStep, 0);
  ssize_t got = read_at(block, fd, block.bytes.get(), span, *start);
  if (got < 0) return failed(block, 0);
  auto end = static_cast<std::size_t>(got);
  if (end < span) block.reached_end = true;
  // The block's last line runs on past `to`: read up to its line break, but no more of it
  // than max_line_bytes and a byte (a longer line is refused unread).
  bool tail_too_long = false;
  bool tail_failed = false;
  if (!block.reached_end && end > 0 && block.bytes[end - 1] != '\n') {
    const void* last_break = ::memrchr(block.bytes.get(), '\n', end);
    const std::size_t tail =
        last_break == nullptr ? 0
                              : static_cast<std::size_t>(static_cast<const char*>(last_break) - block.bytes.get()) + 1;
    for (;;) {
      if (end - tail > limits.max_line_bytes) {
        tail_too_long = true;
        break;
      }
      const std::size_t want = std::min(kStep, limits.max_line_bytes + 1 - (end - tail));
      reserve(block, end + want, end);
      got = read_at(block, fd, block.bytes.get() + end, want, *start + end);
      if (got < 0) {
        tail_failed = true;
        block.read_errno = errno;
        break;
      }
      const char* more = block.bytes.get() + end;
      if (const void* nl = std::memchr(more, '\n', static_cast<std::size_t>(got)); nl != nullptr) {
        end = static_cast<std::size_t>(static_cast<const char*>(nl) - block.bytes.get()) + 1;
        break;
      }
      end += static_cast<std::size_t>(got);
      if (static_cast<std::size_t>(got) < want) {
        block.reached_end = true;
        break;
      }
    }
  }
  // simdjson reads on past a line's end into the padding: what it finds there is cleared.
  std::memset(block.bytes.get() + end, 0, kJsonPadding);

  const char* bytes = block.bytes.get();
  const std::size_t room = block.capacity + kJsonPadding;
  std::uint32_t line = 0;
  std::size_t begin = 0;
  const auto add = [&](std::size_t from_byte, std::size_t length) {
    FoundDocument found;
    found.kind = DocumentKind::JsonLine;
    found.line = line;
    if (length > limits.max_line_bytes) {
      found.too_long = true;
    } else {
      const std::optional<std::string_view> text = json_line_text({bytes + from_byte, length});
      if (!text) return;
      found.text = *text;
      found.room = room - from_byte;
    }
    block.lines.push_back(found);
  };
  while (begin < end) {
    const void* nl = std::memchr(bytes + begin, '\n', end - begin);
    if (nl == nullptr) break;
    const auto at = static_cast<std::size_t>(static_cast<const char*>(nl) - bytes);
    add(begin, at - begin);
    ++block.line_breaks;
    ++line;
    begin = at + 1;
  }
  if (begin == end) return;
  if (tail_failed) {
    block.read_failed = true;
    block.error_line = line;
  } else if (tail_too_long) {
    add(begin, limits.max_line_bytes + 1);  // refused unread: its length is all that is known
    ++block.line_breaks;
  } else {
    add(begin, end - begin);  // the file's last line, with no line break after it
  }
}

}  // namespace conquian::record
