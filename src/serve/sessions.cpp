#include "serve/sessions.h"

#include <fmt/format.h>

#include "batch/pan_simulate.h"
#include "cards/shuffle.h"
#include "record/input_error.h"
#include "replay/ruleset_cache.h"
#include "serve/game_session.h"
#include "serve/pan_session.h"

namespace conquian::serve {

std::unique_ptr<Session> session_from_seed(std::shared_ptr<const Ruleset> rules, std::uint64_t seed, int dealer,
                                           int seats) {
  if (rules->is_pan()) {
    const int n = seats > 0 ? seats : batch::default_pan_seats(*rules);
    return std::make_unique<PanSession>(PanSession::from_seed(std::move(rules), seed, n, dealer));
  }
  if (seats > 0 && seats != rules->seats)
    throw SessionError("bad-field", fmt::format("'seats' {}: ruleset {} plays conquian at {} seats", seats, rules->name,
                                                rules->seats));
  return std::make_unique<GameSession>(GameSession::from_seed(std::move(rules), seed, dealer));
}

std::unique_ptr<Session> session_for_deal(std::shared_ptr<const Ruleset> rules, int seats, std::uint64_t seed,
                                          std::uint64_t index, int dealer) {
  Rng rng = deal_rng(seed, index);
  if (rules->is_pan()) {
    const std::vector<Card> pack = batch::shuffled_pack(*rules, rng);
    return std::make_unique<PanSession>(PanSession::from_order(std::move(rules), seats, pack, dealer));
  }
  const std::vector<Card> deck = shuffled_deck(rules->deck.size(), rng);
  return std::make_unique<GameSession>(GameSession::from_order(std::move(rules), deck, dealer));
}

std::unique_ptr<Session> session_from_deal(std::shared_ptr<const Ruleset> rules, const nlohmann::json& deal) {
  if (rules->is_pan()) return std::make_unique<PanSession>(PanSession::from_deal(std::move(rules), deal));
  return std::make_unique<GameSession>(GameSession::from_deal(std::move(rules), deal));
}

std::unique_ptr<Session> session_from_record(const std::string& text, std::size_t after, int game,
                                             std::shared_ptr<const Ruleset> rules, const std::string& name,
                                             record::RecordFormat format) {
  std::optional<record::GameRecord> rec;
  std::optional<record::RecordError> err;
  int index = 0;
  record::read_record_text(
      text, name,
      [&](record::ReadItem&& item) {
        if (item.match) return;  // a match document is no game
        if (++index != game) return;
        if (item.record) rec = std::move(item.record);
        else err = std::move(item.error);
      },
      {}, format);
  if (err) throw SessionError("bad-record", err->message);
  if (!rec) throw SessionError("bad-record", fmt::format("'game' {}: the record holds {} game(s)", game, index));
  try {
    RulesetCache cache;
    if (!rules)
      rules = rec->ruleset_inline.empty() ? cache.get(rec->ruleset, rec->file)
                                          : cache.get_inline(rec->ruleset_inline, rec->file, rec->ruleset_mark.line);
  } catch (const record::InputError& e) { throw SessionError("bad-record", e.what()); }
  if (rules->is_pan()) return std::make_unique<PanSession>(PanSession::from_record(std::move(*rec), after, rules));
  return std::make_unique<GameSession>(GameSession::from_record(std::move(*rec), after, rules));
}

std::unique_ptr<Session> session_from_position(const std::string& text, std::shared_ptr<const Ruleset> rules,
                                               const std::string& name) {
  return std::make_unique<GameSession>(GameSession::from_position(text, std::move(rules), name));
}

}  // namespace conquian::serve
