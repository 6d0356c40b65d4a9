#include "check/match_check.h"

#include <fmt/format.h>

namespace conquian::check {
namespace {

std::string points_text(const std::vector<std::int64_t>& total) {
  std::string s = "[";
  for (std::size_t i = 0; i < total.size(); ++i) s += (i ? ", " : "") + std::to_string(total[i]);
  return s + "]";
}

void make_illegal(GameVerdict& v, int move, Code code, std::string message, record::Mark mark, std::string what) {
  v.judgement = Judgement::Illegal;
  if (move == 0) v.outcome = {};  // as replayed up to the fault: nothing, when it is the deal
  v.finished = v.outcome.over();
  v.move = move;
  v.code = code;
  v.message = std::move(message);
  v.mark = mark;
  v.move_text = std::move(what);
}

}  // namespace

MatchTerms match_terms(const record::MatchHeader& header, const Ruleset& rules) {
  MatchTerms t;
  if (header.seats >= 0 && header.seats != rules.seats) {
    t.problem =
        fmt::format("the match has {} seats, but ruleset {} is played by {}", header.seats, rules.name, rules.seats);
    return t;
  }
  t.target = header.target >= 0 ? header.target : rules.scoring.match_target;
  t.stake = header.stake >= 0 ? header.stake : rules.scoring.stake;
  if (t.target == 0)
    t.problem = fmt::format(
        "ruleset {} sets no match target (scoring.match_target: 0), so the match must state its "
        "'target' (the points that win it)",
        rules.name);
  return t;
}

MatchCheck::MatchCheck(const record::MatchHeader& header, std::shared_ptr<const Ruleset> rules, std::int64_t target,
                       std::int64_t stake)
    : rules_(std::move(rules)), terms_(rules_->scoring), state_(rules_->seats) {
  terms_.match_target = static_cast<int>(std::min<std::int64_t>(target, 1'000'000'000));
  terms_.stake = static_cast<int>(std::min<std::int64_t>(stake, 1'000'000'000));
  verdict_.id = header.display_id();
  verdict_.file = header.file;
  verdict_.index = header.index;
  verdict_.ruleset = rules_->name;
  verdict_.target = target;
  verdict_.total = state_.total;
}

MatchCheck::MatchCheck(const record::MatchHeader& header, std::string why) : unusable_(std::move(why)), state_(0) {
  verdict_.id = header.display_id();
  verdict_.file = header.file;
  verdict_.index = header.index;
  verdict_.judgement = Judgement::Malformed;
}

void MatchCheck::spoil(const GameVerdict& v) {
  if (verdict_.judgement != Judgement::Legal) return;
  verdict_.judgement = v.judgement;
  verdict_.bad_deal = verdict_.deals;
  verdict_.bad_deal_id = v.id;
  verdict_.code = v.code;
}

void MatchCheck::add_malformed(GameVerdict& v) {
  verdict_.deals++;
  v.match = verdict_.id;
  spoil(v);
}

void MatchCheck::add_deal(const record::GameRecord& rec, GameVerdict& v) {
  verdict_.deals++;
  v.match = verdict_.id;
  if (verdict_.judgement != Judgement::Legal) return;  // the match is not followed past a bad deal
  const int deal = verdict_.deals;
  const int end_move = static_cast<int>(rec.moves.size()) + 1;  // the score's place, as the result's
  if (state_.over() || last_unfinished_) {
    make_illegal(v, 0, Code::AfterMatchEnd,
                 state_.over() ? fmt::format("the match ended with deal {}: seat {} reached the target of {} points "
                                             "(the score was {}), so no deal follows it",
                                             deal - 1, state_.winner, terms_.match_target, points_text(state_.total))
                               : fmt::format("deal {} did not finish, so the match cannot go on after it", deal - 1),
                 rec.mark, "the deal");
    return spoil(v);
  }
  if (v.judgement == Judgement::Illegal && v.move == 0) return spoil(v);  // the deal's own fault comes first
  const int seats = rules_->seats;
  if (last_dealer_ >= 0 && rec.dealer != (last_dealer_ + 1) % seats) {
    make_illegal(
        v, 0, Code::WrongDealer,
        fmt::format("deal {} was dealt by seat {}, so deal {} is dealt by seat {} (the deal passes to the next "
                    "seat after every deal, won or drawn), not seat {}",
                    deal - 1, last_dealer_, deal, (last_dealer_ + 1) % seats, rec.dealer),
        rec.mark, "the deal");
    return spoil(v);
  }
  if (v.judgement != Judgement::Legal) return spoil(v);
  last_dealer_ = rec.dealer;
  const record::Mark score_mark = rec.score.present ? rec.score.mark : rec.result.present ? rec.result.mark : rec.mark;
  if (!v.finished) {
    last_unfinished_ = true;
    if (rec.score.present) {
      make_illegal(v, end_move, Code::ScoreMismatch, "the deal is unfinished, so it has no score yet", score_mark,
                   "the score");
      spoil(v);
    }
    return;
  }

  const std::int64_t played_at = state_.multiplier;
  const int winner = v.outcome.kind == Outcome::Kind::Win ? v.outcome.winner : -1;
  const std::int64_t points = score_deal(state_, terms_, terms_.match_target, winner, v.loser_points);
  verdict_.total = state_.total;
  verdict_.winner = state_.winner;
  std::string expected = fmt::format("{{multiplier: {}, total: {}{}}}", played_at, points_text(state_.total),
                                     state_.over() ? fmt::format(", match_winner: {}", state_.winner) : "");
  std::string why;
  if (!rec.score.present) {
    why = "a deal of a match states the score after it: " + expected;
  } else if (rec.score.multiplier != played_at) {
    why = fmt::format(
        "the deal is played at multiplier {}, not {} (1 after a won deal or at the start; after a draw the "
        "one before times {}, at most {})",
        played_at, rec.score.multiplier, terms_.after_draw, terms_.max_multiplier);
  } else if (rec.score.total != state_.total) {
    why = winner < 0 ? fmt::format("the deal was drawn, so the score stays {}, not {}", points_text(state_.total),
                                   points_text(rec.score.total))
                     : fmt::format("seat {} won the deal for {} points, so the score is {}, not {}", winner, points,
                                   points_text(state_.total), points_text(rec.score.total));
  } else if (state_.over() && rec.score.match_winner != state_.winner) {
    why = rec.score.match_winner < 0
              ? fmt::format("seat {} reached the target of {} points: the match ends with this deal (match_winner: {})",
                            state_.winner, terms_.match_target, state_.winner)
              : fmt::format("seat {} won the match, not seat {}", state_.winner, rec.score.match_winner);
  } else if (!state_.over() && rec.score.match_winner >= 0) {
    why = fmt::format("no seat has reached the target of {} points (the score is {}): the match does not end here",
                      terms_.match_target, points_text(state_.total));
  }
  if (!why.empty()) {
    make_illegal(v, end_move, Code::ScoreMismatch, why, score_mark, "the score");
    spoil(v);
  }
}

}  // namespace conquian::check
