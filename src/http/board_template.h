// The static parts of the board's page, the bytes of the files in src/http/pages/ compiled in
// by tools/embed-pages.cmake (generated/board_pages.cpp in the build folder); board_page.cpp puts them
// together with the analysis page's card drawing (analyse/html_template.h, kCardStyle and
// kCardScript). The page shows the library, a pasted record, the card table, the table drawn
// as cards, the legal moves in words with their values, the tree of lines played and the
// evaluation chart of `analyse`. Every answer comes from the API (specs/serve.md); the page
// decides nothing about the game. The DOM is built with createElement and textContent only.
#pragma once

#include <string_view>

namespace conquian::http {

extern const std::string_view kBoardStyle;   // board.css: the <style> element's text after kCardStyle
extern const std::string_view kBoardBody;    // board.html: the body's markup
extern const std::string_view kBoardScript;  // board.js: the script after kCardScript

}  // namespace conquian::http
