#include "http/board_api.h"

#include <fmt/format.h>

#include <thread>

#include "analyse/analysis_json.h"
#include "analyse/evaluation.h"
#include "analyse/game_analysis.h"
#include "analyse/html_page.h"
#include "base/parallel_for.h"
#include "check/verdict_text.h"
#include "http/api_error.h"
#include "http/card_table.h"
#include "http/json_body.h"
#include "http/session_words.h"
#include "record/text_quote.h"
#include "replay/game_of.h"
#include "serve/sessions.h"

namespace conquian::http {
namespace {

// The path's parts between slashes ("/api/session/3/play" -> api, session, 3, play).
std::vector<std::string> path_parts(const std::string& path) {
  std::vector<std::string> parts;
  std::size_t start = 0;
  while (start <= path.size()) {
    const std::size_t end = std::min(path.find('/', start), path.size());
    if (end > start) parts.push_back(path.substr(start, end - start));
    start = end + 1;
  }
  return parts;
}

std::unique_ptr<serve::Session> session_of_record(const record::GameRecord& rec, std::size_t after,
                                                  const std::shared_ptr<const Ruleset>& rules) {
  try {
    return serve::session_from_game_record(rec, after, rules);
  } catch (const serve::SessionError& e) { throw ApiError(422, e.what()); }
}

// The moves of a game that replay: all of a legal one, those before the first bad one of an
// illegal one.
std::size_t playable_moves(const check::GameVerdict& v, const record::GameRecord& rec) {
  if (v.judgement == check::Judgement::Illegal) return v.move > 0 ? static_cast<std::size_t>(v.move - 1) : 0;
  return rec.moves.size();
}

// A board session on game `game` of the library or of a pasted record, its main line worded.
std::shared_ptr<BoardSession> board_of(const LibraryGame& game, std::size_t ply) {
  if (!game.record || !game.rules)
    throw ApiError(422, "the game cannot be opened: " + check::verdict_text(game.verdict));
  if (game.verdict.judgement == check::Judgement::Illegal && game.verdict.move == 0)
    throw ApiError(422, "the game cannot be opened: its deal is illegal: " + game.verdict.message);
  auto board = std::make_shared<BoardSession>();
  board->record = game.record;
  board->rules = game.rules;
  const std::size_t moves = playable_moves(game.verdict, *game.record);
  std::unique_ptr<serve::Session> whole = session_of_record(*game.record, moves, game.rules);
  std::unique_ptr<serve::Session> walk = session_of_record(*game.record, 0, game.rules);
  for (const nlohmann::json& m : whole->moves_json()) {
    nlohmann::json e = words_of(*walk, m);
    e["move"] = m;
    board->main_line.push_back(std::move(e));
    if (!walk->play(m).legal) break;
  }
  board->session = session_of_record(*game.record, std::min(ply, moves), game.rules);
  return board;
}

// An error's sentence may quote what the client sent (a path, an id): as JSON it must be
// UTF-8, so a sentence with any other byte is written with those bytes escaped (\xHH).
nlohmann::json error_body(const std::string& sentence) {
  if (record::why_not_utf8_text(sentence).empty()) return {{"error", sentence}};
  return {{"error", record::escaped_excerpt(sentence, 1000)}};
}

}  // namespace

BoardApi::BoardApi(Library library, std::size_t max_sessions, int solves)
    : library_(std::move(library)), sessions_(max_sessions), max_solves_(std::max(1, solves)) {}

ApiReply BoardApi::handle(const std::string& method, const std::string& path, const std::string& body) {
  ApiReply reply;
  try {
    reply.body = route(method, path, body, reply.status);
  } catch (const ApiError& e) { reply = {e.status, error_body(e.what())}; } catch (const serve::SessionError& e) {
    reply = {e.code == "bad-field" ? 400 : 422, error_body(e.what())};
  } catch (const record::InputError& e) {
    reply = {422, error_body(e.what())};
  } catch (const nlohmann::json::exception& e) {
    reply = {400, error_body(fmt::format("a field of the request has the wrong type (JSON error {})", e.id))};
  } catch (const std::bad_alloc&) { reply = {503, error_body("out of memory")}; } catch (const std::exception& e) {
    reply = {500, error_body(std::string("internal error: ") + e.what())};
  }
  return reply;
}

nlohmann::json BoardApi::route(const std::string& method, const std::string& path, const std::string& body,
                               int& status) {
  const std::vector<std::string> parts = path_parts(path);
  if (parts.size() < 2 || parts[0] != "api") throw ApiError(404, "no such page: the API's paths begin with /api/");
  auto only = [&](const char* allowed) {
    if (method != allowed)
      throw ApiError(405, fmt::format("{} takes {} only", record::escaped_excerpt(path, 80), allowed));
  };
  if (parts.size() == 2 && parts[1] == "library") {
    only("GET");
    nlohmann::json out = library_.listing();
    out["table_rulesets"] = table_rulesets();
    out["players"] = {"strong-pi", "strong", "greedy", "random"};
    out["looks"] = looks_json();
    return out;
  }
  if (parts.size() == 2 && parts[1] == "open") {
    only("POST");
    status = 201;
    return open(json_body(body));
  }
  if (parts.size() == 2 && parts[1] == "new") {
    only("POST");
    status = 201;
    return new_deal(json_body(body));
  }
  if (parts[1] == "session" && (parts.size() == 3 || parts.size() == 4)) {
    const std::string what = parts.size() == 4 ? parts[3] : "";
    return session_call(parts[2], what, method, method == "POST" ? json_body(body) : nlohmann::json::object());
  }
  throw ApiError(404, "no such path in the API (specs/serve.md lists them)");
}

nlohmann::json BoardApi::open(const nlohmann::json& request) {
  const std::size_t ply = static_cast<std::size_t>(int_field(request, "ply", 0, 0, 1'000'000));
  std::shared_ptr<BoardSession> board;
  nlohmann::json game;
  if (request.contains("table")) {
    // A finished deal of the card table, by its session: its record is the server's own text
    // (its ruleset maybe inline, written by the session), judged as `check` judges a file.
    std::shared_ptr<BoardSession> played = sessions_.get(std::to_string(int_field(request, "table", 0, 0, 1LL << 52)));
    if (!played->table) throw ApiError(400, "'table' names a session that is not a deal of the card table");
    std::string text;
    {
      std::lock_guard<std::mutex> lock(played->mutex);
      text = table_record(*played);
    }
    std::vector<LibraryGame> games;
    check::check_text_keeping(text, "<card table>", [&](check::CheckedGame&& g) {
      LibraryGame lg;
      lg.verdict = std::move(g.verdict);
      lg.record = std::move(g.record);
      lg.rules = std::move(g.rules);
      if (lg.record) lg.players = lg.record->players;
      games.push_back(std::move(lg));
    });
    if (games.size() != 1) throw ApiError(500, "the card table's record holds no single game");
    board = board_of(games.front(), ply);
    game = Library::game_json(games.front(), 0);
    game["id"] = nullptr;
  } else if (request.contains("record")) {
    const std::string text = string_field(request, "record", "");
    const std::vector<LibraryGame> games = Library::judge_text(text, string_field(request, "format", "detect"));
    if (games.empty()) throw ApiError(422, "the pasted text holds no game");
    const long long which = int_field(request, "game", 1, 1, static_cast<long long>(games.size()));
    const LibraryGame& g = games[static_cast<std::size_t>(which - 1)];
    board = board_of(g, ply);
    game = Library::game_json(g, static_cast<std::size_t>(which - 1));
    game["id"] = nullptr;
    game["pasted"] = true;
  } else {
    if (!request.contains("game"))
      throw ApiError(400, "'game' (a number of the library) or 'record' (a record's text) is needed");
    const auto& games = library_.games();
    if (!request["game"].is_number_integer())
      throw ApiError(400, "'game' must be the number of a game of the library (GET /api/library)");
    const long long n = request["game"].get<long long>();
    if (n < 0 || static_cast<std::size_t>(n) >= games.size())
      throw ApiError(404, fmt::format("the library has no game {} (it holds {})", n, games.size()));
    board = board_of(games[static_cast<std::size_t>(n)], ply);
    game = Library::game_json(games[static_cast<std::size_t>(n)], static_cast<std::size_t>(n));
  }
  const std::uint64_t id = sessions_.add(board);
  std::lock_guard<std::mutex> lock(board->mutex);
  nlohmann::json out = state(id, *board);
  out["game"] = game;
  out["main_line"] = board->main_line;
  return out;
}

nlohmann::json BoardApi::new_deal(const nlohmann::json& request) {
  std::shared_ptr<BoardSession> board, done;
  if (request.contains("next")) {
    // The next deal of a match, after the finished deal of session `next`.
    done = sessions_.get(std::to_string(int_field(request, "next", 0, 0, 1LL << 52)));
    std::lock_guard<std::mutex> lock(done->mutex);
    board = next_table(*done);
  } else {
    TableOptions options;
    if (request.contains("swap") && !request["swap"].is_null()) options.swap = bool_field(request, "swap", false);
    if (request.contains("forcing") && !request["forcing"].is_null())
      options.forcing = bool_field(request, "forcing", false);
    if (request.contains("match") && !request["match"].is_null())
      options.match = int_field(request, "match", 0, 0, 1000);
    board = new_table(string_field(request, "ruleset", "american"), options,
                      static_cast<int>(int_field(request, "seat", 0, 0, ConquianGame::kMaxSeats - 1)),
                      string_field(request, "player", "strong-pi"));
  }
  std::uint64_t id = 0;
  try {
    id = sessions_.add(board);
  } catch (const ApiError&) {
    if (done) {  // no room for the next deal: it may be asked again
      std::lock_guard<std::mutex> lock(done->mutex);
      done->table->followed = false;
    }
    throw;
  }
  std::lock_guard<std::mutex> lock(board->mutex);
  nlohmann::json played = nlohmann::json::array();
  try {
    play_builtin(*board, played);
  } catch (...) {
    sessions_.close(std::to_string(id));
    throw;
  }
  nlohmann::json out = state(id, *board);
  out["played"] = played;
  return out;
}

nlohmann::json BoardApi::state(std::uint64_t id, BoardSession& board) {
  const serve::Session& s = *board.session;
  nlohmann::json out = {{"session", id},
                        {"ruleset", s.rules().name},
                        {"deck", deck_json(s.rules())},
                        {"seats", s.seats()},
                        {"to_act", s.to_act()},
                        {"over", s.over()},
                        {"outcome", check::outcome_text(s.outcome())},
                        {"ply", s.moves_played()},
                        {"table", table_of(s)},
                        {"solving", board.solving.load()}};
  if (board.table) {
    const CardTable& t = *board.table;
    out["card_table"] = card_table_json(board);
    // The page's seat sees its own hand only while the deal goes on.
    if (!s.over()) {
      nlohmann::json& cards = out["table"]["cards"];
      if (cards.is_object() && cards.contains("hands"))
        for (std::size_t seat = 0; seat < cards["hands"].size(); ++seat)
          if (static_cast<int>(seat) != t.human) {
            const std::size_t n = cards["hands"][seat].size();
            cards["hands"][seat] = nlohmann::json::array();
            cards["hidden"][seat] = n;
          }
      out["table"].erase("text");
      out["legal"] = legal_with_words(s, t.human);
    } else {
      out["legal"] = nlohmann::json::array();
    }
  } else {
    out["legal"] = legal_with_words(s);
  }
  return out;
}

nlohmann::json BoardApi::session_call(const std::string& id, const std::string& what, const std::string& method,
                                      const nlohmann::json& request) {
  if (what.empty() && method == "DELETE") {
    if (!sessions_.close(id))
      throw ApiError(404, "no open session is numbered '" + record::escaped_excerpt(id, 40) + "'");
    return {{"closed", true}};
  }
  std::shared_ptr<BoardSession> board = sessions_.get(id);
  auto only = [&](const char* allowed) {
    if (method != allowed) throw ApiError(405, fmt::format("/api/session/ID/{} takes {} only", what, allowed));
  };
  if (what.empty()) {
    only("GET");
    std::lock_guard<std::mutex> lock(board->mutex);
    nlohmann::json out = state(board->id, *board);
    // A game on the board comes back with its main line, so that a page reloaded at its
    // address rebuilds its list of moves.
    if (!board->table) out["main_line"] = board->main_line;
    return out;
  }
  if (what == "stop") {
    only("POST");
    board->stop = true;
    return {{"stopping", board->solving.load()}};
  }
  if (what == "progress") {
    only("GET");
    std::lock_guard<std::mutex> lock(board->progress_mutex);
    return {{"solving", board->solving.load()}, {"progress", board->progress}};
  }
  if (what == "solve") {
    only("POST");
    return solve(*board, request);
  }
  if (what == "analysis") {
    only("POST");
    return analysis(*board);
  }
  std::lock_guard<std::mutex> lock(board->mutex);
  if (what == "play") {
    only("POST");
    if (!request.contains("move") || !request["move"].is_object())
      throw ApiError(400, "'move' must be a move in the record's JSON form ({\"seat\": 0, \"turn\": \"5h\"})");
    const nlohmann::json& move = request["move"];
    nlohmann::json played;
    if (board->table) {
      played = play_at_table(*board, move);
    } else {
      // Worded before it is played, in the position it is played in.
      nlohmann::json e = words_of(*board->session, move);
      const serve::PlayVerdict v = board->session->play(move);
      if (!v.legal) throw ApiError(422, fmt::format("illegal move: {}: {}", v.code, v.reason));
      e["move"] = move;
      played = nlohmann::json::array({e});
    }
    nlohmann::json out = state(board->id, *board);
    out["played"] = played;
    return out;
  }
  if (what == "goto") {
    only("POST");
    if (board->table) throw ApiError(409, "a deal at the card table is played forward only");
    if (!request.contains("moves") || !request["moves"].is_array())
      throw ApiError(400, "'moves' must be the list of moves from the deal, in the record's JSON form");
    const nlohmann::json& moves = request["moves"];
    if (moves.size() > 100'000) throw ApiError(413, "'moves' lists more moves than a game may have (100,000)");
    std::unique_ptr<serve::Session> s = session_of_record(*board->record, 0, board->rules);
    for (std::size_t i = 0; i < moves.size(); ++i) {
      if (!moves[i].is_object()) throw ApiError(400, fmt::format("'moves' {}: not a move", i + 1));
      const serve::PlayVerdict v = s->play(moves[i]);
      if (!v.legal) throw ApiError(422, fmt::format("'moves' {}: illegal: {}: {}", i + 1, v.code, v.reason));
    }
    board->session = std::move(s);
    return state(board->id, *board);
  }
  if (what == "record") {
    only("GET");
    if (board->table) return table_records(*board);
    return {{"record", board->session->record()}, {"sealed", false}};
  }
  throw ApiError(404, "no such call on a session (specs/serve.md lists them)");
}

namespace {

// Each move a solve's answer names, in words (a turn from an unknown stock has no card to name).
void word_answer(const serve::Session& session, nlohmann::json& answer) {
  auto word = [&](nlohmann::json& m) {
    if (!m.is_object() || !m.contains("seat")) return;
    try {
      m["words"] = words_of(session, m)["words"];
    } catch (const serve::SessionError&) { m["words"] = fmt::format("seat {} turns a card", m["seat"].dump()); }
  };
  if (answer.contains("best")) {
    nlohmann::json best = answer["best"];
    word(best);
    answer["best_words"] = best.contains("words") ? best["words"] : nlohmann::json(nullptr);
  }
  if (answer.contains("moves") && answer["moves"].is_array())
    for (nlohmann::json& m : answer["moves"])
      if (m.contains("move")) {
        nlohmann::json mv = m["move"];
        word(mv);
        if (mv.contains("words")) m["words"] = mv["words"];
      }
}

}  // namespace

nlohmann::json BoardApi::solve(BoardSession& board, const nlohmann::json& request) {
  serve::SolveRequest req;
  req.mode = string_field(request, "mode", "exact");
  req.movetime_ms =
      static_cast<std::uint64_t>(int_field(request, "movetime", 1000, 1, static_cast<long long>(kMaxMovetimeMs)));
  req.all_moves = bool_field(request, "all_moves", true);
  req.seat = static_cast<int>(int_field(request, "seat", -1, -1, 15));
  // The seat's view spreads its worlds over the cores: the pool holds threads for each solve
  // the server runs at once and helpers for what they spread (cli/serve_command.cpp).
  req.threads = static_cast<unsigned>(default_threads());
  std::unique_ptr<serve::Session> copy;
  {
    std::lock_guard<std::mutex> lock(board.mutex);
    // At the card table the page may ask only what its own seat may know, while the deal goes on.
    if (board.table && !board.session->over()) {
      if (req.mode != "view") throw ApiError(403, "at the card table only the seat's own view is solved (mode 'view')");
      req.seat = board.table->human;
    }
    if (board.solving.exchange(true))
      throw ApiError(409, "a solve of this session is running: stop it or wait for its answer");
    copy = board.session->clone();
  }
  struct Done {
    BoardSession& b;
    std::atomic<int>& count;
    bool counted = false;
    ~Done() {
      b.solving = false;
      if (counted) --count;
    }
  } done{board, solving_};
  if (++solving_ > max_solves_) {
    --solving_;
    throw ApiError(503,
                   fmt::format("{} solves are running, the most this server runs at once: try again", max_solves_));
  }
  done.counted = true;
  board.stop = false;
  {
    std::lock_guard<std::mutex> lock(board.progress_mutex);
    board.progress = nullptr;
  }
  // On a thread of the pool, at the priority the connection threads run below (http/server.h):
  // the solve and the wording of its answer.
  nlohmann::json answer;
  run_on_pool([&] {
    answer = copy->solve(req, board.stop, [&board](const serve::SolveProgress& p) {
      std::lock_guard<std::mutex> lock(board.progress_mutex);
      board.progress = {{"nodes", p.nodes}, {"worlds", p.worlds}, {"best", p.best}};
    });
    word_answer(*copy, answer);
  });
  answer["mode"] = req.mode;
  // The position the answer is for: the session's move count, and the page's own name of it,
  // echoed, so that a late answer is never shown on a newer position.
  answer["ply"] = copy->moves_played();
  if (request.contains("position")) answer["position"] = string_field(request, "position", "").substr(0, 64);
  return answer;
}

nlohmann::json BoardApi::analysis(BoardSession& board) {
  if (!board.record || !board.rules)
    throw ApiError(409, "only a recorded game is analysed (open one from the library)");
  if (const GameFacts game = game_facts(*board.rules); !game.solved)
    throw ApiError(422, fmt::format("a {} deal is not analysed: it is not solved", game.name));
  if (board.solving.exchange(true)) throw ApiError(409, "a solve of this session is running: stop it or wait");
  struct Done {
    BoardSession& b;
    std::atomic<int>& count;
    ~Done() {
      b.solving = false;
      --count;
    }
  };
  if (++solving_ > max_solves_) {
    --solving_;
    board.solving = false;
    throw ApiError(503,
                   fmt::format("{} solves are running, the most this server runs at once: try again", max_solves_));
  }
  Done done{board, solving_};
  record::GameRecord rec = *board.record;
  if (board.main_line.size() < rec.moves.size()) {
    rec.moves.resize(board.main_line.size());  // an illegal game: the moves before its first bad one
    rec.result = {};
  }
  analyse::AnalyseOptions options;
  // Budgets for a page that waits: a tenth of the command line's per position.
  options.budgets.exact_nodes = 500'000;
  options.budgets.chance_nodes = 50'000;
  std::vector<std::unique_ptr<analyse::Evaluation>> evaluations = analyse::make_evaluations(options.budgets);
  const analyse::Analysis a = analyse::analyse_game(rec, board.rules, evaluations, options);
  return {{"analysis", analyse::analysis_json(a)}, {"chart", analyse::chart_json(a)}};
}

}  // namespace conquian::http
