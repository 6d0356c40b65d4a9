// What `check` does with each document of a file, whoever cut and read it (check_file.cpp
// streams a file through batches; json_lines_blocks.cpp reads a JSON Lines file a block a
// thread): each document becomes its steps, in file order, the games among them are judged on
// any thread, and the verdicts are given in file order, each deal told to its match first.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "check/check_file.h"
#include "check/match_check.h"
#include "record/record.h"
#include "replay/ruleset_cache.h"

namespace conquian::check::file_steps {

// One verdict to give, in file order: ready, or waiting for check_record (the one costly
// part, run on any thread); then, in order again, the match it is a deal of is told.
struct Step {
  CheckedGame game;  // the verdict when ready; else the record and the ruleset to judge it under
  bool judge = false;
  std::shared_ptr<MatchCheck> match;  // the match of a deal (or of a document that is no record)
  bool judged = false;                // its verdict given already (a guess that held: json_lines_blocks.cpp)
};

// What the reader's sink keeps from one document to the next: the match that the deals
// after a `match:` document belong to (specs/record-format.md, "Matches"), and the steps
// not yet given.
struct FileState {
  std::shared_ptr<MatchCheck> match;
  std::vector<Step> steps;
};

// Which part of the file a document belongs to (CheckedGame::part): each document is one,
// except that a match document and the documents after it, up to the next, are one.
struct PartCounter {
  bool matches = true;  // false: every game is judged under rulesets given, and no match is followed
  bool in_match = false;
  bool first = true;
  std::size_t part = 0;
  std::size_t next(bool is_match) {
    if (!first && !(matches && in_match && !is_match)) ++part;
    first = false;
    if (is_match && matches) in_match = true;
    return part;
  }
};

// One document into its steps (in order; nothing judged yet).
// `made`, when given, is the item's record already moved out of it (by the thread that read
// it, so that the same thread frees it: json_lines_blocks.cpp).
void prepare(record::ReadItem&& item, const CheckFileOptions& options, RulesetCache& cache, FileState& st,
             std::shared_ptr<const record::GameRecord> made = nullptr);
// One game's verdict under `rules`: options.judge's, else check_record's.
GameVerdict verdict_of(const record::GameRecord& record, const Ruleset& rules, const CheckFileOptions& options);
// One step's game judged (check_record, the one costly part), on any thread.
void judge_step(Step& s, const CheckFileOptions& options);
// Judged steps given in file order, each deal of a match told to its match first.
void give(std::vector<Step>& steps, const CheckedSink& sink);
// The steps so far: judged on `threads` threads, then given in file order (the same
// verdicts, in the same order, whatever the number of threads).
void finish(FileState& st, int threads, const CheckFileOptions& options, const CheckedSink& sink);

}  // namespace conquian::check::file_steps
