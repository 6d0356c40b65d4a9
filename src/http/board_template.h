// The static parts of the board's page (board_template.cpp); board_page.cpp puts them
// together with the analysis page's card drawing (analyse/html_template.h, kCardStyle and
// kCardScript).
#pragma once

namespace conquian::http {

extern const char* const kBoardStyle;   // the <style> element's text after kCardStyle
extern const char* const kBoardBody;    // the body's markup
extern const char* const kBoardScript;  // the script after kCardScript

}  // namespace conquian::http
