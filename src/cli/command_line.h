// The words a user typed, read before and around CLI11: the command they name, whether they
// asked for --json, and the sentences for what CLI11 refuses ("unknown command 'chek'; did
// you mean 'check'?", "unknown option '--rulset'; did you mean '--ruleset'?").
#pragma once

#include <CLI/CLI.hpp>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "cli/commands.h"

namespace conquian::cli {

class CommandLine {
 public:
  CommandLine(CLI::App& app, int argc, char** argv);

  // Refuses what CLI11 would answer badly (no command, an unknown command); the exit status
  // then, or nullopt to go on parsing.
  std::optional<int> before_parse() const;
  // The sentence for a refused command line, naming a misspelt option and its nearest.
  std::string explain(const CLI::ParseError& e) const;
  // Prints `conquian CMD: message` (and the JSON error under --json); returns exit status 2.
  int fail(const std::string& message, nlohmann::json where = nlohmann::json::object(),
           int status = kExitUnusable) const;

  std::string command() const;  // "check", "prove partition"; "" before a command
  bool wants_json() const;

 private:
  std::vector<const CLI::App*> chosen() const;  // the command and its subcommand, as typed
  CLI::App& app_;
  std::vector<std::string> words_;  // argv without the program name
};

// `--ruleset-dir DIR` (repeatable) on every command but `help` and `completion`, and on
// their subcommands: a folder whose files any document may name (record/document_path.h).
// Parsing it sets record::set_trusted_folders. Call after every command is registered.
void add_ruleset_dir_option(CLI::App& app);

// An app's subcommands, in the order they were added; their names; the one named `name`.
std::vector<const CLI::App*> subcommands_of(const CLI::App& app);
std::vector<std::string> command_names(const CLI::App& app);
const CLI::App* find_command(const CLI::App& app, const std::string& name);

}  // namespace conquian::cli
