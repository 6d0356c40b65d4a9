// The OpenSpiel shape of conquian.State (specs/python.md): integer actions of one fixed space
// (python/action_steps.h), chance nodes for turns from an unknown stock, one seat's
// information state and observation tensor, and worlds resampled from a seat's view.
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <fmt/format.h>

#include "python/action_steps.h"
#include "python/bindings.h"
#include "python/game_state.h"
#include "python/observation.h"

namespace py = pybind11;

namespace conquian::python {
namespace {

// The seed a Python rng gives: an int, or anything with getrandbits (random.Random).
std::uint64_t seed_of(const py::handle& rng) {
  if (py::isinstance<py::int_>(rng)) return rng.cast<std::uint64_t>();
  if (py::hasattr(rng, "getrandbits")) return rng.attr("getrandbits")(64).cast<std::uint64_t>();
  throw py::type_error(fmt::format("rng: give an int seed or a random.Random, not {}",
                                   py::str(py::type::of(rng).attr("__name__")).cast<std::string>()));
}

nlohmann::json information_state(const GameState& g, int seat) {
  return {{"view", g.session().view(seat)}, {"moves", g.moves_seen_by(seat)}, {"steps", g.chosen_steps()}};
}

}  // namespace

void bind_openspiel(py::module_& m) {
  m.attr("NUM_DISTINCT_ACTIONS") = conquian_layout().size();  // Conquian's; Ruleset.num_distinct_actions for each game
  m.attr("CHANCE_PLAYER") = kChancePlayer;
  m.attr("TERMINAL_PLAYER") = kTerminalPlayer;
  py::object state_class = m.attr("State");
  auto state = py::reinterpret_borrow<py::class_<GameState>>(state_class);
  // legal_actions, apply_action, current_player, is_terminal, is_chance_node: fast_calls.cpp.
  state.def("action_to_string", &GameState::action_to_string, py::arg("action"))
      .def(
          "action_to_string", [](const GameState& g, int, int action) { return g.action_to_string(action); },
          py::arg("player"), py::arg("action"))
      .def("returns", &GameState::returns,
           "Each seat's net chips for the deal, as the engine settles it (Conquian: the winner n-1, each other seat "
           "-1; 0 for all in a draw or unfinished; Panguingue: chips won and paid, the pot apart).")
      .def(
          "num_distinct_actions", [](const GameState& g) { return g.layout().size(); },
          "The size of the game's action space (every id below it, in every state).")
      .def("chance_outcomes", &GameState::chance_outcomes, "[(action, probability)] of the turn's card.")
      .def(
          "num_players", [](const GameState& g) { return g.session().seats(); }, "The seats dealt in.")
      .def_property_readonly("chosen_steps", &GameState::chosen_steps, "The steps of the move chosen so far.")
      .def(
          "information_state_string", [](const GameState& g, int seat) { return information_state(g, seat).dump(); },
          py::arg("seat"), "JSON text: the seat's view, the moves as it saw them, the steps chosen so far.")
      .def(
          "observation_tensor",
          [](const GameState& g, int seat) {
            std::vector<float> t = g.observation(seat);
            py::array_t<float> out(static_cast<py::ssize_t>(t.size()));
            std::copy(t.begin(), t.end(), out.mutable_data());
            return out;
          },
          py::arg("seat"), "The seat's observation as a float32 numpy array (its planes: specs/python.md).")
      .def("observation_tensor_size", &GameState::observation_size, "The observation tensor's length.")
      .def(
          "resample_from_view",
          [](const GameState& g, int seat, const py::object& rng) { return g.resample(seat, seed_of(rng)); },
          py::arg("seat"), py::arg("rng"),
          "A whole state consistent with what the seat saw, drawn uniformly as the PIMC solver draws its worlds "
          "(the stock's order unknown, so turns are chance nodes); it has no record, but carries the moves the seat "
          "saw, so its information state and observation for the seat are the state's.");
}

}  // namespace conquian::python
