// The documents of one file taken in file order, as the threads read them (document_reader.h):
// numbered in the file, and what broke alone read again here, where the whole file's reader
// would have met it, so that the items are those of one reader of the whole file.
#pragma once

#include <string>
#include <utility>

#include "record/document_reader.h"
#include "record/found_document.h"
#include "record/record.h"
#include "record/record_reader.h"

namespace conquian::record {

class DocumentOrder {
 public:
  // Gives every item to `sink` (kept), in file order. `name` and `limits` must outlive it.
  DocumentOrder(const std::string& name, const ReadLimits& limits, RecordSink sink)
      : name_(name), limits_(limits), sink_(std::move(sink)) {}

  // `found`'s items, read by a DocumentReader (or, when `read` says so, read here), given
  // with their indices in the file. False once the file has ended (a break, a bad byte): the
  // documents after it are not read.
  bool take(const FoundDocument& found, DocumentRead&& read);
  // A `single` document that this process leaves unread (another MPI rank's part): counted.
  void pass(const FoundDocument& found);
  // What the cut gives that is no document (an unreadable file, a read error, a `.json` file
  // read whole): given as it is.
  void direct(ReadItem&& item);
  // The file's end: a YAML file that held no document is one error that says so.
  void finish(RecordFormat format);

  int documents() const { return count_; }
  bool ended() const { return ended_; }

 private:
  void give(ReadItem&& item);
  bool read_stretch_in_order(const FoundDocument& found);
  void read_array_in_order(const FoundDocument& found);

  const std::string& name_;
  const ReadLimits& limits_;
  const RecordSink sink_;
  int count_ = 0;       // documents so far
  bool given_ = false;  // something was given (a document, or an error about the file)
  bool ended_ = false;  // the file ended early: nothing more is taken
};

}  // namespace conquian::record
