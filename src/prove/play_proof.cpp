#include "prove/play_proof.h"

#include "rules/ruleset_writer.h"

#include <fmt/format.h>
#include <z3++.h>

#include <chrono>
#include <future>
#include <map>
#include <mutex>
#include <unordered_set>

#include "prove/step_invariant.h"

namespace conquian::prove {
namespace {

using Clock = std::chrono::steady_clock;
using namespace step;

// Distinct terms of a formula (shared subterms once).
void collect_nodes(const z3::expr& e, std::unordered_set<unsigned>& seen) {
  std::vector<z3::expr> todo = {e};
  while (!todo.empty()) {
    z3::expr x = todo.back();
    todo.pop_back();
    if (!seen.insert(Z3_get_ast_id(x.ctx(), x)).second) continue;
    if (x.is_app())
      for (unsigned i = 0; i < x.num_args(); ++i) todo.push_back(x.arg(i));
  }
}

int count_constants(const std::vector<z3::expr>& roots) {
  std::unordered_set<unsigned> seen;
  int constants = 0;
  std::vector<z3::expr> todo = roots;
  while (!todo.empty()) {
    z3::expr x = todo.back();
    todo.pop_back();
    if (!seen.insert(Z3_get_ast_id(x.ctx(), x)).second) continue;
    if (x.is_const() && !x.is_numeral() && !x.is_true() && !x.is_false()) ++constants;
    if (x.is_app())
      for (unsigned i = 0; i < x.num_args(); ++i) todo.push_back(x.arg(i));
  }
  return constants;
}

std::vector<z3::expr> state_roots(const State& s) {
  std::vector<z3::expr> out = {s.phase, s.actor, s.origin, s.refusals, s.dealer, s.winner, s.turned, s.opening};
  auto terms = [&](const Terms& t) { out.insert(out.end(), t.begin(), t.end()); };
  for (const auto& t : s.hand) terms(t);
  for (const auto& t : s.table) terms(t);
  for (const auto& t : s.swap) terms(t);
  for (const auto& g : s.slot)
    for (const auto& t : g) terms(t);
  for (const auto& t : s.witness) terms(t);
  terms(s.stock), terms(s.dead), terms(s.up);
  return out;
}

// A short description of a state in a model: where the cards lie, the phase and the seats.
std::string describe_state(const Model& m, const State& s, const z3::model& mod) {
  const Deck& deck = m.rules().deck;
  auto set = [&](const Terms& t) {
    CardSet out;
    for (int c = 0; c < m.cards(); ++c)
      if (mod.eval(t[c], true).get_numeral_int() != 0) out.insert(static_cast<Card>(c));
    return deck.tokens(out);
  };
  auto num = [&](const z3::expr& e) { return mod.eval(e, true).get_numeral_int(); };
  std::string out = fmt::format("phase {}, seat {} to act", phase_name(num(s.phase)), num(s.actor));
  for (int k = 0; k < m.seats(); ++k)
    out += fmt::format("; seat {}: hand [{}] table [{}]", k, set(s.hand[k]), set(s.table[k]));
  out += fmt::format("; up [{}]; {} in stock; dead [{}]", set(s.up), num(m.count(s.stock)), set(s.dead));
  return out;
}

std::string failed_conjuncts(const Model& m, const State& s, const z3::model& mod) {
  std::string out;
  for (const auto& c : invariant(m, s))
    if (!mod.eval(c.holds, true).is_true()) out += (out.empty() ? "" : ", ") + c.name;
  return out.empty() ? out : "breaks " + out;
}

class Prover {
 public:
  Prover(const Ruleset& rules, unsigned timeout_ms, std::string without)
      : rules_(rules), timeout_ms_(timeout_ms), without_(std::move(without)), m_(ctx_, rules) {}

  PlayProof run() {
    auto t0 = Clock::now();
    PlayProof out;
    out.ruleset = rules_.name;
    State pre = m_.fresh("p_");
    z3::expr i_pre = conjoin(pre, false);
    z3::expr phi_pre = ranking(m_, pre);
    std::vector<Transition> steps = m_.transitions(pre);
    out.size = size_of(pre, i_pre, steps);

    bool closed = true, ranked = true;
    State s0 = m_.fresh("i_");
    out.queries.push_back(check(
        "init: the states after a deal satisfy I",
        [&](z3::solver& solver) {
          solver.add(initial(m_, s0));
          solver.add(!conjoin(s0, false));
        },
        [&](const z3::model& mod) { return failed_conjuncts(m_, s0, mod) + " at " + describe_state(m_, s0, mod); }));
    closed &= out.queries.back().answer == "unsat";
    long bound = bound_after_deal(s0, out.queries);
    ranked &= bound >= 0;

    // Per transition: every conjunct of I after it, and the ranking, each a check of its
    // own on one incremental solver. Card conjuncts are tried first without the meld parts
    // of I and of the guard (a weaker premise: unsat there is unsat with everything); what
    // is left is checked with all of I and the whole guard.
    z3::solver light = make_solver(), full = make_solver();
    light.add(m_.domain(pre));
    light.add(conjoin(pre, true));
    full.add(m_.domain(pre));
    full.add(i_pre);
    for (const auto& t : steps) {
      auto t_step = Clock::now();
      ProofQuery q{"step: " + t.name, "unsat", "", 0};
      for (const auto& branch : t.branches) {
        std::vector<Conjunct> goals = conjuncts(branch.post);
        z3::expr phi_post = ranking(m_, branch.post);
        goals.push_back({"ranking",
                         t.record ? phi_post <= phi_pre - 1 : phi_post <= phi_pre && branch.post.phase != kForceWindow,
                         false});
        std::vector<std::string> answers(goals.size(), "unknown");
        std::string detail;
        for (int pass = 0; pass < 2; ++pass) {
          z3::solver& solver = pass == 0 ? light : full;
          solver.push();
          solver.add(pass == 0 ? t.card_guard : t.guard);
          solver.add(branch.when);
          for (std::size_t j = 0; j < goals.size(); ++j) {
            if (answers[j] == "unsat" || (pass == 0 && goals[j].melds)) continue;
            z3::expr goal = ctx_.bool_const(fmt::format("goal_{}_{}", queries_++, goals[j].name).c_str());
            solver.add(z3::implies(goal, !goals[j].holds));
            z3::expr_vector assume(ctx_);
            assume.push_back(goal);
            z3::check_result r = checked(solver, assume, answers[j], detail);
            if (r == z3::sat && pass == 1) {
              z3::model mod = solver.get_model();
              detail =
                  goals[j].name + " breaks" +
                  (goals[j].name == "ranking" ? fmt::format(" ({} -> {})", mod.eval(phi_pre, true).get_numeral_int64(),
                                                            mod.eval(phi_post, true).get_numeral_int64())
                                              : "") +
                  "; " + t.name + " from " + describe_state(m_, pre, mod) + " to " +
                  describe_state(m_, branch.post, mod);
            }
          }
          solver.pop();
        }
        for (std::size_t j = 0; j < goals.size(); ++j) {
          if (answers[j] == "unsat") continue;
          if (q.answer != "sat") q.answer = answers[j];
          if (q.detail.empty()) q.detail = detail;
          if (goals[j].name == "ranking") ranked = false;
          else closed = false;
        }
      }
      q.seconds = std::chrono::duration<double>(Clock::now() - t_step).count();
      out.queries.push_back(q);
    }
    out.queries.push_back(check(
        "ranking: never negative on I",
        [&](z3::solver& solver) {
          solver.add(m_.domain(pre));
          solver.add(i_pre);
          solver.add(phi_pre < 0);
        },
        [&](const z3::model& mod) { return describe_state(m_, pre, mod); }));
    ranked &= out.queries.back().answer == "unsat";
    // Playable: every live phase and seat to act has a witness move, and each is allowed.
    {
      // A lemma first: the lowest card of a 0/1 vector is one of its cards iff it has any.
      Terms any = m_.fresh_terms("lemma_set");
      out.queries.push_back(check(
          "lemma: the lowest card of a nonempty set is one card of it",
          [&](z3::solver& solver) {
            solver.add(m_.terms_domain(any));
            solver.add(!lowest_is_one_card(m_, any));
          },
          [&](const z3::model&) { return std::string("a counterexample"); }));
      if (out.queries.back().answer == "unsat") {
        full.add(lowest_is_one_card(m_, pre.stock));
        for (int k = 0; k < m_.seats(); ++k) full.add(lowest_is_one_card(m_, pre.hand[k]));
      }
      std::vector<MoveWitness> cases = witness_moves(m_, pre);
      z3::expr_vector covered(ctx_);
      for (const auto& c : cases) covered.push_back(c.at);
      bool playable = true;
      auto ask = [&](const std::string& name, const std::string& what, const z3::expr& bad) {
        auto t_case = Clock::now();
        ProofQuery q{"playable: " + name, "unsat", "", 0};
        z3::expr goal = ctx_.bool_const(fmt::format("goal_{}_playable", queries_++).c_str());
        full.add(z3::implies(goal, bad));
        z3::expr_vector assume(ctx_);
        assume.push_back(goal);
        if (checked(full, assume, q.answer, q.detail) == z3::sat)
          q.detail = what + ": " + describe_state(m_, pre, full.get_model());
        playable &= q.answer == "unsat";
        q.seconds = std::chrono::duration<double>(Clock::now() - t_case).count();
        out.queries.push_back(q);
      };
      ask("every live state has a case", "a live state of I that no case covers", m_.live(pre) && !z3::mk_or(covered));
      for (const auto& c : cases) ask(c.name, "not allowed", c.at && !c.allowed);
      out.playable = playable;
    }
    out.inductive = closed;
    out.playable = closed && out.playable;
    out.ranked = closed && ranked;
    out.bound = out.ranked ? bound : -1;
    for (const auto& q : out.queries) {
      out.unknown |= q.answer == "unknown";
      if (q.answer != "unsat" && out.failure.empty())
        out.failure = q.name + ": " + q.answer + (q.detail.empty() ? "" : " (" + q.detail + ")");
    }
    out.seconds = std::chrono::duration<double>(Clock::now() - t0).count();
    return out;
  }

 private:
  z3::solver make_solver() {
    z3::solver solver(ctx_);
    if (timeout_ms_ > 0) solver.set("timeout", timeout_ms_);
    return solver;
  }

  // One check under assumptions; the answer as text ("sat", "unsat", "unknown"), and Z3's
  // reason when unknown.
  z3::check_result checked(z3::solver& solver, const z3::expr_vector& assume, std::string& answer,
                           std::string& detail) {
    try {
      z3::check_result r = solver.check(assume);
      answer = r == z3::unsat ? "unsat" : r == z3::sat ? "sat" : "unknown";
      if (r == z3::unknown) detail = solver.reason_unknown();
      return r;
    } catch (const z3::exception& e) {
      answer = "unknown";
      detail = std::string("z3 error: ") + e.msg();
      return z3::unknown;
    }
  }

  template <class Build, class Explain>
  ProofQuery check(const std::string& name, Build&& build, Explain&& explain) {
    ProofQuery q{name, "unknown", "", 0};
    auto t0 = Clock::now();
    try {
      z3::solver solver = make_solver();
      build(solver);
      switch (solver.check()) {
        case z3::unsat: q.answer = "unsat"; break;
        case z3::sat: q.answer = "sat", q.detail = explain(solver.get_model()); break;
        case z3::unknown: q.detail = solver.reason_unknown(); break;
      }
    } catch (const z3::exception& e) {
      q.answer = "unknown";
      q.detail = std::string("z3 error: ") + e.msg();
    }
    q.seconds = std::chrono::duration<double>(Clock::now() - t0).count();
    return q;
  }

  // The ranking function right after a deal: one deal's value, and a proof that no deal has
  // more (it is the same for every deal). -1 if Z3 could not tell.
  long bound_after_deal(const State& s0, std::vector<ProofQuery>& log) {
    long value = -1;
    log.push_back(check(
        "bound: the ranking function after a deal",
        [&](z3::solver& solver) {
          solver.add(initial(m_, s0));
          // One deal: seat k holds the cards k x hand ... k x hand + hand - 1, dealer 0.
          solver.add(s0.dealer == 0);
          for (int k = 0; k < m_.seats(); ++k)
            for (int c = 0; c < m_.cards(); ++c) solver.add(s0.hand[k][c] == (c / rules_.hand == k ? 1 : 0));
        },
        [&](const z3::model& mod) {
          value = mod.eval(ranking(m_, s0), true).get_numeral_int64();
          return fmt::format("{} after one deal", value);
        }));
    if (log.back().answer != "sat") return -1;
    log.back().answer = "unsat";  // a witness, not a refutation
    log.push_back(check(
        fmt::format("bound: no deal starts above {}", value),
        [&](z3::solver& solver) {
          solver.add(initial(m_, s0));
          solver.add(ranking(m_, s0) > ctx_.int_val(static_cast<int64_t>(value)));
        },
        [&](const z3::model& mod) { return describe_state(m_, s0, mod); }));
    return log.back().answer == "unsat" ? value : -1;
  }

  ModelSize size_of(const State& pre, const z3::expr& inv, const std::vector<Transition>& steps) {
    ModelSize size;
    std::vector<z3::expr> state = state_roots(pre);
    size.state_variables = count_constants(state);
    std::vector<z3::expr> all = state;
    std::unordered_set<unsigned> nodes;
    collect_nodes(inv, nodes);
    for (const auto& t : steps) {
      all.push_back(t.guard);
      collect_nodes(t.guard, nodes);
      for (const auto& e : state_roots(t.post)) collect_nodes(e, nodes);
    }
    size.move_variables = count_constants(all) - size.state_variables;
    size.transitions = static_cast<int>(steps.size());
    size.conjuncts = static_cast<int>(conjuncts(pre).size());
    size.formula_nodes = static_cast<long>(nodes.size());
    return size;
  }

  // I's conjuncts, less the one named `without_` (an experiment: is it needed?).
  std::vector<Conjunct> conjuncts(const State& s) const {
    std::vector<Conjunct> out;
    for (auto& c : invariant(m_, s))
      if (c.name != without_) out.push_back(std::move(c));
    return out;
  }
  z3::expr conjoin(const State& s, bool cards_only) {
    z3::expr_vector parts(ctx_);
    for (const auto& c : conjuncts(s))
      if (!cards_only || !c.melds) parts.push_back(c.holds);
    return z3::mk_and(parts);
  }

  const Ruleset& rules_;
  unsigned timeout_ms_;
  std::string without_;
  z3::context ctx_;
  Model m_;
  int queries_ = 0;
};

}  // namespace

PlayProof prove_play(const Ruleset& rules, unsigned timeout_ms, const std::string& without) {
  return Prover(rules, timeout_ms, without).run();
}

const PlayProof& cached_play_proof(const Ruleset& rules) {
  // One proof per ruleset, computed by the first caller outside the lock (so that proofs of
  // different rulesets run at once); later callers wait for it.
  static std::mutex lock;
  static std::map<std::string, std::shared_future<PlayProof>> cache;
  // Keyed by every key of the ruleset written out, not by its name or file: inline rulesets
  // are all named "inline", and two in one record file share their source.
  std::string key = ruleset_flow_yaml(rules);
  std::promise<PlayProof> mine;
  std::shared_future<PlayProof> result;
  bool first = false;
  {
    std::lock_guard<std::mutex> guard(lock);
    auto it = cache.find(key);
    if (it == cache.end()) it = cache.emplace(key, mine.get_future().share()).first, first = true;
    result = it->second;
  }
  if (first) {
    try {
      mine.set_value(prove_play(rules));
    } catch (...) { mine.set_exception(std::current_exception()); }
  }
  return result.get();  // a reference into the shared state, which the cache keeps alive
}

}  // namespace conquian::prove
