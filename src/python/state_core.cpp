#include "python/state_core.h"

#include "base/rng.h"
#include "engine/game.h"
#include "engine/seat_view.h"
#include "pan/game.h"
#include "pan/world.h"
#include "python/observation.h"
#include "python/pan_observation.h"
#include "replay/game_words.h"

#include <fmt/format.h>

#include <type_traits>

namespace conquian::python {
namespace {

template <class S, class G>
class CoreOf final : public StateCore {
 public:
  using LegalMove = typename S::LegalMove;
  CoreOf(S session, ActionLayout layout) : session_(std::move(session)), layout_(layout) {}

  std::unique_ptr<StateCore> clone() const override { return std::make_unique<CoreOf>(*this); }
  serve::Session& session() override { return session_; }
  const serve::Session& session() const override { return session_; }
  const ActionLayout& layout() const override { return layout_; }

  const MoveSteps& steps() const override { return candidates().steps; }
  int seat_of(std::size_t i) const override { return G::to_act(candidates().moves[i].before); }
  bool chance_move(std::size_t i) const override {
    const LegalMove& m = candidates().moves[i];
    return unknown_turn(m.before, m.move);
  }

  serve::PlayVerdict play(std::size_t i) override {
    const LegalMove m = candidates().moves[i];
    serve::PlayVerdict v = session_.play(m);
    if (v.legal) {
      if (kept_) {
        if (kept_.use_count() > 1) kept_ = std::make_shared<std::vector<LegalMove>>(*kept_);
        kept_->push_back(m);
      }
      changed();
    }
    return v;
  }

  void changed() override {
    if (!cache_) return;
    if (cache_.use_count() == 1) cache_->valid = false;  // ours alone: keep its storage
    else cache_.reset();                                 // a clone reads it still
  }

  void keep_moves() override { kept_ = std::make_shared<std::vector<LegalMove>>(); }
  nlohmann::json moves_since(int seat) const override {
    nlohmann::json out = nlohmann::json::array();
    if (!kept_) return out;
    for (const LegalMove& m : *kept_)
      out.push_back(RecordWords<G>::seen_json(m.before, G::seen_by(m.before, m.move, seat)));
    return out;
  }
  void undo_kept() override {
    if (kept_ && !kept_->empty()) {
      if (kept_.use_count() > 1) kept_ = std::make_shared<std::vector<LegalMove>>(*kept_);
      kept_->pop_back();
    }
  }

  serve::GameSession* conquian() override {
    if constexpr (std::is_same_v<S, serve::GameSession>) return &session_;
    else return nullptr;
  }
  std::unique_ptr<StateCore> world(int seat, std::uint64_t seed) const override;
  int unseen_copies(Card card) const override {
    if constexpr (std::is_same_v<S, serve::GameSession>) return session_.position().unseen().has(card) ? 1 : 0;
    else return session_.position().unseen().count(card);
  }

  std::vector<float> observation(int seat) const override {
    if (seat < 0 || seat >= session_.seats())
      throw serve::SessionError(
          "bad-seat", fmt::format("'seat' {}: there is no such seat in a {}-seat game", seat, session_.seats()));
    if constexpr (std::is_same_v<S, serve::GameSession>) return observation_tensor(session_.seat_view(seat));
    else return pan_observation_tensor(session_.position(), seat);
  }
  int observation_size() const override {
    if constexpr (std::is_same_v<S, serve::GameSession>) return python::observation_size(session_.rules());
    else return pan_observation_size(session_.rules(), session_.seats());
  }
  // The game's own phase_name, found by its Phase type.
  std::string phase() const override { return phase_name(session_.position().phase); }

 private:
  struct Candidates {
    bool valid = false;  // false: the position changed since they were read
    std::vector<LegalMove> moves;
    MoveSteps steps;
  };
  const Candidates& candidates() const {
    if (!cache_) cache_ = std::make_shared<Candidates>();
    if (!cache_->valid) {
      session_.legal_moves(cache_->moves);
      read_steps(*cache_);
      cache_->valid = true;
    }
    return *cache_;
  }
  void read_steps(Candidates& c) const {
    // With the stock unknown a turn's card is chance; when the seat may also do something
    // else, it first chooses to turn (the draw step), so that the chance node holds turns only.
    bool turns = false, others = false;
    for (const LegalMove& m : c.moves) (unknown_turn(m.before, m.move) ? turns : others) = true;
    const bool draw_step = turns && others;
    c.steps.start();
    for (const LegalMove& m : c.moves) {
      append_steps(layout_, session_.position(), m.before, m.move, draw_step && unknown_turn(m.before, m.move),
                   c.steps.steps);
      c.steps.end_move();
    }
    add_choices(layout_, c.steps);
  }

  S session_;
  ActionLayout layout_;
  mutable std::shared_ptr<Candidates> cache_;
  // The moves played since keep_moves() (shared by clones until one plays or undoes).
  std::shared_ptr<std::vector<LegalMove>> kept_;
};

template <class S, class G>
std::unique_ptr<StateCore> CoreOf<S, G>::world(int seat, std::uint64_t seed) const {
  if (seat < 0 || seat >= session_.seats())
    throw serve::SessionError(
        "bad-seat", fmt::format("'seat' {}: there is no such seat in a {}-seat game", seat, session_.seats()));
  Rng rng(seed);
  if constexpr (std::is_same_v<S, serve::GameSession>)
    return conquian_core(
        serve::GameSession::from_world(session_.rules_ptr(), sample_world(session_.seat_view(seat), rng)));
  else
    return pan_core(
        serve::PanSession::from_world(session_.rules_ptr(), pan::sample_world(session_.position(), seat, rng)));
}

}  // namespace

std::unique_ptr<StateCore> conquian_core(serve::GameSession session) {
  return std::make_unique<CoreOf<serve::GameSession, ConquianGame>>(std::move(session), conquian_layout());
}

std::unique_ptr<StateCore> pan_core(serve::PanSession session) {
  return std::make_unique<CoreOf<serve::PanSession, PanGame>>(std::move(session), pan_layout());
}

}  // namespace conquian::python
