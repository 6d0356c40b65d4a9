// `conquian rulesets [NAME] [--json]`: the shipped rulesets, or one ruleset resolved: every
// key with its value, the defaults and a `base:` filled in (specs/rulesets.md).
#include <fmt/core.h>

#include <nlohmann/json.hpp>

#include "cli/command_error.h"
#include "cli/commands.h"
#include "record/json_text.h"
#include "rules/ruleset.h"
#include "rules/ruleset_json.h"

namespace conquian::cli {
namespace {

// A value as YAML writes it: words bare, lists in flow style, text with a colon quoted.
std::string yaml_value(const nlohmann::ordered_json& v) {
  if (v.is_string()) {
    const auto& text = v.get_ref<const std::string&>();
    return text.find_first_of(":#'\"[]{},") == std::string::npos && !text.empty() ? text : v.dump();
  }
  if (!v.is_array()) return v.dump();
  std::string out;
  for (const auto& item : v) out += (out.empty() ? "" : ", ") + yaml_value(item);
  return "[" + out + "]";
}

// The resolved ruleset as YAML a ruleset file could hold (flow style for the small maps).
void print_yaml(const nlohmann::ordered_json& j) {
  for (const auto& [key, value] : j.items()) {
    if (key == "name" || key == "source") {
      fmt::print("# {}: {}\n", key, value.get<std::string>());
    } else if (value.is_object() && key != "deck") {
      fmt::print("{}:\n", key);
      for (const auto& [k, v] : value.items()) fmt::print("  {}: {}\n", k, yaml_value(v));
    } else if (value.is_object()) {
      fmt::print("{}: {{ranks: {}, suits: {}}}\n", key, yaml_value(value["ranks"]), yaml_value(value["suits"]));
    } else {
      fmt::print("{}: {}\n", key, yaml_value(value));
    }
  }
}

int run_rulesets(const std::string& name, bool json) {
  if (name.empty()) {
    nlohmann::json list = nlohmann::json::array();
    for (const auto& n : shipped_ruleset_names()) {
      auto rs = load_ruleset(n);
      if (json) list.push_back({{"name", n}, {"description", rs->description}});
      else fmt::print("{:<18} {}\n", n, rs->description);
    }
    if (json) fmt::print("{}\n", record::json_dump(list));
    return kExitOk;
  }
  auto rs = ruleset_option(name, "NAME");
  nlohmann::ordered_json j = ruleset_json(*rs);
  if (json) fmt::print("{}\n", record::json_dump(j));
  else print_yaml(j);
  return kExitOk;
}

}  // namespace

void register_rulesets(CLI::App& app, Runner& run) {
  static std::string name;
  static bool json = false;
  auto* cmd = app.add_subcommand(
      "rulesets",
      "List the shipped rulesets, or print one resolved. Without NAME: the shipped rulesets, one a line with its "
      "description; the sources they cite are in "
      "specs/sources.md. With NAME: that ruleset resolved, every key with its value (defaults and base: filled "
      "in), as YAML a ruleset file could hold, after checking that it loads (specs/rulesets.md).\n\n"
      "Exit status: 0 listed; 2 an unknown ruleset, or a file that does not load.");
  cmd->add_option("NAME", name, "A ruleset name or path");
  cmd->add_flag("--json", json, "JSON on standard output");
  cmd->callback([&run] { run = [] { return run_rulesets(name, json); }; });
}

}  // namespace conquian::cli
