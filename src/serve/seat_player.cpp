#include "serve/seat_player.h"

#include <fmt/format.h>

#include <algorithm>
#include <chrono>
#include <system_error>

#include "base/rng.h"
#include "batch/players_of.h"
#include "record/text_quote.h"
#include "serve/bot_process.h"
#include "serve/sessions.h"

namespace conquian::serve {
namespace {

using Clock = std::chrono::steady_clock;

double since(Clock::time_point t) { return std::chrono::duration<double>(Clock::now() - t).count(); }

// The first characters of a line, for a message: a bot may write any bytes, and the reason
// goes into the record and to the other seats as JSON, so every byte that is not printable
// UTF-8 is shown escaped (\xFF).
std::string excerpt(const std::string& line) { return record::escaped_excerpt(line, 60); }

// A built-in player of any game: it chooses among its seat's own moves at the session's
// position (which it reads no further than its seat's view) and answers in the protocol's
// words, as the seat is offered them (a turn of the face-down stock names no card).
class BuiltinSeat final : public SeatPlayer {
 public:
  explicit BuiltinSeat(std::string name) : name_(std::move(name)) {}
  const std::string& name() const override { return name_; }
  std::string start(std::uint64_t seed, std::uint64_t deal, const std::string&) override {
    // Its own generator per deal: a deal plays the same whichever deals came before.
    rng_ = deal_rng(seed ^ 0x5eed'b0a7'0000'0000ull, deal);
    return {};
  }
  std::string tell(const std::string&, int) override { return {}; }
  ActAnswer act(const std::string&, const Session& game, int) override {
    const auto t = Clock::now();
    ActAnswer a;
    visit_session(game, [&](const auto& s) {
      using S = std::decay_t<decltype(s)>;
      using G = typename S::Game;
      auto* player = player_of<G>();
      if (!player) {
        a.fault = fmt::format("the built-in player {} does not play {}", name_, G::kName);
        return;
      }
      const auto legal = s.own_moves();
      const auto& m = legal[player->choose(s.position(), legal, rng_)];
      a.move = S::protocol_words(s.position(), G::offered_as(s.position(), m, G::mover(m)));
    });
    a.seconds = since(t);
    return a;
  }
  void restart() override {}

 private:
  // The player of game G by this seat's name, made at the seat's first move in a game of G.
  template <class G>
  batch::PlayerOf<G>* player_of() {
    if (game_ != G::kName) {
      player_ = std::shared_ptr<batch::PlayerOf<G>>(batch::make_player_of(GameTag<G>{}, name_));
      game_ = G::kName;
    }
    return static_cast<batch::PlayerOf<G>*>(player_.get());
  }

  std::string name_;
  std::shared_ptr<void> player_;  // a batch::PlayerOf<G> of the game named game_
  std::string game_;
  Rng rng_ = deal_rng(0, 0);
};

class ProcessSeat final : public SeatPlayer {
 public:
  ProcessSeat(const std::string& command, std::size_t max_line) : bot_(command, max_line), max_line_(max_line) {}
  const std::string& name() const override { return bot_.command(); }

  std::string start(std::uint64_t, std::uint64_t, const std::string& line) override {
    if (!bot_.running()) {
      try {
        bot_.start();
        fresh_ = true;
      } catch (const std::system_error& e) {
        return "could not start: the system could not make its pipes or its process: " + e.code().message();
      }
    }
    bot_.drain();
    answer_to_start_ = true;
    waiting_.clear();  // lines of a deal a fault ended: the new deal starts clean
    return tell(line, 1000);
  }

  std::string tell(const std::string& line, int time_ms) override {
    if (!bot_.send(with_waiting(line), std::max(time_ms, 1000)))
      return gone_or("timeout: did not read its input in time");
    return {};
  }

  // At a table of many seats every move is told to every seat: one write a seat for each move
  // is most of the referee's own time (a system call and a wake-up of the bot). Observes wait
  // here and go with the seat's next line, so each seat is written about once per its turn.
  std::string tell_later(const std::string& line, int time_ms) override {
    waiting_ += line;
    waiting_ += '\n';
    if (waiting_.size() < kMaxWaiting) return {};
    std::string lines = std::move(waiting_);
    waiting_.clear();
    lines.pop_back();  // send() ends the text with its own newline
    if (!bot_.send(lines, std::max(time_ms, 1000))) return gone_or("timeout: did not read its input in time");
    return {};
  }

  ActAnswer act(const std::string& line, const Session&, int time_ms) override {
    const auto t = Clock::now();
    ActAnswer a;
    // A process just started has its start-up time on top of its first answer's limit (an
    // interpreter on a loaded machine takes a while to load), else it forfeits for it.
    const int limit = time_ms + (fresh_ ? kStartupMs : 0);
    fresh_ = false;
    if (!bot_.send(with_waiting(line), limit)) {
      a.fault = gone_or("timeout: did not read its input in time");
      return a;
    }
    for (;;) {
      const int left = std::max(0, limit - static_cast<int>(since(t) * 1000));
      BotLine l = bot_.read_line(left);
      a.seconds = since(t);
      switch (l.status) {
        case BotLine::Status::Timeout: a.fault = fmt::format("timeout: no answer within {} ms", time_ms); return a;
        case BotLine::Status::TooLong: a.fault = fmt::format("line over the limit of {} bytes", max_line_); return a;
        case BotLine::Status::Closed: a.fault = gone_or("closed its output"); return a;
        case BotLine::Status::Line: break;
      }
      BotAnswerLine read = read_bot_answer(l.line, answer_to_start_);
      answer_to_start_ = false;
      if (read.start_reply) continue;
      a.move = std::move(read.move);
      a.fault = std::move(read.fault);
      return a;
    }
  }

  void restart() override {
    bot_.stop();
    waiting_.clear();
  }

 private:
  // The lines waiting (tell_later), then `line`: one text for one write.
  std::string with_waiting(const std::string& line) {
    if (waiting_.empty()) return line;
    std::string text = std::move(waiting_);
    waiting_.clear();
    return text + line;
  }

  // Why the bot stopped listening: it crashed, or it closed its pipe and lives on.
  std::string gone_or(const std::string& alive_reason) {
    std::string how = bot_.exit_description();
    if (how.empty()) return alive_reason == "closed its output" ? "closed pipe: closed its output" : alive_reason;
    if (how == "exited with status 0" || how == "ended") return "closed pipe: the bot " + how;
    return "crash: the bot " + how;
  }

  static constexpr int kStartupMs = 10'000;
  static constexpr std::size_t kMaxWaiting = 1 << 16;  // a pipe's buffer: written before it grows past
  BotProcess bot_;
  std::string waiting_;  // observe lines not yet written, each with its newline
  std::size_t max_line_;
  bool answer_to_start_ = false;
  bool fresh_ = false;  // started, not yet asked to act
};

}  // namespace

BotAnswerLine read_bot_answer(const std::string& line, bool after_start) {
  BotAnswerLine out;
  nlohmann::json j;
  try {
    j = nlohmann::json::parse(line);
  } catch (const nlohmann::json::parse_error& e) {
    out.fault = "not JSON: '" + excerpt(line) + "' (" + record::json_syntax_problem(line, e.byte) + ")";
    return out;
  } catch (const nlohmann::json::exception&) {  // out_of_range: a number past a double's range
    out.fault = "not JSON: '" + excerpt(line) + "' (" + record::kJsonNumberTooLarge + ")";
    return out;
  }
  if (j.is_object() && j.contains("move")) {
    out.move = j["move"];
    return out;
  }
  // One JSON line without "move" after `start` is the bot's answer to it (it may answer
  // anything or nothing); it may arrive after the act line was sent.
  if (after_start) {
    out.start_reply = true;
    return out;
  }
  out.fault = "not a move: '" + excerpt(line) + "' (expected {\"move\": ...})";
  return out;
}

bool is_builtin_player(const std::string& spec, const Ruleset& rules) {
  const auto& names = batch::builtin_player_names(rules);
  return std::find(names.begin(), names.end(), spec) != names.end();
}

std::unique_ptr<SeatPlayer> make_seat_player(const std::string& spec, std::size_t max_line, const Ruleset& rules) {
  if (is_builtin_player(spec, rules)) return std::make_unique<BuiltinSeat>(spec);
  return std::make_unique<ProcessSeat>(spec, max_line);
}

}  // namespace conquian::serve
