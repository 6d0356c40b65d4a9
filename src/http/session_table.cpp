#include "http/session_table.h"

#include "record/text_quote.h"

#include <fmt/format.h>

#include <charconv>

#include "http/api_error.h"

namespace conquian::http {
namespace {

std::optional<std::uint64_t> session_number(const std::string& id) {
  std::uint64_t n = 0;
  const char* end = id.data() + id.size();
  auto [p, ec] = std::from_chars(id.data(), end, n);
  if (id.empty() || ec != std::errc() || p != end) return std::nullopt;
  return n;
}

}  // namespace

std::uint64_t SessionTable::add(std::shared_ptr<BoardSession> session) {
  std::lock_guard<std::mutex> lock(mutex_);
  if (sessions_.size() >= cap_) {
    const auto now = std::chrono::steady_clock::now();
    for (auto it = sessions_.begin(); it != sessions_.end();) {
      const bool idle = now - it->second->used > std::chrono::seconds(kIdleSeconds) && !it->second->solving;
      it = idle ? sessions_.erase(it) : std::next(it);
    }
  }
  if (sessions_.size() >= cap_)
    throw ApiError(503, fmt::format("{} sessions are open, the most this server holds: close one (DELETE "
                                    "/api/session/ID) or wait until one has been idle {} minutes",
                                    cap_, kIdleSeconds / 60));
  const std::uint64_t id = next_++;
  session->id = id;
  sessions_.emplace(id, std::move(session));
  return id;
}

std::shared_ptr<BoardSession> SessionTable::get(const std::string& id) {
  const std::optional<std::uint64_t> n = session_number(id);
  std::lock_guard<std::mutex> lock(mutex_);
  auto it = n ? sessions_.find(*n) : sessions_.end();
  if (it == sessions_.end())
    throw ApiError(404, "no open session is numbered '" + record::escaped_excerpt(id, 40) + "'");
  it->second->used = std::chrono::steady_clock::now();
  return it->second;
}

bool SessionTable::close(const std::string& id) {
  const std::optional<std::uint64_t> n = session_number(id);
  if (!n) return false;
  std::lock_guard<std::mutex> lock(mutex_);
  return sessions_.erase(*n) > 0;
}

std::size_t SessionTable::size() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return sessions_.size();
}

}  // namespace conquian::http
