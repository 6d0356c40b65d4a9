// The one rule for a path written inside a document: a record's or a match's `ruleset:`, a
// position file's `ruleset:`, a ruleset's `base:`, and any reference added later (a JSON
// record's `ruleset:` included). A document is untrusted; the command line is the user's.
//
// A reference is followed only when it is relative and, with links resolved, names a regular
// file inside the folder of the document that names it, or inside a folder the user trusts
// (`--ruleset-dir DIR`). Anything else is refused: an absolute path, `..` out of the folder,
// a link out of it, a device, a FIFO, a folder. The refusal names the reference and why,
// never anything read from a file. Paths the user gives on the command line (`--ruleset
// FILE`, FILE arguments) do not come here: they are read as given.
//
// Use:
//   record::FollowedPath p = record::follow_document_path(value, document_file);
//   if (p.refused()) throw record::InputError(document_file, value_mark, "key 'ruleset': " + p.refusal);
//   std::string text = record::read_followed_file(p.path, max_bytes);  // never blocks on a FIFO
#pragma once

#include <cstddef>
#include <string>
#include <vector>

namespace conquian::record {

// Folders the user trusts: a document anywhere may name files inside them.
using TrustedFolders = std::vector<std::string>;

// The folders of `--ruleset-dir`, set once by the command line before any document is read
// (and before any thread starts); empty until then. The default of every call below.
const TrustedFolders& trusted_folders();
void set_trusted_folders(TrustedFolders folders);

struct FollowedPath {
  std::string path;     // the file to read: absolute, links resolved; "" when refused
  std::string refusal;  // a sentence naming the reference and why it is refused; "" when followed
  bool refused() const { return !refusal.empty(); }
};

// Where `reference`, written inside the document `naming_file`, leads: first inside the
// document's folder, then inside each trusted folder, in order; the first folder that holds
// it wins. A document read from standard input ("-" or "<stdin>") has no folder: only the
// trusted folders. Reads no file (it only looks at names and file types: a FIFO never blocks).
FollowedPath follow_document_path(const std::string& reference, const std::string& naming_file,
                                  const TrustedFolders& trusted = trusted_folders());

// Whether `reference` written in a document is a path (it has a '/' or ends in .yaml or
// .yml) rather than a name (a shipped ruleset, or one of $CONQUIAN_RULESETS).
bool is_path_reference(const std::string& reference);

// Reads a file that follow_document_path gave, at most `max_bytes`: opened without blocking
// and checked again to be a regular file once open (it may have changed since). Throws
// InputError naming the file.
std::string read_followed_file(const std::string& path, std::size_t max_bytes);

// `text` quoted for a message: control characters as \xNN, at most 120 bytes (a reference
// is the document's own text, and a terminal should not act on it).
std::string quoted_reference(const std::string& text);

}  // namespace conquian::record
