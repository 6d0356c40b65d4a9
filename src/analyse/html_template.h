// The static part of the `analyse --html` page: everything before the data and after it
// (html_template.cpp).
#pragma once

namespace conquian::analyse {

extern const char* const kHtmlHead;  // up to the opening of the data's script element
extern const char* const kHtmlTail;  // from its closing on: the script and the end

}  // namespace conquian::analyse
