// Help that fits the reader's screen: every line of `--help` within the terminal's width
// (80 columns when standard output is not a terminal, as in a pipe or the man page's build),
// descriptions wrapped beside their options with a hanging indent.
#pragma once

#include <CLI/CLI.hpp>
#include <cstddef>
#include <memory>
#include <string>

namespace conquian::cli {

// The width help is written to: the terminal's columns when standard output is one (between
// 60 and 100), else $COLUMNS when set (the same bounds), else 80.
std::size_t help_width();

// `text` with every line longer than `width` broken at blanks; a broken line's continuation
// keeps the line's own indent (and a list item's, after "- "). Widths count characters, not
// bytes (UTF-8).
std::string wrap_lines(const std::string& text, std::size_t width);

// A command's description up to its first ". " or line break: what lists of commands show.
std::string first_sentence(const std::string& text);

// The formatter of every command's help (main sets it on the app; subcommands inherit it).
std::shared_ptr<CLI::Formatter> fitting_formatter(std::size_t width);

}  // namespace conquian::cli
