// One found document (found_document.h) read on whatever thread holds this reader: JSON by
// simdjson and the record schema, a YAML stretch by libyaml and the same schema.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "record/found_document.h"
#include "record/record.h"

namespace conquian::record {

// What a thread reads of one found document: its items, with indices counted from 1 within
// it (DocumentOrder numbers them in the file), or, when it broke alone, that it must be read
// again in file order (`in_order`): a YAML stretch that breaks, a JSON element that is no
// JSON. A line of JSON Lines and a `single` document give one item; a YAML stretch may give
// none or several.
struct DocumentRead {
  std::vector<ReadItem> items;
  bool in_order = false;
};

// Holds a parser of each format and buffers reused from document to document, so a thread
// that reads keeps one of its own. `name` and `limits` must outlive it.
class DocumentReader {
 public:
  DocumentReader(const std::string& name, const ReadLimits& limits);
  ~DocumentReader();
  DocumentReader(const DocumentReader&) = delete;
  DocumentReader& operator=(const DocumentReader&) = delete;
  void read(const FoundDocument& found, DocumentRead& out);

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace conquian::record
