#include "record/document_order.h"

#include <utility>
#include <vector>

#include "record/json_record_reader.h"
#include "record/yaml_stretch.h"

namespace conquian::record {
namespace {

int& index_of(ReadItem& item) {
  if (item.record) return item.record->index;
  if (item.match) return item.match->index;
  return item.error->index;
}

}  // namespace

void DocumentOrder::give(ReadItem&& item) {
  given_ = true;
  sink_(std::move(item));
}

bool DocumentOrder::take(const FoundDocument& found, DocumentRead&& read) {
  if (ended_) return false;
  if (!read.in_order) {
    for (ReadItem& item : read.items) {
      index_of(item) = ++count_;
      give(std::move(item));
    }
    return true;
  }
  if (found.kind == DocumentKind::YamlStretch) ended_ = read_stretch_in_order(found);
  else read_array_in_order(found);
  return !ended_;
}

// A stretch that broke alone, read with the `---` line after it, where the whole file breaks
// (yaml_split.h). Returns whether the file ended.
bool DocumentOrder::read_stretch_in_order(const FoundDocument& found) {
  const detail::YamlStart start{found.line, count_, found.tab_before};
  std::vector<ReadItem> items;
  const RecordSink keep = [&items](ReadItem&& item) { items.push_back(std::move(item)); };
  bool ended = detail::read_yaml_from({found.text.data(), found.extent}, name_, keep, limits_, start);
  if (!ended) {
    // A stretch that breaks alone breaks the whole file too, by the `---` after it; were it
    // not so, the documents of the stretch are still those it holds alone, read in order.
    items.clear();
    ended = detail::read_yaml_from(found.text, name_, keep, limits_, start);
  }
  for (ReadItem& item : items) {
    if (index_of(item) > count_) count_ = index_of(item);
    give(std::move(item));
  }
  return ended;
}

// An element that is no JSON, or what the cut could not find whole: the whole file's parse,
// from that element on, to the file's end (a syntax error ends it there).
void DocumentOrder::read_array_in_order(const FoundDocument& found) {
  const RecordSink from_here = [&](ReadItem&& item) {
    if (index_of(item) >= found.index || index_of(item) == 0) give(std::move(item));
  };
  read_json_padded(found.file_text, found.file_room, name_, from_here, limits_);
  ended_ = true;
}

void DocumentOrder::pass(const FoundDocument&) { ++count_; }

void DocumentOrder::direct(ReadItem&& item) { give(std::move(item)); }

void DocumentOrder::finish(RecordFormat format) {
  if (given_ || ended_ || count_ > 0 || format != RecordFormat::Yaml) return;
  // A pipeline that wrote nothing must not pass for a valid file of zero games
  // (specs/record-format.md); a lone `---` is a document, an empty one, and fails the schema.
  RecordError err;
  err.file = name_;
  err.message = name_ + ": no game: the file holds no YAML document (it is empty or only comments)";
  err.ends_file = true;
  give(ReadItem{std::nullopt, std::move(err), std::nullopt});
}

}  // namespace conquian::record
