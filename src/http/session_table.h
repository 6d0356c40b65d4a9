// The board's open sessions: each a serve::Session (the engine's one game session) with what
// the page needs beside it (the main line it came from, the card table's seal and built-in
// player), under a number the page names it by. At most a fixed number are open at once: a
// new one past the cap first closes those left idle longest past kIdleSeconds, else is refused
// (503), so that no client can make the server hold unbounded memory.
#pragma once

#include <atomic>
#include <chrono>
#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "http/table_match.h"
#include "record/record.h"
#include "serve/seat_player.h"
#include "serve/session.h"

namespace conquian::http {

inline constexpr std::size_t kMaxSessions = 64;
inline constexpr int kIdleSeconds = 600;

// A deal played at the card table against a built-in player.
struct CardTable {
  int human = 0;       // the seat the page plays
  std::string player;  // the built-in player of the other seats
  // Each other seat's built-in player (null at the page's seat), as the referee seats it.
  std::vector<std::unique_ptr<serve::SeatPlayer>> bots;
  std::string salt;                  // revealed once the deal is over
  std::string commitment;            // "sha256:<hex>", shown from the first card
  std::string preimage;              // what the commitment hashes (check/commitment.h), revealed at the end
  std::vector<std::string> players;  // the record's players, seat by seat
  // A match to 3 or 5 points: shared by its deals, each a session of its own; null: one deal.
  std::shared_ptr<TableMatch> match;
  bool scored = false;    // the finished deal is scored into the match
  bool followed = false;  // the match's next deal is dealt (once)
};

struct BoardSession {
  std::uint64_t id = 0;  // its number in the table
  std::mutex mutex;      // held while the session is read or played
  std::unique_ptr<serve::Session> session;
  // A game opened from the library or a pasted record: the record and its moves in words.
  std::shared_ptr<const record::GameRecord> record;
  std::shared_ptr<const Ruleset> rules;
  nlohmann::json main_line = nlohmann::json::array();  // [{"move", "words", "text"}]
  std::unique_ptr<CardTable> table;
  // A solve in progress: the page's Stop sets `stop`; `progress` is its latest report.
  std::atomic<bool> stop{false};
  std::atomic<bool> solving{false};
  std::mutex progress_mutex;
  nlohmann::json progress;
  std::chrono::steady_clock::time_point used = std::chrono::steady_clock::now();
};

class SessionTable {
 public:
  explicit SessionTable(std::size_t cap = kMaxSessions) : cap_(cap) {}
  // The new session's number; throws ApiError 503 when the table is full.
  std::uint64_t add(std::shared_ptr<BoardSession> session);
  // Throws ApiError 404 for a number that names no open session (or is no number).
  std::shared_ptr<BoardSession> get(const std::string& id);
  // False when no such session is open.
  bool close(const std::string& id);
  std::size_t size() const;
  std::size_t cap() const { return cap_; }

 private:
  std::size_t cap_;
  mutable std::mutex mutex_;
  std::map<std::uint64_t, std::shared_ptr<BoardSession>> sessions_;
  std::uint64_t next_ = 1;
};

}  // namespace conquian::http
