#include "solve/endgame_game.h"

#include <stdexcept>
#include <unordered_map>

#include "engine/seat_view.h"
#include "solve/chance.h"
#include "solve/pimc.h"

namespace conquian::solve {
namespace {

struct TooBig {};

// What every seat sees of a move: all of it (only the deal is private).
struct MoveCode {
  std::uint64_t table = 0;
  std::uint8_t kind = 0, seat = 0, card = 0, other = 0, discard = 0;
  bool operator==(const MoveCode&) const = default;
};

MoveCode code_of(const Move& m) {
  return {m.table.bits(), static_cast<std::uint8_t>(m.kind), m.seat, m.card, m.other, m.discard};
}

std::uint64_t mix(std::uint64_t h, std::uint64_t v) {
  h ^= v + 0x9e3779b97f4a7c15ULL + (h << 6) + (h >> 2);
  h *= 0xbf58476d1ce4e5b9ULL;
  return h ^ (h >> 31);
}

// A public history as two independent 64-bit hashes of its moves (a 128-bit name: two
// histories of one game share it with probability about n^2 / 2^129, n the histories).
struct History {
  std::uint64_t a = 0, b = 0x6a09e667f3bcc909ULL;
  bool operator==(const History&) const = default;
  History after(const MoveCode& c) const {
    const std::uint64_t k = c.kind | std::uint64_t{c.seat} << 8 | std::uint64_t{c.card} << 16 |
                            std::uint64_t{c.other} << 24 | std::uint64_t{c.discard} << 32;
    History h;
    h.a = mix(mix(a, c.table), k);
    h.b = mix(mix(b ^ 0x9e3779b97f4a7c15ULL, k), c.table ^ 0xbb67ae8584caa73bULL);
    return h;
  }
};

std::uint64_t signature_of(const MoveCode& c) { return History{}.after(c).a; }

struct SetKey {
  History history;
  std::uint8_t player;
  std::uint64_t hand;
  bool operator==(const SetKey&) const = default;
};
struct SetHash {
  std::size_t operator()(const SetKey& k) const { return mix(mix(mix(k.history.a, k.history.b), k.player), k.hand); }
};

Move blind_turn(int seat) {
  Move t;
  t.kind = MoveKind::Turn;
  t.seat = static_cast<std::uint8_t>(seat);
  t.card = kNoCard;
  return t;
}

bool chance_node(const Position& p) { return p.phase == Phase::Turn && !p.stock_known && !p.result.over(); }

double terminal_value(const Outcome& o) {
  if (o.kind != Outcome::Kind::Win) return 0;
  return o.winner == 0 ? 1 : -1;
}

class Builder {
 public:
  Builder(const EndgameOptions& o, ChanceSolver& leaf) : opt_(o), leaf_(leaf) {}

  EndgameGame out;

  void build_root(const SeatView& view, std::uint64_t deals) {
    efg::Game& g = out.game;
    g.nodes.emplace_back();
    g.nodes[0].kind = efg::Node::Chance;
    out.deals = deals;
    const std::uint32_t first = g.add_children(0, static_cast<std::uint32_t>(deals));
    for (std::uint64_t i = 0; i < deals; ++i)
      expand(first + static_cast<std::uint32_t>(i), world_at(view, i), History{}, 0);
  }

  std::uint32_t infoset_of(const History& history, int player, CardSet hand) const {
    auto it = sets_.find(SetKey{history, static_cast<std::uint8_t>(player), hand.bits()});
    if (it == sets_.end()) throw std::logic_error("endgame game: the seat's information set is missing");
    return it->second;
  }

 private:
  static History history_after(const History& history, const Move& m) { return history.after(code_of(m)); }

  // Expectimax value (seat 0's) of a position with both hands known; a turn from the
  // stock is the average over the stock's cards (the seat chose to turn).
  double leaf_value(const Position& p) {
    ++out.leaves;
    leaf_.reset_nodes();
    try {
      if (!chance_node(p)) return leaf_.value(p).value();
      std::vector<Move> ms;
      legal_moves(p, ms);
      double sum = 0;
      int n = 0;
      for (const Move& m : ms)
        if (m.kind == MoveKind::Turn) {
          Position c = p;
          apply(c, m);
          sum += leaf_.value(c).value();
          ++n;
        }
      return sum / n;
    } catch (const BudgetExceeded&) { throw TooBig{}; }
  }

  std::uint32_t children(std::uint32_t node, std::uint32_t n) {
    if (out.game.nodes.size() + n > opt_.max_nodes) throw TooBig{};
    return out.game.add_children(node, n);
  }

  // The chance node of a turn from the unknown stock: each card of the deal's stock.
  void expand_turns(std::uint32_t node, const Position& p, const std::vector<Move>& turns, const History& history,
                    int decisions) {
    out.game.nodes[node].kind = efg::Node::Chance;
    const std::uint64_t decisions_before = decision_nodes_;
    const std::uint32_t first = children(node, static_cast<std::uint32_t>(turns.size()));
    for (std::size_t k = 0; k < turns.size(); ++k) {
      Position c = p;
      apply(c, turns[k]);
      expand(first + static_cast<std::uint32_t>(k), c, history_after(history, turns[k]), decisions);
    }
    if (decision_nodes_ != decisions_before) return;
    // Chance alone below (each child already a terminal): one terminal of the mean value.
    // The subtree is everything from the children's block to the end of the vector.
    double sum = 0;
    for (std::size_t k = 0; k < turns.size(); ++k) sum += out.game.nodes[first + k].value;
    out.game.nodes.resize(first);
    efg::Node& n = out.game.nodes[node];
    n.kind = efg::Node::Terminal;
    n.value = sum / static_cast<double>(turns.size());
    n.first = n.children = 0;
  }

  void expand(std::uint32_t node, const Position& p, const History& history, int decisions) {
    efg::Node& n = out.game.nodes[node];
    if (p.result.over()) {
      n.kind = efg::Node::Terminal;
      n.value = terminal_value(p.result);
      return;
    }
    if (opt_.horizon > 0 && decisions >= opt_.horizon) {
      double v = leaf_value(p);
      efg::Node& leaf = out.game.nodes[node];
      leaf.kind = efg::Node::Terminal;
      leaf.value = v;
      return;
    }
    std::vector<Move> legal, turns, actions;
    legal_moves(p, legal);
    for (const Move& m : legal) (chance_node(p) && m.kind == MoveKind::Turn ? turns : actions).push_back(m);
    if (actions.empty()) return expand_turns(node, p, turns, history, decisions);
    if (!turns.empty()) actions.push_back(blind_turn(p.actor));
    if (actions.size() == 1) {  // no choice: no node, but the move stays in the public history
      Position c = p;
      apply(c, actions[0]);
      return expand(node, c, history_after(history, actions[0]), decisions);
    }
    ++decision_nodes_;
    const int player = to_act(p);
    const std::uint32_t set = infoset(history, player, p.hand[player], actions);
    {
      efg::Node& d = out.game.nodes[node];
      d.kind = efg::Node::Decision;
      d.player = static_cast<std::uint8_t>(player);
      d.infoset = set;
    }
    const std::uint32_t first = children(node, static_cast<std::uint32_t>(actions.size()));
    for (std::size_t a = 0; a < actions.size(); ++a) {
      const std::uint32_t child = first + static_cast<std::uint32_t>(a);
      const History h = history_after(history, actions[a]);
      if (is_blind_turn(actions[a])) {
        // The decision to turn, then the card as chance.
        out.game.nodes[child].kind = efg::Node::Chance;
        expand_turns(child, p, turns, h, decisions + 1);
      } else {
        Position c = p;
        apply(c, actions[a]);
        expand(child, c, h, decisions + 1);
      }
    }
  }

  // The information set of `player` holding `hand` after public history `history`; its
  // moves must be the same in every history of it (they depend on what the player sees).
  std::uint32_t infoset(const History& history, int player, CardSet hand, const std::vector<Move>& actions) {
    std::uint64_t sig = actions.size();
    for (const Move& m : actions) sig = mix(sig, signature_of(code_of(m)));
    auto [it, fresh] = sets_.try_emplace(SetKey{history, static_cast<std::uint8_t>(player), hand.bits()}, 0u);
    if (fresh) {
      it->second = out.game.add_infoset(player, static_cast<std::uint32_t>(actions.size()));
      signatures_.push_back(sig);
    } else if (signatures_[it->second] != sig) {
      throw std::logic_error("endgame game: a seat's moves differ within one information set");
    }
    return it->second;
  }

  const EndgameOptions& opt_;
  ChanceSolver& leaf_;
  std::unordered_map<SetKey, std::uint32_t, SetHash> sets_;
  std::vector<std::uint64_t> signatures_;
  std::uint64_t decision_nodes_ = 0;
};

}  // namespace

bool same_public_move(const Move& a, const Move& b) { return code_of(a) == code_of(b); }

std::string why_not_endgame(const Position& full, int seat) {
  if (std::string why = why_unsolvable(full); !why.empty()) return why;
  if (full.result.over()) return "the deal is over";
  if (to_act(full) != seat) return "the seat is not to act";
  if (seat_choices(view_of(full, seat)).size() < 2) return "the seat has one move only";
  for (int s = 0; s < full.seats(); ++s)
    if (full.passed[s] != kNoCard && full.hand[(s + 1) % full.seats()].has(full.passed[s]))
      return "a card passed in the swap is still hidden in a hand: private knowledge this game model does not carry";
  return "";
}

std::optional<EndgameGame> build_endgame(const Position& full, int seat, const EndgameOptions& options,
                                         ChanceSolver& leaf_solver) {
  if (std::string why = why_not_endgame(full, seat); !why.empty()) throw std::invalid_argument(why);
  const SeatView view = view_of(full, options.deal == DealModel::Public ? -1 : seat);
  const std::uint64_t deals = world_count(view);
  if (deals > options.max_nodes) return std::nullopt;
  Builder b(options, leaf_solver);
  try {
    b.build_root(view, deals);
  } catch (const TooBig&) { return std::nullopt; }
  EndgameGame out = std::move(b.out);
  // The seat's information set right after the deal, holding its real hand.
  out.root_infoset = b.infoset_of(History{}, seat, full.hand[seat]);
  {
    const efg::Node& root = out.game.nodes[0];
    std::vector<bool> listed(out.game.infosets.size(), false);
    for (std::uint32_t k = 0; k < root.children; ++k) {
      const efg::Node& n = out.game.nodes[root.first + k];
      if (n.kind == efg::Node::Decision && n.player == seat && !listed[n.infoset]) {
        listed[n.infoset] = true;
        out.seat_root_infosets.push_back(n.infoset);
      }
    }
  }
  const SeatView own = view_of(full, seat);
  out.actions = seat_choices(own);
  // Its moves there are its legal moves, in the same order (both are legal_moves() of the
  // seat's hand in the same public position).
  bool same = out.actions.size() == out.game.infosets[out.root_infoset].actions;
  std::vector<Move> legal;
  for (std::uint64_t d = 0; same && d < out.deals; ++d) {
    const efg::Node& n = out.game.nodes[out.game.nodes[0].first + d];
    if (n.kind != efg::Node::Decision || n.infoset != out.root_infoset) continue;
    Position w = world_at(view, d);
    std::vector<Move> ms, turns;
    legal_moves(w, ms);
    for (const Move& m : ms) (m.kind == MoveKind::Turn && chance_node(w) ? turns : legal).push_back(m);
    if (!turns.empty()) legal.push_back(blind_turn(seat));
    break;
  }
  for (std::size_t i = 0; same && i < legal.size(); ++i) same = code_of(legal[i]) == code_of(out.actions[i]);
  if (!same) throw std::logic_error("endgame game: the seat's moves at the root differ from its legal moves");
  return out;
}

}  // namespace conquian::solve
