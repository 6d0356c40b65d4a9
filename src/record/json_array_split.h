// A `.json` file cut into its documents before any is parsed (found_document.h): the elements
// of its top array, each then parsed on any thread (JsonDocumentReader::read_element).
//
// The file is held whole (max_file_bytes), as its one parse needs. simdjson first indexes the
// whole text (its first stage: UTF-8, strings closed, the structure's characters), which
// finds the faults that its parse reports before any element; an element is then cut by its
// brackets, outside strings. What cannot be cut so (no array, an empty one, a fault the index
// finds, a NUL byte, an element that is no object, text after the array) is read whole, by the
// one parse, from where the cut stops: an element that is no object, or the text after the
// array, is given as a document with no text, which the reader sends back to the whole parse
// in file order (DocumentOrder), so that the messages stay those of the whole file.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

#include "record/found_document.h"
#include "record/record.h"

namespace conquian::record {

// Cuts `text` (padded: `room` bytes readable from its start) into its elements for
// `elements`, or reads it whole into `sink` when it cannot be cut at all.
void split_json_array(std::string_view text, std::size_t room, const std::string& name,
                      const DocumentChunkSink& elements, const RecordSink& sink, const ReadLimits& limits = {});

}  // namespace conquian::record
