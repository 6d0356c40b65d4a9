// `conquian rulesets [NAME]`: the shipped rulesets, or one ruleset's every key.
#include <fmt/core.h>

#include "cli/commands.h"
#include "rules/ruleset.h"
#include "rules/shipped_rulesets.h"

namespace conquian::cli {

void register_rulesets(CLI::App& app, Runner& run) {
  auto* cmd = app.add_subcommand("rulesets", "List the shipped rulesets, or print one of them in full.");
  static std::string name;
  cmd->add_option("NAME", name, "A ruleset name or path: print its YAML after checking it loads");
  cmd->callback([&run] {
    run = [] {
      if (name.empty()) {
        for (const auto& n : shipped_ruleset_names()) {
          auto rs = load_ruleset(n);
          fmt::print("{:<18} {}\n", n, rs->description);
        }
        return kExitOk;
      }
      auto rs = load_ruleset(name);
      const auto& texts = shipped_ruleset_texts();
      if (auto it = texts.find(name); it != texts.end()) fmt::print("{}", it->second);
      else fmt::print("{}: loads cleanly ({} seats, hand {}, target {})\n", rs->source, rs->seats, rs->hand, rs->target);
      return kExitOk;
    };
  });
}

}  // namespace conquian::cli
