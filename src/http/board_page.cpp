#include "http/board_page.h"

#include "analyse/html_template.h"
#include "http/board_template.h"
#include "record/html_escape.h"

namespace conquian::http {
namespace {

std::string board_script() { return std::string(analyse::kCardScript).append(kBoardScript); }
// The cards look as the analysis page draws them: one stylesheet for both (cards.css).
std::string board_style() { return std::string(analyse::kCardStyle).append(kBoardStyle); }

}  // namespace

const std::string& board_page_policy() {
  static const std::string policy =
      record::html::csp_policy({board_script()}, {board_style()}) + "; connect-src 'self'";
  return policy;
}

const std::string& board_page() {
  static const std::string page = [] {
    std::string p =
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<meta "
        "http-equiv=\"Content-Security-Policy\" content=\"" +
        record::html::escape(board_page_policy()) +
        "\">\n<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
        "<title>conquian board</title>\n<style>";
    p += board_style();
    p += "</style>\n</head>\n";
    p += kBoardBody;
    p += "<script>";
    p += board_script();
    p += "</script>\n</body>\n</html>\n";
    return p;
  }();
  return page;
}

}  // namespace conquian::http
