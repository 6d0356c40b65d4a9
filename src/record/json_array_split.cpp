#include "record/json_array_split.h"

#include <simdjson.h>

#include <cstring>
#include <vector>

#include "record/json_record_reader.h"

namespace conquian::record {
namespace {

bool is_blank(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; }

// A bound on the elements given at once.
constexpr std::size_t kMost = 4096;

// Whether simdjson takes the whole text as an array up to its first element: what the parse
// of the file would refuse before any element (text that is not UTF-8, a string not closed,
// an array that does not end the text with its `]`, ...).
bool indexes_whole(std::string_view text, std::size_t room) {
  simdjson::ondemand::parser parser;
  simdjson::ondemand::document doc;
  simdjson::ondemand::json_type type;
  simdjson::ondemand::array array;
  return parser.iterate(simdjson::padded_string_view(text.data(), text.size(), room)).get(doc) == simdjson::SUCCESS &&
         doc.type().get(type) == simdjson::SUCCESS && type == simdjson::ondemand::json_type::array &&
         doc.get_array().get(array) == simdjson::SUCCESS;
}

// The elements of the array that starts at `at`, cut one after another.
class ElementCut {
 public:
  ElementCut(std::string_view text, std::size_t room, const DocumentChunkSink& elements)
      : text_(text), room_(room), elements_(elements) {}

  // Cuts from the `[` at `at`; false when not one element could be cut (the caller reads the
  // file whole).
  bool run(std::size_t at);

 private:
  void skip_blanks() {
    for (; at_ < text_.size() && is_blank(text_[at_]); ++at_) note_line_break();
  }
  void note_line_break() {
    if (text_[at_] == '\n') {
      ++line_;
      line_start_ = at_ + 1;
    }
  }
  // Past the object that starts at at_; false when it does not close.
  bool skip_object();
  void give(FoundDocument&& found) {
    found.kind = DocumentKind::JsonElement;
    found.index = ++count_;
    found.file_text = text_;
    found.file_room = room_;
    found_.push_back(found);
  }
  // What cannot be cut from here on: a document with no text, read whole in file order.
  void give_rest() { give(FoundDocument{}); }
  bool flush(bool last) {
    const bool more = elements_(std::span<const FoundDocument>(found_), last);
    found_.clear();
    return more;
  }

  std::string_view text_;
  std::size_t room_;
  const DocumentChunkSink& elements_;
  std::size_t at_ = 0;
  std::uint32_t line_ = 0;      // the line at_ is on (0-based)
  std::size_t line_start_ = 0;  // where that line starts
  int count_ = 0;
  std::vector<FoundDocument> found_;
};

bool ElementCut::skip_object() {
  int depth = 0;
  bool in_string = false;
  for (; at_ < text_.size(); ++at_) {
    const char c = text_[at_];
    note_line_break();  // a string holds none, unless broken (its element then ends the cut)
    if (in_string) {
      if (c == '\\' && at_ + 1 < text_.size()) {  // an escape: the next byte is never the string's end
        ++at_;
        note_line_break();
      } else if (c == '"') {
        in_string = false;
      }
      continue;
    }
    if (c == '"') in_string = true;
    else if (c == '{' || c == '[') ++depth;
    else if ((c == '}' || c == ']') && --depth == 0) {
      ++at_;
      return true;
    }
  }
  return false;
}

bool ElementCut::run(std::size_t at) {
  for (std::size_t i = 0; i < at; ++i)
    if (text_[i] == '\n') {
      ++line_;
      line_start_ = i + 1;
    }
  at_ = at + 1;
  for (;;) {
    skip_blanks();
    if (at_ == text_.size() || text_[at_] != '{') break;
    const std::size_t start = at_;
    const std::size_t first_line_start = line_start_;
    const std::uint32_t first_line = line_;
    if (!skip_object()) break;
    FoundDocument found;
    found.text = text_.substr(first_line_start, at_ - first_line_start);
    found.begin = static_cast<std::uint32_t>(start - first_line_start);
    found.room = room_ - first_line_start;
    found.line = first_line;
    give(std::move(found));
    if (found_.size() >= kMost && !flush(false)) return true;
    skip_blanks();
    if (at_ < text_.size() && text_[at_] == ',') {
      ++at_;
      continue;
    }
    if (at_ < text_.size() && text_[at_] == ']') {
      ++at_;
      skip_blanks();
      if (at_ == text_.size()) {  // the array, and nothing after it
        flush(true);
        return true;
      }
    }
    break;
  }
  if (count_ == 0) return false;
  give_rest();
  flush(true);
  return true;
}

}  // namespace

void split_json_array(std::string_view text, std::size_t room, const std::string& name,
                      const DocumentChunkSink& elements, const RecordSink& sink, const ReadLimits& limits) {
  const std::size_t first = text.find_first_not_of(" \t\r\n");
  const bool may_cut = text.size() <= limits.max_file_bytes && first != std::string_view::npos && text[first] == '[' &&
                       std::memchr(text.data(), '\0', text.size()) == nullptr && indexes_whole(text, room);
  if (!may_cut || !ElementCut(text, room, elements).run(first)) read_json_padded(text, room, name, sink, limits);
}

}  // namespace conquian::record
