// The pieces of the Python module `conquian` (specs/python.md), one binding file per area as
// pyspiel has them: module.cpp defines the module and calls each; none holds a rule, each
// translates between Python values and the C++ below (serve/, check/, analyse/, batch/).
#pragma once

#include <pybind11/pybind11.h>

#include <nlohmann/json.hpp>
#include <string>

namespace conquian::python {

void bind_errors(pybind11::module_& m);      // errors.cpp: the exceptions, mapped once
void bind_ruleset(pybind11::module_& m);     // ruleset.cpp: conquian.ruleset, Ruleset
void bind_game(pybind11::module_& m);        // game.cpp: State, game_from_record, game_from_position
void bind_openspiel(pybind11::module_& m);   // openspiel.cpp: State's actions, chance, observations
void bind_batch(pybind11::module_& m);       // batch.cpp: check, analyse, prove_partition, simulate
void bind_fast_calls(pybind11::module_& m);  // fast_calls.cpp: the OpenSpiel loop's calls, unwrapped
void bind_submodules(pybind11::module_& m);  // submodules.cpp: conquian.openspiel, compiled in

// Python values <-> JSON, through Python's own json module (a TypeError for what it cannot write).
nlohmann::json to_json(const pybind11::handle& value);
pybind11::object from_json(const nlohmann::json& value);
pybind11::object from_json(const nlohmann::ordered_json& value);  // its keys in their order

// What a text_or_path argument holds: text (it has a line break) or the text of the file it
// names, with the name messages give and rulesets are read beside.
struct Source {
  std::string text;
  std::string name;
  bool is_path = false;
};
Source read_source(const std::string& text_or_path, const char* text_name);

}  // namespace conquian::python
