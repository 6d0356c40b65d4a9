// The static parts of the `analyse --html` page (html_template.cpp); html_page.cpp puts
// them around the data, with a Content-Security-Policy that allows exactly this style and
// this script (by their SHA-256).
#pragma once

namespace conquian::analyse {

extern const char* const kHtmlStyle;   // the text of the <style> element
extern const char* const kHtmlBody;    // the body's markup, up to the data
extern const char* const kHtmlScript;  // the text of the one <script> element that runs

}  // namespace conquian::analyse
