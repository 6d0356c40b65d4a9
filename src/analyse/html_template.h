// The static parts of the `analyse --html` page (html_template.cpp); html_page.cpp puts
// them around the data, with a Content-Security-Policy that allows exactly this style and
// this script (by their SHA-256).
#pragma once

namespace conquian::analyse {

// The <style> element's text is kCardStyle (the table drawn as cards: seats, melds, a card's
// face and back, the middle; the board of `conquian serve` shares it) followed by kHtmlStyle.
extern const char* const kCardStyle;
extern const char* const kHtmlStyle;
extern const char* const kHtmlBody;  // the body's markup, up to the data
// The one <script> element's text is kCardScript followed by kHtmlScript. kCardScript draws a
// card from its token with the deck of the global `D.deck` ({name, ranks, suits}): el, svgEl,
// card, cardRow; the board of `conquian serve` draws its cards with the same script.
extern const char* const kCardScript;
extern const char* const kHtmlScript;

}  // namespace conquian::analyse
