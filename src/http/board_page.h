// The board's one page (`conquian serve`): markup, style and script, served at / with the
// Content-Security-Policy of the other pages (nothing loaded from elsewhere, only this style
// and this script by their SHA-256) plus connect-src 'self', the API it calls. The script
// builds the DOM with createElement and textContent only: every string of a record stays text.
#pragma once

#include <string>

namespace conquian::http {

const std::string& board_page();
// The policy, also sent as the Content-Security-Policy header.
const std::string& board_page_policy();

}  // namespace conquian::http
