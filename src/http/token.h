// The server's secret: every request carries it (as Jupyter's token), so that another user or
// a page of another site on this machine cannot drive the board. 24 bytes of OpenSSL's
// RAND_bytes, written as 48 hex digits.
#pragma once

#include <string>
#include <string_view>

namespace conquian::http {

std::string random_token();
// Whether `given` is `token`, compared in time that does not depend on where they differ.
bool token_matches(std::string_view given, std::string_view token);
// 16 random bytes as 32 hex digits (a sealed deal's salt, a card table's seed).
std::string random_hex(int bytes);

}  // namespace conquian::http
