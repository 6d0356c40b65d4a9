// Where the readers that stream a file (JSON Lines, YAML) take its bytes from: a file
// descriptor, or text in memory (read_record_text, tests, the fuzz targets).
#pragma once

#include <sys/types.h>

#include <algorithm>
#include <cstddef>
#include <cstring>
#include <functional>
#include <string_view>

namespace conquian::record {

// Reads up to `n` bytes into `buf`: the number read, 0 at the end, -1 on an error (errno set).
using ByteSource = std::function<ssize_t(char* buf, std::size_t n)>;

// A ByteSource over text in memory.
inline ByteSource text_source(std::string_view text) {
  return [text, at = std::size_t{0}](char* buf, std::size_t n) mutable {
    const std::size_t take = std::min(n, text.size() - at);
    if (take > 0) std::memcpy(buf, text.data() + at, take);  // data() may be null when empty
    at += take;
    return static_cast<ssize_t>(take);
  };
}

}  // namespace conquian::record
