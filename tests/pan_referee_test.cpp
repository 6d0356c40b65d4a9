// Panguingue at the referee's table: eight real bot processes (tools/bots), some misbehaving,
// started, timed out and killed by the referee; every fault is a forfeit, the seat leaves the
// deal as a drop does and the others play on; every record the referee writes is legal to the
// checker; no line sent to a seat holds a card of another hand.
#include <doctest/doctest.h>
#include <fmt/format.h>
#include <sys/wait.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <string>
#include <vector>

#include "check/check_file.h"
#include "pan/engine.h"
#include "pan/game.h"
#include "record/record_writer.h"
#include "replay/game_of.h"
#include "replay/replay.h"
#include "rules/ruleset.h"
#include "rules/shipped_rulesets.h"
#include "serve/referee.h"
#include "test_scale.h"

using namespace conquian;
using namespace conquian::serve;

namespace {

const std::string kBots = std::string(CONQUIAN_SOURCE_DIR) + "/tools/bots/";

std::vector<check::GameVerdict> checked(const std::vector<record::GameRecord>& records) {
  std::string text;
  for (std::size_t i = 0; i < records.size(); ++i) text += (i ? "---\n" : "") + record::write_record(records[i]);
  std::vector<check::GameVerdict> out;
  check::check_text(text, "pan-referee.yaml", [&](check::GameVerdict&& v) { out.push_back(std::move(v)); });
  return out;
}

RefereeSetup pan_setup(std::shared_ptr<const Ruleset>& keep, int move_time_ms) {
  keep = load_ruleset("panguingue");
  RefereeSetup s;
  s.rules = keep.get();
  s.ruleset_name = "panguingue";
  s.seed = 11;
  s.move_time_ms = move_time_ms;
  return s;
}

// Card tokens as a multiset.
std::map<std::string, int> tokens(const nlohmann::json& cards) {
  std::map<std::string, int> out;
  for (const auto& c : cards) ++out[c.get<std::string>()];
  return out;
}

}  // namespace

TEST_CASE("pan referee: eight bots, faults at every seat kind; each faulty seat leaves and the deal goes on") {
  std::shared_ptr<const Ruleset> rules;
  RefereeSetup setup = pan_setup(rules, 400);
  // Each misbehaving bot faults once, after a few good answers; the others play random moves.
  const std::vector<std::pair<std::string, std::string>> bots = {
      {"exec python3 " + kBots + "misbehave.py illegal 2", "illegal move: "},
      {"exec python3 " + kBots + "misbehave.py garbage 3", "not JSON: "},
      {"exec python3 " + kBots + "misbehave.py notmove 1", "not a move: "},
      {"exec python3 " + kBots + "misbehave.py crash 2", "crash: "},
      {"exec python3 " + kBots + "misbehave.py sleep 1", "timeout: "},
      {"exec python3 " + kBots + "random_bot.py", ""},
      {"exec python3 " + kBots + "random_bot.py", ""},
      {"exec python3 " + kBots + "random_bot.py", ""},
  };
  std::vector<std::unique_ptr<SeatPlayer>> owned;
  std::vector<SeatPlayer*> seats;
  for (const auto& b : bots) {
    owned.push_back(make_seat_player(b.first, 1 << 20, *setup.rules));
    seats.push_back(owned.back().get());
  }
  Referee referee(setup, seats);
  std::vector<record::GameRecord> records;
  std::map<int, std::string> reasons;  // the first forfeit of each seat
  int forfeits = 0, moves_after_a_forfeit = 0;
  for (std::uint64_t deal = 0; deal < 2; ++deal) {
    RefereeDeal d = referee.play(deal);
    CHECK(d.forfeit_seat == -1);  // a Pan deal never ends by forfeit
    CHECK(d.outcome.over());
    forfeits += static_cast<int>(d.forfeits.size());
    for (const auto& f : d.forfeits) reasons.emplace(f.seat, f.reason);
    // The moves recorded after the first forfeit move: the deal went on.
    bool seen = false;
    for (const auto& m : d.record.moves) {
      if (m.kind == record::MoveKind::Forfeit) seen = true;
      else if (seen) ++moves_after_a_forfeit;
    }
    records.push_back(d.record);
  }
  referee.quit();
  // Every misbehaving seat forfeited with its reason, the well-behaved ones never did.
  for (std::size_t s = 0; s < bots.size(); ++s) {
    CAPTURE(s);
    if (bots[s].second.empty()) {
      CHECK(reasons.count(static_cast<int>(s)) == 0);
    } else {
      REQUIRE(reasons.count(static_cast<int>(s)) == 1);
      CHECK(reasons[static_cast<int>(s)].starts_with(bots[s].second));
    }
  }
  CHECK(forfeits >= 5);
  CHECK(moves_after_a_forfeit > 0);
  for (const auto& v : checked(records)) {
    CAPTURE(v.id);
    CAPTURE(v.message);
    CHECK(v.judgement == check::Judgement::Legal);
    CHECK(v.has_chips);
  }
  int status = 0;
  CHECK(waitpid(-1, &status, WNOHANG) <= 0);  // every bot reaped (none left a zombie)
}

TEST_CASE(
    "pan referee: the leak scan on every shipped Panguingue ruleset: each act shows the seat its own hand, "
    "its own moves and no card of another hand or of the stock") {
  int checked_acts = 0, lines = 0, rulesets = 0;
  for (const auto& [name, text] : shipped_ruleset_texts()) {
    (void)text;
    std::shared_ptr<const Ruleset> rules = load_ruleset(name);
    if (game_facts(*rules).name != std::string(PanGame::kName)) continue;
    CAPTURE(name);
    ++rulesets;
    RefereeSetup setup;
    setup.rules = rules.get();
    setup.ruleset_name = name;
    setup.seed = 11;
    setup.move_time_ms = 1000;
    std::vector<std::pair<int, nlohmann::json>> acts;  // each act line, with the seat it went to
    setup.observer = [&](int seat, std::string_view line) {
      ++lines;
      const nlohmann::json j = nlohmann::json::parse(line);
      CHECK(!j.contains("hands"));
      if (j.value("cmd", "") == "act") acts.emplace_back(seat, j);
    };
    std::vector<std::unique_ptr<SeatPlayer>> owned;
    std::vector<SeatPlayer*> seats;
    for (const char* player : {"greedy", "random", "strong", "greedy", "random", "strong"}) {
      owned.push_back(make_seat_player(player, 1 << 20, *rules));
      seats.push_back(owned.back().get());
    }
    Referee referee(setup, seats);
    for (std::uint64_t deal = 0; deal < static_cast<std::uint64_t>(conquian::testing::scaled(8)) + 1; ++deal) {
      acts.clear();
      RefereeDeal d = referee.play(deal);
      // Replay the record: before move k, act k went to the seat to act; its view must show
      // exactly that seat's hand, the stock as a count, and its legal list only its own moves,
      // a turn without its card.
      std::size_t k = 0;
      auto look = [&](const pan::Position& before) {
        REQUIRE(k < acts.size());
        const auto& [seat, act] = acts[k++];
        CHECK(seat == pan::to_act(before));
        const nlohmann::json& view = act["view"];
        CHECK(view["stock"].is_number());
        CHECK(view["seat"] == seat);
        std::map<std::string, int> real;
        before.hand[seat].for_each([&](Card c, int n) { real[rules->deck.token(c)] += n; });
        CHECK(tokens(view["hand"]) == real);
        for (const nlohmann::json& m : act["legal"]) {
          CHECK(m["seat"] == seat);
          if (m.contains("turn")) CHECK(m["turn"].is_null());
        }
        ++checked_acts;
      };
      const auto r = replay_game<PanGame>(d.record, *rules, d.record.moves.size(),
                                          [&](const pan::Position& at, const pan::Move& m) {
                                            pan::Position before = at;
                                            if (pan::implies_waive(at, m)) {
                                              // The forcer's waive was an act of its own, which the
                                              // record leaves out.
                                              look(at);
                                              pan::apply(before, pan::waive_move(pan::to_act(at)));
                                            }
                                            look(before);
                                          });
      CHECK(r.fault.ok());
    }
    referee.quit();
  }
  CHECK(rulesets >= 5);
  CHECK(checked_acts > 100);
  CHECK(lines > checked_acts);
}

TEST_CASE("pan referee: a bot reads every line the referee meant for it, in order, observes sent with its next line") {
  // A bot that writes each line it reads to its log before it answers: when its answer to an
  // act comes back, every line up to that act is in the log.
  const std::string dir =
      (std::filesystem::temp_directory_path() / fmt::format("conquian-pan-referee-lines-{}", ::getpid())).string();
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  const std::string script = dir + "/logging_bot.py";
  {
    std::ofstream out(script);
    out << "import json, sys\n"
           "log = open(sys.argv[1], 'w')\n"
           "for line in sys.stdin:\n"
           "    log.write(line); log.flush()\n"
           "    msg = json.loads(line)\n"
           "    if msg.get('cmd') == 'act':\n"
           "        print(json.dumps({'move': msg['legal'][0]}), flush=True)\n"
           "    elif msg.get('cmd') == 'quit':\n"
           "        break\n";
  }
  std::shared_ptr<const Ruleset> rules;
  RefereeSetup setup = pan_setup(rules, 5000);
  constexpr int kSeats = 4;
  std::vector<std::vector<std::string>> meant(kSeats);
  setup.observer = [&](int seat, std::string_view line) { meant[static_cast<std::size_t>(seat)].emplace_back(line); };
  std::vector<std::unique_ptr<SeatPlayer>> owned;
  std::vector<SeatPlayer*> seats;
  for (int s = 0; s < kSeats; ++s) {
    owned.push_back(make_seat_player(fmt::format("python3 {} {}/seat{}.log", script, dir, s), 1 << 20, *setup.rules));
    seats.push_back(owned.back().get());
  }
  Referee referee(setup, seats);
  for (std::uint64_t deal = 0; deal < 3; ++deal) {
    RefereeDeal d = referee.play(deal);
    CHECK(d.forfeits.empty());
  }
  referee.quit();
  for (int s = 0; s < kSeats; ++s) {
    const auto& lines = meant[static_cast<std::size_t>(s)];
    std::size_t last_act = 0, observes = 0;
    for (std::size_t i = 0; i < lines.size(); ++i) {
      if (lines[i].find("\"cmd\":\"act\"") != std::string::npos) last_act = i;
      observes += lines[i].find("\"cmd\":\"observe\"") != std::string::npos;
    }
    REQUIRE(last_act > 0);
    CHECK(observes > 10);
    std::ifstream in(fmt::format("{}/seat{}.log", dir, s));
    std::vector<std::string> read;
    for (std::string l; std::getline(in, l);) read.push_back(l);
    REQUIRE_MESSAGE(read.size() > last_act, "seat " << s << " read " << read.size() << " lines");
    for (std::size_t i = 0; i <= last_act; ++i) CHECK_MESSAGE(read[i] == lines[i], "seat " << s << ", line " << i);
  }
  std::filesystem::remove_all(dir);
}
