// Sessions of any game of the family (serve/session.h), made from what a front end holds: a
// ruleset and a seed, a deal, a record's text, or (Conquian) a position file. The ruleset's game
// picks the session's class through the one mapping (replay/game_of.h, visit_game), and
// visit_session hands a front end the session as its game's class, so that no front end asks
// which game it holds.
#pragma once

#include <cstdint>
#include <memory>
#include <nlohmann/json.hpp>
#include <string>

#include "record/record_reader.h"
#include "replay/game_of.h"
#include "serve/game_session.h"
#include "serve/pan_session.h"
#include "serve/session.h"

namespace conquian::serve {

// f(session as SessionType<G>::type) for the game of the session's ruleset. A session is made
// for its ruleset's game (below, and each game's from_* constructors), so the cast is the
// mapping's own knowledge.
template <class F>
decltype(auto) visit_session(const Session& session, F&& f) {
  return visit_game(session.rules(), [&](auto tag) -> decltype(auto) {
    using S = typename SessionType<typename decltype(tag)::Game>::type;
    return std::forward<F>(f)(static_cast<const S&>(session));
  });
}
template <class F>
decltype(auto) visit_session(Session& session, F&& f) {
  return visit_game(session.rules(), [&](auto tag) -> decltype(auto) {
    using S = typename SessionType<typename decltype(tag)::Game>::type;
    return std::forward<F>(f)(static_cast<S&>(session));
  });
}

// A shuffled deal as `conquian simulate` deals game 0 of `seed`: `seats` seats (0: the game's
// default seats), dealt by `dealer`.
std::unique_ptr<Session> session_from_seed(std::shared_ptr<const Ruleset> rules, std::uint64_t seed, int dealer,
                                           int seats = 0);
// Deal `index` of a run with `seed`, dealt as `conquian simulate` deals it (the same seed and
// index give the same cards) to `seats` seats by `dealer`: the referee's deals.
std::unique_ptr<Session> session_for_deal(std::shared_ptr<const Ruleset> rules, int seats, std::uint64_t seed,
                                          std::uint64_t index, int dealer);
std::unique_ptr<Session> session_from_deal(std::shared_ptr<const Ruleset> rules, const nlohmann::json& deal);
// A record's text, game `game` (1-based) after its first `after` moves (-1: all); `rules`
// overrides the ruleset it names (may be null). Throws SessionError bad-record naming the line.
std::unique_ptr<Session> session_from_record(const std::string& text, std::size_t after, int game,
                                             std::shared_ptr<const Ruleset> rules, const std::string& name = "<record>",
                                             record::RecordFormat format = record::RecordFormat::Yaml);
// A record read already, after its first `after` moves, under `rules`.
std::unique_ptr<Session> session_from_game_record(record::GameRecord rec, std::size_t after,
                                                  std::shared_ptr<const Ruleset> rules);
// A Conquian position file's text (specs/position-format.md).
std::unique_ptr<Session> session_from_position(const std::string& text, std::shared_ptr<const Ruleset> rules,
                                               const std::string& name = "<position>");

}  // namespace conquian::serve
