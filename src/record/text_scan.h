// Byte-level checks on a record file's text, done before libyaml sees it.
//
// libyaml's reader decodes up to 16 KiB ahead of its scanner, so an invalid byte would be
// reported while the scanner is still several documents earlier: the documents in between
// would be lost and the error blamed on the wrong one. Finding the first bad character
// ourselves lets the reader hand libyaml only the clean lines before it. The line helpers
// count line breaks the way libyaml does (LF, CR, CR LF, NEL, LS, PS), so the lines
// computed here agree with libyaml's marks.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

namespace conquian::record::detail {

// The first character libyaml would refuse: not UTF-8, or a control character YAML forbids.
struct TextProblem {
  bool found = false;
  std::size_t offset = 0;      // byte offset of the bad character
  std::size_t line_start = 0;  // byte offset where its line starts
  std::uint32_t line = 0;      // 0-based
  std::uint32_t column = 0;    // 0-based, in characters
  std::string what;            // "invalid UTF-8 (byte 0xff)", "control character U+0000"
};

TextProblem find_text_problem(std::string_view text);

// Line and column (both 0-based, column in characters) of byte `offset`, counting from
// `begin`, which starts line `begin_line`.
void locate(std::string_view text, std::size_t begin, std::uint32_t begin_line, std::size_t offset, std::uint32_t& line,
            std::uint32_t& column);

// The first line after line `after_line` (0-based) that starts a YAML document ("---"
// followed by a space, a tab, a line break or the end), looking in [begin, end), where
// `begin` starts line `begin_line`. Returns false if there is none.
bool find_document_start(std::string_view text, std::size_t begin, std::uint32_t begin_line, std::uint32_t after_line,
                         std::size_t end, std::size_t& found_offset, std::uint32_t& found_line);

// " (YAML indents with spaces, not tabs)" when a line up to `line` (1-based, counted as
// libyaml counts them) of `text` indents with a tab, else "": added to a YAML syntax error,
// whose own words never say so.
std::string tab_hint(std::string_view text, std::uint32_t line);
inline constexpr const char* kTabHint = " (YAML indents with spaces, not tabs)";

// Whether the line starting at `offset` indents with a tab (spaces, then a tab).
bool indents_with_tab(std::string_view text, std::size_t offset);

// Length in bytes of the line break starting at `offset` as libyaml reads breaks (LF, CR,
// CR LF, NEL, LS, PS), or 0 if none starts there.
std::size_t break_length(std::string_view text, std::size_t offset);

// Whether the line starting at `offset` is a document start marker line ("---" followed by
// a blank, a line break or the end: libyaml's rule).
bool is_document_marker(std::string_view text, std::size_t offset);
// The same for a document end marker line ("...").
bool is_document_end_marker(std::string_view text, std::size_t offset);

}  // namespace conquian::record::detail
