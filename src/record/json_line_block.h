// A stretch of a JSON Lines file read by the thread that parses it (specs/record-format.md,
// "Reading in parallel"): the file is cut into blocks of bytes, and each block holds the lines
// that start in it, so a thread can read, parse and judge a block with no word from the
// others but how many lines stand before it (the line numbers its messages give). Reading the
// bytes where they are parsed keeps them in that core's cache: when one thread read every
// chunk and two parsed them, two threads did a third less than two processes (bench).
//
// The lines are cut as split_json_lines cuts them (json_lines.h): blank lines are no
// documents, a '\r' before the line break is no part of the line, and a line longer than
// max_line_bytes is a document refused unread, held no more than that long.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "record/found_document.h"
#include "record/record.h"

namespace conquian::record {

struct LineBlock {
  // The lines that start in the block, in order. Their `line` counts from the block's first
  // line (0) and their `index` is 0: the reader adds what the blocks before hold. Their text
  // lives in `bytes`, until the next read into this block.
  std::vector<FoundDocument> lines;
  // The line breaks of the block's lines: the next block's first line is this many after its.
  std::uint32_t line_breaks = 0;
  // A read failed (errno in `read_errno`): the lines before it are in `lines`, and the file
  // is not read past the block's line `error_line`.
  bool read_failed = false;
  int read_errno = 0;
  std::uint32_t error_line = 0;
  // The file ended in the block (or before it): no line starts past it.
  bool reached_end = false;
  // The bytes this read took from the file: the block's own, the rest of its last line, and
  // the scan for its first line's start, which stops at the block's end, so that the blocks of
  // a file read each byte about once, whatever its lines' length.
  std::uint64_t bytes_read = 0;

  std::unique_ptr<char[]> bytes;
  std::size_t capacity = 0;  // of `bytes`, less kJsonPadding
};

// Reads into `block` the lines of the file open as `fd` that start at a byte in [from, to);
// `to` past the file's end reads to its end. A block that starts inside a line starts after
// it: that line is the block before's.
void read_line_block(int fd, std::uint64_t from, std::uint64_t to, const ReadLimits& limits, LineBlock& block);

}  // namespace conquian::record
