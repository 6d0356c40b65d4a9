// Record files cut into documents before any is parsed (record/found_document.h), read on
// 1, 2 and 7 threads, with chunks small enough that documents straddle them: the very items
// (kinds, indices, marks, messages, every key) of the one parse of the whole text.
#include <doctest/doctest.h>
#include <fcntl.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <random>
#include <span>
#include <string>
#include <vector>

#include "../tools/fuzz/read_items.h"
#include "contains.h"
#include "record/document_order.h"
#include "record/document_reader.h"
#include "record/json_line_block.h"
#include "record/json_lines.h"
#include "record/record_reader.h"
#include "record/yaml_split.h"
#include "test_scale.h"

using conquian::fuzz::read_cut;
using conquian::fuzz::read_whole;
using conquian::record::ByteSource;
using conquian::record::DocumentOrder;
using conquian::record::DocumentRead;
using conquian::record::DocumentReader;
using conquian::record::FoundDocument;
using conquian::record::kJsonPadding;
using conquian::record::ReadItem;
using conquian::record::ReadLimits;
using conquian::record::RecordFormat;
using conquian::record::RecordSink;
using conquian::record::split_json_lines;

namespace {

// `text` read cut into documents gives what its whole parse gives, on 1, 2 and 7 threads,
// in chunks of a MiB, of 97 bytes and of one byte. Returns the whole parse's items.
std::string same_as_whole(const std::string& text, RecordFormat format = RecordFormat::Yaml,
                          const std::vector<std::size_t>& chunks = {std::size_t{1} << 20, 97, 1}) {
  const std::string whole = read_whole(text, format);
  for (const std::size_t chunk : chunks) {
    ReadLimits limits;
    limits.chunk_bytes = chunk;
    for (const int threads : {1, 2, 7}) {
      INFO("chunks of " << chunk << " bytes, " << threads << " threads, text:\n" << text);
      CHECK(read_cut(text, format, threads, limits) == whole);
    }
  }
  return whole;
}

std::vector<ReadItem> items_of(const std::string& text, RecordFormat format = RecordFormat::Yaml) {
  std::vector<ReadItem> items;
  conquian::record::read_record_text(
      text, "fuzz", [&](ReadItem&& item) { items.push_back(std::move(item)); }, {}, format, 2);
  return items;
}

std::string record_text(const std::string& id, const std::string& extra = "") {
  return "format: conquian-record/1\nruleset: american\nid: " + id +
         "\ndeal:\n  hands: [[Ac, 2c, 3c], [Kd, Qd, Jd]]\n" + extra + "moves: []\n";
}

using conquian::testing::has;

}  // namespace

TEST_CASE("document split: YAML with --- inside block scalars, quoted strings and comments") {
  // Indented `---` lines are text of the scalar; none is a document's start.
  const std::string text =
      record_text("|\n  ---\n  a block scalar\n  --- still\n") + "---\n" + record_text("\"a quoted\n  --- string\"") +
      "---\n" + record_text("'single\n  ---\n  quoted'") + "# --- a comment\n---\n" + record_text("last", "# ---\n");
  same_as_whole(text);
  const auto items = items_of(text);
  REQUIRE(items.size() == 4);
  for (const ReadItem& item : items) REQUIRE_MESSAGE(item.record, (item.error ? item.error->message : ""));
  CHECK(items[0].record->id == "---\na block scalar\n--- still\n");
  CHECK(items[1].record->id == "a quoted --- string");
  CHECK(items[2].record->id == "single --- quoted");
  CHECK(items[3].record->index == 4);
}

TEST_CASE("document split: a --- at column 0 inside a quoted string or a flow list ends the file there") {
  // libyaml: "found unexpected document indicator" at the `---`; the cut stretch breaks alone
  // at its end instead, and is read again with the `---` line, as the whole file is.
  for (const std::string& broken : {record_text("\"open\n---\nclosed\""), record_text("'open\n---\nclosed'"),
                                    record_text("[a,\n---\n]"), record_text("{a: b,\n---\n}")}) {
    const std::string text = record_text("first") + "---\n" + broken + "---\n" + record_text("after");
    const std::string whole = same_as_whole(text);
    CHECK(has(whole, "the rest of the file is not read"));
    CHECK(!has(whole, "after"));
    const auto items = items_of(text);
    REQUIRE(items.size() == 2);
    CHECK(items[0].record);
    REQUIRE(items[1].error);
    CHECK(items[1].error->index == 2);
    CHECK(items[1].error->mark.line == 11);  // the `---` line
    CHECK(items[1].error->ends_file);
  }
}

TEST_CASE("document split: directives and ... bind the --- after them") {
  // A directive belongs to the document the next `---` starts; after `...` libyaml wants one.
  same_as_whole("%YAML 1.1\n---\n" + record_text("a") + "...\n%YAML 1.1\n---\n" + record_text("b") + "---\n" +
                record_text("c"));
  same_as_whole(record_text("a") + "%YAML 1.1\n---\n" + record_text("b"));
  same_as_whole(record_text("a") + "...\n" + record_text("b") + "---\n" +
                record_text("c"));  // no `---` after `...`: broken
  same_as_whole(record_text("a") + "...\n# c\n...\n---\n" + record_text("b") + "---\n" + record_text("c"));
  CHECK(items_of("%YAML 1.1\n---\n" + record_text("a") + "...\n%YAML 1.1\n---\n" + record_text("b")).size() == 2);
}

TEST_CASE("document split: a malformed document in the middle is malformed alone, in its place") {
  std::string text;
  for (int i = 0; i < 30; ++i) {
    if (i) text += "---\n";
    if (i == 11) text += record_text("bad-key", "colour: red\n");  // an unknown key
    else if (i == 17)
      text += "id: [[[[[[[[[[[[[[[[[[[[1]]]]]]]]]]]]]]]]]]]]\n";  // past max_depth: skipped to the next ---
    else if (i == 23) text += record_text("seat\t", "  stock: 5\n");
    else text += record_text("game-" + std::to_string(i));
  }
  same_as_whole(text);
  const auto items = items_of(text);
  REQUIRE(items.size() == 30);
  CHECK(items[11].error);
  CHECK(items[17].error);
  CHECK(items[17].error->index == 18);
  CHECK(items[18].record);
  CHECK(items[29].record->index == 30);
}

TEST_CASE("document split: bytes libyaml refuses, line breaks it reads, and the tab hint") {
  const std::string a = record_text("a"), b = record_text("b");
  same_as_whole(a + "---\n" + b + "---\n" + "id: \xff\n" + "---\n" + b);         // invalid UTF-8: the file ends
  same_as_whole(a + "---\n" + b + "--- \x01\n" + b);                             // on a `---` line
  same_as_whole("\xfe" + a + "---\n" + b);                                       // in the first line
  same_as_whole(a + "---\n" + "id: x\n" + std::string("\x7f") + "\n---\n" + b);  // a control character
  same_as_whole("a: 1\r---\rb: [\r---\r" + b);                                   // CR alone breaks lines
  same_as_whole(
      "a: 1\xc2\x85---\xc2\x85"
      "b: 2\xe2\x80\xa8---\n" +
      b);  // NEL and LS
  // A syntax error says when a line up to it indents with a tab, even in a stretch before.
  const std::string hinted = same_as_whole("a: [1,\n\t2]\n---\n" + b + "---\nc: [\n---\n" + b);
  CHECK(has(hinted, "(YAML indents with spaces, not tabs)"));
  CHECK(!has(same_as_whole(a + "---\n" + "c: [\n---\n\tb: 1\n"), "indents with spaces"));
}

TEST_CASE("document split: files with no document, one document, empty documents") {
  for (const std::string& text :
       {std::string(), std::string("\n\n"), std::string("# only a comment\n"), std::string("---\n"),
        std::string("---\n---\n"), std::string("--- \n...\n"), record_text("one"),
        std::string("# c\n---\n") + record_text("one"), std::string("\xef\xbb\xbf---\n") + record_text("bom")})
    same_as_whole(text);
  CHECK(has(read_whole("# nothing\n", RecordFormat::Yaml), "no game"));
}

TEST_CASE("document split: a file of one long record is one stretch, read as before") {
  std::string moves = "moves:\n";
  for (int i = 0; i < 3000; ++i) moves += "  - {seat: " + std::to_string(i % 2) + ", pass: 4c}  # ---\n";
  const std::string text = "format: conquian-record/1\nruleset: american\ndeal:\n  hands: [[Ac], [Kd]]\n" + moves;
  same_as_whole(text, RecordFormat::Yaml, {std::size_t{1} << 20, 4096});
  const auto items = items_of(text);
  REQUIRE(items.size() == 1);
  REQUIRE(items[0].record);
  CHECK(items[0].record->moves.size() == 3000);
}

TEST_CASE("document split: a YAML stream past max_file_bytes ends after the documents before") {
  const std::string text = record_text("a") + "---\n" + record_text("b") + "---\n" + record_text("c");
  ReadLimits limits;
  limits.max_file_bytes = text.size() - 10;
  limits.chunk_bytes = 16;
  std::vector<ReadItem> items;
  const std::string name = "stream.yaml";  // the reader and the order keep it by reference
  conquian::record::DocumentReader reader(name, limits);
  conquian::record::DocumentOrder order(name, limits, [&](ReadItem&& item) { items.push_back(std::move(item)); });
  conquian::record::split_yaml(
      conquian::record::text_source(text), {}, name,
      [&](std::span<const conquian::record::FoundDocument> chunk, bool) {
        for (const auto& found : chunk) {
          conquian::record::DocumentRead read;
          reader.read(found, read);
          if (!order.take(found, std::move(read))) return false;
        }
        return true;
      },
      [&](ReadItem&& item) { order.direct(std::move(item)); }, limits);
  REQUIRE(items.size() == 3);
  CHECK(items[0].record);
  CHECK(items[1].record);
  REQUIRE(items[2].error);
  INFO(items[2].error->message);
  CHECK(has(items[2].error->message, "stream.yaml:19:1: the file is more than max_file_bytes"));
  CHECK(items[2].error->ends_file);
}

TEST_CASE("document split: random YAML from pieces of records and of syntax") {
  // Lines that start, end, break or continue documents, scalars and collections, mixed at
  // random: whatever libyaml makes of them, the cut reads what the whole parse reads.
  const std::vector<std::string> pieces = {"---",
                                           "--- x",
                                           "--- |",
                                           "--- >",
                                           "...",
                                           "%YAML 1.1",
                                           "%TAG !e! tag:e,2000:",
                                           "format: conquian-record/1",
                                           "ruleset: american",
                                           "id: g",
                                           "deal:",
                                           "  hands: [[Ac, 2c], [Kd, Qd]]",
                                           "moves: []",
                                           "moves:",
                                           "  - {seat: 0, pass: Ac}",
                                           "'q",
                                           "q'",
                                           "\"x",
                                           "x\"",
                                           "|",
                                           "  text",
                                           "text",
                                           "[a,",
                                           "]",
                                           "{a: 1,",
                                           "}",
                                           "#c",
                                           "",
                                           "? k",
                                           ": v",
                                           "&a x",
                                           "*a",
                                           "\t- x",
                                           "--- [",
                                           "---x",
                                           "----",
                                           " ---",
                                           "a: \"b",
                                           "c\"",
                                           "a: |-",
                                           "   z",
                                           "a\r---",
                                           "\xc2\x85---",
                                           "id: \xff",
                                           "...x",
                                           "% x",
                                           "--- \t",
                                           "---\t#",
                                           "a: 1 # ---"};
  std::mt19937 rng(2024);
  const int cases = conquian::testing::scaled(400);
  for (int c = 0; c < cases; ++c) {
    std::string text;
    const int lines = 1 + static_cast<int>(rng() % 12);
    for (int l = 0; l < lines; ++l) text += pieces[rng() % pieces.size()] + (rng() % 8 ? "\n" : "\r\n");
    if (rng() % 2) text.pop_back();
    same_as_whole(text, RecordFormat::Yaml, {std::size_t{1} << 20, 5});
  }
}

TEST_CASE("document split: a JSON array's elements, read alone, read as the whole array") {
  const std::string a =
      R"({"format":"conquian-record/1","ruleset":"american","id":"a","deal":{"hands":[["Ac"],["Kd"]]},"moves":[]})";
  const std::string b =
      "{\n  \"format\": \"conquian-record/1\", \"ruleset\": \"american\",\n  \"id\": \"b ] } [ {\\\"\",\n"
      "  \"deal\": {\"hands\": [[\"Ac\"], [\"Kd\"]]}, \"moves\": [], \"colour\": 1}";
  const std::string c = R"({"id": "c\u00e9\n", "x": [1, 2, {"y": null}]})";
  same_as_whole("[" + a + "," + b + ",\n  " + c + "]\n", RecordFormat::Json);
  same_as_whole("  [\n" + a + ",\n" + a + "\n]  \n", RecordFormat::Json);
  // What the cut stops at goes to the whole parse, in its place: a bad literal in an element,
  // an element that is no object, a comma too many, text after the array, an empty array.
  same_as_whole("[" + a + ",\n{\"id\": tru},\n" + b + "]", RecordFormat::Json);
  same_as_whole("[" + a + ", 7, \"x\", null, [], " + b + "]", RecordFormat::Json);
  same_as_whole("[" + a + "," + b + ",]", RecordFormat::Json);
  same_as_whole("[" + a + "]\n" + b, RecordFormat::Json);
  same_as_whole("[" + a + "," + b, RecordFormat::Json);
  for (const std::string& text : {std::string("[]"), std::string(" "), a, std::string("[") + a + "\xff]",
                                  std::string("[{\"id\": \"x\0\"}]", 14), std::string("[{\"a\": \"unclosed}]")})
    same_as_whole(text, RecordFormat::Json);
  const auto items = items_of("[" + a + ",\n" + b + "]", RecordFormat::Json);
  REQUIRE(items.size() == 2);
  CHECK(items[0].record);
  REQUIRE(items[1].error);
  CHECK(items[1].error->index == 2);
  CHECK(items[1].error->mark.line == 5);  // the unknown key, on the element's fourth line
}

TEST_CASE("document split: JSON Lines in chunks that cut every line read as in one chunk") {
  std::string text;
  for (int i = 0; i < 40; ++i)
    text += (i % 7 == 3 ? std::string("{\"id\": broken")
                        : R"({"format":"conquian-record/1","ruleset":"american","id":"g)" + std::to_string(i) +
                              R"(","deal":{"hands":[["Ac"],["Kd"]]},"moves":[]})") +
            (i % 5 == 0 ? "\r\n\n" : "\n");
  ReadLimits one_chunk;
  const std::string whole = read_cut(text, RecordFormat::JsonLines, 1, one_chunk);
  for (const std::size_t chunk : {std::size_t{1}, std::size_t{13}, std::size_t{200}}) {
    ReadLimits limits;
    limits.chunk_bytes = chunk;
    for (const int threads : {1, 2, 7}) CHECK(read_cut(text, RecordFormat::JsonLines, threads, limits) == whole);
  }
  CHECK(has(whole, "#40"));
}

// A JSON Lines file's last line, with no newline after it, is parsed where the buffer's bytes
// after it are whatever the buffer last held: simdjson reads up to its padding past a
// document's end. The split clears that padding before it gives the line. The source here
// writes, past the bytes it says it read, text that would continue a number, an atom or a
// string left open at the end of the line: the padding must be zeros whatever it wrote, and
// the line must read as with a clean buffer.
TEST_CASE("document split: the last line of JSON Lines reads the same whatever the buffer held after it") {
  const std::string record =
      R"({"format":"conquian-record/1","ruleset":"american","id":"g","deal":{"hands":[["Ac"],["Kd"]]},"moves":[)";
  const std::vector<std::string> endings = {R"({"seat":0,"pass":"4c"}]})",
                                            R"({"seat":0-,"take":"4c"}]})",
                                            R"({"seat":1,"turn":"7e"},{"pa:"4ss"c"}]})",
                                            R"({"seat":0,"pass":"4c"}],"x":tru)",
                                            R"({"seat":0,"pass":"4c"}],"x":12)",
                                            R"({"seat":0,"pass":"4c"}],"x":"ab)",
                                            R"({"seat":0,"pass":"4c"}],"x":nul)"};
  for (const std::string& ending : endings) {
    const std::string text = "{\"id\": \"first\"}\n" + record + ending;
    const auto read_with = [&](std::string_view stale) {
      std::size_t at = 0;
      const ByteSource source = [&](char* buf, std::size_t n) -> ssize_t {
        const std::size_t got = std::min(n, text.size() - at);
        std::memcpy(buf, text.data() + at, got);
        at += got;
        for (std::size_t i = got; i < n; ++i) buf[i] = stale[(i - got) % stale.size()];
        return static_cast<ssize_t>(got);
      };
      bool padding_cleared = true;  // after every line not ended by a newline
      std::string read = conquian::fuzz::described([&](const RecordSink& sink) {
        const std::string name = "fuzz";
        ReadLimits limits;
        limits.chunk_bytes = 4096;
        DocumentReader reader(name, limits);
        DocumentOrder order(name, limits, sink);
        split_json_lines(
            source, {}, name,
            [&](std::span<const FoundDocument> docs, bool) {
              for (const FoundDocument& found : docs) {
                const char* after = found.text.data() + found.text.size();
                if (*after != '\n')
                  padding_cleared = padding_cleared && found.room >= found.text.size() + kJsonPadding &&
                                    std::all_of(after, after + kJsonPadding, [](char c) { return c == '\0'; });
                DocumentRead items;
                reader.read(found, items);
                if (!order.take(found, std::move(items))) return false;
              }
              return true;
            },
            [&order](ReadItem&& item) { order.direct(std::move(item)); }, limits);
        order.finish(RecordFormat::JsonLines);
      });
      CHECK(padding_cleared);
      return read;
    };
    CAPTURE(ending);
    const std::string clean = read_with(std::string_view("\0", 1));
    CHECK(has(clean, "#2"));  // both lines read
    std::mt19937 rng(7);
    const std::string_view alphabet = "0123456789eE+-.,:[]{}\" truelfsnu\\";
    for (int trial = 0; trial < 300; ++trial) {
      std::string stale(64, ' ');
      for (char& c : stale) c = alphabet[rng() % alphabet.size()];
      CAPTURE(stale);
      CHECK(read_with(stale) == clean);
    }
    for (std::size_t k = 0; k + 8 < text.size(); ++k) {
      const std::string stale = text.substr(k, 64);
      CAPTURE(stale);
      CHECK(read_with(stale) == clean);
    }
  }
}

// JSON Lines read a block at a time, by the threads that parse them (record/json_line_block.h):
// the blocks of any size, their lines numbered from the line breaks of the blocks before, are
// the very lines one cut of the whole file gives, blank lines, '\r's, lines too long and a
// last line with no line break alike.
TEST_CASE("document split: JSON Lines read in blocks of any size are the lines of one cut") {
  std::string text = "\n{\"a\":1}\r\n  \n";
  for (int i = 0; i < 12; ++i) text += std::string(static_cast<std::size_t>(i * 7), 'x') + "\n";
  text += std::string(40, 'y') + "\r\n\n\n" + std::string(25, 'z') + "\n" + std::string(26, 'w') + "\n{\"last\":1}";
  ReadLimits limits;
  limits.max_line_bytes = 25;  // the lines of 28 bytes and more are too long
  const auto line_list = [](const FoundDocument& f) {
    return std::to_string(f.line) + (f.too_long ? " too long" : " " + std::string(f.text)) + "\n";
  };
  std::string cut;
  split_json_lines(
      conquian::record::text_source(text), {}, "blocks",
      [&](std::span<const FoundDocument> docs, bool) {
        for (const FoundDocument& f : docs) cut += line_list(f);
        return true;
      },
      [](ReadItem&&) {}, limits);
  REQUIRE(has(cut, "too long"));
  const std::string path = "/tmp/conquian-blocks-" + std::to_string(::getpid()) + ".jsonl";
  { std::ofstream(path, std::ios::binary) << text; }
  const int fd = ::open(path.c_str(), O_RDONLY);
  REQUIRE(fd >= 0);
  for (std::size_t bytes = 1; bytes <= text.size() + 1; ++bytes) {
    INFO("blocks of " << bytes << " bytes");
    std::string blocks;
    std::uint32_t lines_before = 0;
    conquian::record::LineBlock block;
    for (std::uint64_t from = 0;; from += bytes) {
      conquian::record::read_line_block(fd, from, from + bytes, limits, block);
      REQUIRE(!block.read_failed);
      for (FoundDocument f : block.lines) {
        if (!f.too_long) {  // simdjson's padding after the text is readable, and clear
          CHECK(f.room >= f.text.size() + kJsonPadding);
          if (f.text.data()[f.text.size()] == '\0') CHECK(f.text.data()[f.text.size() + kJsonPadding - 1] == '\0');
        }
        f.line += lines_before;
        blocks += line_list(f);
      }
      lines_before += block.line_breaks;
      if (block.reached_end) break;
    }
    CHECK(blocks == cut);
  }
  ::close(fd);
  std::remove(path.c_str());
}

// A line far longer than a block (refused as too long) is read once, by the block it starts
// in, not scanned again by every block it covers: the blocks of a file read each byte about
// once. Scanned by each, the 2 MiB line below took 512 blocks of 4 KiB some 500 MiB of reads,
// and a 300 MB line two threads 35 s where one thread took 1.2 s.
TEST_CASE("document split: the blocks of a file read each byte about once, whatever its lines' length") {
  const std::string text = "{\"a\":1}\n" + std::string(std::size_t{2} << 20, 'x') + "\n{\"b\":2}\n{\"c\":3}";
  const std::string path = "/tmp/conquian-long-line-" + std::to_string(::getpid()) + ".jsonl";
  { std::ofstream(path, std::ios::binary) << text; }
  const int fd = ::open(path.c_str(), O_RDONLY);
  REQUIRE(fd >= 0);
  ReadLimits limits;
  limits.max_line_bytes = 64 << 10;
  std::uint64_t read = 0;
  std::size_t lines = 0, too_long = 0;
  conquian::record::LineBlock block;
  for (std::uint64_t from = 0;; from += 4096) {
    conquian::record::read_line_block(fd, from, from + 4096, limits, block);
    read += block.bytes_read;
    lines += block.lines.size();
    for (const FoundDocument& f : block.lines) too_long += f.too_long ? 1 : 0;
    if (block.reached_end) break;
  }
  ::close(fd);
  std::remove(path.c_str());
  CHECK(lines == 4);
  CHECK(too_long == 1);
  CHECK(read < 2 * text.size());
}
