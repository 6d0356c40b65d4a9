#include "python/state_core.h"

#include "base/rng.h"
#include "python/game_parts.h"
#include "replay/game_words.h"

#include <fmt/format.h>

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

  std::unique_ptr<StateCore> world(int seat, std::uint64_t seed) const override;
  int unseen_copies(Card card) const override { return python::unseen_copies(session_.position(), card); }

  std::vector<float> observation(int seat) const override {
    if (seat < 0 || seat >= session_.seats())
      throw serve::SessionError(
          "bad-seat", fmt::format("'seat' {}: there is no such seat in a {}-seat game", seat, session_.seats()));
    return observation_of(session_, seat);
  }
  int observation_size() const override {
    return python::observation_size(GameTag<G>{}, session_.rules(), session_.seats());
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
  return core_of(S::from_world(session_.rules_ptr(), G::sample_world(session_.position(), seat, rng)));
}

}  // namespace

template <class S>
std::unique_ptr<StateCore> core_of(S session) {
  using G = typename S::Game;
  return std::make_unique<CoreOf<S, G>>(std::move(session), layout_of(GameTag<G>{}));
}
template std::unique_ptr<StateCore> core_of(serve::GameSession);
template std::unique_ptr<StateCore> core_of(serve::PanSession);

}  // namespace conquian::python
