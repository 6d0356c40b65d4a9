#include "replay/settlement.h"

#include <fmt/format.h>

#include <algorithm>

#include "pan/game.h"
#include "record/input_error.h"
#include "replay/chips_words.h"
#include "replay/game_words.h"
#include "replay/replay.h"

namespace conquian {
namespace {

// The melds a take collected for, from the log's note of that move.
std::vector<pan::Meld> melds_of(const pan::ChipLog& log, int move, int seat) {
  for (const pan::PaidMelds& p : log.paid)
    if (p.move == move && p.seat == seat) return p.melds;
  return {};
}

std::string melds_words(const Deck& deck, const std::vector<pan::Meld>& melds, SuitStyle style) {
  std::string out;
  for (std::size_t i = 0; i < melds.size(); ++i) out += (i ? " and " : "") + meld_words(deck, melds[i], style);
  return out;
}

// "2 from each of 5 seats", "2 from seat 1"
std::string from_words(const SettlementLine& l, const std::vector<std::string>& players) {
  if (l.others.size() == 1) return fmt::format("{} from {}", l.each, seat_name(players, l.others[0]));
  return fmt::format("{} from each of {} seats", l.each, l.others.size());
}

std::string line_words(const SettlementLine& l, const Deck& deck, const std::vector<std::string>& players,
                       SuitStyle style) {
  using R = pan::ChipReason;
  const bool in = l.chips > 0;
  const std::string at = l.move > 0 ? fmt::format("{}. ", l.move) : std::string();
  const std::string other = l.others.empty() ? std::string() : seat_name(players, l.others[0]);
  switch (l.reason) {
    case R::Ante: return at + "ante, into the pot";
    case R::Drop: return at + "drops: the forfeit, into the pot";
    case R::Forfeit: return at + "forfeits: the drop forfeit, into the pot";
    case R::Condition:
      if (in) return fmt::format("{}condition: {}, {}", at, melds_words(deck, l.melds, style), from_words(l, players));
      return fmt::format("{}condition of {}: {}", at, other, melds_words(deck, l.melds, style));
    case R::GoingOut:
      if (in) return fmt::format("{}going out, {}", at, from_words(l, players));
      return fmt::format("{}{} goes out", at, other);
    case R::ConditionsAgain:
      if (in) return fmt::format("{}conditions again, {}", at, from_words(l, players));
      return fmt::format("{}conditions again of {}", at, other);
    case R::Pot: return at + "the pot";
  }
  return at;
}

}  // namespace

std::vector<SeatSettlement> seat_settlements(const pan::ChipLog& log, int seats) {
  std::vector<SeatSettlement> out;
  for (int s = 0; s < seats; ++s) {
    SeatSettlement seat{s, 0, {}};
    for (const pan::ChipTransfer& t : log.transfers) {
      if (t.from != s && t.to != s) continue;
      const bool in = t.to == s;
      const std::int64_t chips = in ? t.chips : -t.chips;
      const int other = in ? t.from : t.to;
      // One line for a move's transfers of one reason and one direction (going out moves
      // two reasons from each seat in turn).
      SettlementLine* last = nullptr;
      for (auto it = seat.lines.rbegin(); it != seat.lines.rend() && it->move == t.move && !last; ++it)
        if (it->reason == t.reason && (it->chips > 0) == in && other >= 0 && !it->others.empty()) last = &*it;
      if (last) {
        last->chips += chips;
        last->others.push_back(other);
      } else {
        SettlementLine line{t.move, t.reason, chips, t.chips, {}, {}};
        if (other >= 0) line.others.push_back(other);
        if (t.reason == pan::ChipReason::Condition) line.melds = melds_of(log, t.move, in ? s : other);
        seat.lines.push_back(std::move(line));
      }
      seat.chips += chips;
    }
    out.push_back(std::move(seat));
  }
  return out;
}

pan::ChipLog chip_log_of(const record::GameRecord& rec, const Ruleset& rules, std::size_t moves) {
  pan::ChipLog log;
  int index = 0;
  bool antes = false;
  const auto r = replay_game<PanGame>(rec, rules, moves, [&](const pan::Position& before, const pan::Move& m) {
    if (!antes) pan::log_antes(before, log), antes = true;
    log.move = ++index;
    pan::Position after = before;
    pan::apply(after, m, &log);
  });
  if (r.in_deal || !r.fault.ok())
    throw record::InputError(
        rec.file, rec.mark,
        fmt::format("the settlement of {} needs a legal record: {}", rec.display_id(), r.fault.message));
  if (!antes) pan::log_antes(r.position, log);
  return log;
}

std::string settlement_text(const std::vector<SeatSettlement>& seats, const Deck& deck,
                            const std::vector<std::string>& players, SuitStyle style) {
  std::string out = "settlement:\n";
  for (const SeatSettlement& s : seats) {
    out += fmt::format("  {} {}\n", seat_name(players, s.seat), signed_chips(s.chips));
    for (const SettlementLine& l : s.lines)
      out += fmt::format("    {:>6}  {}\n", signed_chips(l.chips), line_words(l, deck, players, style));
  }
  return out;
}

nlohmann::json settlement_json(const std::vector<SeatSettlement>& seats, const Deck& deck) {
  nlohmann::json out = nlohmann::json::array();
  for (const SeatSettlement& s : seats) {
    nlohmann::json lines = nlohmann::json::array();
    for (const SettlementLine& l : s.lines) {
      nlohmann::json j = {{"move", l.move}, {"reason", pan::chip_reason_name(l.reason)}, {"chips", l.chips}};
      if (!l.others.empty()) {
        j["each"] = l.each;
        j[l.chips > 0 ? "from" : "to"] = l.others;
      }
      if (!l.melds.empty()) {
        nlohmann::json melds = nlohmann::json::array();
        for (const pan::Meld& m : l.melds) {
          nlohmann::json cards = nlohmann::json::array();
          for (int i = 0; i < m.size; ++i) cards.push_back(deck.token(m.cards[i]));
          melds.push_back(cards);
        }
        j["melds"] = melds;
      }
      lines.push_back(std::move(j));
    }
    out.push_back({{"seat", s.seat}, {"chips", s.chips}, {"lines", lines}});
  }
  return out;
}

}  // namespace conquian
