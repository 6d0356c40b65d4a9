#include "serve/seat_player.h"

#include <fmt/format.h>

#include <algorithm>
#include <chrono>
#include <system_error>

#include "base/rng.h"
#include "batch/pan_players.h"
#include "batch/players.h"
#include "record/text_quote.h"
#include "serve/bot_process.h"
#include "serve/game_session.h"
#include "serve/pan_session.h"
#include "serve/protocol_moves.h"

namespace conquian::serve {
namespace {

using Clock = std::chrono::steady_clock;

double since(Clock::time_point t) { return std::chrono::duration<double>(Clock::now() - t).count(); }

// The first characters of a line, for a message: a bot may write any bytes, and the reason
// goes into the record and to the other seats as JSON, so every byte that is not printable
// UTF-8 is shown escaped (\xFF).
std::string excerpt(const std::string& line) { return record::escaped_excerpt(line, 60); }

// A built-in player of either game: it chooses among its game's moves at the session's
// position (which it reads no further than its seat's view) and answers in the protocol's words.
class BuiltinSeat final : public SeatPlayer {
 public:
  BuiltinSeat(std::string name, std::unique_ptr<batch::Player> player, std::unique_ptr<batch::PanPlayer> pan_player)
      : name_(std::move(name)), player_(std::move(player)), pan_player_(std::move(pan_player)) {}
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
    if (const auto* c = dynamic_cast<const GameSession*>(&game); c && player_) a.move = choose(*c, *player_);
    else if (const auto* p = dynamic_cast<const PanSession*>(&game); p && pan_player_)
      a.move = choose(*p, *pan_player_);
    else a.fault = fmt::format("the built-in player {} does not play {}", name_, game_name(game.rules().game));
    a.seconds = since(t);
    return a;
  }
  void restart() override {}

 private:
  template <class S, class P>
  nlohmann::json choose(const S& game, P& player) {
    const auto legal = game.engine_moves();
    const auto& m = legal[player.choose(game.position(), legal, rng_)];
    if constexpr (std::is_same_v<S, GameSession>) return protocol_move(game.position(), m);
    else if (m.kind == pan::MoveKind::Waive) return {{"seat", m.seat}, {"waive", true}};  // no record words
    else return RecordWords<PanGame>::seen_json(game.position(), m);
  }

  std::string name_;
  std::unique_ptr<batch::Player> player_;
  std::unique_ptr<batch::PanPlayer> pan_player_;
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

bool is_builtin_player(const std::string& spec, bool pan) {
  const auto& names = pan ? batch::pan_player_names() : batch::player_names();
  return std::find(names.begin(), names.end(), spec) != names.end();
}

std::unique_ptr<SeatPlayer> make_seat_player(const std::string& spec, std::size_t max_line, bool pan) {
  if (is_builtin_player(spec, pan))
    return std::make_unique<BuiltinSeat>(spec, pan ? nullptr : batch::make_player(spec),
                                         pan ? batch::make_pan_player(spec) : nullptr);
  return std::make_unique<ProcessSeat>(spec, max_line);
}

}  // namespace conquian::serve
