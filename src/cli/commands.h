// Every subcommand registers itself with CLI11 and returns its exit status from run_*.
// Exit status (specs/command-line.md): 0 all good, 1 the input was read and found
// wanting, 2 the input could not be used, 3 undecided (Z3 answered unknown, or a
// search reached its budget).
#pragma once

#include <CLI/CLI.hpp>
#include <functional>

namespace conquian::cli {

inline constexpr int kExitOk = 0;
inline constexpr int kExitFound = 1;
inline constexpr int kExitUnusable = 2;
inline constexpr int kExitUnknown = 3;  // Z3 answered unknown, or a search hit its budget: not decided

// Each register_* adds a subcommand and sets `run` to its runner when it is chosen.
using Runner = std::function<int()>;
void register_check(CLI::App& app, Runner& run);
void register_prove(CLI::App& app, Runner& run);
void register_solve(CLI::App& app, Runner& run);
void register_forcing(CLI::App& app, Runner& run);
void register_simulate(CLI::App& app, Runner& run);
void register_diff(CLI::App& app, Runner& run);
void register_rulesets(CLI::App& app, Runner& run);
void register_cards(CLI::App& app, Runner& run);
void register_completion(CLI::App& app, Runner& run);
void register_analyse(CLI::App& app, Runner& run);
void register_show(CLI::App& app, Runner& run);
void register_convert(CLI::App& app, Runner& run);
void register_engine(CLI::App& app, Runner& run);
void register_referee(CLI::App& app, Runner& run);
void register_tournament(CLI::App& app, Runner& run);
void register_serve(CLI::App& app, Runner& run);

}  // namespace conquian::cli
