// conquian.ruleset(name | path | dict) and the Ruleset it returns.
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <fmt/format.h>

#include "python/bindings.h"
#include "python/game_parts.h"
#include "python/game_state.h"
#include "python/py_types.h"
#include "rules/ruleset_json.h"
#include "serve/sessions.h"

namespace py = pybind11;

namespace conquian::python {

std::shared_ptr<const Ruleset> ruleset_arg(const py::handle& value) {
  if (py::isinstance<PyRuleset>(value)) return value.cast<const PyRuleset&>().rules;
  if (py::isinstance<py::str>(value) || py::isinstance<py::dict>(value))
    return serve::ruleset_from_json(to_json(value));
  throw py::type_error(fmt::format("ruleset: give a name, a path or a dict of ruleset keys, not {}",
                                   py::str(py::type::of(value).attr("__name__")).cast<std::string>()));
}

void bind_ruleset(py::module_& m) {
  py::class_<PyRuleset>(m, "Ruleset", "A variant's rules, every key resolved (conquian.ruleset(...)).")
      .def_property_readonly("name", [](const PyRuleset& r) { return r.rules->name; })
      .def_property_readonly("seats", [](const PyRuleset& r) { return r.rules->seats; })
      .def_property_readonly(
          "deck",
          [](const PyRuleset& r) {
            std::vector<std::string> cards;
            for (int c = 0; c < r.rules->deck.size(); ++c) cards.push_back(r.rules->deck.token(static_cast<Card>(c)));
            return cards;
          },
          "The deck's card tokens by card index (the card ids of the action encoding).")
      .def(
          "keys", [](const PyRuleset& r) { return from_json(ruleset_json(*r.rules)); },
          "Every key resolved, as `conquian rulesets NAME --json` gives them.")
      .def(
          "new_game",
          [](const PyRuleset& r, std::uint64_t seed, int dealer, const std::string& stock, const py::object& seats) {
            if (stock != "known" && stock != "unknown")
              throw serve::SessionError("bad-field",
                                        fmt::format("'stock' must be \"known\" or \"unknown\", not \"{}\"", stock));
            // The game's own deal and default seats (turn/game.h), as `simulate` and `serve` deal.
            const int n = seats.is_none() ? 0 : seats.cast<int>();
            GameState g = state_of(serve::session_from_seed(r.rules, seed, dealer, n));
            if (stock == "unknown") serve::visit_session(g.session(), [](auto& s) { s.forget_stock_order(); });
            return g;
          },
          py::arg("seed") = 0, py::arg("dealer") = 0, py::arg("stock") = "known", py::arg("seats") = py::none(),
          "A shuffled deal, as `conquian simulate --seed SEED` deals its first game. stock=\"unknown\": the "
          "stock's order is forgotten (a record without `stock`), so every turn is a chance node. seats: how many "
          "sit (panguingue: seats_min to seats, default six within them; conquian: its seats).")
      .def_property_readonly(
          "num_distinct_actions",
          [](const PyRuleset& r) { return visit_game(*r.rules, [](auto tag) { return layout_of(tag).size(); }); },
          "The size of the action space of the ruleset's game (OpenSpiel's NumDistinctActions).")
      .def_property_readonly("seats_min", [](const PyRuleset& r) { return r.rules->seats_min; })
      .def_property_readonly("game", [](const PyRuleset& r) { return std::string(game_facts(*r.rules).name); })
      .def(
          "observation_tensor_size",
          [](const PyRuleset& r, const py::object& seats) {
            return visit_game(*r.rules, [&](auto tag) {
              using G = typename decltype(tag)::Game;
              return observation_size(tag, *r.rules, seats.is_none() ? G::default_seats(*r.rules) : seats.cast<int>());
            });
          },
          py::arg("seats") = py::none(),
          "The observation tensor's length (panguingue: for `seats` seats dealt in, default its default seats).")
      .def("__repr__", [](const PyRuleset& r) { return fmt::format("<conquian.Ruleset '{}'>", r.rules->name); });
  m.def(
      "ruleset", [](const py::object& value) { return PyRuleset{ruleset_arg(value)}; }, py::arg("name_path_or_dict"),
      "A ruleset: a shipped name ('american'), a path to a ruleset file, or a dict of ruleset keys.");
}

}  // namespace conquian::python
