// The static parts of the `analyse --html` page, the bytes of the files in src/analyse/pages/
// compiled in by tools/embed-pages.cmake (generated/analyse_pages.cpp in the build folder); html_page.cpp
// puts them around the data, with a Content-Security-Policy that allows exactly this style
// and this script (by the SHA-256 of these bytes, computed when the page is written).
// Style, layout and the script that draws the cards and the chart and steps through the game,
// everything inline: the page opens from a file with no network. The script builds the DOM
// with createElement and textContent only: the data is a document's text (the card signs are
// constant shapes, made with createElementNS).
#pragma once

#include <string_view>

namespace conquian::analyse {

// The <style> element's text is kCardStyle (cards.css: the table drawn as cards: seats,
// melds, a card's face and back, the middle; the board of `conquian serve` shares it)
// followed by kHtmlStyle (analysis.css).
extern const std::string_view kCardStyle;
extern const std::string_view kHtmlStyle;
extern const std::string_view kHtmlBody;  // analysis.html: the body's markup, up to the data
// The one <script> element's text is kCardScript (cards.js) followed by kHtmlScript
// (analysis.js). kCardScript draws a card from its token with the deck of the global `D.deck`
// ({name, ranks, suits}): el, svgEl, card, cardRow; the board of `conquian serve` draws its
// cards with the same script.
extern const std::string_view kCardScript;
extern const std::string_view kHtmlScript;

}  // namespace conquian::analyse
