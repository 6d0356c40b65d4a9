// The referee and its bots (src/serve/): real child processes started, fed, timed out and
// killed; each misbehaving bot of tools/bots forfeits with its reason and the run goes on;
// the leak scan over 1,000 deals; every record the referee writes judged by the checker;
// the duplicate pairing and the ratings of the tournament.
#include <dirent.h>
#include <doctest/doctest.h>
#include <sys/wait.h>
#include <unistd.h>
#include <cctype>

#include <array>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <set>
#include <stdexcept>
#include <string>
#include <vector>

#include "base/rng.h"
#include "cards/shuffle.h"
#include "check/check_file.h"
#include "cli_run.h"
#include "json_words.h"
#include "record/record_writer.h"
#include "rules/ruleset.h"
#include "sample_records.h"
#include "serve/bot_process.h"
#include "serve/game_session.h"
#include "serve/protocol_moves.h"
#include "serve/referee.h"
#include "serve/tournament.h"
#include "serve/tournament_report.h"
#include "test_scale.h"

using namespace conquian;
using namespace conquian::serve;

namespace {

const std::string kBots = std::string(CONQUIAN_SOURCE_DIR) + "/tools/bots/";

int open_fds() {
  int n = 0;
  DIR* d = opendir("/proc/self/fd");
  while (readdir(d)) ++n;
  closedir(d);
  return n;
}

// No child left unreaped: waitpid finds none at all.
bool no_children() {
  int status;
  return waitpid(-1, &status, WNOHANG) == -1 && errno == ECHILD;
}

// Every record's verdict from the checker, the record written and read back as text.
std::vector<check::GameVerdict> checked(const std::vector<record::GameRecord>& records) {
  std::string text;
  for (std::size_t i = 0; i < records.size(); ++i) text += (i ? "---\n" : "") + record::write_record(records[i]);
  std::vector<check::GameVerdict> out;
  check::check_text(text, "referee.yaml", [&](check::GameVerdict&& v) { out.push_back(std::move(v)); });
  return out;
}

RefereeSetup american_setup(std::shared_ptr<const Ruleset>& keep, int move_time_ms) {
  keep = load_ruleset("american");
  RefereeSetup s;
  s.rules = keep.get();
  s.ruleset_name = "american";
  s.seed = 7;
  s.move_time_ms = move_time_ms;
  return s;
}

}  // namespace

TEST_CASE("bot process: a line each way, a timeout, a closed pipe, a line over the limit") {
  const int fds = open_fds();
  {
    BotProcess echo("cat");
    echo.start();
    CHECK(echo.send("{\"hello\": 1}", 1000));
    BotLine l = echo.read_line(2000);
    CHECK(l.status == BotLine::Status::Line);
    CHECK(l.line == "{\"hello\": 1}");

    // A bot that has not answered yet (it answers once told to): a timeout, and its line still
    // read afterwards.
    BotProcess sleeper("read go; echo late; sleep 30");
    sleeper.start();
    CHECK(sleeper.read_line(1).status == BotLine::Status::Timeout);
    CHECK(sleeper.send("go", 1000));
    BotLine late = sleeper.read_line(30000);
    CHECK(late.status == BotLine::Status::Line);
    CHECK(late.line == "late");
    CHECK(sleeper.read_line(1).status == BotLine::Status::Timeout);

    BotProcess quitter("exit 5");
    quitter.start();
    CHECK(quitter.read_line(2000).status == BotLine::Status::Closed);
    CHECK(quitter.exit_description() == "exited with status 5");

    BotProcess shouter("head -c 100000 /dev/zero | tr '\\0' x; echo", 1000);
    shouter.start();
    CHECK(shouter.read_line(2000).status == BotLine::Status::TooLong);
  }
  // Every process killed and reaped, every pipe closed.
  CHECK(no_children());
  CHECK(open_fds() == fds);

  // Fifty starts and stops of a bot that ignores its input: nothing left behind.
  BotProcess stubborn("trap '' TERM; sleep 30");
  for (int i = 0; i < 50; ++i) stubborn.start();
  stubborn.stop();
  CHECK(no_children());
  CHECK(open_fds() == fds);
}

TEST_CASE("protocol moves: the legal moves read back as themselves; a bad shape is no move") {
  auto rules = load_ruleset("american");
  Rng rng = deal_rng(3, 0);
  auto deck = shuffled_deck(rules->deck.size(), rng);
  Position pos = deal(*rules, deck, 0);
  std::vector<Move> legal;
  int plies = 0;
  // The session's one reader of a move's words (the bots', the board's and the protocol's).
  auto read = [&](const nlohmann::json& words) { return GameSession::from_world(rules, pos).read_move(words); };
  while (!pos.result.over() && plies++ < 300) {
    legal_moves(pos, legal);
    for (const Move& m : legal) {
      const auto r = read(protocol_move(pos, m));
      REQUIRE(r.fault.ok());
      CHECK(judge(pos, r.move).ok());
    }
    apply(pos, legal[rng.below(legal.size())]);
  }
  CHECK_THROWS_AS(read(42), SessionError);
  CHECK_THROWS_AS(read({{"seat", 0}}), SessionError);
  CHECK_THROWS_AS(read({{"seat", 0}, {"turn", 5}}), SessionError);
  CHECK_THROWS_AS(read({{"seat", 0}, {"turn", "5h"}, {"pass", "5h"}}), SessionError);
  CHECK_THROWS_AS(read({{"seat", 0}, {"frobnicate", "5h"}}), SessionError);
  CHECK(read({{"seat", 0}, {"turn", "Zz"}}).fault.code == Code::UnknownCard);
}

TEST_CASE("referee: each misbehaving bot forfeits with its reason, is restarted, and the run goes on") {
  std::shared_ptr<const Ruleset> rules;
  // Time enough that a well-behaved answer is never late on a loaded machine (the fault under
  // test must be the one the bot commits, not a timeout), short enough for the two bots that
  // never answer.
  RefereeSetup setup = american_setup(rules, 1500);
  const std::vector<std::pair<std::string, std::string>> faults = {
      {"illegal", "illegal move: "},
      {"garbage", "not JSON: 'this is not json'"},
      {"notmove", "not a move: "},
      {"sleep", "timeout: no answer within 1500 ms"},
      {"crash", "crash: the bot exited with status 3"},
      {"close", "closed pipe"},
      {"huge", "line over the limit of 65536 bytes"},
      // Bytes that are not UTF-8: shown escaped, so that the reason can go into the record and
      // to the other seat as JSON.
      {"badutf8", "not JSON: '{\"move\": \"\\xFF\\xFE\\x00\"}' (byte 11 is 0xFF, which is not UTF-8"},
      {"silent", "timeout: no answer within 1500 ms"},
  };
  for (const auto& [fault, reason] : faults) {
    CAPTURE(fault);
    auto bot = make_seat_player("exec python3 " + kBots + "misbehave.py " + fault + " 2", 65536, *rules);
    auto other = make_seat_player("random", 65536, *rules);
    Referee referee(setup, {bot.get(), other.get()});
    std::vector<record::GameRecord> records;
    for (std::uint64_t i = 0; i < 3; ++i) {
      RefereeDeal d = referee.play(i);
      CHECK(d.forfeit_seat == 0);
      CAPTURE(d.forfeit_reason);
      CHECK(d.forfeit_reason.find(reason) == 0);
      CHECK(d.outcome.winner == 1);
      CHECK(d.record.result.forfeit_seat == 0);
      records.push_back(d.record);
    }
    referee.quit();
    for (const auto& v : checked(records)) {
      CHECK(v.judgement == check::Judgement::Legal);
      CHECK(v.forfeit_seat == 0);
      CHECK(v.outcome.winner == 1);
    }
  }
  CHECK(no_children());
}

TEST_CASE("referee: the Python random bot plays whole deals that check finds legal, sealed") {
  std::shared_ptr<const Ruleset> rules;
  RefereeSetup setup = american_setup(rules, 5000);
  setup.seal = true;
  auto a = make_seat_player("python3 " + kBots + "random_bot.py", 1 << 20, *rules);
  auto b = make_seat_player("greedy", 1 << 20, *rules);
  Referee referee(setup, {a.get(), b.get()});
  std::vector<record::GameRecord> records;
  for (std::uint64_t i = 0; i < 20; ++i) {
    RefereeDeal d = referee.play(i);
    CHECK(d.forfeit_seat == -1);
    CHECK(!d.record.commitment.empty());
    CHECK(d.record.players == std::vector<std::string>{"python3 " + kBots + "random_bot.py", "greedy"});
    records.push_back(d.record);
  }
  referee.quit();
  for (const auto& v : checked(records)) {
    CHECK(v.judgement == check::Judgement::Legal);
    CHECK(v.finished);
  }
  CHECK(no_children());
}

TEST_CASE("referee: conquian engine plays through the bot protocol (it reads the view's position)") {
  std::shared_ptr<const Ruleset> rules;
  RefereeSetup setup = american_setup(rules, 20000);
  auto a = make_seat_player(std::string(CONQUIAN_BINARY) + " engine --player greedy", 1 << 20, *rules);
  auto b = make_seat_player("random", 1 << 20, *rules);
  Referee referee(setup, {a.get(), b.get()});
  std::vector<record::GameRecord> records;
  for (std::uint64_t i = 0; i < 5; ++i) {
    RefereeDeal d = referee.play(i);
    CAPTURE(d.forfeit_reason);
    CHECK(d.forfeit_seat == -1);
    records.push_back(d.record);
  }
  referee.quit();
  for (const auto& v : checked(records)) CHECK(v.judgement == check::Judgement::Legal);
  CHECK(no_children());
}

// The cards a seat saw during a deal, from the record alone: its hand as dealt, the card it
// got or gave in a swap, and every card a move shows to the table (turned, taken, passed,
// thrown, melded, laid, discarded). The rest stayed hidden from it until the end.
std::set<std::string> seen_by(const record::GameRecord& rec, int seat, int seats) {
  std::set<std::string> seen;
  for (const auto& t : rec.hands[static_cast<std::size_t>(seat)]) seen.insert(t.text.str());
  for (const auto& m : rec.moves) {
    if (m.kind == record::MoveKind::Swap) {
      if (m.seat == seat || (m.seat + 1) % seats == seat) seen.insert(m.card.text.str());
      continue;
    }
    if (!m.card.text.empty()) seen.insert(m.card.text.str());
    for (const auto& meld : m.melds)
      for (const auto& t : meld) seen.insert(t.text.str());
    for (const auto& t : m.lay) seen.insert(t.text.str());
    if (m.discard) seen.insert(m.discard->text.str());
  }
  return seen;
}

// Every JSON string in a line, and every word inside one (json_words.h), added to `out`.
void strings_in(std::string_view line, std::set<std::string>& out) {
  for (const std::string& w : conquian::testing::json_words(line)) out.insert(w);
}

TEST_CASE("referee: the leak scan, 1,000 deals: no card hidden from a seat is in any line sent to it") {
  // 1,000 deals; a tenth of them in the sanitizer build (test_scale.h).
  const int deals = conquian::testing::scaled(1000);
  std::shared_ptr<const Ruleset> rules;
  RefereeSetup setup = american_setup(rules, 1000);
  std::array<std::set<std::string>, 2> sent;
  std::uint64_t lines = 0;
  setup.observer = [&](int seat, std::string_view line) {
    strings_in(line, sent[static_cast<std::size_t>(seat)]);
    ++lines;
  };
  auto a = make_seat_player("greedy", 1 << 20, *rules);
  auto b = make_seat_player("random", 1 << 20, *rules);
  Referee referee(setup, {a.get(), b.get()});
  std::vector<std::string> all;
  for (int c = 0; c < rules->deck.size(); ++c) all.push_back(rules->deck.token(static_cast<Card>(c)));
  std::uint64_t hidden_total = 0, leaks = 0;
  std::vector<record::GameRecord> sample;
  for (std::uint64_t i = 0; i < static_cast<std::uint64_t>(deals); ++i) {
    for (auto& s : sent) s.clear();
    RefereeDeal d = referee.play(i, i % 2 == 1);
    REQUIRE(d.forfeit_seat == -1);
    for (int seat = 0; seat < 2; ++seat) {
      const auto seen = seen_by(d.record, seat, 2);
      for (const auto& card : all) {
        if (seen.count(card)) continue;
        ++hidden_total;
        if (sent[static_cast<std::size_t>(seat)].count(card)) {
          ++leaks;
          FAIL_CHECK("deal " << d.record.id << ": card " << card << " hidden from seat " << seat << " was sent to it");
        }
      }
    }
    if (i % 50 == 0) sample.push_back(d.record);
  }
  CHECK(leaks == 0);
  CHECK(hidden_total > static_cast<std::uint64_t>(deals) * 5);  // the scan looked at cards that did stay hidden
  CHECK(lines > static_cast<std::uint64_t>(deals) * 20);
  for (const auto& v : checked(sample)) CHECK(v.judgement == check::Judgement::Legal);
}

TEST_CASE("referee: the scan finds a leak when there is one") {
  // The scan's own check: the other hand's cards, sent on purpose, are caught.
  std::shared_ptr<const Ruleset> rules;
  RefereeSetup setup = american_setup(rules, 1000);
  auto a = make_seat_player("greedy", 1 << 20, *rules);
  auto b = make_seat_player("greedy", 1 << 20, *rules);
  Referee referee(setup, {a.get(), b.get()});
  RefereeDeal d = referee.play(0);
  std::set<std::string> strings;
  std::string leaked = "[";
  for (const auto& t : d.record.hands[1]) leaked += "\"" + t.text + "\",";
  strings_in(leaked, strings);
  const auto seen = seen_by(d.record, 0, 2);
  int caught = 0;
  for (const auto& t : d.record.hands[1])
    if (!seen.count(t.text.str()) && strings.count(t.text.str())) ++caught;
  CHECK(caught > 0);
}

TEST_CASE("check: a forfeit is a legal end; a forfeit that cannot be is a result mismatch") {
  const std::string head = conquian::testing::kShortAmericanHead;
  auto verdicts = [](const std::string& text) {
    std::vector<check::GameVerdict> out;
    check::check_text(text, "f.yaml", [&](check::GameVerdict&& v) { out.push_back(std::move(v)); });
    return out;
  };
  auto ok = verdicts(head + "result: {winner: 1, forfeit: {seat: 0, reason: \"timeout: no answer\"}}\n");
  REQUIRE(ok.size() == 1);
  CHECK(ok[0].judgement == check::Judgement::Legal);
  CHECK(ok[0].forfeit_seat == 0);
  CHECK(ok[0].forfeit_reason == "timeout: no answer");
  auto self = verdicts(head + "result: {winner: 0, forfeit: {seat: 0, reason: x}}\n");
  CHECK(self[0].judgement == check::Judgement::Illegal);
  CHECK(self[0].code == Code::ResultMismatch);
  auto seat9 = verdicts(head + "result: {winner: 1, forfeit: {seat: 9, reason: x}}\n");
  CHECK(seat9[0].code == Code::ResultMismatch);
  auto alone = verdicts(head + "result: {forfeit: {seat: 0, reason: x}}\n");
  CHECK(alone[0].judgement == check::Judgement::Malformed);
  auto no_reason = verdicts(head + "result: {winner: 1, forfeit: {seat: 0}}\n");
  CHECK(no_reason[0].judgement == check::Judgement::Malformed);
  // A bad move before the forfeit is still found.
  auto bad = verdicts(head + "  - {seat: 0, turn: 6s}\nresult: {winner: 1, forfeit: {seat: 0, reason: x}}\n");
  CHECK(bad[0].judgement == check::Judgement::Illegal);
  CHECK(bad[0].move == 2);
}

TEST_CASE("tournament: every deal twice with the seats swapped, the same cards") {
  std::shared_ptr<const Ruleset> rules;
  RefereeSetup setup = american_setup(rules, 1000);
  auto a = make_seat_player("greedy", 1 << 20, *rules);
  auto b = make_seat_player("random", 1 << 20, *rules);
  Referee referee(setup, {a.get(), b.get()});
  RefereeDeal one = referee.play(4), two = referee.play(4, true);
  CHECK(one.record.players == std::vector<std::string>{"greedy", "random"});
  CHECK(two.record.players == std::vector<std::string>{"random", "greedy"});
  REQUIRE(one.record.hands.size() == 2);
  for (int s = 0; s < 2; ++s)
    for (std::size_t k = 0; k < one.record.hands[s].size(); ++k)
      CHECK(one.record.hands[s][k].text == two.record.hands[s][k].text);
  CHECK(one.record.dealer == two.record.dealer);
  REQUIRE(one.record.stock.size() == two.record.stock.size());
  for (std::size_t k = 0; k < one.record.stock.size(); ++k) CHECK(one.record.stock[k].text == two.record.stock[k].text);

  TournamentReport rep = play_tournament(setup, {a.get(), b.get()}, 30, {});
  REQUIRE(rep.pairings.size() == 1);
  CHECK(rep.pairings[0].boards.size() == 30);
  const PlayerStanding& g = rep.standings[0];
  const PlayerStanding& r = rep.standings[1];
  CHECK(g.won + g.drawn + g.lost == 60);
  CHECK(g.won == r.lost);
  CHECK(g.points + r.points == doctest::Approx(60));
  CHECK(g.dup_diff == doctest::Approx(-r.dup_diff));
  CHECK(g.rating == doctest::Approx(-r.rating));
  CHECK(g.rating > 0);  // greedy beats random
  CHECK(tournament_text(rep).find("greedy") != std::string::npos);
  CHECK(tournament_json(rep)["players"].size() == 2);
}

TEST_CASE("tournament: two blocks of deals joined through their bytes make the one-process report") {
  // What an MPI rank does (cli/tournament_command.cpp): play its block, send the bytes; rank
  // 0 joins them in rank order. Without MPI in the build the tournament-mpi test is skipped,
  // and this still holds the split and the bytes to the single run.
  std::shared_ptr<const Ruleset> rules;
  RefereeSetup setup = american_setup(rules, 1000);
  auto a = make_seat_player("greedy", 1 << 20, *rules);
  auto b = make_seat_player("random", 1 << 20, *rules);
  auto c = make_seat_player("random", 1 << 20, *rules);
  const std::vector<SeatPlayer*> players{a.get(), b.get(), c.get()};
  const TournamentReport whole = play_tournament(setup, players, 13, {});
  std::vector<Pairing> joined = play_boards(setup, players, 0, 6, {});
  const std::string second = boards_bytes(play_boards(setup, players, 6, 13, {}));
  std::vector<Pairing> empty_rank = play_boards(setup, players, 13, 13, {});
  append_boards(joined, second);
  append_boards(joined, boards_bytes(empty_rank));
  const TournamentReport split = tournament_report(setup, players, 13, joined);
  REQUIRE(split.pairings.size() == 3);
  CHECK(split.pairings[2].boards.size() == 13);
  CHECK(tournament_json(split).dump() == tournament_json(whole).dump());
  CHECK_THROWS_AS(append_boards(joined, "7 1\n0 2 1 0 1 0 0\n"), std::logic_error);  // no pairing 7
  CHECK_THROWS_AS(append_boards(joined, "0 2\n0 2 1 0 1 0 0\n"), std::logic_error);  // a board short
}

TEST_CASE("tournament: Bradley-Terry and the duplicate difference on known numbers") {
  // Two players, 300 points to 100: strength ratio (300.5 / 100.5) with the prior's draw.
  auto elo = bradley_terry({{0, 300}, {100, 0}});
  CHECK(elo[0] - elo[1] == doctest::Approx(400 * std::log10(300.5 / 100.5)).epsilon(1e-6));
  CHECK(elo[0] + elo[1] == doctest::Approx(0).epsilon(1e-9));
  // Three players in a cycle of equal results: equal ratings.
  auto cyc = bradley_terry({{0, 10, 5}, {5, 0, 10}, {10, 5, 0}});
  CHECK(cyc[0] == doctest::Approx(0).epsilon(1e-6));
  CHECK(cyc[1] == doctest::Approx(0).epsilon(1e-6));

  Pairing pr{0, 1, {}};
  for (int k = 0; k < 40; ++k)
    pr.boards.push_back({static_cast<std::uint64_t>(k), k % 4 == 0 ? 1.0 : 2.0, 0, 0, 0, 0, 0});
  auto st = standings_of({"a", "b"}, {pr}, 200, 1);
  // Boards: 10 even (diff 0), 30 won twice (diff +2): mean 1.5.
  CHECK(st[0].dup_diff == doctest::Approx(1.5));
  CHECK(st[0].dup_ci.low < 1.5);
  CHECK(st[0].dup_ci.high > 1.5);
  CHECK(st[1].dup_diff == doctest::Approx(-1.5));
  CHECK(st[0].rating_ci.low <= st[0].rating);
  CHECK(st[0].rating_ci.high >= st[0].rating);
  const std::string html = tournament_html({"american", 40, 1, 1000, "cmd <script>", {"<b>a</b>", "b"}, {pr}, st, 200});
  CHECK(html.find("<script>") == std::string::npos);
  CHECK(html.find("&lt;script&gt;") != std::string::npos);
  CHECK(html.find("Content-Security-Policy") != std::string::npos);
}

TEST_CASE("bot answers: any line is a move or a fault quoting it as UTF-8 text, never an exception") {
  CHECK(read_bot_answer(R"({"move": {"seat": 0, "turn": "5h"}})", false).move.has_value());
  CHECK(read_bot_answer(R"({"hello": 1})", true).start_reply);
  CHECK(read_bot_answer(R"({"hello": 1})", false).fault.rfind("not a move: '{\"hello\": 1}'", 0) == 0);
  const std::string bad = std::string("{\"move\": \"") + "\xFF\xFE" + std::string(1, '\0') + "\"}";
  CHECK(read_bot_answer(bad, false).fault ==
        "not JSON: '{\"move\": \"\\xFF\\xFE\\x00\"}' (byte 11 is 0xFF, which is not UTF-8 (near "
        "'{\"move\": \"\\xFF\\xFE\\x00\"}'))");
  // A number past a double's range is JSON by its syntax, and the library's reader throws
  // another exception than a syntax error for it (a fuzz input found it).
  CHECK(read_bot_answer(R"({"move": 1e400})", false).fault ==
        "not JSON: '{\"move\": 1e400}' (a number in it is too large to read (past a double's range))");
}

TEST_CASE("referee and tournament: a bot writing bytes that are not UTF-8 forfeits; the run goes on, --out is full") {
  const std::string bot = "'exec python3 " + kBots + "misbehave.py badutf8 1'";
  const std::string out =
      (std::filesystem::temp_directory_path() / ("conquian-referee-utf8-" + std::to_string(getpid()) + ".yaml"))
          .string();
  auto r = conquian::testing::run_cli(
      "referee -r american -n 3 -s 1 --move-time 5000 --player " + bot + " --player random --out " + out, true);
  CHECK(r.status == 0);
  CHECK(r.out.find("seat 0 (" + bot.substr(1, bot.size() - 2) +
                   ") forfeits: not JSON: '{\"move\": \"\\xFF\\xFE\\x00\"}'") != std::string::npos);
  CHECK(r.out.find("json.exception") == std::string::npos);  // our sentence, not the library's
  // Every deal is in the file, and check reads them (a forfeit is a legal end).
  std::string text;
  {
    std::ifstream in(out);
    text.assign(std::istreambuf_iterator<char>(in), {});
  }
  int records = 0;
  for (std::size_t at = 0; (at = text.find("format: conquian-record/1", at)) != std::string::npos; ++at) ++records;
  CHECK(records == 3);
  CHECK(text.find("forfeit") != std::string::npos);
  CHECK(conquian::testing::run_cli("check " + out).status == 0);
  std::filesystem::remove(out);

  auto t = conquian::testing::run_cli(
      "tournament -r american --deals 2 -s 1 --move-time 5000 --player " + bot + " --player random --json", false);
  CHECK(t.status == 0);
  const nlohmann::json standings = nlohmann::json::parse(t.out, nullptr, false);
  REQUIRE(!standings.is_discarded());
  CHECK(standings["players"].size() == 2);

  // A player whose words are not UTF-8 cannot be written in a record: refused on input.
  auto bad = conquian::testing::run_cli(
      "referee -r american -n 1 -s 1 --player \"$(printf '\\377')\" --player random --out /dev/null", true);
  CHECK(bad.status == 2);
  CHECK(bad.out.find("not UTF-8") != std::string::npos);
}

TEST_CASE("referee: built-in random players at three and four seats, swap or not: 200 deals, no forfeit, legal") {
  // Every seat is offered only its own moves: a force window's forces by later seats are theirs.
  const int deals = conquian::testing::scaled(200);
  for (const char* name : {"three-seat", "four-seat", "three-seat-swap", "four-seat-swap"}) {
    CAPTURE(name);
    auto rules = load_ruleset(name);
    RefereeSetup setup;
    setup.rules = rules.get();
    setup.ruleset_name = name;
    setup.seed = 1;
    setup.move_time_ms = 5000;
    std::vector<std::unique_ptr<SeatPlayer>> owned;
    std::vector<SeatPlayer*> seats;
    for (int s = 0; s < rules->seats; ++s) {
      owned.push_back(make_seat_player("random", 1 << 20, *rules));
      seats.push_back(owned.back().get());
    }
    Referee referee(setup, seats);
    std::vector<record::GameRecord> records;
    int forfeits = 0;
    for (std::uint64_t i = 0; i < static_cast<std::uint64_t>(deals); ++i) {
      RefereeDeal d = referee.play(i);
      if (d.forfeit_seat >= 0) {
        ++forfeits;
        FAIL_CHECK("deal " << i << ": seat " << d.forfeit_seat << " forfeits: " << d.forfeit_reason);
      }
      records.push_back(std::move(d.record));
    }
    CHECK(forfeits == 0);
    int legal = 0;
    for (const auto& v : checked(records)) legal += v.judgement == check::Judgement::Legal ? 1 : 0;
    CHECK(legal == deals);
  }
}

TEST_CASE("tournament: three- and four-seat Conquian tables play the duplicate ring") {
  for (const char* name : {"three-seat", "four-seat-swap"}) {
    CAPTURE(name);
    const int seats = std::string(name) == "three-seat" ? 3 : 4;
    std::string players;
    for (int s = 0; s < seats; ++s) players += s == 0 ? " --player greedy" : " --player random";
    const auto run = conquian::testing::run_cli(std::string("tournament -r ") + name + players + " -n 5 -s 1 --json");
    REQUIRE(run.status == 0);
    const auto ring = nlohmann::json::parse(run.out);
    CHECK(ring["game"] == "conquian");
    CHECK(ring["seats"] == seats);
    REQUIRE(ring["standings"].size() == static_cast<std::size_t>(seats));
    double chips = 0;
    for (const auto& s : ring["standings"]) {
      CHECK(s["games"] == 5 * seats);  // every deal once per rotation
      CHECK(s["forfeits"] == 0);
      chips += s["chips_per_deal"].get<double>();
    }
    CHECK(std::abs(chips) < 1e-9);  // a Conquian deal's settlement sums to zero
  }
}
