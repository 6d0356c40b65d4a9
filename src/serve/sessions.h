// Sessions of either game (serve/session.h), made from what a front end holds: a ruleset and a
// seed, a deal, a record's text, or (Conquian) a position file. The ruleset's `game` picks the
// session's class.
#pragma once

#include <cstdint>
#include <memory>
#include <nlohmann/json.hpp>
#include <string>

#include "record/record_reader.h"
#include "serve/session.h"

namespace conquian::serve {

// A shuffled deal as `conquian simulate` deals game 0 of `seed`: `seats` seats (Panguingue;
// 0: its default; Conquian's are fixed), dealt by `dealer`.
std::unique_ptr<Session> session_from_seed(std::shared_ptr<const Ruleset> rules, std::uint64_t seed, int dealer,
                                           int seats = 0);
// Deal `index` of a run with `seed`, dealt as `conquian simulate` deals it (the same seed and
// index give the same cards) to `seats` seats (Conquian: the ruleset's) by `dealer`: the
// referee's deals.
std::unique_ptr<Session> session_for_deal(std::shared_ptr<const Ruleset> rules, int seats, std::uint64_t seed,
                                          std::uint64_t index, int dealer);
std::unique_ptr<Session> session_from_deal(std::shared_ptr<const Ruleset> rules, const nlohmann::json& deal);
// A record's text, game `game` (1-based) after its first `after` moves (-1: all); `rules`
// overrides the ruleset it names (may be null). Throws SessionError bad-record naming the line.
std::unique_ptr<Session> session_from_record(const std::string& text, std::size_t after, int game,
                                             std::shared_ptr<const Ruleset> rules, const std::string& name = "<record>",
                                             record::RecordFormat format = record::RecordFormat::Yaml);
// A Conquian position file's text (specs/position-format.md).
std::unique_ptr<Session> session_from_position(const std::string& text, std::shared_ptr<const Ruleset> rules,
                                               const std::string& name = "<position>");

}  // namespace conquian::serve
