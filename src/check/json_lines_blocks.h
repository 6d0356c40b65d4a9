// A JSON Lines file checked a block at a time (record/json_line_block.h): each thread reads a
// block's bytes itself, parses its lines and judges its games, and whichever thread finishes
// the block that is next in the file gives the verdicts of the blocks ready, in file order.
// Nothing a document's bytes became crosses to another core but the verdict, which is what
// brings two threads to what two processes do (specs/benchmarks.md, "check").
//
// What a game means can hang on the documents before it (a deal of a match is judged under
// the match's ruleset, a record that names a ruleset in a match is malformed), and only the
// taking in file order knows that (check/file_steps.h). So a thread judges each game under the
// ruleset it most likely has: the one it names, the rulesets given (`under`), or for a game
// that names none, the ruleset of the match taken last. In file order, a verdict judged under
// the very ruleset the game turns out to have is the verdict; any other game is judged there.
#pragma once

#include <string>

#include "check/check_file.h"

namespace conquian::check {

// Checks the file at `path` this way when it is a regular file named as JSON Lines, of at
// least two blocks for each of the options' threads (more than one), judged by this process
// alone; returns false, having given nothing, when it is not.
bool check_json_lines_in_blocks(const std::string& path, const CheckedSink& sink, const CheckFileOptions& options);

}  // namespace conquian::check
