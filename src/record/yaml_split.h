// YAML cut into stretches before any is parsed (found_document.h): a stretch runs from a
// `---` line to the next, and is read alone (record/document_reader.h) on any thread.
//
// Why a stretch read alone gives what the whole file gives: a line that starts with `---`
// and a blank, a line break or the end is, to libyaml, always a document start or a syntax
// error, whatever comes before it (a block scalar's lines are indented, a plain scalar ends
// there, a quoted one or a flow collection breaks there). There the scanner closes every
// block collection and the parser starts the next document afresh, as a new stream's first
// `---` does. So the events of a stretch are those of the whole file, except when the
// stretch breaks alone at its end (an unclosed quote or bracket), where the whole file
// breaks at the next `---` instead: such a stretch is read again in file order with that
// line (FoundDocument::extent), and the file ends there, as broken YAML ends it.
//
// Two lines bind the `---` after them to the stretch before: a directive (`%YAML`, `%TAG`),
// which belongs to the document that the next `---` starts, and a document end marker
// (`...`), after which libyaml wants directives or a `---`. A stretch with either holds more
// than one document (or none), and is no `single` one.
//
// The file streams through one buffer of a chunk plus the longest stretch, so memory is
// bounded by the largest document, not by the file. Lines are counted as libyaml counts
// them (LF, CR, CR LF, NEL, LS, PS), so that a stretch's line is the one libyaml's marks give.
#pragma once

#include <string>
#include <string_view>

#include "record/byte_source.h"
#include "record/found_document.h"
#include "record/record.h"

namespace conquian::record {

// Cuts the YAML of `source` into stretches (DocumentKind::YamlStretch) for `stretches`;
// `prefix` is text already read from it (format detection). What is no stretch goes to
// `sink`, in order with them: a read error, or a stream past max_file_bytes (either ends the
// file, after the stretches before it).
void split_yaml(const ByteSource& source, std::string_view prefix, const std::string& name,
                const DocumentChunkSink& stretches, const RecordSink& sink, const ReadLimits& limits = {});

}  // namespace conquian::record
