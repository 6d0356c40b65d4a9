#include "analyse/html_page.h"

namespace conquian::analyse {

std::string html_page(const Analysis&) { return ""; }

}  // namespace conquian::analyse
