#include "check/commitment.h"

#include <openssl/evp.h>

namespace conquian::check {

std::string sha256_hex(const std::string& data) {
  unsigned char digest[EVP_MAX_MD_SIZE];
  unsigned int len = 0;
  EVP_Digest(data.data(), data.size(), digest, &len, EVP_sha256(), nullptr);
  static const char* hex = "0123456789abcdef";
  std::string out;
  for (unsigned int i = 0; i < len; ++i) {
    out += hex[digest[i] >> 4];
    out += hex[digest[i] & 15];
  }
  return out;
}

std::string commitment_text(const record::GameRecord& rec) {
  std::string text = rec.salt + ":";
  bool first = true;
  auto add = [&](const record::TokenList& list) {
    for (const auto& t : list) {
      if (!first) text += ' ';
      text += t.text;
      first = false;
    }
  };
  for (const auto& hand : rec.hands) add(hand);
  add(rec.stock);
  return text;
}

std::string deal_commitment(const record::GameRecord& rec) { return "sha256:" + sha256_hex(commitment_text(rec)); }

}  // namespace conquian::check
