// The rulesets records and position files name, loaded once each: by name (the shipped
// ones, or $CONQUIAN_RULESETS) or by path. A path is written inside a document, so it is
// followed only by the rule of record/document_path.h (inside the document's folder or a
// trusted folder; anything else is refused).
#pragma once

#include <map>
#include <memory>
#include <mutex>
#include <string>

#include "record/document_path.h"
#include "rules/ruleset.h"

namespace conquian {

class RulesetCache {
 public:
  enum class Sources { NamesAndFiles, ShippedOnly };
  // ShippedOnly reads no file: any other name fails (the fuzz targets use it). `trusted`:
  // the folders any document may name files in (`--ruleset-dir`).
  explicit RulesetCache(Sources sources = Sources::NamesAndFiles,
                        record::TrustedFolders trusted = record::trusted_folders())
      : sources_(sources), trusted_(std::move(trusted)) {}

  // The ruleset `name_or_path` names, for the file `naming_file` (which may be ""). A failed
  // load is remembered too: it throws the same record::InputError each time it is asked.
  std::shared_ptr<const Ruleset> get(const std::string& name_or_path, const std::string& naming_file);
  // A ruleset written inline in `naming_file` (its mapping's text, starting on line
  // `first_line`), loaded once for each text. A failed load is not remembered: its message
  // names the lines of the record that wrote it. Refused under ShippedOnly.
  std::shared_ptr<const Ruleset> get_inline(const std::string& text, const std::string& naming_file,
                                            std::uint32_t first_line);

 private:
  Sources sources_;
  record::TrustedFolders trusted_;
  // Threads that read a file's blocks ask beside the one that takes its documents in order.
  std::mutex mutex_;
  std::map<std::string, std::shared_ptr<const Ruleset>> loaded_;
  std::map<std::string, std::string> failed_;
  std::map<std::string, std::shared_ptr<const Ruleset>> inline_;  // by naming folder and text
};

}  // namespace conquian
