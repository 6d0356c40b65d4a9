#include "record/html_escape.h"

#include <openssl/evp.h>
#include <openssl/sha.h>

namespace conquian::record::html {

std::string escape(const std::string& text) {
  std::string out;
  out.reserve(text.size());
  for (char c : text) {
    switch (c) {
      case '&': out += "&amp;"; break;
      case '<': out += "&lt;"; break;
      case '>': out += "&gt;"; break;
      case '"': out += "&quot;"; break;
      case '\'': out += "&#39;"; break;
      default: out += c;
    }
  }
  return out;
}

std::string script_data(const std::string& json) {
  std::string out;
  out.reserve(json.size());
  for (std::size_t i = 0; i < json.size(); ++i) {
    const char c = json[i];
    if (c == '<') out += "\\u003c";
    else if (c == '>') out += "\\u003e";
    else if (c == '&') out += "\\u0026";
    else if (c == '\xE2' && i + 2 < json.size() && json[i + 1] == '\x80' &&
             (json[i + 2] == '\xA8' || json[i + 2] == '\xA9')) {
      out += json[i + 2] == '\xA8' ? "\\u2028" : "\\u2029";  // line and paragraph separators
      i += 2;
    } else {
      out += c;
    }
  }
  return out;
}

std::string csp_hash(const std::string& inline_text) {
  unsigned char digest[SHA256_DIGEST_LENGTH];
  SHA256(reinterpret_cast<const unsigned char*>(inline_text.data()), inline_text.size(), digest);
  unsigned char base64[4 * ((SHA256_DIGEST_LENGTH + 2) / 3) + 1];
  const int n = EVP_EncodeBlock(base64, digest, SHA256_DIGEST_LENGTH);
  return "'sha256-" + std::string(reinterpret_cast<const char*>(base64), static_cast<std::size_t>(n)) + "'";
}

std::string csp_policy(const std::vector<std::string>& scripts, const std::vector<std::string>& styles) {
  std::string policy = "default-src 'none'; base-uri 'none'; form-action 'none'";
  if (!scripts.empty()) {
    policy += "; script-src";
    for (const auto& s : scripts) policy += " " + csp_hash(s);
  }
  if (!styles.empty()) {
    policy += "; style-src";
    for (const auto& s : styles) policy += " " + csp_hash(s);
  }
  return policy;
}

std::string csp_meta(const std::vector<std::string>& scripts, const std::vector<std::string>& styles) {
  const std::string policy = csp_policy(scripts, styles);
  return "<meta http-equiv=\"Content-Security-Policy\" content=\"" + escape(policy) + "\">";
}

}  // namespace conquian::record::html
