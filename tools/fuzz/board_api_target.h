// The board's JSON API (http/board_api.h) as a fuzz target body, shared by fuzz_board_api.cpp
// and tests/fuzz_regressions_test.cpp: any bytes, cut at NUL bytes into up to 8 requests, each
// "METHOD PATH" on its first line and its body after, go through one fresh BoardApi (an empty
// library, the sessions of earlier requests kept). Every answer must be a JSON object that
// dumps as strict UTF-8, with a status of 200 to 599; a refusal (400 and up) carries an
// `error` sentence. Requests whose time is their budget's, not the API's, are rejected unread:
// a solve or an analysis (its movetime), and a card-table deal whose built-in player searches
// (any player but random or greedy, a blank body's default strong-pi too: its body is read by
// the API's own reader, http/json_body.h); a deal's next deal keeps its player. Nothing is
// shared between inputs, so a crash found is reproduced by its one input.
#pragma once

#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "http/board_api.h"
#include "http/json_body.h"
#include "http/library.h"
#include "targets.h"

namespace conquian::fuzz {

inline bool board_request_too_slow(const std::string& path, const std::string& body) {
  if (path.find("/solve") != std::string::npos || path.find("/analysis") != std::string::npos) return true;
  if (path.find("/new") == std::string::npos) return false;
  // Read as the API reads it (a blank body is {}, whose player is the default strong-pi).
  std::string why_not;
  const std::optional<nlohmann::json> j = http::read_json_body(body, why_not);
  if (!j) return false;  // refused before any deal
  if (j->contains("next")) return false;
  const auto player = j->find("player");
  return player == j->end() || !(*player == "random" || *player == "greedy");
}

inline Result board_api_input(std::string_view bytes) {
  struct Request {
    std::string method, path, body;
  };
  std::vector<Request> requests;
  for (std::size_t start = 0; start <= bytes.size() && requests.size() < 8;) {
    std::size_t end = bytes.find('\0', start);
    if (end == std::string_view::npos) end = bytes.size();
    const std::string_view one = bytes.substr(start, end - start);
    const std::size_t nl = std::min(one.find('\n'), one.size());
    const std::string_view head = one.substr(0, nl);
    const std::size_t space = head.find(' ');
    Request r;
    r.method = std::string(head.substr(0, space == std::string_view::npos ? head.size() : space));
    r.path = space == std::string_view::npos ? std::string() : std::string(head.substr(space + 1));
    r.body = nl < one.size() ? std::string(one.substr(nl + 1)) : std::string();
    if (board_request_too_slow(r.path, r.body)) return Result::rejected;
    requests.push_back(std::move(r));
    start = end + 1;
  }
  http::BoardApi api(http::Library({}), 4, 1);
  bool any_ok = false;
  for (const Request& r : requests) {
    const http::ApiReply reply = api.handle(r.method, r.path, r.body);
    if (reply.status < 200 || reply.status > 599 || !reply.body.is_object()) return Result::broken;
    try {
      (void)reply.body.dump();  // strict: throws on a string that is not UTF-8
    } catch (const nlohmann::json::exception&) { return Result::broken; }
    if (reply.status >= 400 && !(reply.body.contains("error") && reply.body["error"].is_string()))
      return Result::broken;
    any_ok = any_ok || reply.status < 400;
  }
  return any_ok ? Result::accepted : Result::rejected;
}

}  // namespace conquian::fuzz
