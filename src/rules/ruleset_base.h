// Where a ruleset's text comes from, and its `base:` chain merged in (rules/ruleset.cpp asks
// both). A name is a shipped ruleset or one of $CONQUIAN_RULESETS; a path given by the user
// is read as given; a path written inside a document (a `base:`, a record's `ruleset:`) is
// followed only by the rule of record/document_path.h. A chain holds at most
// kMaxReferencedFiles files, and a chain that comes back to a file is an error naming the loop.
#pragma once

#include <yaml-cpp/yaml.h>

#include <string>
#include <vector>

#include "record/document_path.h"
#include "record/input_error.h"

namespace conquian {

// The files one document may lead to in all: its ruleset and that ruleset's bases
// (specs/limits.md).
inline constexpr std::size_t kMaxReferencedFiles = 8;
// A ruleset file, referenced or given, is read up to this many bytes (specs/limits.md).
inline constexpr std::size_t kMaxRulesetFileBytes = 1u << 20;

struct RulesetSource {
  std::string text;       // a shipped ruleset's text; "" when read from `file`
  std::string file;       // the file read, or the name shown for a shipped one
  bool followed = false;  // reached from inside a document: read by record::read_followed_file
};

// The rulesets a chain has passed through so far (their files, or the names shown for the
// shipped ones), and the folders the user trusts.
struct BaseChain {
  record::TrustedFolders trusted;
  std::vector<std::string> files;
  bool followed = false;  // set when a base was a path followed from inside a document
};

// A name or a path as the user gave it (command line, a program). Throws record::InputError.
RulesetSource find_ruleset_source(const std::string& name_or_path);
// A name or a path written inside the document `naming_file`. Throws record::InputError
// with the refusal (naming the reference, nothing read from a file).
RulesetSource find_referenced_source(const std::string& reference, const std::string& naming_file,
                                     const record::TrustedFolders& trusted);
YAML::Node load_source(const RulesetSource& src);
// What identifies a ruleset in a chain: its file with links resolved, or a shipped one's name.
std::string source_identity(const RulesetSource& src);

// `node` with its `base:` chain merged in: `base: NAME` copies another ruleset's keys; maps
// (melds, forcing, scoring) merge key by key. `file` is the file `node` was read from; `chain`
// holds the files before it (`file` included when it is a file of its own).
// Sets chain.followed when it followed a path.
YAML::Node resolve_bases(YAML::Node node, const std::string& file, BaseChain& chain);

// `e` without the text of its file: an unknown key is the one message that quotes a file's
// own words whatever the file holds (a line of /etc/shadow ends in ':' and reads as a key),
// so for a file named inside a document it is said without them.
record::InputError without_file_text(const record::InputError& e);

}  // namespace conquian
