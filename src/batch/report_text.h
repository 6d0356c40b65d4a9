// Words and number formats shared by the Markdown and HTML diff reports.
#pragma once

#include <string>
#include <vector>

#include "batch/diff_report.h"

namespace conquian::batch::text {

// 0.4213 -> "42.1 %"
std::string percent(double rate);
// A rate -> "42.1 % (40.2-44.0)"
std::string rate_with_ci(const Rate& rate);
// A p-value for people: "< 0.001" or "0.034".
std::string p_value(double p);
// A signed difference of rates in percentage points: "+3.1 pp".
std::string points_diff(double diff);
// "first to play", "second to play", ...
std::string order_name(int order);
// What the ruleset's forcing allows: "decline, offer" or "none".
std::string forcing_rules(const Ruleset& rules);
// The ruleset's scoring in words: "stake 1, x2 after a draw, match to 3".
std::string scoring_words(const Ruleset& rules);
// Panguingue's money in short: "8 packs (320 cards), ante 1, drop forfeit 2, going out 1 a seat".
std::string pan_terms_words(const Ruleset& rules);
// The name of a test in a comparison ("draw_rate") in words ("draw rate").
std::string test_name(const std::string& key);
// Whether a test compares means (deal length, chips a deal) rather than rates.
bool test_of_means(const std::string& key);
// A test's two values and its difference with its interval, as the tables show them:
// "12.3" and "+1.2 (+0.4 to +2.0)" for means, percents and points for rates.
std::string test_value(const std::string& key, double v);
std::string test_difference(const std::string& key, double diff, double low, double high);
// A seat's net chips a deal, signed as replay/chips_words.h signs whole chips: "+0.58".
std::string chips_a_deal(double chips);
// A seat's net chips a deal with the 95 % interval of the mean: "+0.12 (-0.05 to +0.29)".
std::string chips_with_ci(const Summary& chips);
// Whether the report compares Panguingue rulesets (chips, drops) rather than Conquian's.
bool pan_report(const DiffReport& report);
// "Panguingue rulesets compared" or "Conquian rulesets compared".
std::string report_title(const DiffReport& report);
// The players by seat: "seat 0 greedy, seat 1 random, ...".
std::string players_words(const DiffReport& report);
// Panguingue's force in short: "on a pass" (forcing.decline) or "none".
std::string pan_force_words(const Ruleset& rules);
// A game's verdict in short: "legal", "illegal at move 7 (not-allowed)", "malformed at move 0".
std::string verdict_words(const check::GameVerdict& v);

}  // namespace conquian::batch::text

namespace conquian::batch::text {

// "At a glance": for each ruleset after the first, one sentence naming its significant
// differences from the first ruleset (the baseline), or saying there are none.
std::vector<std::string> glance(const DiffReport& report);

// A Panguingue diff's summary for standard output, line by line: the title, the players by
// seat, each ruleset's drops, ends, conditions and pot and its chips by seat, and each pair's
// difference in drops with its interval and the significant tests.
std::vector<std::string> pan_summary(const DiffReport& report);

}  // namespace conquian::batch::text
