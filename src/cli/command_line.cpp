#include "cli/command_line.h"

#include <fmt/core.h>

#include "base/spelling.h"
#include "cli/command_error.h"
#include "cli/commands.h"
#include "record/document_path.h"

namespace conquian::cli {
namespace {

bool is_number(const std::string& w) {
  return w.size() > 1 && (std::isdigit(static_cast<unsigned char>(w[1])) || w[1] == '.');
}

std::vector<std::string> option_names(const CLI::App& app) {
  std::vector<std::string> names = {"--help"};
  for (const CLI::Option* opt : app.get_options()) {
    for (const auto& n : opt->get_lnames()) names.push_back("--" + n);
    for (const auto& n : opt->get_snames()) names.push_back("-" + n);
  }
  return names;
}

}  // namespace

std::vector<const CLI::App*> subcommands_of(const CLI::App& app) {
  return app.get_subcommands([](const CLI::App*) { return true; });
}

std::vector<std::string> command_names(const CLI::App& app) {
  std::vector<std::string> names;
  for (const CLI::App* sub : subcommands_of(app)) names.push_back(sub->get_name());
  return names;
}

const CLI::App* find_command(const CLI::App& app, const std::string& name) {
  for (const CLI::App* sub : subcommands_of(app))
    if (sub->get_name() == name) return sub;
  return nullptr;
}

void add_ruleset_dir_option(CLI::App& app) {
  for (const CLI::App* c : subcommands_of(app)) {
    if (c->get_name() == "help" || c->get_name() == "completion") continue;
    CLI::App* cmd = app.get_subcommand(c->get_name());
    // One folder each time it is given (so that the FILE arguments after it stay files).
    cmd->add_option("--ruleset-dir", "A folder whose files a document may name (ruleset:, base:); repeatable")
        ->type_name("DIR")
        ->allow_extra_args(false)
        ->multi_option_policy(CLI::MultiOptionPolicy::TakeAll)
        ->check(CLI::ExistingDirectory)
        ->each([](const std::string& dir) {
          record::TrustedFolders dirs = record::trusted_folders();
          dirs.push_back(dir);
          record::set_trusted_folders(std::move(dirs));
        });
    add_ruleset_dir_option(*cmd);
  }
}

CommandLine::CommandLine(CLI::App& app, int argc, char** argv) : app_(app), words_(argv + 1, argv + argc) {}

std::vector<const CLI::App*> CommandLine::chosen() const {
  std::vector<const CLI::App*> out;
  const CLI::App* at = &app_;
  for (const auto& w : words_) {
    if (w.starts_with("-")) continue;
    const CLI::App* sub = find_command(*at, w);
    if (!sub) break;
    out.push_back(sub);
    at = sub;
  }
  return out;
}

std::string CommandLine::command() const {
  std::string words;
  for (const CLI::App* sub : chosen()) words += (words.empty() ? "" : " ") + sub->get_name();
  return words;
}

bool CommandLine::wants_json() const {
  for (const auto& w : words_)
    if (w == "--json") return true;
  return false;
}

int CommandLine::fail(const std::string& message, nlohmann::json where, int status) const {
  return report_error(command(), wants_json(), message, std::move(where), status);
}

std::optional<int> CommandLine::before_parse() const {
  std::string names;
  for (const auto& n : command_names(app_)) names += (names.empty() ? "" : ", ") + n;
  if (words_.empty()) return fail("a command is required: " + names + " (see conquian --help)");
  const std::string& first = words_[0];
  if (first.starts_with("-") || find_command(app_, first)) return std::nullopt;
  std::string hint = did_you_mean(first, command_names(app_));
  return fail("unknown command '" + first + "'" + (hint.empty() ? "; the commands are " + names : hint));
}

std::string CommandLine::explain(const CLI::ParseError& e) const {
  std::vector<const CLI::App*> cmds = chosen();
  const CLI::App& at = cmds.empty() ? app_ : *cmds.back();
  bool after_command = cmds.empty();
  for (const auto& w : words_) {
    if (w == "--") break;
    if (!after_command) {
      after_command = w == cmds.back()->get_name();
      continue;
    }
    if (!w.starts_with("-") || w == "-" || is_number(w)) continue;
    std::string name = w.substr(0, w.find('='));
    if (name.size() > 2 && name[1] != '-') name = name.substr(0, 2);  // -r5: the -r
    bool known = name == "--help" || name == "-h";
    for (const CLI::App* a = &at; a && !known; a = a->get_parent()) known = a->get_option_no_throw(name) != nullptr;
    if (!known) return "unknown option '" + name + "'" + did_you_mean(name, option_names(at));
  }
  return e.what();
}

}  // namespace conquian::cli
