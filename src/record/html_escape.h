// Text from input written into an HTML page, escaped for the place it lands in, and the
// page's Content-Security-Policy. Every HTML writer (`analyse --html`, `diff --report`)
// writes through these: an id, a player, a description, a ruleset or file name is the
// document's text and must never become markup or script.
#pragma once

#include <string>
#include <vector>

namespace conquian::record::html {

// Element content and quoted attribute values (also SVG text and attributes): & < > " '
// as character references.
std::string escape(const std::string& text);

// JSON text put inside a <script> element as data: '<', '>', '&', U+2028 and U+2029 as
// \uXXXX escapes (they stand only inside JSON strings, where JSON.parse reads them back),
// so that no "</script>" or "<!--" in the data can end or bend the element.
std::string script_data(const std::string& json);

// The CSP source of an inline <script> or <style> element's text: 'sha256-BASE64' of
// exactly the text between its tags (OpenSSL's SHA-256).
std::string csp_hash(const std::string& inline_text);

// The <meta http-equiv="Content-Security-Policy"> element of a self-contained page: nothing
// loaded from anywhere (default-src 'none'), no form or base, and only the inline scripts
// and styles given (by their hashes; no inline event handler, no style attribute).
std::string csp_meta(const std::vector<std::string>& scripts, const std::vector<std::string>& styles);
// The policy csp_meta writes, as its text (for a Content-Security-Policy header too).
std::string csp_policy(const std::vector<std::string>& scripts, const std::vector<std::string>& styles);

}  // namespace conquian::record::html
