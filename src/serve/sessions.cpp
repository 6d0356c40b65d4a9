#include "serve/sessions.h"

#include <fmt/format.h>

#include "cards/shuffle.h"
#include "record/input_error.h"
#include "replay/ruleset_cache.h"

namespace conquian::serve {
namespace {

// The pack of `rules`'s game in `order`, dealt by `dealer` to `seats` (0: the game's default).
std::unique_ptr<Session> dealt(std::shared_ptr<const Ruleset> rules, int seats, Rng& rng, int dealer) {
  return visit_game(*rules, [&](auto tag) -> std::unique_ptr<Session> {
    using G = typename decltype(tag)::Game;
    using S = typename SessionType<G>::type;
    std::vector<Card> order = G::pack(*rules);
    shuffle_cards(order, rng);
    const int n = seats > 0 ? seats : G::default_seats(*rules);
    return std::make_unique<S>(S::from_order(std::move(rules), n, order, dealer));
  });
}

}  // namespace

std::unique_ptr<Session> session_from_seed(std::shared_ptr<const Ruleset> rules, std::uint64_t seed, int dealer,
                                           int seats) {
  Rng rng = deal_rng(seed, 0);
  return dealt(std::move(rules), seats, rng, dealer);
}

std::unique_ptr<Session> session_for_deal(std::shared_ptr<const Ruleset> rules, int seats, std::uint64_t seed,
                                          std::uint64_t index, int dealer) {
  Rng rng = deal_rng(seed, index);
  return dealt(std::move(rules), seats, rng, dealer);
}

std::unique_ptr<Session> session_from_deal(std::shared_ptr<const Ruleset> rules, const nlohmann::json& deal) {
  return visit_game(*rules, [&](auto tag) -> std::unique_ptr<Session> {
    using S = typename SessionType<typename decltype(tag)::Game>::type;
    return std::make_unique<S>(S::from_deal(std::move(rules), deal));
  });
}

std::unique_ptr<Session> session_from_game_record(record::GameRecord rec, std::size_t after,
                                                  std::shared_ptr<const Ruleset> rules) {
  return visit_game(*rules, [&](auto tag) -> std::unique_ptr<Session> {
    using S = typename SessionType<typename decltype(tag)::Game>::type;
    return std::make_unique<S>(S::from_record(std::move(rec), after, std::move(rules)));
  });
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
  return session_from_game_record(std::move(*rec), after, std::move(rules));
}

std::unique_ptr<Session> session_from_position(const std::string& text, std::shared_ptr<const Ruleset> rules,
                                               const std::string& name) {
  return std::make_unique<GameSession>(GameSession::from_position(text, std::move(rules), name));
}

}  // namespace conquian::serve
