// What a reader of record files gives, as text that two readings can be compared by: every
// item's kind, index, id, marks and message, and a record's every key (through the record
// writer) with the marks of its moves and cards. The fuzz targets and tests/document_split_test.cpp
// hold the reading cut into documents (record_reader.h, on any number of threads) to the one
// parse of the whole text that the reader falls back on (record/yaml_stretch.h, read_yaml_whole;
// record/json_record_reader.h, read_json_text).
#pragma once

#include <sys/mman.h>
#include <unistd.h>

#include <string>
#include <string_view>

#include "record/document_order.h"
#include "record/document_reader.h"
#include "record/json_line_block.h"
#include "record/json_lines.h"
#include "record/json_record_reader.h"
#include "record/record_reader.h"
#include "record/record_writer.h"
#include "record/yaml_stretch.h"

namespace conquian::fuzz {

inline std::string mark_text(record::Mark m) { return std::to_string(m.line) + ":" + std::to_string(m.column); }

inline void describe_tokens(const record::TokenList& tokens, std::string& out) {
  for (const record::Token& t : tokens) out += " " + t.text + "@" + mark_text(t.mark);
}

inline std::string describe(const record::ReadItem& item) {
  std::string out;
  if (item.error) {
    const record::RecordError& e = *item.error;
    return "error " + e.file + " #" + std::to_string(e.index) + " id=" + e.id + " @" + mark_text(e.mark) +
           (e.ends_file ? " ends" : "") + ": " + e.message + "\n";
  }
  if (item.match) {
    const record::MatchHeader& m = *item.match;
    return "match " + m.file + " #" + std::to_string(m.index) + " @" + mark_text(m.mark) + " ruleset@" +
           mark_text(m.ruleset_mark) + " target@" + mark_text(m.target_mark) + "\n" + record::write_match_header(m);
  }
  const record::GameRecord& r = *item.record;
  out = "record " + r.file + " #" + std::to_string(r.index) + " @" + mark_text(r.mark) + " ruleset@" +
        mark_text(r.ruleset_mark) + " commitment@" + mark_text(r.commitment_mark) + " result@" +
        mark_text(r.result.mark) + " forfeit@" + mark_text(r.result.forfeit_mark) + " score@" +
        mark_text(r.score.mark) + "\n";
  for (const record::TokenList& hand : r.hands) describe_tokens(hand, out);
  describe_tokens(r.stock, out);
  for (const record::RecordMove& m : r.moves) {
    out += "\n move@" + mark_text(m.mark) + " card@" + mark_text(m.card.mark);
    for (const record::TokenList& meld : m.melds) describe_tokens(meld, out);
    describe_tokens(m.lay, out);
    if (m.discard) out += " discard@" + mark_text(m.discard->mark);
  }
  return out + "\n" + record::write_record(r);
}

// Every item of a reading, described, one after another.
inline std::string described(const std::function<void(const record::RecordSink&)>& read) {
  std::string out;
  read([&out](record::ReadItem&& item) { out += describe(item); });
  return out;
}

// `text` read as the readers read a file: cut into documents, read on `threads` threads.
inline std::string read_cut(std::string_view text, record::RecordFormat format, int threads,
                            const record::ReadLimits& limits = {}) {
  return described(
      [&](const record::RecordSink& sink) { record::read_record_text(text, "fuzz", sink, limits, format, threads); });
}

// `text` as a JSON Lines file read a block of `block_bytes` at a time, as `check` reads a big
// one on many threads (check/json_lines_blocks.h): each block's lines numbered from the line
// breaks and documents of the blocks before, read, and taken in file order.
inline std::string read_in_blocks(std::string_view text, std::size_t block_bytes,
                                  const record::ReadLimits& limits = {}) {
  static const int fd = ::memfd_create("fuzz.jsonl", MFD_CLOEXEC);
  if (fd < 0 || ::ftruncate(fd, 0) != 0 ||
      ::pwrite(fd, text.data(), text.size(), 0) != static_cast<ssize_t>(text.size()))
    return "cannot write a memory file";
  return described([&](const record::RecordSink& sink) {
    const std::string name = "fuzz";
    record::DocumentReader reader(name, limits);
    record::DocumentOrder order(name, limits, sink);
    record::LineBlock block;
    std::uint32_t lines = 0;
    int documents = 0;
    for (std::uint64_t from = 0;; from += block_bytes) {
      record::read_line_block(fd, from, from + block_bytes, limits, block);
      for (record::FoundDocument found : block.lines) {
        found.line += lines;
        found.index = ++documents;
        record::DocumentRead read;
        reader.read(found, read);
        order.take(found, std::move(read));
      }
      lines += block.line_breaks;
      if (block.read_failed || block.reached_end) break;
    }
    if (documents == 0) record::json_lines_hold_nothing(name, sink);
  });
}

// `text` read whole, by the one parse the cut falls back on.
inline std::string read_whole(std::string_view text, record::RecordFormat format,
                              const record::ReadLimits& limits = {}) {
  return described([&](const record::RecordSink& sink) {
    if (format == record::RecordFormat::Json) record::read_json_text(text, "fuzz", sink, limits);
    else record::detail::read_yaml_whole(text, "fuzz", sink, limits);
  });
}

}  // namespace conquian::fuzz
