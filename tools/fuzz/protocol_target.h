// The engine protocol's reader (serve/engine_protocol.h) as a fuzz target body, shared by
// fuzz_protocol.cpp and tests/fuzz_regressions_test.cpp (as targets.h's are): any bytes, cut
// into lines, go through one session. Every line must get answers that are JSON objects with
// `ok` (or `move`, `info`), and a refusal carries a code and a message. An input with a line
// asking for a search (`solve`) or a bot's move (`act`) is rejected unread: their time is their
// budget's, not the reader's (the pipe tests cover them); so is one naming a ruleset file.
// Every line is also read as a bot's answer to the referee's `act` (serve/seat_player.h): any
// bytes a bot writes, say 0xFF 0xFE 0x00 in a string, must make a fault that is UTF-8 text and
// that JSON takes (the referee writes it into the record and sends it to the other seats).
#pragma once

#include <mutex>
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>
#include <vector>

#include "record/text_quote.h"
#include "serve/engine_protocol.h"
#include "serve/seat_player.h"
#include "targets.h"

namespace conquian::fuzz {

inline Result protocol_input(std::string_view bytes) {
  std::vector<std::string> lines;
  for (std::size_t start = 0; start <= bytes.size();) {
    std::size_t nl = bytes.find('\n', start);
    if (nl == std::string_view::npos) nl = bytes.size();
    std::string line(bytes.substr(start, nl - start));
    const serve::BotAnswerLine bot = serve::read_bot_answer(line, false);
    if (!bot.fault.empty()) {
      if (!record::why_not_utf8_text(bot.fault).empty()) return Result::broken;
      try {
        (void)nlohmann::json{{"reason", bot.fault}}.dump();  // strict: throws on bytes that are not UTF-8
      } catch (const nlohmann::json::exception&) { return Result::broken; }
    } else if (!bot.move) {
      return Result::broken;  // neither a move nor a fault
    }
    try {
      auto j = nlohmann::json::parse(line);
      if (j.is_object() && j.contains("cmd") && (j["cmd"] == "solve" || j["cmd"] == "act")) return Result::rejected;
      if (j.is_object() && j.contains("ruleset") && !j["ruleset"].is_object() &&
          !(j["ruleset"].is_string() && shipped_ruleset_texts().count(j["ruleset"].get<std::string>())))
        return Result::rejected;  // no file reads: shipped rulesets or inline ones only
    } catch (const nlohmann::json::exception&) {}
    lines.push_back(std::move(line));
    start = nl + 1;
  }
  std::vector<std::string> out;
  std::mutex m;
  bool quit = false;
  {
    serve::EngineProtocol p(
        [&](const std::string& line) {
          std::lock_guard<std::mutex> lock(m);
          out.push_back(line);
        },
        "fuzz");
    for (auto& l : lines)
      if (!(quit = !p.submit(l))) continue;
      else break;
    p.finish();
  }
  bool all_ok = true;
  for (const auto& line : out) {
    nlohmann::json j;
    try {
      j = nlohmann::json::parse(line);
    } catch (const nlohmann::json::exception&) { return Result::broken; }
    if (!j.is_object() || (!j.contains("ok") && !j.contains("move") && !j.contains("info"))) return Result::broken;
    if (j.contains("ok") && j["ok"] == false) {
      if (!j.contains("error") || !j["error"].contains("code") || !j["error"].contains("message"))
        return Result::broken;
      all_ok = false;
    }
  }
  (void)quit;
  return all_ok && !out.empty() ? Result::accepted : Result::rejected;
}

}  // namespace conquian::fuzz
