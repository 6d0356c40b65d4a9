// conquian.State, the game a Python program plays move by move (a session of either game), and
// the ways to make one: Ruleset.new_game (ruleset.cpp), game_from_record, game_from_position,
// game_from_deal. Moves are dicts in the record's JSON form, as the engine protocol has them.
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <fmt/format.h>

#include <atomic>

#include "engine/position.h"
#include "python/bindings.h"
#include "python/errors.h"
#include "python/game_state.h"
#include "python/py_types.h"
#include "record/record_reader.h"
#include "serve/game_session.h"
#include "serve/sessions.h"
#include "solve/answer.h"

namespace py = pybind11;

namespace conquian::python {
namespace {

record::RecordFormat format_of(const Source& s) {
  if (s.is_path) return record::record_format_of(s.name);
  const auto first = s.text.find_first_not_of(" \t\r\n");
  if (first != std::string::npos && s.text[first] == '[') return record::RecordFormat::Json;
  if (first != std::string::npos && s.text[first] == '{') return record::RecordFormat::JsonLines;
  return record::RecordFormat::Yaml;
}

std::shared_ptr<const Ruleset> optional_ruleset(const py::object& value) {
  return value.is_none() ? nullptr : ruleset_arg(value);
}

nlohmann::json move_arg(const py::handle& move) {
  if (py::isinstance<py::str>(move)) {
    try {
      return nlohmann::json::parse(move.cast<std::string>());
    } catch (const nlohmann::json::exception&) {
      throw serve::SessionError("bad-field", fmt::format("move: '{}' is not JSON; give a dict such as "
                                                         "{{\"seat\": 1, \"turn\": \"5h\"}}",
                                                         move.cast<std::string>()));
    }
  }
  if (!py::isinstance<py::dict>(move))
    throw py::type_error(fmt::format("move: give a dict such as {{'seat': 1, 'turn': '5h'}}, not {}",
                                     py::str(py::type::of(move).attr("__name__")).cast<std::string>()));
  return to_json(move);
}

}  // namespace

void bind_game(py::module_& m) {
  py::class_<GameState>(m, "State",
                        "One game: moves as dicts in the record's JSON form, or the OpenSpiel-shaped actions "
                        "(specs/python.md).")
      .def_property_readonly("ruleset", [](const GameState& g) { return PyRuleset{g.session().rules_ptr()}; })
      .def_property_readonly(
          "to_act",
          [](const GameState& g) -> py::object {
            if (g.session().over()) return py::none();
            return py::int_(g.session().to_act());
          },
          "The seat whose move it is (None when the game is over).")
      .def_property_readonly("phase", [](const GameState& g) { return g.phase(); })
      .def_property_readonly(
          "outcome",
          [](const GameState& g) -> py::object {  // the state's "outcome", read without writing the whole state
            const Outcome o = g.session().outcome();
            if (o.kind == Outcome::Kind::Win) return py::dict(py::arg("winner") = o.winner);
            if (o.kind == Outcome::Kind::Draw) return py::dict(py::arg("draw") = true);
            return py::none();
          },
          "None while the game runs, else {'winner': W} or {'draw': True}.")
      .def(
          "deal", [](const GameState& g) { return from_json(g.session().deal_json()); },
          "The deal as records write it ({'dealer', 'hands', 'stock'}; no stock when unknown); None without a record.")
      .def(
          "moves", [](const GameState& g) { return from_json(g.session().moves_json()); },
          "The moves played since the deal, as dicts in the record's JSON form.")
      .def_property_readonly("moves_played", [](const GameState& g) { return g.session().moves_played(); })
      .def(
          "legal_moves", [](const GameState& g) { return from_json(nlohmann::json(g.session().legal())); },
          "Every move the seat to act may play, as dicts in the record's JSON form.")
      .def(
          "play",
          [](GameState& g, const py::object& move) {
            serve::PlayVerdict v = g.play(move_arg(move));
            if (!v.legal) throw IllegalMoveError(v.code, v.reason);
          },
          py::arg("move"),
          "Plays a move (a dict in the record's JSON form); raises IllegalMove with check's .code and .reason and "
          "leaves the state as it was.")
      .def("undo", &GameState::undo, "Takes back the last step or move; False when there is none.")
      .def("clone", [](const GameState& g) { return GameState(g); })
      .def("__copy__", [](const GameState& g) { return GameState(g); })
      .def("__deepcopy__", [](const GameState& g, py::handle) { return GameState(g); })
      .def(
          "view", [](const GameState& g, int seat) { return from_json(g.session().view(seat)); }, py::arg("seat"),
          "What the seat may know, as the engine protocol's `view` gives it.")
      .def(
          "state", [](const GameState& g) { return from_json(g.session().state()); },
          "Every card where it is, as `conquian show --json` gives it.")
      .def(
          "record", [](const GameState& g) { return g.session().record(); },
          "The game so far as record text (YAML) that `conquian check` accepts.")
      .def(
          "solve",
          [](const GameState& g, const std::string& mode, const py::object& seat, const py::object& nodes,
             const py::object& worlds, const py::object& movetime_ms) {
            serve::SolveRequest req;
            req.mode = mode;
            if (!seat.is_none()) req.seat = seat.cast<int>();
            if (!nodes.is_none()) req.nodes = nodes.cast<std::uint64_t>();
            if (!worlds.is_none()) req.worlds = worlds.cast<std::uint64_t>();
            if (!movetime_ms.is_none()) req.movetime_ms = movetime_ms.cast<std::uint64_t>();
            // `conquian solve`'s default budget: a time, not nodes (exact and stock_unknown).
            else if (nodes.is_none() && mode != "view")
              req.movetime_ms = static_cast<std::uint64_t>(solve::kDefaultAnswerSeconds * 1000);
            std::atomic<bool> stop{false};
            nlohmann::json answer;
            {
              py::gil_scoped_release unlocked;  // the search reads only this state
              answer = g.session().solve(req, stop);
            }
            return from_json(answer);
          },
          py::arg("mode") = "exact", py::arg("seat") = py::none(), py::arg("nodes") = py::none(),
          py::arg("worlds") = py::none(), py::arg("movetime_ms") = py::none(),
          "What `conquian solve --json` answers: mode 'exact' (every card known), 'stock_unknown', or 'view' "
          "(seat's view over its worlds, PIMC). Without nodes or movetime_ms, exact and stock_unknown get "
          "`conquian solve`'s default time, 5000 ms. Every answer names a best move ('basis': 'exact', "
          "'interval' or 'estimate'). Releases the GIL while it searches.")
      .def("__repr__", [](const GameState& g) {
        const auto& s = g.session();
        return fmt::format("<conquian.State {}: {}, {}, {} moves>", s.rules().name, g.phase(),
                           s.over() ? "over" : fmt::format("seat {} to act", s.to_act()), s.moves_played());
      });

  m.def(
      "game_from_record",
      [](const std::string& text_or_path, const py::object& after, int game, const py::object& ruleset) {
        Source src = read_source(text_or_path, "<record>");
        std::size_t upto = after.is_none() ? serve::GameSession::kAllMoves : after.cast<std::size_t>();
        std::unique_ptr<serve::Session> s =
            serve::session_from_record(src.text, upto, game, optional_ruleset(ruleset), src.name, format_of(src));
        return state_of(std::move(s));
      },
      py::arg("text_or_path"), py::arg("after") = py::none(), py::arg("game") = 1, py::arg("ruleset") = py::none(),
      "Game `game` (1-based) of a record, after its first `after` moves (None: all). Text with a line break is "
      "read as the record, anything else as a path; `ruleset` overrides the one the record names.");
  m.def(
      "game_from_position",
      [](const std::string& text_or_path, const py::object& ruleset) {
        Source src = read_source(text_or_path, "<position>");
        return GameState(serve::GameSession::from_position(src.text, optional_ruleset(ruleset), src.name));
      },
      py::arg("text_or_path"), py::arg("ruleset") = py::none(),
      "A position file's game (specs/position-format.md): text with a line break, or a path. It has no record.");
  m.def(
      "game_from_deal",
      [](const py::object& ruleset, const py::dict& deal) {
        return state_of(serve::session_from_deal(ruleset_arg(ruleset), to_json(deal)));
      },
      py::arg("ruleset"), py::arg("deal"),
      "A deal as records write it: {'dealer': D, 'hands': [[cards], ...], 'stock': [cards] (optional)}.");
}

}  // namespace conquian::python
