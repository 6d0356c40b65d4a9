#include "http/token.h"

#include <openssl/crypto.h>
#include <openssl/rand.h>

#include <stdexcept>
#include <vector>

namespace conquian::http {

std::string random_hex(int bytes) {
  std::vector<unsigned char> raw(static_cast<std::size_t>(bytes));
  if (RAND_bytes(raw.data(), bytes) != 1)
    throw std::runtime_error("the system's random source (OpenSSL RAND_bytes) gave no random bytes");
  static const char* const kHex = "0123456789abcdef";
  std::string out;
  for (unsigned char b : raw) {
    out += kHex[b >> 4];
    out += kHex[b & 15];
  }
  return out;
}

std::string random_token() { return random_hex(24); }

bool token_matches(std::string_view given, std::string_view token) {
  if (given.size() != token.size() || token.empty()) return false;
  return CRYPTO_memcmp(given.data(), token.data(), token.size()) == 0;
}

}  // namespace conquian::http
